#!/usr/bin/env node
// Make a memory snapshot of Pyodide with the engine imported, for the browser to start from
// (rulesite/runtime/stdlib.py: snapshot; docs/assets/examples/worker.js loads it on phones).
//
//   node rulesite/runtime/snapshot.mjs RUNTIME_DIR STDLIB.zip ENGINE.zip OUT.bin
//
// RUNTIME_DIR holds the Pyodide the site ships (reduced wasm: rulesite/runtime/wasm.py runtime); the
// snapshot is only valid with exactly these files. It is made after the standard library and
// the engine are imported and nothing else has run: no game, no reader's code. The worker
// reseeds `random` after restoring it, and every deal and engine seed comes from the page.
// What the image fixes for every reader: the string hash seed (nothing secret depends on it)
// and the environment (LANG=C.UTF-8; nothing here reads it).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dir, stdlib, engine, out] = process.argv.slice(2);
if (!out) {
  process.stderr.write("usage: snapshot.mjs RUNTIME_DIR STDLIB.zip ENGINE.zip OUT.bin\n");
  process.exit(2);
}
const root = path.resolve(dir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(root + "pyodide.mjs").href);
const lock = JSON.parse(fs.readFileSync(root + "pyodide-lock.json", "utf8"));
const pyodide = await loadPyodide({
  indexURL: root,
  stdLibURL: path.resolve(stdlib),
  lockFileContents: { info: lock.info, packages: {} },
  _makeSnapshot: true,
  // What a browser's Pyodide calls itself: the default would be this script's path on the
  // build machine, kept in the image (sys.executable, the environment's "_").
  _sysExecutable: "./this.program",
  stdout: () => {},
  stderr: (text) => process.stderr.write(text + "\n"),
});
pyodide.FS.writeFile("/lib/hk-engine.zip", new Uint8Array(fs.readFileSync(engine)));
// The same imports as the worker's PREPARE; gc leaves fewer dead objects in the image.
pyodide.runPython(`
import gc, sys
sys.path.insert(0, "/lib/hk-engine.zip")
import gamekit  # the runner, then every registered game's plug-in, over their engines
for game_id in gamekit.GAMES:
    gamekit.plugin(game_id)
gc.collect()
`);
fs.writeFileSync(out, pyodide.makeMemorySnapshot());
