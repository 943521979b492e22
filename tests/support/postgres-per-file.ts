import { afterAll, beforeAll } from "vitest";
import {
  preparePostgresTemplate,
  removeMadeDataDirs,
  stopTestPostgres,
  TEST_ENGINE,
} from "./server";

// With TEST_ENGINE=postgres the run's PostgreSQL and template database come from
// ./postgres-global.ts. A file run without that global setup starts its own and prepares the
// template (a first start of the shop) before its tests, so that time counts against the hook's
// timeout rather than the first test's. After the file's own hooks, its databases are dropped
// (and a PostgreSQL it started is stopped: Vitest ends its workers without Node's "exit" event),
// and the data folders its shops used are removed.
beforeAll(async () => {
  if (TEST_ENGINE === "postgres") await preparePostgresTemplate();
}, 180_000);

afterAll(async () => {
  await stopTestPostgres();
  // A shop's data folder is a copy of the template (megabytes): none is left behind in /tmp.
  removeMadeDataDirs();
});
