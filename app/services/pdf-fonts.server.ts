import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

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

/**
 * A require for Node's own modules and packages: the bundle of the single executable is
 * CommonJS and has one; ESM (tsx, vitest, the Remix server build) makes one. node:sea is
 * reached this way, not imported, because Node before 20.12 has no such module. The Remix
 * server build (esbuild, ESM) turns `require` into a stand-in function without `resolve`, so
 * only a require that can resolve is used as it is.
 */
function nodeRequire(): NodeRequire {
  if (typeof require === "function" && typeof require.resolve === "function") return require;
  // The single executable's CommonJS bundle has no import.meta.url; its require loads node:sea.
  return typeof import.meta.url === "string" ? createRequire(import.meta.url) : require;
}

interface SeaModule {
  isSea(): boolean;
  getAsset(key: string): ArrayBuffer;
}

function seaModule(): SeaModule | undefined {
  try {
    const sea = nodeRequire()("node:sea") as SeaModule;
    return sea.isSea() ? sea : undefined;
  } catch {
    return undefined;
  }
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
