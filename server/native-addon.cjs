"use strict";
// Stands in for the `bindings` package and for sharp's loader inside the single executable:
// native addons are loaded from the folder its start-up code unpacked them to. A failed load
// throws at once with the file named (a missing addon must not be cached as an empty module).
const os = require("node:os");
const path = require("node:path");

const files = {
  "better_sqlite3.node": "better_sqlite3.node",
  sharp: "sharp/@img/sharp-linux-x64/lib/sharp.node",
};

function loadAddon(name) {
  const dir = globalThis.__haulbookNativeDir;
  const relative = files[name.endsWith(".node") || files[name] ? name : `${name}.node`];
  if (!dir || !relative) throw new Error(`native addon ${name} is not part of this executable`);
  const file = path.join(dir, relative);
  const module = { exports: {} };
  try {
    process.dlopen(module, file, os.constants.dlopen.RTLD_NOW);
  } catch (error) {
    const hint = /map segment|permission denied/i.test(String(error.message))
      ? " (is the cache folder on a noexec mount? set CACHE_DIR to a folder that allows executables)"
      : "";
    throw new Error(`cannot load ${file}: ${error.message}${hint}`);
  }
  return module.exports;
}

module.exports = loadAddon;
