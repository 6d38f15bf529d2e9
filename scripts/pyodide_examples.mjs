#!/usr/bin/env node
// Run every live example inside Pyodide under node, set up as the browser's worker sets it up
// (docs/assets/examples/worker.js): the given standard library zip, the compiled engine zip on
// sys.path, then scripts/pyodide_examples.py. Prints that script's one JSON line.
//
//   node scripts/pyodide_examples.mjs STDLIB.zip ENGINE.zip INPUT.json [PYODIDE_DIR]
//
// With Pyodide's own python_stdlib.zip, the line lists every standard library module used:
// how rulesite/runtime/stdlib_modules.txt was made. With the reduced one, it shows that it is enough
// (tests/pyodide/test_reduced_stdlib.py).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [stdlib, engine, input, dir] = process.argv.slice(2);
// The tests pass the Pyodide folder with the wasm the site ships (rulesite/runtime/wasm.py).
const PYODIDE_DIR = path.resolve(dir || path.join(ROOT, "node_modules", "pyodide"));
if (!input) {
  process.stderr.write("usage: pyodide_examples.mjs STDLIB.zip ENGINE.zip INPUT.json [PYODIDE_DIR]\n");
  process.exit(2);
}
const lock = JSON.parse(fs.readFileSync(path.join(PYODIDE_DIR, "pyodide-lock.json"), "utf8"));
const { loadPyodide } = await import(pathToFileURL(path.join(PYODIDE_DIR, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: PYODIDE_DIR + path.sep,
  stdLibURL: path.resolve(stdlib),
  lockFileContents: { info: lock.info, packages: {} },
  stdout: (/** @type {string} */ text) => process.stdout.write(text + "\n"),
  stderr: (/** @type {string} */ text) => process.stderr.write(text + "\n"),
});
pyodide.FS.writeFile("/lib/rs-engine.zip", new Uint8Array(fs.readFileSync(engine)));
pyodide.FS.writeFile("/tmp/input.json", fs.readFileSync(input, "utf8"));
pyodide.globals.set("INPUT", "/tmp/input.json");
pyodide.runPython(fs.readFileSync(path.join(ROOT, "scripts", "pyodide_examples.py"), "utf8"));
