import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  checkQuotePhoto,
  HEIC_DECODES,
  IMAGE_JOBS_AT_ONCE,
  imageJob,
  isServablePhoto,
  processProductImage,
  processQuotePhoto,
  QUOTE_PHOTO_MAX_PIXELS,
  sniffImageType,
  UnsupportedImageError,
} from "~/services/images.server";
import { fakeHeic, heicPhoto, phonePhoto } from "../support/images";
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

describe("the image queue", () => {
  it("runs at most IMAGE_JOBS_AT_ONCE jobs at a time, in the order they came", async () => {
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const job = (i: number) =>
      imageJob(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        order.push(i);
        if (i === 3) throw new Error("a failed job frees its turn");
        return i;
      });
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => job(i)));
    expect(most).toBe(IMAGE_JOBS_AT_ONCE);
    if (IMAGE_JOBS_AT_ONCE === 1) expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(7);
    expect(await job(9)).toBe(9);
  });
});

describe("quote photos", () => {
  it("re-encodes a phone photo as JPEG with the orientation applied and no EXIF", async () => {
    const stored = await processQuotePhoto(await phonePhoto(), "sofa.jpg");
    expect(stored.contentType).toBe("image/jpeg");
    expect([stored.width, stored.height]).toEqual([300, 400]);
    expect((await sharp(stored.bytes).metadata()).exif).toBeUndefined();
    expect(isServablePhoto(stored.contentType, stored.bytes)).toBe(true);
  });

  it("refuses a picture over the pixel limit from its header, before decoding it", async () => {
    // 8000 × 6400 = 51.2 megapixels; as a JPEG header on a few bytes of data it cannot be decoded
    // at all, so only the header check can give this message.
    const small = await sharp({
      create: { width: 80, height: 64, channels: 3, background: "#888" },
    })
      .jpeg()
      .toBuffer();
    const sof = small.indexOf(Buffer.from([0xff, 0xc0]));
    const header = Buffer.from(small);
    header.writeUInt16BE(6400, sof + 5);
    header.writeUInt16BE(8000, sof + 7);
    expect(8000 * 6400).toBeGreaterThan(QUOTE_PHOTO_MAX_PIXELS);
    await expect(checkQuotePhoto(header, "big.jpg")).rejects.toThrow(
      "“big.jpg” is 8000 × 6400 pixels (51 megapixels). Please send photos of at most 50 megapixels, as a phone camera takes them.",
    );
  });

  it(`${HEIC_DECODES ? "accepts" : "refuses"} HEIC, and never keeps bytes that only look like it`, async () => {
    if (HEIC_DECODES) {
      await expect(checkQuotePhoto(heicPhoto(), "IMG_1.HEIC")).resolves.toMatchObject({
        width: 4032,
        height: 3024,
      });
    } else {
      await expect(checkQuotePhoto(heicPhoto(), "IMG_1.HEIC")).rejects.toThrow(
        /^“IMG_1\.HEIC” is a HEIC photo, which we cannot open\. Please send JPEG, PNG or WebP files\. On an iPhone: Settings → Camera → Formats → Most Compatible\.$/,
      );
    }
    await expect(processQuotePhoto(fakeHeic(), "Invoice.html")).rejects.toThrow(
      "“Invoice.html” is not a photo we can use. Please send JPEG, PNG or WebP files.",
    );
    expect(isServablePhoto("image/heic", fakeHeic())).toBe(false);
    expect(isServablePhoto("image/jpeg", fakeHeic())).toBe(false);
  });

  it("keeps file names in messages to one short line", async () => {
    await expect(
      processQuotePhoto(Buffer.from("text"), `evil\u202egpj.exe\n${"x".repeat(100)}`),
    ).rejects.toThrow(/^“evilgpj\.exex{46}…” is not a photo we can use\./);
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
