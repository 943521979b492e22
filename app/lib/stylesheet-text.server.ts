import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The text of the build's stylesheets (public/build/_assets/*.css), for the server to send them
 * inside the page (see InlineStylesheets). Read once each; null when the file cannot be found,
 * and the page links the sheet instead.
 */
const ASSET = /^\/build\/_assets\/[\w.-]+\.css$/;
const texts = new Map<string, string | null>();

export function readStylesheetText(href: string): string | null {
  if (!ASSET.test(href)) return null;
  if (!texts.has(href)) texts.set(href, readFromBuild(href));
  return texts.get(href) ?? null;
}

function readFromBuild(href: string): string | null {
  for (const publicDir of publicDirs()) {
    try {
      // "</" cannot end the <style> element early in a stylesheet our own build made, but a
      // sheet that held one would be linked rather than cut short.
      const text = fs.readFileSync(path.join(publicDir, href), "utf8");
      return text.includes("</") ? null : text;
    } catch {
      // not in this folder
    }
  }
  return null;
}

/** Where public/ is: beside build/ (this module runs as build/index.js), or unpacked beside the single executable's native folder. */
function publicDirs(): string[] {
  const dirs: string[] = [];
  try {
    dirs.push(path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "public"));
  } catch {
    // bundled without import.meta (the single executable)
  }
  const nativeDir = (globalThis as { __haulbookNativeDir?: unknown }).__haulbookNativeDir;
  if (typeof nativeDir === "string") dirs.push(path.join(path.dirname(nativeDir), "public"));
  return dirs;
}
