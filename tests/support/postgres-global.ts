import { preparePostgresTemplate, TEST_ENGINE } from "./server";
import { startPostgres } from "./postgres";

/**
 * With TEST_ENGINE=postgres: one throwaway PostgreSQL for the whole run, and the template
 * database every started shop's database is copied from, prepared once (a first start of the
 * shop: migrations, staff user, demo catalogue), instead of once per test file. Test files find
 * both in the environment (HAULBOOK_TEST_POSTGRES_URL, HAULBOOK_TEST_POSTGRES_TEMPLATE); each
 * still gets databases of its own. Without TEST_ENGINE=postgres this does nothing.
 */
export default async function setup() {
  if (TEST_ENGINE !== "postgres") return undefined;
  const postgres = await startPostgres();
  process.env.HAULBOOK_TEST_POSTGRES_URL = postgres.url;
  try {
    process.env.HAULBOOK_TEST_POSTGRES_TEMPLATE = await preparePostgresTemplate();
  } catch (error) {
    await postgres.stop();
    throw error;
  }
  return async () => {
    await postgres.stop();
  };
}
