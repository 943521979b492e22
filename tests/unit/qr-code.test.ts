import jsQR from "jsqr";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { QR_QUIET_ZONE, qrCode, qrRuns, qrSvgPath } from "~/lib/qr-code";

/**
 * The QR codes the site scans (a tip run's hand-off): drawn as the page draws them (an SVG path)
 * and read back by a maintained decoder (jsQR) from the picture, as a phone's camera would.
 */

/** The code drawn as the page draws it, at 6 pixels a module, and decoded. */
async function decodeDrawn(text: string): Promise<string | undefined> {
  const code = qrCode(text);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${code.size} ${code.size}" width="${code.size * 6}" height="${code.size * 6}" shape-rendering="crispEdges"><rect width="${code.size}" height="${code.size}" fill="#fff"/><path d="${qrSvgPath(code)}" fill="#000"/></svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

describe("qrCode", () => {
  it.each([
    ["a hand-off address", "https://haulbook.example/handoff/Vd3kQ0x_jq8T2mY9nB4cLs1pR7wZ-a5e"],
    ["an address on a local network", "http://192.168.1.20:3000/handoff/abc"],
    ["a long address", `https://shop.example/handoff/${"x".repeat(300)}`],
  ])("draws %s that a decoder reads back exactly", async (_, text) => {
    expect(await decodeDrawn(text)).toBe(text);
  });

  it("keeps the four-module quiet zone on every side", () => {
    const { size, modules } = qrCode("https://haulbook.example/handoff/abc");
    const edge = (i: number) => i < QR_QUIET_ZONE || i >= size - QR_QUIET_ZONE;
    modules.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (edge(x) || edge(y)) expect(dark).toBe(false);
      }),
    );
  });

  it("draws every dark module once, as runs along the rows", () => {
    const code = qrCode("https://haulbook.example/handoff/abc");
    const dark = code.modules.flat().filter(Boolean).length;
    const runs = qrRuns(code);
    expect(runs.reduce((sum, run) => sum + run.width, 0)).toBe(dark);
    for (const run of runs)
      for (let x = run.x; x < run.x + run.width; x++) expect(code.modules[run.y]![x]).toBe(true);
  });
});
