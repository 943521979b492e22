import fs from "node:fs";
import { formatBytes } from "./backup.server";
import { describeDatabase, type Config } from "./config.server";
import {
  closeConnection,
  migrationStatus,
  openDatabase,
  openExistingDatabase,
  type PostgresConnection,
} from "./db.server";
import { smtpServerName, verifyMailer } from "./mailer.server";
import { verifyStripeKey } from "./payments.server";
import { octal, sqliteFiles, widerThanPrivate } from "./private-files.server";
import { commandPrefix } from "./release.server";

/**
 * What `check` looks at before the owner trusts a machine with the shop: the
 * database, the disk under it, and the outside services the configuration
 * names. Each check answers one line's worth; none changes anything.
 */

export type CheckStatus = "ok" | "warn" | "fail";

export interface CheckResult {
  status: CheckStatus;
  name: string;
  detail: string;
}

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** Free space on the data folder's filesystem: fail under 100 MB, warn under 1 GB or 10 %. */
export function diskVerdict(freeBytes: number, totalBytes: number): CheckStatus {
  if (freeBytes < 100 * MB) return "fail";
  if (freeBytes < GB || freeBytes < totalBytes * 0.1) return "warn";
  return "ok";
}

export function checkConfig(cfg: Config): CheckResult {
  const publicUrl = cfg.publicUrlSet
    ? `PUBLIC_URL ${cfg.publicUrl}`
    : `PUBLIC_URL not set (links in emails point to ${cfg.publicUrl})`;
  return { status: "ok", name: "config", detail: `data folder ${cfg.dataDir}; ${publicUrl}` };
}

export async function checkDatabase(cfg: Config): Promise<CheckResult> {
  const name = "database";
  if (cfg.database.engine === "postgres") return checkPostgres(cfg.database);
  const file = cfg.database.path;
  if (!fs.existsSync(file))
    return {
      status: "warn",
      name,
      detail: `${file} does not exist yet (the first start creates it)`,
    };
  let connection;
  try {
    connection = openExistingDatabase(file);
  } catch (error) {
    return {
      status: "fail",
      name,
      detail: `${file} cannot be opened: ${(error as Error).message}`,
    };
  }
  try {
    const problems = (connection.sqlite.pragma("quick_check") as Record<string, string>[]).map(
      (row) => Object.values(row)[0],
    );
    const size = formatBytes(fs.statSync(file).size);
    if (problems.length !== 1 || problems[0] !== "ok")
      return {
        status: "fail",
        name,
        detail: `${file} (${size}) fails quick_check: ${problems.slice(0, 3).join("; ")}`,
      };
    const status = await migrationStatus(connection.db);
    if (status.unknown.length > 0)
      return {
        status: "fail",
        name,
        detail: `${file} (${size}) was upgraded by a newer Haulbook (migration ${status.unknown.join(", ")})`,
      };
    const pending = status.pending.length;
    return {
      status: pending === 0 ? "ok" : "warn",
      name,
      detail:
        `${file}, ${size}, quick_check ok, ${pending} migration${pending === 1 ? "" : "s"} pending` +
        (pending === 0 ? "" : ` (the next start runs them, or ${commandPrefix()} migrate)`),
    };
  } catch (error) {
    return { status: "fail", name, detail: `${file}: ${(error as Error).message}` };
  } finally {
    await closeConnection(connection);
  }
}

/** PostgreSQL: it answers, its version and size, and the migrations it has had (nothing changed). */
async function checkPostgres(
  database: Extract<Config["database"], { engine: "postgres" }>,
): Promise<CheckResult> {
  const name = "database";
  const where = describeDatabase(database);
  const connection = openDatabase({ ...database, poolSize: 1 }) as PostgresConnection;
  try {
    const { rows } = await connection.pool.query<{ version: string; size: string }>(
      "SELECT current_setting('server_version') AS version, pg_database_size(current_database())::text AS size",
    );
    const about = `${where}, PostgreSQL ${rows[0]!.version}, ${formatBytes(Number(rows[0]!.size))}`;
    const status = await migrationStatus(connection.db);
    if (status.unknown.length > 0)
      return {
        status: "fail",
        name,
        detail: `${about}: upgraded by a newer Haulbook (migration ${status.unknown.join(", ")})`,
      };
    const pending = status.pending.length;
    return {
      status: pending === 0 ? "ok" : "warn",
      name,
      detail:
        `${about}, ${pending} migration${pending === 1 ? "" : "s"} pending` +
        (pending === 0 ? "" : ` (the next start runs them, or ${commandPrefix()} migrate)`) +
        "; back it up with pg_dump",
    };
  } catch (error) {
    return { status: "fail", name, detail: `${where} cannot be reached: ${reason(error)}` };
  } finally {
    await closeConnection(connection);
  }
}

export function checkDisk(cfg: Config): CheckResult {
  const stats = fs.statfsSync(cfg.dataDir);
  const free = stats.bavail * stats.bsize;
  const total = stats.blocks * stats.bsize;
  const percent = total > 0 ? Math.round((free / total) * 100) : 0;
  return {
    status: diskVerdict(free, total),
    name: "disk",
    detail: `${formatBytes(free)} free of ${formatBytes(total)} (${percent}%) where the data folder is`,
  };
}

/**
 * The data folder and its files are the owner's only (docs/decisions/033): a warning names what
 * other users may read, with the command that fixes it (the next start also tightens them).
 */
export function checkPrivacy(cfg: Config): CheckResult {
  const name = "files";
  const wide = widerThanPrivate(cfg.dataDir, cfg.databasePath ? sqliteFiles(cfg.databasePath) : []);
  if (wide.length === 0)
    return { status: "ok", name, detail: `${cfg.dataDir} and its files are private to this user` };
  const shown = wide
    .slice(0, 3)
    .map((e) => `${e.path} (${octal(e.mode)})`)
    .join(", ");
  const more = wide.length > 3 ? ` and ${wide.length - 3} more` : "";
  const folder = wide.some((e) => e.path === cfg.dataDir);
  const files = wide.filter((e) => e.path !== cfg.dataDir);
  const fixes = [
    ...(folder ? [`chmod 700 ${cfg.dataDir}`] : []),
    ...(files.length === 0
      ? []
      : files.length <= 3 && files.every((e) => !e.folder)
        ? [`chmod 600 ${files.map((e) => e.path).join(" ")}`]
        : [`chmod -R go= ${cfg.dataDir}`]),
  ];
  return {
    status: "warn",
    name,
    detail:
      `readable by other users of this machine: ${shown}${more}. ` +
      `Fix with: ${fixes.join(" && ")} (the shop also tightens them when it starts)`,
  };
}

function reason(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").trim();
}

export async function checkSmtp(cfg: Config): Promise<CheckResult> {
  const name = "smtp";
  if (!cfg.smtpUrl)
    return {
      status: "warn",
      name,
      detail: `SMTP_URL not set: emails are off (written as .eml files under ${cfg.dataDir}/outbox/, not sent)`,
    };
  const server = smtpServerName(cfg.smtpUrl);
  try {
    await verifyMailer(10_000);
    return { status: "ok", name, detail: `${server} answered and accepts mail from us` };
  } catch (error) {
    return { status: "fail", name, detail: `${server}: ${reason(error)}` };
  }
}

export async function checkStripe(cfg: Config): Promise<CheckResult> {
  const name = "stripe";
  const { secretKey, publishableKey, webhookSecret } = cfg.stripe;
  if (!secretKey)
    return cfg.isProduction
      ? {
          status: "warn",
          name,
          detail: "STRIPE_SECRET_KEY not set: card payment is off (checkout says to book by phone)",
        }
      : {
          status: "ok",
          name,
          detail: "STRIPE_SECRET_KEY not set: the demo gateway stands in (no card is charged)",
        };
  try {
    const { livemode } = await verifyStripeKey(10_000);
    const missing = [
      publishableKey ? null : "STRIPE_PUBLISHABLE_KEY (the card form on the page)",
      webhookSecret ? null : "STRIPE_WEBHOOK_SECRET (payments reported by Stripe)",
    ].filter((text): text is string => text !== null);
    return {
      status: missing.length === 0 ? "ok" : "warn",
      name,
      detail:
        `${livemode ? "live" : "test"} key accepted by Stripe` +
        (missing.length === 0 ? "; webhook secret set" : `; not set: ${missing.join(", ")}`),
    };
  } catch (error) {
    return { status: "fail", name, detail: `the key was not accepted: ${reason(error)}` };
  }
}
