import { execFileSync } from "node:child_process";
import path from "node:path";
import { ROOT } from "./server";

/** Makes sure the template database exists (npm test builds a fresh one first). */
export default function setup() {
  execFileSync(process.execPath, [path.join(ROOT, "scripts", "make-template.mjs")], {
    stdio: "inherit",
  });
}
