import { afterAll, beforeAll } from "vitest";
import { preparePostgresTemplate, stopTestPostgres, TEST_ENGINE } from "./server";

// With TEST_ENGINE=postgres each test file starts its own PostgreSQL and prepares the template
// database its servers are copied from (a first start of the shop: migrations, staff user,
// demo catalogue) before its tests, so that time counts against the hook's timeout rather than
// the first test's. Vitest ends its worker processes without Node's "exit" event, so that
// PostgreSQL is stopped here too, after the file's own hooks.
beforeAll(async () => {
  if (TEST_ENGINE === "postgres") await preparePostgresTemplate();
}, 180_000);

afterAll(async () => {
  await stopTestPostgres();
});
