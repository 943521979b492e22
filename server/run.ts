import { serveHttp, type ServeOptions } from "./http";
import { lifecycleOf } from "./lifecycle";

/**
 * One entry for `node build/server.js` and the single executable: with no
 * arguments (or `serve`) it serves the shop; otherwise it runs the owner's
 * command (backup, restore, migrate, admin, check, --version) and exits.
 */
export async function run(args: string[], options: ServeOptions): Promise<void> {
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
