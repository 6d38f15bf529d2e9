#!/usr/bin/env node
// Make the memory snapshot that lets the live examples start Python quickly in the browser.
//
//   node rulesite/examples_snapshot.mjs PYODIDE_DIR WHEEL RUNNER_PY EXPLAIN_PY BOARD_PY OUT.bin.gz
//
// Starts the self-hosted Pyodide, installs the engine wheel and the examples' runner, imports
// them (importing costs Pyodide about half a second), records a hash of those files, and
// writes the interpreter's memory, gzipped. The worker imports the engine afresh whenever the
// hash of the files it installs differs. The browser hands it to loadPyodide
// (_loadSnapshot, experimental in Pyodide 314) and falls back to an ordinary start if it fails.
// Called by rulesite/examples.py: write_snapshot().
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

const [dir, wheel, runner, explain, board, out] = process.argv.slice(2);
if (!out) {
  process.stderr.write("usage: examples_snapshot.mjs PYODIDE_DIR WHEEL RUNNER EXPLAIN BOARD OUT\n");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: path.resolve(dir) + path.sep,
  _makeSnapshot: true,
  stdout: () => {},
  stderr: (text) => process.stderr.write(text + "\n"),
});
// The same files at the same places as worker.js writes them, so that the worker can tell
// whether the engine in the snapshot is the one the site ships (see PREPARE in worker.js).
const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
const wheelBytes = new Uint8Array(fs.readFileSync(wheel));
pyodide.FS.writeFile("/tmp/hk-engine.whl", wheelBytes);
pyodide.unpackArchive(wheelBytes, "wheel", { extractDir: sitePackages });
pyodide.FS.writeFile(`${sitePackages}/hk_example_runner.py`, fs.readFileSync(runner, "utf8"));
pyodide.FS.writeFile(`${sitePackages}/hk_example_explain.py`, fs.readFileSync(explain, "utf8"));
pyodide.FS.writeFile(`${sitePackages}/hk_example_board.py`, fs.readFileSync(board, "utf8"));
pyodide.runPython(`
import gc, sys

import hanamikoji, hk_example_board, hk_example_explain, hk_example_runner
hk_example_runner.run("game = Game(seed=1, auto_deal=True)")
sys._hk_snapshot_key = hk_example_runner.snapshot_key(${JSON.stringify(sitePackages)})
gc.collect()
gc.freeze()  # what start-up made is there for good: later collections need not scan it
`);
const snapshot = pyodide.makeMemorySnapshot();
fs.writeFileSync(out, zlib.gzipSync(snapshot, { level: 9 }));
process.stdout.write(`${out} ${snapshot.length} bytes before gzip\n`);
