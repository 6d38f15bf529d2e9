// The engine in a module Web Worker: loads the self-hosted Pyodide with the site's reduced
// standard library, puts the compiled engine on sys.path, and runs examples' code on request.
// One job: run Python, answer JSON.
//
// Messages in:  {type: "init", pyodide, stdlib, lock, engine, snapshot, sha256, game}
//               (URLs; pyodide is the runtime's folder, lock the "info" of its lock file,
//               engine a zip of the engines and the gamekit package (with a snapshot; without,
//               the page's game's alone): rulesite/runtime/stdlib.py, runtime.js;
//               snapshot, or null, the runtime's memory with all of them imported, to start
//               from: rulesite/runtime/snapshot.mjs, policy.js; sha256 the digest of each file
//               kept in Cache Storage, by its name in the runtime's folder, or "engine" (the
//               zip given) / "snapshot": rulesite/runtime/assets.py; game the ID of the page's game in
//               gamekit.GAMES; none: the only one)
//               {type: "run", id, code, strings}
//               {type: "call", id, fn, args}: calls the game's session function fn (a name
//               its plug-in lists in calls) with the JSON-ready array args, e.g.
//               {type: "call", id: 7, fn: "position", args: [record, strings, "A"]}
// Messages out: {type: "ready", timings} | {type: "failed", message, damaged}
//               (damaged: the name of a downloaded file whose content is not what its
//               SHA-256 says; it was not kept, and a new worker downloads it again)
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
/** @type {Record<string, number>} */
const timings = { origin: performance.timeOrigin + t0 }; // the page maps the marks by it
const mark = (/** @type {string} */ name) => { timings[name] = Math.round(performance.now() - t0); };

const WARM_UP_RUNS = 60; // measured: about 0.25 s of work in all, then runs take a few ms
const WARM_UP_BUDGET_MS = 800; // at most this much background work
// Named before the site held a second game ("hk-": Hanamikoji's initials, where the site's
// own names now start "rs-"), and kept: readers' browsers hold it under this name.
const CACHE = "hk-runtime"; // Cache Storage: the runtime's files, under content-named URLs
let warmRuns = 0;
/** @type {Promise<boolean> | null} */
let ready = null;
/** @type {((game: string | undefined, code: string, strings: string) => string) | null} */
let runExample = null;
/** @type {((game: string | undefined, fn: string, args: string) => string) | null} */
let callSession = null;
// The game the page plays (init's game: an ID of gamekit.GAMES). Undefined, not null, when the
// page names none: Pyodide passes undefined as None but null as its own jsnull.
/** @type {string | undefined} */
let gameId;
let failed = false;
/** @type {string[]} */
let keep = []; // URL prefixes of this version's runtime files: kept in the cache for good
/** @type {Map<string, string>} */
const digests = new Map(); // URL -> the SHA-256 (hex) its content must have to be cached or used
/** @type {Promise<unknown>[]} */
const checks = []; // checks of downloads under way: "ready" waits for them
/** @type {Map<string, Promise<Response>>} */
const early = new Map(); // URL -> response promise, fetched before Pyodide asks for it
let booted = false; // Python is up (the "ready" message went out)
let wasmTaken = false; // init fetched the wasm (to compile it as it streams in)

/** @param {string} message @param {string | null} [damaged] */
function fail(message, damaged = null) {
  if (failed) return;
  failed = true;
  self.postMessage({ type: "failed", message, damaged });
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
  // Pyodide's own request for the wasm: the worker compiles it already (init), and Pyodide
  // instantiates that module; this answer is never read.
  if (wasmTaken && !booted && file.endsWith(".wasm.gz")) {
    return new Response(new Uint8Array(0), { headers: { "Content-Type": "application/wasm" } });
  }
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
/** @param {Response} response @param {string} url */
function unpacked(response, url) {
  /** @type {Record<string, string>} */
  const headers = url.endsWith(".wasm") ? { "Content-Type": "application/wasm" } : {};
  if (!response.body) throw new Error("no body"); // a 200 with none: reported, as HTTP errors are
  return new Response(response.body.pipeThrough(new DecompressionStream("gzip")), { headers });
}

async function openCache() {
  try {
    return self.caches ? await self.caches.open(CACHE) : null;
  } catch {
    return null; // no Cache Storage here (an opaque origin, some private modes)
  }
}

// The runtime's files and the engine stay in Cache Storage for good, so only content with the
// SHA-256 the page gives goes in, and a cached copy is checked before each use: a broken
// download or a damaged disk entry would otherwise break every later start-up.
// - A cached copy is read whole and hashed first (a local read: the wasm still compiles from
//   memory), and a damaged one is dropped and downloaded once more.
// - A download is teed: the caller reads one branch as it arrives (the wasm compiles while it
//   streams in, as before), the other is hashed once complete and only then cached. A
//   mismatch ends the start-up (fail), and is not cached: the next start downloads it again.
/** @param {string} url @param {() => Promise<Response>} get */
async function cached(url, get) {
  const expected = digests.get(url);
  const store = expected && keep.some((prefix) => url.startsWith(prefix)) ? await openCache()
    : null;
  const hit = store && await store.match(url);
  if (hit) {
    const body = await hit.arrayBuffer();
    if (await sha256(body) === expected) {
      return new Response(body, { status: hit.status, headers: hit.headers });
    }
    await store.delete(url).catch(() => {});
  }
  const response = counted(await get());
  if (!expected || !response.ok || !response.body) return response;
  const [theirs, mine] = response.body.tee();
  const check = kept(url, mine, expected, store, response.headers);
  checks.push(check);
  return new Response(theirs,
    { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** @param {string} url @param {ReadableStream<Uint8Array>} stream @param {string} expected
 *  @param {Cache | null} store @param {Headers} headers */
async function kept(url, stream, expected, store, headers) {
  let body;
  try {
    body = await new Response(stream).arrayBuffer();
  } catch {
    return; // the download broke: the caller's branch broke too, and says so
  }
  if (await sha256(body) !== expected) {
    const name = url.slice(url.lastIndexOf("/") + 1);
    fail(`${url}: the downloaded file does not have its SHA-256 ${expected}`, name);
    return;
  }
  // Written while Python starts and after: the start waits for the check only (writing
  // megabytes to disk took hundreds of milliseconds on a phone-class CPU).
  if (store) store.put(url, new Response(body, { headers })).catch(() => {});
}

/** @param {ArrayBuffer} buffer */
async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// The bytes of the runtime received so far, and of the files started (their Content-Length),
// told to the page while the worker starts: a phone spends seconds here, and a bar that moves
// says more than a sentence.
const download = { loaded: 0, total: 0, told: 0 };
const PROGRESS_EVERY_MS = 150;

/** @param {Response} response */
function counted(response) {
  if (booted || !response.ok || !response.body) return response;
  download.total += Number(response.headers.get("Content-Length")) || 0;
  // Each file's first and last bytes, in the start-up's timings (benchmarks/: the phone mode).
  const name = response.url.slice(response.url.lastIndexOf("/") + 1).replace(/\.gz$/, "");
  const counter = new TransformStream({
    transform(chunk, controller) {
      if (!(`${name}_first` in timings)) mark(`${name}_first`);
      download.loaded += chunk.byteLength;
      tell();
      controller.enqueue(chunk);
    },
    flush() {
      mark(`${name}_last`);
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
      if (!ok || !runExample) return; // ok: init has set runExample
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
      if (!ok || !callSession) return; // ok: init has set callSession
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
// for the game the page named (gamekit.GAMES; none: the site's first game).
const PREPARE = `
import json, random, sys

# A snapshot was made with the engines' zip on the path, and with random seeded at build
# time: each worker draws its own seed (deals and engine seeds come from the page anyway).
if "/lib/rs-engine.zip" not in sys.path:
    sys.path.insert(0, "/lib/rs-engine.zip")
random.seed()
import gamekit

def _hk_call(game, fn, args):
    return json.dumps(gamekit.call(game, fn, json.loads(args)), ensure_ascii=False)

def _hk_run(game, code, strings):
    return json.dumps(gamekit.run(game, code, json.loads(strings)), ensure_ascii=False)

(_hk_run, _hk_call)`;

// A new interpreter has run little code, so the browser has not optimised it yet: runs take
// 20 to 60 ms instead of a few until then. Repeating the first example's run in the
// background, one at a time between the readers' runs, gets it there within a second.
/** @param {string} code @param {string} strings JSON */
function warmUp(code, strings) {
  if (warmRuns >= WARM_UP_RUNS || (timings.warm_up_ms || 0) > WARM_UP_BUDGET_MS) return;
  setTimeout(() => {
    const t = performance.now();
    try {
      if (runExample) runExample(gameId, code, strings);
    } catch {
      warmRuns = WARM_UP_RUNS; // nothing to gain from a failing run
    }
    timings.warm_up_ms = (timings.warm_up_ms || 0) + (performance.now() - t);
    warmRuns += 1;
    warmUp(code, strings);
  }, 0);
}

// A promise awaited later: its failure is reported then (with its URL), not as unhandled now.
/** @template T @param {Promise<T>} promise */
function quiet(promise) {
  promise.catch(() => {});
  return promise;
}

/** @param {string} url */
async function bytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// pyodide.asm.mjs, shipped gzipped: imported from its unpacked text.
/** @param {string} url */
async function emscriptenModule(url) {
  const address = URL.createObjectURL(new Blob([await bytes(url)], { type: "text/javascript" }));
  try {
    return (await import(address)).default;
  } finally {
    URL.revokeObjectURL(address);
  }
}

// The snapshot (rulesite/runtime/snapshot.mjs), read as it arrives: Pyodide's header first,
// which its loader takes in place of the whole image (its restoreSnapshot then copies no
// memory), so that it instantiates the runtime while the rest still downloads; then the
// blocks of the memory that differ from the wasm's initial memory (XOR): restored().
/** @typedef {{length: number, block: number, prefix: number}} Layout the memory's length,
 *  the blocks' and the initial memory's start that is not all zeros (snapshot.mjs) */
/** @typedef {{bitmap: Uint8Array, data: Uint8Array}} Blocks */
/** @param {string} url
 *  @returns {{header: Promise<Uint8Array>, layout: Promise<Layout>, blocks: Promise<Blocks>}} */
function snapshotOf(url) {
  /** @type {(start: {header: Uint8Array, layout: Layout}) => void} */
  let give = () => {};
  /** @type {(error: unknown) => void} */
  let refuse = () => {};
  /** @type {Promise<{header: Uint8Array, layout: Layout}>} */
  const start = new Promise((resolve, reject) => {
    give = resolve;
    refuse = reject;
  });
  const blocks = (async () => {
    const response = await fetch(url);
    if (!response.ok || !response.body) throw new Error(`${url}: HTTP ${response.status}`);
    const reader = response.body.getReader();
    const take = taker(reader, url);
    const first = await take(8);
    const size = new Uint32Array(first.buffer)[1]; // the header's length (Pyodide's image)
    if (size < 8 || size % 4) throw new Error(`${url}: not a snapshot (a ${size}-byte header)`);
    const header = new Uint8Array(size);
    header.set(first);
    header.set(await take(size - 8), 8);
    const [length, block, prefix] = new Uint32Array((await take(12)).buffer);
    if (!block || block % 4 || length % block || prefix % block || prefix > length) {
      throw new Error(`${url}: not a snapshot (memory ${length}, blocks ${block}, ${prefix})`);
    }
    give({ header, layout: { length, block, prefix } });
    const bitmap = await take(Math.ceil(length / block / 8));
    let count = 0;
    for (let i = 0; i < length / block; i += 1) if (bitmap[i >> 3] & (1 << (i & 7))) count += 1;
    const data = await take(count * block);
    if (!(await reader.read()).done) throw new Error(`${url}: longer than its blocks`);
    return { bitmap, data };
  })();
  blocks.catch(refuse); // a failure before the header: Pyodide's loader fails with it
  return { header: quiet(start.then((s) => s.header)), layout: quiet(start.then((s) => s.layout)),
    blocks: quiet(blocks) };
}

// Reads exactly `length` bytes at a time from a stream, each into one new array.
/** @param {ReadableStreamDefaultReader<Uint8Array>} reader @param {string} url */
function taker(reader, url) {
  /** @type {Uint8Array} */
  let rest = new Uint8Array(0);
  return async (/** @type {number} */ length) => {
    const out = new Uint8Array(length);
    let filled = 0;
    while (filled < length) {
      if (!rest.length) {
        const { done, value } = await reader.read();
        if (done) throw new Error(`${url}: shorter than its header says`);
        rest = value;
      }
      const n = Math.min(rest.length, length - filled);
      out.set(rest.subarray(0, n), filled);
      rest = rest.subarray(n);
      filled += n;
    }
    return out;
  };
}

// The snapshot's memory put back, once the runtime has started (its start changes the memory
// the instance began with): the initial memory's start as instantiated (`initial`), zeros
// after it, and the blocks that differ from it. What Pyodide's restoreSnapshot would do with
// the whole image, without unpacking and copying 30 MB (snapshot.mjs).
/** @param {Layout} layout @param {Blocks} blocks @param {Uint8Array} initial
 *  @param {WebAssembly.Memory} memory */
function restored({ length, block }, { bitmap, data }, initial, memory) {
  if (length > memory.buffer.byteLength) {
    throw new Error(`the snapshot's memory (${length} bytes) is larger than the runtime's`);
  }
  const bytes = new Uint8Array(memory.buffer, 0, length);
  bytes.set(initial);
  bytes.fill(0, initial.length);
  const words = block >>> 2;
  const mine = new Uint32Array(memory.buffer, 0, length >>> 2);
  const theirs = new Uint32Array(data.buffer, data.byteOffset, data.length >>> 2);
  let at = 0;
  for (let i = 0; i < length / block; i += 1) {
    if (!(bitmap[i >> 3] & (1 << (i & 7)))) continue;
    for (let w = 0, base = i * words; w < words; w += 1) mine[base + w] ^= theirs[at + w];
    at += words;
  }
}

/** @param {{pyodide: string, stdlib: string, lock: import("pyodide").LockfileInfo, engine: string,
 *  snapshot?: string | null, sha256?: Record<string, string>, game?: string | null}} urls */
async function init(urls) {
  try {
    // The engine's whole folder (named by its content): every game's zip and each game's own,
    // and the snapshot, are this version's; a page of another game uses its own zip from it.
    keep = [urls.pyodide, new URL("./", urls.engine).href];
    gameId = urls.game || undefined;
    for (const [name, digest] of Object.entries(urls.sha256 || {})) {
      const url = name === "engine" ? urls.engine
        : name === "snapshot" ? urls.snapshot : urls.pyodide + name;
      if (url) digests.set(url, digest);
    }
    // Everything at once, before Pyodide's loader has even arrived: the wasm (compiled while
    // it streams in), the standard library, the snapshot, the engine and the loader's module.
    // Pyodide would compile the wasm only once a snapshot has arrived: it gets the module
    // compiled here instead (instantiateStreaming below).
    const compiled = quiet(fetch(urls.pyodide + "pyodide.asm.wasm")
      .then((response) => WebAssembly.compileStreaming(response))
      .then((module) => { mark("compiled"); return module; }));
    wasmTaken = true;
    early.set(urls.stdlib, quiet(cached(urls.stdlib, () => plainFetch(urls.stdlib))));
    const snapshot = urls.snapshot ? snapshotOf(urls.snapshot) : null; // unpacked by fetch
    const engine = quiet(bytes(urls.engine));
    const emscripten = quiet(emscriptenModule(urls.pyodide + "pyodide.asm.mjs.gz"));
    /** @type {typeof import("pyodide")} */
    const { loadPyodide } = await import(urls.pyodide + "pyodide.mjs");
    mark("imported");
    // When the wasm is compiled and instantiated: the phases of the start-up are measured
    // apart (benchmarks/browser_examples.py --phone).
    /** @type {{memory: WebAssembly.Memory, initial: Uint8Array} | null} */
    let made = null;
    WebAssembly.instantiateStreaming = async (_source, imports) => {
      const module = await compiled;
      const instance = await WebAssembly.instantiate(module, imports);
      const memory = /** @type {WebAssembly.Memory} */ (instance.exports.memory);
      if (snapshot) {
        const { prefix } = await snapshot.layout;
        made = { memory, initial: new Uint8Array(memory.buffer.slice(0, prefix)) };
      }
      mark("wasm");
      return { module, instance };
    };
    const factory = await emscripten;
    const pyodide = await loadPyodide({
      indexURL: urls.pyodide,
      stdLibURL: urls.stdlib,
      // Instead of importing pyodide.asm.mjs itself; from a snapshot, the runtime started
      // (before Pyodide restores its state from the header: see snapshotOf), its memory is put
      // back.
      createPyodideModule: async (/** @type {object} */ settings) => {
        const module = await factory(settings);
        mark("started");
        if (snapshot && made) {
          restored(await snapshot.layout, await snapshot.blocks, made.initial, made.memory);
          mark("restored");
        }
        return module;
      },
      lockFileContents: { info: urls.lock, packages: {} }, // no packages: no lock file to fetch
      ...(snapshot ? { _loadSnapshot: snapshot.header } : {}),
      stdout: () => {},
      stderr: () => {},
    });
    mark("loaded");
    pyodide.FS.writeFile("/lib/rs-engine.zip", await engine);
    const prepared = pyodide.runPython(PREPARE);
    runExample = prepared.get(0);
    callSession = prepared.get(1);
    prepared.destroy();
    mark("engine");
    await Promise.all(checks); // every download checked (a mismatch has already failed)
    mark("checked");
    if (failed) return false;
    self.postMessage({ type: "ready", timings });
    booted = true;
    prune();
    return true;
  } catch (error) {
    // A damaged download breaks the start-up before its check ends: the check says why.
    await Promise.all(checks);
    fail(String(error && error.message || error));
    return false;
  }
}
