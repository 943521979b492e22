import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Remix removes *.server modules from the browser bundle, so a value (not a
 * type) imported from one and used in a component is undefined after
 * hydration: the page renders on the server and breaks in the browser.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const files = ["app/routes", "app/components"].flatMap((dir) =>
  fs
    .readdirSync(path.join(ROOT, dir))
    .filter((f) => f.endsWith(".tsx"))
    .map((f) => path.join(dir, f)),
);

describe("components never use values from .server modules", () => {
  it.each(files)("%s", (file) => {
    const source = fs.readFileSync(path.join(ROOT, file), "utf8");
    const imported = [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"[^"]*\.server"/g)]
      .flatMap((m) => m[1]!.split(","))
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith("type "))
      .map((name) => name.split(" as ").at(-1)!);
    const start = source.indexOf("export default function");
    const component = start >= 0 ? source.slice(start) : "";
    const used = imported.filter((name) => new RegExp(`\\b${name}\\b`).test(component));
    expect(used).toEqual([]);
  });
});
