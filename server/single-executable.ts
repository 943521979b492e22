import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sea from "node:sea";

/**
 * Start-up of the single executable (dist/haulbook-linux-x64, built by
 * scripts/release.mjs), before the app is loaded: defaults that make the
 * file behave like `npm start`, and the embedded files (public/, the native
 * libraries) unpacked once per version into a cache folder, because static
 * files are served from disk and shared libraries can only be loaded from disk.
 */

/** One embedded file, as listed in the "manifest" asset. */
export interface ManifestEntry {
  /** the asset key and the path under the unpacked folder, such as "public/favicon.ico" */
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  version: string;
  commit: string;
  files: ManifestEntry[];
}

export interface Prepared {
  /** where the embedded files are on disk */
  unpackedDir: string;
  manifest: Manifest;
}

const holder = globalThis as typeof globalThis & {
  __haulbookRelease?: { version: string; commit: string };
  __haulbookNativeDir?: string;
};

/** The folders tried for the unpacked files, in order; CACHE_DIR alone when it is set. */
export function cacheRoots(env: NodeJS.ProcessEnv, executableDir: string): string[] {
  if (env.CACHE_DIR) return [path.resolve(env.CACHE_DIR)];
  const roots: string[] = [];
  // systemd's CacheDirectory= (may list several, separated by colons)
  if (env.CACHE_DIRECTORY) roots.push(env.CACHE_DIRECTORY.split(":")[0]!);
  if (env.XDG_CACHE_HOME) roots.push(path.join(env.XDG_CACHE_HOME, "haulbook"));
  if (env.HOME) roots.push(path.join(env.HOME, ".cache", "haulbook"));
  roots.push(path.join(executableDir, ".haulbook-cache"));
  return roots;
}

function isComplete(dir: string, manifest: Manifest): boolean {
  if (!fs.existsSync(path.join(dir, ".complete"))) return false;
  // Sizes only: cheap enough for every start, and catches a truncated or replaced file.
  return manifest.files.every((file) => {
    try {
      return fs.statSync(path.join(dir, file.path)).size === file.size;
    } catch {
      return false;
    }
  });
}

/** Writes the embedded files under `root`/<version id>, atomically; returns that folder. */
function unpackInto(root: string, manifest: Manifest, id: string): string {
  const target = path.join(root, id);
  if (isComplete(target, manifest)) return target;
  fs.mkdirSync(root, { recursive: true, mode: 0o700 });
  const staging = fs.mkdtempSync(path.join(root, `.${id}-`));
  try {
    for (const file of manifest.files) {
      const bytes = Buffer.from(sea.getRawAsset(file.path) as ArrayBuffer);
      if (crypto.createHash("sha256").update(bytes).digest("hex") !== file.sha256)
        throw new Error(`embedded file ${file.path} is damaged: download the executable again`);
      const destination = path.join(staging, file.path);
      fs.mkdirSync(path.dirname(destination), { recursive: true });
      fs.writeFileSync(destination, bytes, {
        mode: file.path.startsWith("native/") ? 0o755 : 0o644,
      });
    }
    fs.writeFileSync(path.join(staging, ".complete"), `${manifest.version} ${manifest.commit}\n`);
    // A damaged earlier copy is replaced; a complete one written meanwhile by another start wins.
    if (fs.existsSync(target) && !isComplete(target, manifest))
      fs.rmSync(target, { recursive: true, force: true });
    try {
      fs.renameSync(staging, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if ((code !== "ENOTEMPTY" && code !== "EEXIST") || !isComplete(target, manifest)) throw error;
    }
    pruneOtherVersions(root, id);
    return target;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Keeps this version and the one unpacked before it (for a quick roll-back); removes older ones. */
function pruneOtherVersions(root: string, keep: string) {
  const others = fs
    .readdirSync(root)
    .filter((name) => name !== keep && !name.startsWith("."))
    .map((name) => {
      const marker = path.join(root, name, ".complete");
      return { name, time: fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0 };
    })
    .sort((a, b) => b.time - a.time);
  for (const old of others.slice(1))
    fs.rmSync(path.join(root, old.name), { recursive: true, force: true });
}

/** Sets the defaults, unpacks the embedded files (first start of a version only) and says where they are. */
export function prepareSingleExecutable(): Prepared {
  const manifest = JSON.parse(sea.getAsset("manifest.json", "utf8")) as Manifest;
  const executableDir = path.dirname(fs.realpathSync(process.execPath));
  // Like `npm start`: production, with the data folder beside the executable, wherever it is started from.
  process.env.NODE_ENV ||= "production";
  process.env.DATA_DIR ||= path.join(executableDir, "data");

  const id = `${manifest.version}-${crypto
    .createHash("sha256")
    .update(JSON.stringify(manifest.files))
    .digest("hex")
    .slice(0, 12)}`;
  const failures: string[] = [];
  for (const root of cacheRoots(process.env, executableDir)) {
    try {
      const unpackedDir = unpackInto(root, manifest, id);
      holder.__haulbookRelease = { version: manifest.version, commit: manifest.commit };
      holder.__haulbookNativeDir = path.join(unpackedDir, "native");
      return { unpackedDir, manifest };
    } catch (error) {
      failures.push(`${root}: ${(error as Error).message}`);
    }
  }
  throw new Error(
    `cannot unpack the shop's files into any cache folder (set CACHE_DIR to a writable folder):\n  ${failures.join("\n  ")}`,
  );
}
