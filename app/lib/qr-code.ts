import { encode } from "uqr";

/**
 * A QR code as squares to draw, for the screen (an SVG path) and for print (app/services/pdf-layout):
 * error correction M (a phone's camera reads it off a scuffed sheet or a bright screen), with the
 * four-module quiet zone around it that the standard asks for, so it scans wherever it is drawn.
 */
export interface QrCode {
  /** modules across (and down), the quiet zone included */
  size: number;
  /** row by row, true for a dark module */
  modules: boolean[][];
}

export const QR_QUIET_ZONE = 4;

export function qrCode(text: string): QrCode {
  const { size, data } = encode(text, { ecc: "M", border: QR_QUIET_ZONE });
  return { size, modules: data };
}

/**
 * The dark modules as one SVG path in module units (a viewBox of 0 0 size size): each run of dark
 * modules in a row is one rectangle, so a version 5 code is a few hundred short commands.
 */
export function qrSvgPath(code: QrCode): string {
  return qrRuns(code)
    .map(({ x, y, width }) => `M${x} ${y}h${width}v1h${-width}z`)
    .join("");
}

/** The runs of dark modules in each row as rectangles (x, y, width in modules; one module high). */
export function qrRuns(code: QrCode): { x: number; y: number; width: number }[] {
  const runs: { x: number; y: number; width: number }[] = [];
  code.modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x++;
      runs.push({ x: start, y, width: x - start });
    }
  });
  return runs;
}
