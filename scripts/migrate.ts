// `npm run db:migrate`: runs pending migrations on the configured database
// (DATA_DIR / DATABASE_URL), the same ones the server runs on start.
import { ConfigError, loadConfig } from "../app/services/config.server";
import { migrateToLatest, openDatabase } from "../app/services/db.server";

try {
  const config = loadConfig();
  const { db } = openDatabase(config.databasePath);
  const result = await migrateToLatest(db);
  const applied = result.results ?? [];
  console.log(
    applied.length === 0
      ? `${config.databasePath}: already up to date`
      : applied.map((r) => `${config.databasePath}: applied ${r.migrationName}`).join("\n"),
  );
  await db.destroy();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
