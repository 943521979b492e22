import { describe, expect, it } from "vitest";
import { haulbook } from "../support/cli";
import { databaseOf, makeDataDir, startServer, TEST_ENGINE } from "../support/server";
import { postSignIn } from "../support/staff";

/** The shop's database for the commands: the file in the data folder, or DATABASE_URL. */
let databaseUrl: string | undefined;

function admin(dataDir: string, args: string[], password: string) {
  return haulbook(["admin", ...args, "--password-stdin"], {
    dataDir,
    env: databaseUrl ? { DATABASE_URL: databaseUrl } : {},
    input: password + "\n",
  });
}

async function canSignIn(url: string, username: string, password: string) {
  const res = await postSignIn({ url }, { via: "api", credentials: { username, password } });
  return ((await res.json()) as { status: boolean }).status;
}

describe("npm run admin", () => {
  it("creates a staff user and resets a password; short passwords are refused", async () => {
    const dataDir = makeDataDir(true);
    if (TEST_ENGINE === "postgres") databaseUrl = await databaseOf(dataDir);
    expect(admin(dataDir, ["create", "maria"], "short").status).toBe(1);
    const created = admin(dataDir, ["create", "maria"], "maria-long-password");
    expect(created.stdout).toContain("Created staff user maria.");
    const reset = admin(dataDir, ["reset-password", "maria"], "maria-new-password");
    expect(reset.stdout).toContain("Password changed for maria.");
    const usage = admin(dataDir, ["rename", "maria"], "whatever-long-password");
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("sign-out-everywhere <username>");
    const missing = admin(dataDir, ["reset-password", "nobody"], "whatever-long-password");
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("No staff user called nobody.");

    const server = await startServer({ dataDir });
    try {
      expect(await canSignIn(server.url, "maria", "maria-long-password")).toBe(false);
      expect(await canSignIn(server.url, "maria", "maria-new-password")).toBe(true);
      // Usernames are the same in any case, on either engine.
      expect(await canSignIn(server.url, "MARIA", "maria-new-password")).toBe(true);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
