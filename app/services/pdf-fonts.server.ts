import fs from "node:fs";
import path from "node:path";
import { nodeRequire, seaModule } from "./sea.server";

/**
 * The fonts every PDF embeds: DejaVu Sans and DejaVu Sans Bold from the
 * `dejavu-fonts-ttf` package (free licence, £ and accented letters). In the
 * single executable there is no node_modules: scripts/release.mjs embeds the
 * same files as SEA assets under `fonts/`, read back here through node:sea.
 * See docs/decisions/018-pdf-documents.md.
 */

/** The TTF files, by role; scripts/release.mjs embeds the same list as `fonts/<file>`. */
export const FONT_FILES = { regular: "DejaVuSans.ttf", bold: "DejaVuSans-Bold.ttf" } as const;

export type FontRole = keyof typeof FONT_FILES;
export type DocumentFonts = Record<FontRole, Buffer>;

/** The SEA asset key of a font file. */
export function fontAssetKey(file: string): string {
  return `fonts/${file}`;
}

function readFonts(): DocumentFonts {
  const sea = seaModule();
  const read = sea
    ? (file: string) => Buffer.from(sea.getAsset(fontAssetKey(file)))
    : (() => {
        const dir = path.join(
          path.dirname(nodeRequire().resolve("dejavu-fonts-ttf/package.json")),
          "ttf",
        );
        return (file: string) => fs.readFileSync(path.join(dir, file));
      })();
  return { regular: read(FONT_FILES.regular), bold: read(FONT_FILES.bold) };
}

let cached: DocumentFonts | undefined;

/** The font files' bytes, read once per process. */
export function documentFonts(): DocumentFonts {
  cached ??= readFonts();
  return cached;
}
