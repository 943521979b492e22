import { preparePostgresTemplate } from "./server";
import { startPostgres } from "./postgres";

/**
 * For the PostgreSQL pass (vitest.config.ts): one throwaway PostgreSQL for the whole run, and the template
 * database every started shop's database is copied from, prepared once (a first start of the
 * shop: migrations, staff user, demo catalogue), instead of once per test file. Test files find
 * both in the environment (HAULBOOK_TEST_POSTGRES_URL, HAULBOOK_TEST_POSTGRES_TEMPLATE); each
 * still gets databases of its own.
 */
export default async function setup() {
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
