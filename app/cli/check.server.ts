import fs from "node:fs";
import { goLiveItems } from "~/lib/go-live";
import { refreshBusinessProfile } from "~/models/shop/business-profile.server";
import { goLiveFacts } from "~/models/shop/go-live.server";
import { ConfigError, loadConfig, type Config } from "~/services/config.server";
import {
  closeDatabase,
  openDatabase,
  openExistingDatabase,
  setConnection,
} from "~/services/db.server";
import {
  checkConfig,
  checkDatabase,
  checkDisk,
  checkPrivacy,
  checkSmtp,
  checkStripe,
  type CheckResult,
} from "~/services/health.server";

/**
 * `check`: one line per check (`ok   `, `warn `, `FAIL ` and the detail), then the "Before you go
 * live" items (app/lib/go-live.ts) as ok or warn; exit 1 if any check failed.
 */

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
  for (const result of await goLive(config)) print(result);
  return results.some((r) => r.status === "fail") ? 1 : 0;
}

/** The dashboard's "Before you go live", read from the database the shop uses (nothing changed). */
async function goLive(config: Config): Promise<CheckResult[]> {
  if (config.database.engine === "sqlite" && !fs.existsSync(config.database.path)) return [];
  try {
    // As the database check opens it: the file as it is, nothing set or created on it.
    setConnection(
      config.database.engine === "sqlite"
        ? openExistingDatabase(config.database.path)
        : openDatabase({ ...config.database, poolSize: 1 }),
    );
    await refreshBusinessProfile();
    return goLiveItems(await goLiveFacts()).map((item) => ({
      status: item.done ? "ok" : "warn",
      name: `go live: ${item.title.toLowerCase()}`,
      detail: item.done ? item.detail : `${item.detail} ${item.fix}`,
    }));
  } catch (error) {
    return [
      {
        status: "warn",
        name: "go live",
        detail: `could not be read (${(error as Error).message}); start the shop once, then check again`,
      },
    ];
  } finally {
    await closeDatabase();
  }
}
