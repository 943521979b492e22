// Bundles the server and the app's build (build/index.js) into one file, build/server.js, with the
// packages they use: Node then compiles one file at start instead of resolving and compiling some
// hundreds of modules in node_modules. A start takes about 1.3 s and 1.5 CPU-seconds instead of
// 2.5 s and 3 (every `npm start`, and each of the shops the tests start). Native addons and the
// packages that read their own data files from beside their code stay in node_modules.
// `npm run dev` runs server.ts instead, which loads the app's build afresh after each change.
// See docs/decisions/039-one-server-bundle.md.
import { build } from "esbuild";
import { memoiseRouteMatching } from "./memoise-route-matching.mjs";

await build({
  stdin: {
    contents: [
      'import path from "node:path";',
      'import { run } from "./server/start.ts";',
      'import * as app from "./build/index.js";',
      "",
      "// This file is build/server.js: the repository root is one folder up.",
      "const root = path.dirname(import.meta.dirname);",
      'await run(process.argv.slice(2), { build: app, publicDir: path.join(root, "public") });',
    ].join("\n"),
    resolveDir: ".",
    sourcefile: "server-entry.ts",
    loader: "ts",
  },
  outfile: "build/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external: ["better-sqlite3", "sharp", "pdfkit", "fontkit", "pg-native"],
  // The packages' production builds, as in the executable (scripts/release.mjs): React's
  // development builds would double the file and render every page more slowly, tests included.
  // Our own code reads NODE_ENV from the environment it is given (services/config.server.ts).
  define: { "process.env.NODE_ENV": '"production"' },
  minifySyntax: true,
  // Bundled CommonJS packages call require(): the bundle gives them Node's.
  banner: {
    js: 'import { createRequire as createRequireForBundle } from "node:module"; const require = createRequireForBundle(import.meta.url);',
  },
  plugins: [memoiseRouteMatching],
  sourcemap: true,
  logLevel: "warning",
});
console.log("built build/server.js");
