import pkg from "../../package.json";

/** What the single executable's start-up code records about its build (server/single-executable.ts). */
export interface PackagedRelease {
  version: string;
  /** the commit it was built from, or "unknown" outside a git checkout */
  commit: string;
}

const holder = globalThis as typeof globalThis & { __haulbookRelease?: PackagedRelease };

/** Which Haulbook this is: the version, the commit, the Node it runs on, and whether it is the single executable. */
export function releaseInfo() {
  const packaged = holder.__haulbookRelease;
  return {
    version: packaged?.version ?? pkg.version,
    commit: packaged?.commit ?? "working tree",
    node: process.version,
    packaged: packaged !== undefined,
  };
}

/** How the owner types a command here: "./haulbook" for the single executable, else through npm. */
export function commandPrefix(): string {
  return holder.__haulbookRelease ? "./haulbook" : "npm run haulbook --";
}
