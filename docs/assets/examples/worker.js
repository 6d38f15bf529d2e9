// The engine in a module Web Worker: loads the self-hosted Pyodide, installs the engine wheel
// into site-packages, and runs examples' code on request. One job: run Python, answer JSON.
//
// Messages in:  {type: "init", pyodide, wheel, runner, explain, board, snapshot}  (URLs, snapshot or "")
//               {type: "run", id, code, strings}
// Messages out: {type: "ready", timings} | {type: "failed", message, snapshot}
//               {type: "started", id} just before the code runs (the caller's time limit starts)
//               {type: "result", id, json, fatal, python_ms}: runner.run's result plus
//               explain's texts and outcome and board's markup of each step (fatal: the
//               interpreter broke, start a new worker)
//
// The same runner.py, explain.py and board.py run at build time in CPython (rulesite/examples.py).

const t0 = performance.now();
const timings = {};
const mark = (name) => { timings[name] = Math.round(performance.now() - t0); };

const WARM_UP_RUNS = 60; // measured: about 0.25 s of work in all, then runs take a few ms
const WARM_UP_BUDGET_MS = 800; // at most this much background work
let warmRuns = 0;
let ready = null;
let runExample = null;
let failed = false;

function fail(message, snapshot) {
  if (failed) return;
  failed = true;
  self.postMessage({ type: "failed", message, snapshot });
}

// Pyodide logs a download that fails while it starts and then waits for ever: every fetch of
// the worker is watched, so that a missing or broken file ends the start-up with an error.
const plainFetch = self.fetch.bind(self);
self.fetch = async (resource, options) => {
  const url = String(resource instanceof Request ? resource.url : resource);
  try {
    const response = await plainFetch(resource, options);
    if (!response.ok) fail(`${url}: HTTP ${response.status}`, url.endsWith(".gz"));
    return response;
  } catch (error) {
    fail(`${url}: ${error && error.message || error}`, url.endsWith(".gz"));
    throw error;
  }
};

self.onmessage = (event) => {
  const message = event.data;
  if (message.type === "init" && !ready) {
    ready = init(message);
  } else if (message.type === "run") {
    (ready || Promise.reject(new Error("not initialised"))).then((ok) => {
      if (!ok) return;
      self.postMessage({ type: "started", id: message.id });
      const started = performance.now();
      const strings = JSON.stringify(message.strings);
      let json;
      let fatal = false;
      try {
        json = runExample(message.code, strings);
      } catch (error) {
        // runner.py catches every Python exception: this is the interpreter itself failing
        // (out of memory, a fatal error). Report it; the caller starts a fresh worker.
        fatal = true;
        json = JSON.stringify({ error: { kind: "exception", type: error && error.name || "Error",
          message: String(error && error.message || error), line: null }, output: "" });
      }
      self.postMessage({ type: "result", id: message.id, json, fatal,
        python_ms: performance.now() - started });
      if (!fatal) warmUp(message.code, strings);
    });
  }
};

// Imports the engine and the runner (already imported if they came with the snapshot and are
// the files just installed: the snapshot records their hash) and returns the run function.
const PREPARE = `
import importlib, json, sys

import hk_example_runner as _hk_runner  # the snapshot's copy, or the installed file

_hk_engine_in_snapshot = getattr(sys, "_hk_snapshot_key", None) == _hk_runner.snapshot_key(_hk_site)
if not _hk_engine_in_snapshot:
    for _name in [n for n in sys.modules
                  if n.split(".")[0] in ("hanamikoji", "hk_example_runner", "hk_example_explain",
                                         "hk_example_board")]:
        del sys.modules[_name]
    importlib.invalidate_caches()

import hk_example_board
import hk_example_explain
import hk_example_runner

def _hk_run(code, strings):
    result = hk_example_runner.run(code)
    if "steps" in result:
        ui = json.loads(strings)
        result.update(hk_example_explain.explain(result["steps"], ui))
        result["boards"] = hk_example_board.boards(result["steps"], ui)
    return json.dumps(result, ensure_ascii=False)

_hk_run`;

// A restored interpreter has run little code, so the browser has not optimised it yet: runs
// take 20 to 60 ms instead of a few until then. Repeating the first example's run in the
// background, one at a time between the readers' runs, gets it there within a second.
function warmUp(code, strings) {
  if (warmRuns >= WARM_UP_RUNS || (timings.warm_up_ms || 0) > WARM_UP_BUDGET_MS) return;
  setTimeout(() => {
    const t = performance.now();
    try {
      runExample(code, strings);
    } catch (error) {
      warmRuns = WARM_UP_RUNS; // nothing to gain from a failing run
    }
    timings.warm_up_ms = (timings.warm_up_ms || 0) + (performance.now() - t);
    warmRuns += 1;
    warmUp(code, strings);
  }, 0);
}

async function bytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function text(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

// A memory snapshot of an interpreter that has already started (made at build time by
// rulesite/examples_snapshot.mjs) skips most of Python's start-up. It is gzipped on disk.
async function snapshotBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
  const data = new Uint8Array(await new Response(stream).arrayBuffer());
  mark("snapshot");
  return data;
}

async function init(urls) {
  const useSnapshot = Boolean(urls.snapshot) && typeof DecompressionStream === "function";
  try {
    // Everything is fetched at once; Pyodide's own module is imported meanwhile.
    const wheel = bytes(urls.wheel);
    const sources = Promise.all([text(urls.runner), text(urls.explain), text(urls.board)]);
    const snapshot = useSnapshot ? snapshotBytes(urls.snapshot) : null;
    import(urls.pyodide + "pyodide.asm.mjs").catch(() => null); // warms the module cache
    const { loadPyodide } = await import(urls.pyodide + "pyodide.mjs");
    mark("imported");
    const options = { indexURL: urls.pyodide, stdout: () => {}, stderr: () => {} };
    if (snapshot) options._loadSnapshot = snapshot;
    const pyodide = await loadPyodide(options);
    mark("loaded");
    const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
    const wheelBytes = await wheel;
    pyodide.FS.writeFile("/tmp/hk-engine.whl", wheelBytes);
    pyodide.unpackArchive(wheelBytes, "wheel", { extractDir: sitePackages });
    const [runner, explain, board] = await sources;
    pyodide.FS.writeFile(`${sitePackages}/hk_example_runner.py`, runner);
    pyodide.FS.writeFile(`${sitePackages}/hk_example_explain.py`, explain);
    pyodide.FS.writeFile(`${sitePackages}/hk_example_board.py`, board);
    pyodide.globals.set("_hk_site", sitePackages);
    runExample = pyodide.runPython(PREPARE);
    mark("engine");
    timings.snapshot_used = Boolean(snapshot);
    timings.engine_in_snapshot = pyodide.runPython("_hk_engine_in_snapshot");
    self.postMessage({ type: "ready", timings });
    return true;
  } catch (error) {
    fail(String(error && error.message || error), useSnapshot);
    return false;
  }
}
