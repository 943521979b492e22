import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    // With HAULBOOK_BINARY (npm test's second pass), the suites that start the shop run again
    // against the single executable, with the checks only it has (tests/binary).
    include: process.env.HAULBOOK_BINARY
      ? [
          "tests/integration/**/*.test.ts",
          "tests/reliability/**/*.test.ts",
          "tests/binary/**/*.test.ts",
        ]
      : ["tests/**/*.test.ts"],
    exclude: process.env.HAULBOOK_BINARY ? [] : ["tests/binary/**"],
    globalSetup: ["tests/support/global-setup.ts", "tests/support/postgres-global.ts"],
    setupFiles: ["tests/support/postgres-per-file.ts"],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // Integration tests each start a real server; two at a time suits a 2-core machine.
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
