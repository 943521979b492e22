/**
 * The owner's commands, for `./haulbook <command>` and `npm run haulbook -- <command>`.
 * (Filled in below; server/run.ts dispatches here.)
 */
const COMMANDS = ["migrate", "admin", "backup", "restore", "check", "version", "--version", "help", "--help"];

export function isCommand(name: string | undefined): boolean {
  return name !== undefined && COMMANDS.includes(name);
}

export async function runCommand(args: string[]): Promise<number> {
  console.log(`haulbook: ${args.join(" ")}`);
  return 0;
}
