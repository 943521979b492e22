import { createRequire } from "node:module";

/**
 * Files the single executable carries as SEA assets (scripts/release.mjs), read back through
 * node:sea; outside the executable, callers read the same files from the repository.
 */

/**
 * A require for Node's own modules and packages. ESM (tsx, vitest, the Remix server build) makes
 * one from import.meta.url; the single executable's CommonJS bundle has an empty import.meta and
 * a require of its own (only Node's built-in modules). Not `typeof require`: in the Remix build,
 * esbuild turns `require` into a stand-in that is a function but cannot load anything. node:sea
 * is reached this way, not imported, because Node before 20.12 has no such module.
 */
export function nodeRequire(): NodeRequire {
  const url = import.meta.url as string | undefined;
  return url ? createRequire(url) : require;
}

export interface SeaModule {
  isSea(): boolean;
  getAsset(key: string): ArrayBuffer;
}

/** node:sea when this process is the single executable, else undefined. */
export function seaModule(): SeaModule | undefined {
  try {
    const sea = nodeRequire()("node:sea") as SeaModule;
    return sea.isSea() ? sea : undefined;
  } catch {
    return undefined;
  }
}
