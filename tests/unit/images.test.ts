import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  processProductImage,
  sniffImageType,
  UnsupportedImageError,
} from "~/services/images.server";
import { verifyPassword, hashPassword } from "~/services/password.server";

const svg = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 450" width="600" height="450"><rect width="600" height="450" fill="#11734f"/></svg>`;

describe("image type by bytes", () => {
  it("recognises the formats we accept, whatever the name says", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const jpeg = await sharp(png).jpeg().toBuffer();
    const webp = await sharp(png).webp().toBuffer();
    expect(sniffImageType(png)).toBe("image/png");
    expect(sniffImageType(jpeg)).toBe("image/jpeg");
    expect(sniffImageType(webp)).toBe("image/webp");
    expect(sniffImageType(Buffer.from(svg))).toBe("image/svg+xml");
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from("ftypheic"),
      Buffer.alloc(16),
    ]);
    expect(sniffImageType(heic)).toBe("image/heic");
    expect(sniffImageType(Buffer.from("GIF89a......"))).toBeUndefined();
    expect(sniffImageType(Buffer.from("<html><svg></svg></html>"))).toBeUndefined();
  });
});

describe("product image processing", () => {
  it("rasterises SVG to PNG and makes WebP variants no wider than the original", async () => {
    const result = await processProductImage(Buffer.from(svg));
    expect(result.original.contentType).toBe("image/png");
    expect(result.original.width).toBe(1200);
    expect(result.original.height).toBe(900);
    expect(result.variants.map((v) => v.width)).toEqual([320, 640, 960, 1200]);
    for (const variant of result.variants) {
      expect(variant.contentType).toBe("image/webp");
      expect(sniffImageType(variant.bytes)).toBe("image/webp");
    }
  });

  it("refuses a file that is not an image", async () => {
    await expect(processProductImage(Buffer.from("hello"))).rejects.toBeInstanceOf(
      UnsupportedImageError,
    );
  });
});

describe("passwords", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const hash = await hashPassword("correct-horse-battery");
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword("correct-horse-battery", hash)).toBe(true);
    expect(await verifyPassword("correct-horse-batterz", hash)).toBe(false);
    expect(await verifyPassword("anything", "not-a-hash")).toBe(false);
  });
});
