import { serveHttp, type ServeOptions } from "./http";
import { lifecycleOf } from "./lifecycle";

/**
 * One entry for `node build/server.js` and the single executable: with no
 * arguments (or `serve`) it serves the shop; otherwise it runs the owner's
 * command (backup, restore, migrate, admin, check, --version) and exits.
 */
export async function run(args: string[], options: ServeOptions): Promise<void> {
  // Before anything is written: every file and folder the shop or a command creates (the
  // database, the -wal and -shm SQLite makes itself, outbox emails, backups) is owner-only,
  // whatever umask the shell or service manager gave (PRIVATE_UMASK, docs/decisions/033).
  process.umask(0o077);
  const [first] = args;
  const app = lifecycleOf(options.build);
  if (first === undefined || first === "serve") return serveHttp(options);
  if (!app.isCommand(first)) {
    console.error(`Unknown command: ${first}. Try --help.`);
    process.exit(2);
  }
  const code = await app.runCommand(args);
  // Commands end the process: a pool or timer left open must not keep it alive.
  process.exit(code);
}
