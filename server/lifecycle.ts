import type { ServerBuild } from "@remix-run/node";

/**
 * What the app's entry module (app/entry.server.tsx) offers the process
 * around it: start and stop for the web server, and the owner's commands.
 * Reached through the Remix build so that the server and the app share one
 * module instance and one database connection.
 */
export interface AppLifecycle {
  startApp(): Promise<{
    port: number;
    host: string;
    trustProxy: boolean | number | string;
    isProduction: boolean;
  }>;
  stopApp(): Promise<void>;
  /** Runs a command line such as ["backup", "nightly.db"]; resolves with the exit code. */
  runCommand(args: string[]): Promise<number>;
  /** Whether the first argument names a command (anything else serves the shop). */
  isCommand(name: string | undefined): boolean;
  /** The key of the shared copy of a public page this request may get, or null (its own page). */
  sharedPageKey(pathAndQuery: string, cookieHeader: string | undefined): Promise<string | null>;
  /** The generation of what shared pages show: a copy of another generation is stale. */
  sharedPagesVersion(): Promise<string>;
  /** Brings what every page reads up to date before the app answers a request (the business's details). */
  beforeRequest(): Promise<void>;
}

export function lifecycleOf(build: ServerBuild): AppLifecycle {
  return build.entry.module as unknown as AppLifecycle;
}
