import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/**
 * Every journey runs twice: with JavaScript (project "js") and without
 * ("no-js"), in Debian's Chromium. Never downloads a browser. The journeys take Debian's
 * chromium-headless-shell when it is installed: the same Chromium release without the desktop
 * browser around it, a third less CPU for the same journeys (decision 044); else, and for the
 * @smoke journeys against the executable (scripts/test.mjs), the full /usr/bin/chromium.
 * CHROMIUM_PATH chooses one.
 *
 * TEST_ENGINE=postgres runs the shop on a throwaway PostgreSQL instead of SQLite
 * (scripts/e2e-server.mjs); the checkout and staff journeys are the ones run there:
 * `TEST_ENGINE=postgres npx playwright test e2e/checkout.spec.ts e2e/staff*.spec.ts`.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const executablePath =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
const port = Number(process.env.E2E_PORT ?? 4317);
const mobile = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: process.env.E2E_SHOTS ? 2 : 1,
};

export default defineConfig({
  testDir: "e2e",
  outputDir: ".tmp/playwright",
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  // The longest journey takes about 25 s on a quiet 2-core machine: twice that leaves room for a
  // busy one, so no journey depends on an idle machine.
  timeout: 60_000,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    ...mobile,
    userAgent: devices["Pixel 7"].userAgent,
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
      ],
    },
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://127.0.0.1:${port}/healthz`,
    env: { PORT: String(port) },
    reuseExistingServer: false,
    timeout: 120_000,
    // SIGTERM, not SIGKILL: the shop finishes cleanly and scripts/e2e-server.mjs removes its data
    // folder (and, with TEST_ENGINE=postgres, stops its PostgreSQL and removes that folder too).
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    stdout: "ignore",
    stderr: "pipe",
  },
});
