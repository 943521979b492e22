import { admin, ADMIN_USAGE } from "~/cli/admin.server";
import { check } from "~/cli/check.server";
import {
  backup,
  BACKUP_USAGE,
  copy,
  COPY_USAGE,
  migrate,
  restore,
  RESTORE_USAGE,
} from "~/cli/database.server";
import { RefusedError } from "~/services/backup.server";
import { ConfigError } from "~/services/config.server";
import { commandPrefix, releaseInfo } from "~/services/release.server";

/**
 * The owner's commands, for `./haulbook <command>` and `npm run haulbook -- <command>`
 * (server/start.ts sends any command line here). Each resolves with the exit
 * code: 0 done, 1 refused or failed, 2 the command line was wrong. The
 * commands are thin: the rules are in app/services and app/models.
 */

interface Command {
  usage: string;
  summary: string;
  run(args: string[]): Promise<number>;
}

function version(): Promise<number> {
  const { version, commit, node } = releaseInfo();
  console.log(`haulbook ${version} (commit ${commit}, node ${node})`);
  return Promise.resolve(0);
}

function help(): Promise<number> {
  const prefix = commandPrefix();
  // The summaries line up after the usual usages; the longest (admin's) just runs on.
  const width = BACKUP_USAGE.length;
  console.log(
    [
      `Haulbook ${releaseInfo().version}. Usage: ${prefix} <command>, or no command to serve the shop.`,
      "",
      ...Object.values(COMMANDS).map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`),
    ].join("\n"),
  );
  return Promise.resolve(0);
}

const COMMANDS: Record<string, Command> = {
  help: { usage: "help", summary: "this list", run: help },
  version: {
    usage: "version",
    summary: "the version, its commit and Node's version",
    run: version,
  },
  migrate: {
    usage: "migrate",
    summary: "run pending database migrations (the server also does on start)",
    run: () => migrate(),
  },
  admin: {
    usage: ADMIN_USAGE,
    summary: "staff accounts",
    run: admin,
  },
  backup: {
    usage: BACKUP_USAGE,
    summary:
      "a consistent copy of the database, safe while the shop runs (folder: keep the newest N)",
    run: backup,
  },
  restore: {
    usage: RESTORE_USAGE,
    summary: "put a backup in place of the database (stop the shop first; the old one is kept)",
    run: restore,
  },
  copy: {
    usage: COPY_USAGE,
    summary:
      "copy the shop's database into an empty one, SQLite to PostgreSQL or back, then compare rows and money",
    run: copy,
  },
  check: {
    usage: "check",
    summary:
      "configuration, database, disk space, private files, SMTP server and Stripe key: one line each",
    run: () => check(),
  },
};

const ALIASES: Record<string, string> = { "--help": "help", "--version": "version" };

export function isCommand(name: string | undefined): boolean {
  return name !== undefined && (Object.hasOwn(COMMANDS, name) || Object.hasOwn(ALIASES, name));
}

export async function runCommand(args: string[]): Promise<number> {
  const [name = "help", ...rest] = args;
  const command = isCommand(name) ? COMMANDS[ALIASES[name] ?? name] : undefined;
  if (!command) {
    console.error(`Unknown command: ${name}. Try --help.`);
    return 2;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    // Refusals and configuration errors are meant for the owner as they are; anything else, too,
    // but without a stack: the owner can do nothing with one.
    const message = error instanceof Error ? error.message : String(error);
    console.error(
      error instanceof RefusedError || error instanceof ConfigError
        ? message
        : `Failed: ${message}`,
    );
    return 1;
  }
}
