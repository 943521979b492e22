import fs from "node:fs";
import { beforeAll } from "vitest";
import { BINARY } from "./program";

// `npm test` starts the tests while the executable is still being made (scripts/test.mjs): the
// executable's pass runs last and each of its files waits here for the file, or for word that the
// release failed. Run by hand (HAULBOOK_BINARY naming a file that exists) it does not wait.
beforeAll(async () => {
  if (!BINARY) return;
  while (!fs.existsSync(BINARY)) {
    if (fs.existsSync(`${BINARY}.failed`))
      throw new Error("The release failed: there is no executable to test (see its output above).");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}, 600_000);
