import { afterAll } from "vitest";
import { stopTestPostgres } from "./server";

// Vitest ends its worker processes without Node's "exit" event, so the PostgreSQL a test file
// started through startServer (TEST_ENGINE=postgres) is stopped here, after the file's own hooks.
afterAll(async () => {
  await stopTestPostgres();
});
