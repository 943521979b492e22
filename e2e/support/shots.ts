import type { Locator, Page, TestInfo } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";

const SHOTS = path.resolve(import.meta.dirname, "..", "..", ".tmp", "shots");

/**
 * A picture of a step of a journey, for people to look at: nothing asserts on it. Taken only with
 * E2E_SHOTS=1 (`E2E_SHOTS=1 npx playwright test`), into .tmp/shots/<name>-<project>.png: a
 * full-page picture costs Chromium up to a second, and `npm test` has no one looking.
 */
export async function shot(
  target: Page | Locator,
  testInfo: TestInfo,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!process.env.E2E_SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, `${name}-${testInfo.project.name}.png`);
  if ("goto" in target) await target.screenshot({ path: file, fullPage: options.fullPage ?? true });
  else await target.screenshot({ path: file });
}
