/** @type {import('eslint').Linter.Config} */
module.exports = {
  root: true,
  extends: ["@remix-run/eslint-config", "@remix-run/eslint-config/node"],
  ignorePatterns: ["build/", "public/build/", "data/", "node_modules/", ".tmp/", "test-results/"],
  rules: {
    "no-restricted-imports": [
      "error",
      {
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
      rules: { "no-restricted-imports": "off" },
    },
  ],
};
