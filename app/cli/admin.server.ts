import readline from "node:readline";
import { Writable } from "node:stream";
import {
  createUser,
  MIN_PASSWORD_LENGTH,
  setPassword,
  signOutEverywhere,
} from "~/models/staff/user.server";
import { loadConfig } from "~/services/config.server";
import { closeDatabase, openDatabase, setConnection, upgradeDatabase } from "~/services/db.server";
import { commandPrefix } from "~/services/release.server";

/**
 * `admin create <username>`, `admin reset-password <username>` (both ask for
 * the password twice, or read it from standard input with --password-stdin;
 * a reset ends the user's open sessions) and `admin sign-out-everywhere <username>`.
 */

async function readPassword(fromStdin: boolean): Promise<string> {
  if (fromStdin) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks)
      .toString("utf8")
      .replace(/\r?\n$/, "");
  }
  // Ask twice without echoing what is typed.
  const muted = new Writable({ write: (_chunk, _enc, done) => done() });
  const ask = (question: string) =>
    new Promise<string>((resolve) => {
      process.stdout.write(question);
      const rl = readline.createInterface({ input: process.stdin, output: muted, terminal: true });
      rl.question("", (answer) => {
        rl.close();
        process.stdout.write("\n");
        resolve(answer);
      });
    });
  const first = await ask("New password: ");
  const second = await ask("Same again: ");
  if (first !== second) throw new Error("The two passwords differ.");
  return first;
}

export const ADMIN_USAGE =
  "admin create|reset-password|sign-out-everywhere <username> [--password-stdin]";

const SUBCOMMANDS = ["create", "reset-password", "sign-out-everywhere"];

export async function admin(args: string[]): Promise<number> {
  const [command, username, ...rest] = args;
  if (!command || !username || !SUBCOMMANDS.includes(command)) {
    console.error(
      `Usage: ${commandPrefix()} admin create <username> | reset-password <username> [--password-stdin]` +
        " | sign-out-everywhere <username>",
    );
    return 2;
  }
  const needsPassword = command !== "sign-out-everywhere";
  const password = needsPassword ? await readPassword(rest.includes("--password-stdin")) : "";
  if (needsPassword && password.length < MIN_PASSWORD_LENGTH) {
    console.error(`Refused: passwords must be at least ${MIN_PASSWORD_LENGTH} characters.`);
    return 1;
  }
  const config = loadConfig();
  const connection = openDatabase(config.database);
  setConnection(connection);
  try {
    await upgradeDatabase(connection, config.dataDir);
    if (command === "sign-out-everywhere") {
      const ended = await signOutEverywhere(username);
      if (ended === undefined) {
        console.error(`No staff user called ${username}.`);
        return 1;
      }
      console.log(
        `Signed ${username} out everywhere (${ended} open session${ended === 1 ? "" : "s"} ended).`,
      );
    } else if (command === "create") {
      await createUser(username, password);
      console.log(`Created staff user ${username}.`);
    } else if (await setPassword(username, password)) {
      console.log(`Password changed for ${username}. Their open sessions have ended.`);
    } else {
      console.error(`No staff user called ${username}.`);
      return 1;
    }
    return 0;
  } finally {
    await closeDatabase();
  }
}
