import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { preparedDemoImages, svgKey, writeDemoImages } from "~/services/demo-images.server";
import { processProductImage } from "~/services/images.server";

const square = (colour: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600"><rect width="800" height="600" fill="${colour}"/></svg>`;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-demo-images-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe("demo images prepared at build time", () => {
  it("reads back exactly what encoding at the first start would make, found by its SVG", async () => {
    const green = square("#11734f");
    const orange = square("#e8590c");
    // The same illustration twice (two products share one) is written once.
    await writeDemoImages(folder, [green, orange, green]);
    const prepared = preparedDemoImages(folder);
    expect([...prepared.keys()].sort()).toEqual([svgKey(green), svgKey(orange)].sort());

    const fresh = await processProductImage(Buffer.from(green, "utf8"));
    const read = prepared.get(svgKey(green))!;
    expect(read.original.contentType).toBe("image/png");
    expect(read.original.bytes.equals(fresh.original.bytes)).toBe(true);
    expect(read.variants.map((v) => [v.contentType, v.width, v.height])).toEqual(
      fresh.variants.map((v) => [v.contentType, v.width, v.height]),
    );
    read.variants.forEach((variant, i) =>
      expect(variant.bytes.equals(fresh.variants[i]!.bytes)).toBe(true),
    );
  });

  it("finds nothing for an illustration changed since the build, nor in a folder without them", () => {
    expect(preparedDemoImages(folder).has(svgKey(square("#000000")))).toBe(false);
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-no-demo-images-"));
    try {
      expect(preparedDemoImages(empty).size).toBe(0);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
