// The engine in a module Web Worker: loads the self-hosted Pyodide with the site's reduced
// standard library, puts the compiled engine on sys.path, and runs examples' code on request.
// One job: run Python, answer JSON.
//
// Messages in:  {type: "init", pyodide, stdlib, lock, engine, game}
//               (URLs; pyodide is the runtime's folder, lock the "info" of its lock file,
//               engine a zip of the engines and the gamekit package: rulesite/runtime/stdlib.py;
//               game the ID of the page's game in gamekit.GAMES; none: the only one)
//               {type: "run", id, code, strings}
//               {type: "call", id, fn, args}: calls the game's session function fn (a name
//               its plug-in lists in calls) with the JSON-ready array args, e.g.
//               {type: "call", id: 7, fn: "position", args: [record, strings, "A"]}
// Messages out: {type: "ready", timings} | {type: "failed", message}
//               {type: "progress", loaded, total}: bytes of the runtime received while it
//               starts, and the sizes of the files under way
//               {type: "started", id} just before the code runs (the caller's time limit starts)
//               {type: "result", id, json, fatal, python_ms}: runner.run's result plus
//               explain's texts and outcome and board's markup of each step (fatal: the
//               interpreter broke, start a new worker)
//               {type: "reply", id, json, fatal, python_ms} for a call: json is the function's
//               return value as JSON text (session.py returns {"error": ...} rather than
//               raising; an unknown fn or a Python exception gives {"error": {kind: "call",
//               message}}); fatal as for a run. A "started" comes first, as for a run.
//
// The same gamekit package runs at build time or in tests in CPython (rulesite/pages/examples.py,
// tests/session/).

const t0 = performance.now();
const timings = {};
const mark = (name) => { timings[name] = Math.round(performance.now() - t0); };

const WARM_UP_RUNS = 60; // measured: about 0.25 s of work in all, then runs take a few ms
const WARM_UP_BUDGET_MS = 800; // at most this much background work
const CACHE = "hk-runtime"; // Cache Storage: the runtime's files, under content-named URLs
let warmRuns = 0;
let ready = null;
let runExample = null;
let callSession = null;
// The game the page plays (init's game: an ID of gamekit.GAMES). Undefined, not null, when the
// page names none: Pyodide passes undefined as None but null as its own jsnull.
let gameId;
let failed = false;
let keep = []; // URL prefixes of this version's runtime files: kept in the cache for good
const early = new Map(); // URL -> response promise, fetched before Pyodide asks for it
let booted = false; // Python is up (the "ready" message went out)

function fail(message) {
  if (failed) return;
  failed = true;
  self.postMessage({ type: "failed", message });
}

// Every fetch of the worker goes through here, Pyodide's own included:
// - a missing or broken file ends the start-up with an error (Pyodide would log it and wait
//   for ever);
// - the runtime's files (their URLs change with their content) come from Cache Storage once
//   they have been fetched, whatever the host's cache headers say (GitHub Pages: 10 minutes);
// - the build ships the runtime gzipped (rulesite/runtime/assets.py: hosts send a .gz file as it is):
//   Pyodide's request for the wasm gets the .gz, unpacked on the way, still streaming.
const plainFetch = self.fetch.bind(self);
self.fetch = async (resource, options) => {
  const url = String(resource instanceof Request ? resource.url : resource);
  // The site's own files only: code edited in an example box (js.fetch) reaches no other
  // host. A page's CSP does not govern a worker, and a static host sets no header for it.
  if (new URL(url, self.location.href).origin !== self.location.origin) {
    throw new TypeError(`${url}: only this site's own files can be fetched here`);
  }
  const file = url.endsWith(".wasm") ? url + ".gz" : url;
  try {
    const response = await (early.get(file)
      || cached(file, () => plainFetch(file === url ? resource : file, options)));
    early.delete(file);
    if (response.ok) return file.endsWith(".gz") ? unpacked(response, url) : response;
    fail(`${file}: HTTP ${response.status}`);
    return booted ? response : stalled();
  } catch (error) {
    fail(`${file}: ${error && error.message || error}`);
    if (booted) throw error;
    return stalled();
  }
};

// A download that fails while the worker starts is reported once (fail): the runtime then
// ends this worker. Left pending, it reaches no console (Pyodide holds some of its fetches a
// while before awaiting them, so a rejection would show as uncaught, or as its own warning).
function stalled() {
  return new Promise(() => {});
}

// WebAssembly.instantiateStreaming needs the wasm's type.
function unpacked(response, url) {
  const headers = url.endsWith(".wasm") ? { "Content-Type": "application/wasm" } : {};
  return new Response(response.body.pipeThrough(new DecompressionStream("gzip")), { headers });
}

async function openCache() {
  try {
    return self.caches ? await self.caches.open(CACHE) : null;
  } catch (error) {
    return null; // no Cache Storage here (an opaque origin, some private modes)
  }
}

async function cached(url, get) {
  const store = keep.some((prefix) => url.startsWith(prefix)) ? await openCache() : null;
  const hit = store && await store.match(url);
  if (hit) return hit;
  const response = counted(await get());
  if (store && response.ok) store.put(url, response.clone()).catch(() => {});
  return response;
}

// The bytes of the runtime received so far, and of the files started (their Content-Length),
// told to the page while the worker starts: a phone spends seconds here, and a bar that moves
// says more than a sentence.
const download = { loaded: 0, total: 0, told: 0 };
const PROGRESS_EVERY_MS = 150;

function counted(response) {
  if (booted || !response.ok || !response.body) return response;
  download.total += Number(response.headers.get("Content-Length")) || 0;
  const counter = new TransformStream({
    transform(chunk, controller) {
      download.loaded += chunk.byteLength;
      tell();
      controller.enqueue(chunk);
    },
  });
  return new Response(response.body.pipeThrough(counter),
    { status: response.status, statusText: response.statusText, headers: response.headers });
}

function tell() {
  const done = download.total > 0 && download.loaded >= download.total;
  if (done && !("downloaded" in timings)) mark("downloaded");
  const now = performance.now();
  if (!done && now - download.told < PROGRESS_EVERY_MS) return;
  download.told = now;
  self.postMessage({ type: "progress", loaded: download.loaded, total: download.total });
}

// Older versions' files leave the cache once this one has started.
async function prune() {
  const store = await openCache();
  if (!store) return;
  for (const request of await store.keys()) {
    if (!keep.some((prefix) => request.url.startsWith(prefix))) store.delete(request);
  }
}

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
        json = runExample(gameId, message.code, strings);
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
  } else if (message.type === "call") {
    (ready || Promise.reject(new Error("not initialised"))).then((ok) => {
      if (!ok) return;
      self.postMessage({ type: "started", id: message.id });
      const started = performance.now();
      let json;
      let fatal = false;
      try {
        json = callSession(gameId, message.fn, JSON.stringify(message.args || []));
      } catch (error) {
        fatal = true; // as for a run: the interpreter itself failed
        json = JSON.stringify({ error: { kind: "call", message: String(error && error.message
          || error) } });
      }
      self.postMessage({ type: "reply", id: message.id, json, fatal,
        python_ms: performance.now() - started });
    });
  }
};

// The engines and gamekit (the game's plug-in: runner, words, boards, session) are imported
// from their zip on sys.path (no unpacking, no compiling). Returns the run and call functions
// for the game the page named (gamekit.GAMES; none: the site's only game).
const PREPARE = `
import json, sys

sys.path.insert(0, "/lib/hk-engine.zip")
import gamekit

def _hk_call(game, fn, args):
    return json.dumps(gamekit.call(game, fn, json.loads(args)), ensure_ascii=False)

def _hk_run(game, code, strings):
    return json.dumps(gamekit.run(game, code, json.loads(strings)), ensure_ascii=False)

(_hk_run, _hk_call)`;

// A new interpreter has run little code, so the browser has not optimised it yet: runs take
// 20 to 60 ms instead of a few until then. Repeating the first example's run in the
// background, one at a time between the readers' runs, gets it there within a second.
function warmUp(code, strings) {
  if (warmRuns >= WARM_UP_RUNS || (timings.warm_up_ms || 0) > WARM_UP_BUDGET_MS) return;
  setTimeout(() => {
    const t = performance.now();
    try {
      runExample(gameId, code, strings);
    } catch (error) {
      warmRuns = WARM_UP_RUNS; // nothing to gain from a failing run
    }
    timings.warm_up_ms = (timings.warm_up_ms || 0) + (performance.now() - t);
    warmRuns += 1;
    warmUp(code, strings);
  }, 0);
}

// A promise awaited later: its failure is reported then (with its URL), not as unhandled now.
function quiet(promise) {
  promise.catch(() => {});
  return promise;
}

async function bytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// pyodide.asm.mjs, shipped gzipped: imported from its unpacked text.
async function emscriptenModule(url) {
  const address = URL.createObjectURL(new Blob([await bytes(url)], { type: "text/javascript" }));
  try {
    return (await import(address)).default;
  } finally {
    URL.revokeObjectURL(address);
  }
}

async function init(urls) {
  try {
    keep = [urls.pyodide, urls.engine];
    gameId = urls.game || undefined;
    // Everything at once, before Pyodide's loader has even arrived: the wasm (compiled while
    // it streams in), the standard library, the engine and the loader's own module.
    for (const url of [urls.pyodide + "pyodide.asm.wasm.gz", urls.stdlib]) {
      early.set(url, quiet(cached(url, () => plainFetch(url))));
    }
    const engine = quiet(bytes(urls.engine));
    const emscripten = quiet(emscriptenModule(urls.pyodide + "pyodide.asm.mjs.gz"));
    const { loadPyodide } = await import(urls.pyodide + "pyodide.mjs");
    mark("imported");
    // When the wasm is compiled and instantiated (it compiles while it streams in): the
    // phases of the start-up are measured apart (benchmarks/browser_examples.py --phone).
    const instantiate = WebAssembly.instantiateStreaming;
    WebAssembly.instantiateStreaming = async (...args) => {
      const result = await instantiate(...args);
      mark("wasm");
      return result;
    };
    const pyodide = await loadPyodide({
      indexURL: urls.pyodide,
      stdLibURL: urls.stdlib,
      createPyodideModule: await emscripten, // instead of importing pyodide.asm.mjs itself
      lockFileContents: { info: urls.lock, packages: {} }, // no packages: no lock file to fetch
      stdout: () => {},
      stderr: () => {},
    });
    mark("loaded");
    pyodide.FS.writeFile("/lib/hk-engine.zip", await engine);
    const prepared = pyodide.runPython(PREPARE);
    runExample = prepared.get(0);
    callSession = prepared.get(1);
    prepared.destroy();
    mark("engine");
    self.postMessage({ type: "ready", timings });
    booted = true;
    prune();
    return true;
  } catch (error) {
    fail(String(error && error.message || error));
    return false;
  }
}
