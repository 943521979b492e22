// An esbuild plugin for build/server.js (scripts/build-server.mjs). See docs/decisions/042-route-matching-kept.md.
import fs from "node:fs";

/**
 * React Router matches a URL by flattening and ranking every route and compiling a regular
 * expression per route, afresh on each call, and a Remix request calls it four to six times
 * (the server's match, the loaders' query, the render, the manifest of each parent path). The
 * routes never change in a running server, so the ranked list is kept per routes array and each
 * path's expression per pattern: 20 % of the server's time on small pages (decision 042). The
 * build fails if the text it expects is not there, so an upgrade cannot drop this silently.
 */
export const memoiseRouteMatching = {
  name: "memoise-route-matching",
  setup(esbuild) {
    esbuild.onLoad(
      { filter: /[\\/]@remix-run[\\/]router[\\/]dist[\\/]router(\.cjs)?\.js$/ },
      (args) => {
        let source = fs.readFileSync(args.path, "utf8");
        const replace = (from, to) => {
          if (source.split(from).length !== 2)
            throw new Error(`${args.path}: expected one "${from}" (memoise-route-matching)`);
          source = source.replace(from, to);
        };
        replace(
          "let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);",
          [
            "let branches = rankedBranches.get(routes);",
            "  if (!branches) {",
            "    branches = flattenRoutes(routes);",
            "    rankRouteBranches(branches);",
            "    rankedBranches.set(routes, branches);",
            "  }",
          ].join("\n"),
        );
        replace(
          "function compilePath(path, caseSensitive, end) {",
          [
            "const rankedBranches = new WeakMap();",
            "const compiledPaths = new Map();",
            "function compilePath(path, caseSensitive, end) {",
            "  const key = `${caseSensitive}|${end}|${path}`;",
            "  let compiled = compiledPaths.get(key);",
            "  if (!compiled) compiledPaths.set(key, (compiled = compilePathAfresh(path, caseSensitive, end)));",
            "  return compiled;",
            "}",
            "function compilePathAfresh(path, caseSensitive, end) {",
          ].join("\n"),
        );
        return { contents: source, loader: "js" };
      },
    );
  },
};
