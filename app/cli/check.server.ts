import { ConfigError, loadConfig } from "~/services/config.server";
import {
  checkConfig,
  checkDatabase,
  checkDisk,
  checkPrivacy,
  checkSmtp,
  checkStripe,
  type CheckResult,
} from "~/services/health.server";

/** `check`: one line per check (`ok   `, `warn `, `FAIL ` and the detail); exit 1 if any failed. */

const LABELS = { ok: "ok", warn: "warn", fail: "FAIL" } as const;

function print(result: CheckResult) {
  console.log(`${LABELS[result.status].padEnd(4)} ${result.name}: ${result.detail}`);
}

export async function check(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    print({ status: "fail", name: "config", detail: error.message.split("\n").join("; ") });
    return 1;
  }
  const results: CheckResult[] = [];
  const steps = [
    () => checkConfig(config),
    () => checkDatabase(config),
    () => checkDisk(config),
    () => checkPrivacy(config),
    () => checkSmtp(config),
    () => checkStripe(config),
  ];
  for (const step of steps) {
    const result = await step();
    print(result);
    results.push(result);
  }
  return results.some((r) => r.status === "fail") ? 1 : 0;
}
