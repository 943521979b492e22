/**
 * Imports only point down: routes → components → models → documents →
 * services → lib. lib is pure and imports nothing above it; services import
 * only lib and packages; documents (the printed documents: PDF quotes …)
 * import only services and lib; models never import pages; components import
 * no models, documents or services (they declare the props they need).
 */
const layers = {
  routes: [
    "./app/routes",
    "./app/api",
    "./app/root.tsx",
    "./app/entry.server.tsx",
    "./app/lifecycle.server.ts",
    "./app/cli.server.ts",
    "./app/cli",
  ],
  components: "./app/components",
  models: "./app/models",
  documents: "./app/documents",
  services: "./app/services",
};
const zones = [
  {
    target: "./app/lib",
    from: [...layers.routes, layers.components, layers.models, layers.documents, layers.services],
    message: "app/lib is pure: it imports nothing above it.",
  },
  {
    target: "./app/services",
    from: [...layers.routes, layers.components, layers.models, layers.documents],
    message: "Services import only app/lib and packages.",
  },
  {
    target: "./app/models",
    from: [...layers.routes, layers.components],
    message: "Models never import routes or components.",
  },
  {
    target: "./app/documents",
    from: [...layers.routes, layers.components, layers.models],
    message: "Documents import only app/services, app/lib and packages.",
  },
  {
    target: "./app/components",
    from: [...layers.routes, layers.models, layers.documents, layers.services],
    message: "Components import no models, documents or services: declare the props they need.",
  },
];

/** @type {import('eslint').Linter.Config} */
// date-fns's root module loads every one of its functions wherever nothing bundles it (each test
// file's start, `npm run dev`): about 0.15 s a time.
const DATE_FNS_ROOT = {
  name: "date-fns",
  message: "Import each function from its own path: date-fns/format.",
};

module.exports = {
  root: true,
  extends: ["@remix-run/eslint-config", "@remix-run/eslint-config/node"],
  ignorePatterns: [
    "build/",
    "dist/",
    "public/build/",
    "data/",
    "node_modules/",
    ".tmp/",
    "test-results/",
  ],
  settings: {
    // `~/…` is app/ (tsconfig paths), so the layer zones see through the alias.
    "import/resolver": { typescript: { project: "./tsconfig.json", alwaysTryTypes: true } },
  },
  rules: {
    // A file a newcomer can read in one sitting: split by what the code is about, past 500 lines.
    "max-lines": ["error", { max: 500 }],
    "import/no-restricted-paths": ["error", { zones }],
    "no-restricted-imports": [
      "error",
      {
        paths: [DATE_FNS_ROOT],
        patterns: [
          {
            group: ["kysely", "better-sqlite3"],
            message: "Only app/models and app/services touch the database.",
          },
        ],
      },
    ],
  },
  overrides: [
    {
      files: [
        "app/models/**",
        "app/services/**",
        "migrations/**",
        "scripts/**",
        "tests/**",
        "server.ts",
      ],
      rules: { "no-restricted-imports": ["error", { paths: [DATE_FNS_ROOT] }] },
    },
    {
      // A test file is one shop started and the journeys told against it; splitting one costs a
      // start per file, so tests are not held to the 500 lines.
      files: ["tests/**", "e2e/**"],
      rules: { "max-lines": "off" },
    },
  ],
};
