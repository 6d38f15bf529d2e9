// The worker's lifecycle: one engine worker per browser tab, shared by every example on the
// page (and kept across pages if Material's instant navigation is on). Runs go one at a time;
// a run that is stopped, or that passes the time limit, ends the worker and a fresh one starts.
//
//   const engine = runtime(urls);   // the tab's runtime (urls only count the first time)
//   engine.start();                 // boot now (idempotent); nothing loads before this
//                                   // (boot.js decides when: policy.js)
//   const answer = await engine.run(code, strings, { own: true });
//   // own: the page's own code; any other code runs in a worker that nothing else uses
//   // afterwards (see pump)
//   // answer: {ok: true, result, ms, python_ms}
//   //       or {ok: false, error: {kind: "timeout" | "stopped" | "engine", ...}}
//   answer.cancel();                // end that run, waiting or running
//   const reply = await engine.call("position", [record, strings, "A"], {timeLimit: 60000});
//   // a session.py function (worker.js "call"), in the same queue, with Stop and a time limit
//   // (default TIME_LIMIT_MS); reply as for run, result being the function's return value
//
// Events (engine.addEventListener): "state" with engine.state in
// "idle" | "loading" | "ready" | "running" | "restarting" | "failed"; "progress" while the
// runtime downloads, with engine.progress = {loaded, total} (bytes).

import { startsFromSnapshot } from "./policy.js";

export const TIME_LIMIT_MS = 5000;

/** @typedef {{worker: string, pyodide: string, stdlib: string, lock: object, engine: string,
 *  ownEngine: string | null, snapshot: string, sha256: Record<string, string>,
 *  game: string | null}}
 *  Urls the worker's script, and what it loads (worker.js: "init"); engine every game's,
 *  ownEngine the page's game's alone, if the build made it */
/** @typedef {{ok: boolean, result?: any, ms?: number, python_ms?: number,
 *  error?: {kind: string, message?: string, seconds?: number, damaged?: string | null}}}
 *  Answer */
/** @typedef {Promise<Answer> & {cancel: () => void}} Pending */
/** @typedef {{id: number, message: object, limit: number, resolve: (answer: Answer) => void,
 *  sent: number, started?: number, timer?: ReturnType<typeof setTimeout>, foreign: boolean}}
 *  Job sent: when pump() posted it (0 while it waits); foreign: code the reader edited */

/** @typedef {Runtime} Engine */

/** @type {Runtime | null} */
let shared = null;

/** @param {Urls} urls */
export function runtime(urls) {
  if (!shared) shared = new Runtime(urls);
  return shared;
}

class Runtime extends EventTarget {
  /** @param {Urls} urls */
  constructor(urls) {
    super();
    this.urls = urls;
    /** @type {Worker | null} */
    this.worker = null;
    this.state = "idle";
    /** @type {Job[]} */
    this.queue = [];
    /** @type {Job | null} */
    this.current = null;
    this.nextId = 1;
    /** @type {Record<string, number> | null} */
    this.timings = null;
    this.bootStarted = 0;
    /** @type {{loaded: number, total: number} | null} */
    this.progress = null;
    this.failure = null; // {message, damaged} of the last failed start-up
    this.tainted = false; // the worker ran code that is not the page's own
  }

  /** @param {string} state */
  setState(state) {
    this.state = state;
    this.dispatchEvent(new Event("state"));
  }

  start() {
    if (!this.worker) this.spawn(this.state === "idle" ? "loading" : "restarting");
    return this;
  }

  /** @param {string} state */
  spawn(state) {
    this.bootStarted = performance.now();
    performance.mark("rs-engine-boot");
    const worker = new Worker(this.urls.worker, { type: "module" });
    this.worker = worker;
    this.tainted = false;
    this.setState(state);
    worker.onmessage = (event) => this.receive(worker, event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      if (worker === this.worker) this.fail(event.message || "worker error");
    };
    const { pyodide, stdlib, lock, ownEngine, game } = this.urls;
    const snapshot = startsFromSnapshot() ? this.urls.snapshot || null : null;
    // The snapshot holds every game's engine imported: it needs the zip it was made with.
    // Without it, the page's game alone is enough (rulesite/runtime/assets.py game_engine).
    const own = snapshot || !ownEngine ? null : ownEngine;
    const engine = own || this.urls.engine;
    const sha256 = Object.fromEntries(Object.entries(this.urls.sha256)
      .filter(([name]) => !name.startsWith("engine."))
      .map(([name, digest]) => [name, name === "engine" && own
        ? this.urls.sha256[`engine.${game}`] : digest]));
    worker.postMessage({ type: "init", pyodide, stdlib, lock, engine, snapshot, sha256, game });
  }

  /** @param {Worker} worker @param {any} message */
  receive(worker, message) {
    if (worker !== this.worker) return; // a worker already replaced
    if (message.type === "ready") {
      const bootMs = Math.round(performance.now() - this.bootStarted);
      this.timings = { ...message.timings, boot_ms: bootMs };
      performance.mark("rs-engine-ready", { detail: this.timings });
      this.setState("ready");
      this.pump();
    } else if (message.type === "progress") {
      this.progress = { loaded: message.loaded, total: message.total };
      this.dispatchEvent(new Event("progress"));
    } else if (message.type === "failed") {
      if (this.state === "ready" || this.state === "running") return; // a late, harmless fetch
      this.fail(message.message, message.damaged);
    } else if (message.type === "started" && this.current && this.current.id === message.id) {
      this.current.started = performance.now();
      this.current.timer = setTimeout(() => this.abort("timeout"), this.current.limit);
    } else if ((message.type === "result" || message.type === "reply") && this.current
      && this.current.id === message.id) {
      const job = this.current;
      clearTimeout(job.timer);
      this.current = null;
      const ms = performance.now() - job.sent;
      job.resolve({ ok: true, result: JSON.parse(message.json), ms, python_ms: message.python_ms });
      if (message.fatal) {
        this.replace("restarting");
        return;
      }
      this.setState("ready");
      this.pump();
    }
  }

  // damaged: a runtime file whose content failed its SHA-256 check (worker.js), told to the
  // reader in their language (error.damaged) rather than as the worker's English message.
  /** @param {string} reason @param {string | null} [damaged] */
  fail(reason, damaged = null) {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.failure = { message: reason, damaged };
    this.setState("failed");
    const jobs = this.current ? [this.current, ...this.queue] : this.queue;
    this.current = null;
    this.queue = [];
    for (const job of jobs) {
      job.resolve({ ok: false, error: { kind: "engine", message: reason, damaged } });
    }
  }

  /** Queues a run; the promise has cancel(), which ends this run whether it waits or runs.
   * own: the code is the page's own (not edited by the reader). */
  /** @param {string} code @param {object} strings @param {{own?: boolean}} [options]
   *  @returns {Pending} */
  run(code, strings, { own = false } = {}) {
    return this.enqueue({ type: "run", code, strings }, TIME_LIMIT_MS, { foreign: !own });
  }

  // first: ahead of the jobs waiting (a reader waits on it; the examples' checks can wait).
  /** @param {string} fn @param {unknown[]} args @returns {Pending} */
  call(fn, args, { timeLimit = TIME_LIMIT_MS, first = false } = {}) {
    return this.enqueue({ type: "call", fn, args }, timeLimit, { first });
  }

  /** @param {object} message @param {number} limit
   *  @param {{first?: boolean, foreign?: boolean}} [options] first: ahead of the jobs
   *  waiting; foreign: code the reader edited (see pump) */
  enqueue(message, limit, { first = false, foreign = false } = {}) {
    const id = this.nextId++;
    const answer = /** @type {Pending} */ (new Promise((resolve) => {
      const job = { id, message: { ...message, id }, limit, resolve, sent: 0, foreign };
      if (first) this.queue.unshift(job);
      else this.queue.push(job);
      // After a failed start (a download that broke), a run tries once more from scratch.
      this.start();
      this.pump();
    }));
    answer.cancel = () => this.cancel(id);
    return answer;
  }

  /** @param {number} id */
  cancel(id) {
    if (this.current && this.current.id === id) {
      this.abort("stopped");
      return;
    }
    const index = this.queue.findIndex((job) => job.id === id);
    if (index >= 0) {
      const [job] = this.queue.splice(index, 1);
      job.resolve({ ok: false, error: { kind: "stopped" } });
    }
  }

  // Code the reader edited can patch the engine's modules, overwrite its files or post forged
  // replies for as long as its worker lives. So once a worker has run such code, it runs
  // nothing else: the next page's own run or session call (what-if, Play) gets a fresh
  // worker, which boots from Cache Storage. Readers who never edit code never restart.
  pump() {
    if (this.current || this.state !== "ready" || !this.queue.length) return;
    if (this.tainted && !this.queue[0].foreign) {
      this.replace("restarting");
      return;
    }
    const job = this.queue.shift();
    if (!job || !this.worker) return; // neither can happen when the state is "ready"
    if (job.foreign) this.tainted = true;
    this.current = job;
    job.sent = performance.now();
    this.setState("running");
    this.worker.postMessage(job.message);
  }

  // Ends the run in progress (Stop button, or its time limit): the worker is terminated, since
  // Python cannot be interrupted from outside without cross-origin isolation.
  /** @param {string} kind */
  abort(kind) {
    const job = this.current;
    if (!job) return;
    clearTimeout(job.timer);
    this.current = null;
    job.resolve({ ok: false, error: { kind, seconds: job.limit / 1000 } });
    this.replace("restarting");
  }

  /** @param {string} state */
  replace(state) {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.spawn(state);
  }
}
