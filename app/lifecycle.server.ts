import { startOutbox, stopOutbox } from "~/models/messages/outbox-worker.server";
import { startSchedule, stopSchedule } from "~/models/shop/schedule-runner.server";
import { seedDemoCatalogue } from "~/models/catalogue/seed.server";
import { ensureFirstStaffUser } from "~/models/staff/user.server";
import { ConfigError, config, describeDatabase, type Config } from "~/services/config.server";
import { closeDatabase, openDatabase, setConnection, upgradeDatabase } from "~/services/db.server";
import { exclusively } from "~/services/dialect.server";
import { paymentGateway } from "~/services/payments.server";
import { removePidFile, writePidFile } from "~/services/pid-file.server";
import {
  makePrivateFolder,
  sqliteFiles,
  tightenedLine,
  tightenPrivateFiles,
} from "~/services/private-files.server";
import { commandPrefix } from "~/services/release.server";
import { refreshBusinessProfile } from "~/models/shop/business-profile.server";

/**
 * What the server does before it listens and after it stops. server.ts
 * reaches these through the Remix build (entry.server re-exports them), so
 * the app and the server share one module instance and one connection.
 */
export async function startApp(): Promise<Config> {
  const cfg = config();
  const started = Date.now();
  if (cfg.database.engine === "postgres" && !cfg.sessionSecret) throw missingSessionSecret();
  keepDataPrivate(cfg);
  const connection = openDatabase(cfg.database);
  setConnection(connection);
  // From here `restore` refuses to touch this data folder (services/pid-file.server.ts).
  writePidFile(cfg.dataDir);
  try {
    // Several processes may start at once on one PostgreSQL: one at a time migrates, creates
    // the first staff user and seeds; the others then find it done.
    await exclusively(connection.db, "haulbook:start-up", async () => {
      for (const result of await upgradeDatabase(connection, cfg.dataDir))
        console.log(`[db] migrated ${result.migrationName}`);
      await prepareShop(cfg);
    });
  } catch (error) {
    await closeDatabase();
    removePidFile(cfg.dataDir);
    // pg's own messages ("connect ECONNREFUSED …", "password authentication failed …") do not
    // say which database; the owner's log should (its password shown as ***).
    if (cfg.database.engine === "postgres" && error instanceof Error)
      throw new Error(`${describeDatabase(cfg.database)}: ${error.message}`, { cause: error });
    throw error;
  }
  await refreshBusinessProfile();
  startOutbox();
  await startSchedule();
  const gateway = paymentGateway();
  console.log(
    gateway?.kind === "stripe"
      ? "[payments] Stripe"
      : gateway
        ? "[payments] demo gateway: no card is charged (set STRIPE_SECRET_KEY for real payments)"
        : "[payments] card payment is off: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET",
  );
  console.log(
    `[app] ready in ${Date.now() - started} ms (data: ${describeDatabase(cfg.database)})`,
  );
  return cfg;
}

/**
 * The data folder 0700 and everything in it 0600 (and SQLite's files where DATABASE_URL puts
 * them), whatever modes an older version, a copy or a restore left: the files this user owns
 * are tightened, with one log line saying what changed (docs/decisions/033).
 */
function keepDataPrivate(cfg: Config): void {
  makePrivateFolder(cfg.dataDir);
  const database = cfg.databasePath ? sqliteFiles(cfg.databasePath) : [];
  const line = tightenedLine(cfg.dataDir, tightenPrivateFiles(cfg.dataDir, database));
  if (line) console.log(line);
}

function missingSessionSecret(): ConfigError {
  return new ConfigError(
    "SESSION_SECRET is required with a PostgreSQL DATABASE_URL: every process of the shop must sign" +
      " cookies with the same secret. Generate one with `openssl rand -base64 32` and give the" +
      " same value to each process (docs/deploy.md#two-or-more-processes-on-postgresql).",
  );
}

/** The first staff user and the demo catalogue, on a shop that has neither yet. */
async function prepareShop(cfg: Config): Promise<void> {
  const admin = await ensureFirstStaffUser(cfg.admin);
  if (admin?.generated) {
    console.log(
      [
        "",
        "  A staff account was created for the dashboard (shown once, keep it safe):",
        `    username: ${admin.username}`,
        `    password: ${admin.password}`,
        `  Sign in at /login. Change it with: ${commandPrefix()} admin reset-password admin`,
        "",
      ].join("\n"),
    );
  } else if (admin) {
    console.log(`[auth] created staff user ${admin.username} from ADMIN_USERNAME/ADMIN_PASSWORD`);
  }

  if (cfg.seedDemo) {
    const seed = await seedDemoCatalogue();
    if (seed.seeded) console.log(`[seed] added the demo catalogue: ${seed.products} products`);
  }
}

export async function stopApp(): Promise<void> {
  await stopSchedule();
  await stopOutbox();
  await closeDatabase();
  removePidFile(config().dataDir);
}

/**
 * Before the app answers a request: the business's details as staff last saved them, in this
 * process or another (app/models/shop/business-profile.server.ts).
 */
export async function beforeRequest(): Promise<void> {
  // A database that is away keeps the details last read: the page (or /healthz's 503) reports it.
  await refreshBusinessProfile().catch(() => undefined);
}
