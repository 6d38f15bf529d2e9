// The worker's lifecycle: one engine worker per browser tab, shared by every example on the
// page (and kept across pages if Material's instant navigation is on). Runs go one at a time;
// a run that is stopped, or that passes the time limit, ends the worker and a fresh one starts.
//
//   const engine = runtime(urls);   // the tab's runtime (urls only count the first time)
//   engine.start();                 // boot now (idempotent); nothing loads before this
//                                   // (boot.js decides when: policy.js)
//   const answer = await engine.run(code, strings);
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

export const TIME_LIMIT_MS = 5000;

let shared = null;

export function runtime(urls) {
  if (!shared) shared = new Runtime(urls);
  return shared;
}

class Runtime extends EventTarget {
  constructor(urls) {
    super();
    this.urls = urls;
    this.worker = null;
    this.state = "idle";
    this.queue = [];
    this.current = null;
    this.nextId = 1;
    this.timings = null;
    this.bootStarted = null;
    this.progress = null;
  }

  setState(state) {
    this.state = state;
    this.dispatchEvent(new Event("state"));
  }

  start() {
    if (!this.worker) this.spawn(this.state === "idle" ? "loading" : "restarting");
    return this;
  }

  spawn(state) {
    this.bootStarted = performance.now();
    performance.mark("hk-engine-boot");
    const worker = new Worker(this.urls.worker, { type: "module" });
    this.worker = worker;
    this.setState(state);
    worker.onmessage = (event) => this.receive(worker, event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      if (worker === this.worker) this.fail(event.message || "worker error");
    };
    const { pyodide, stdlib, lock, engine, game } = this.urls;
    worker.postMessage({ type: "init", pyodide, stdlib, lock, engine, game });
  }

  receive(worker, message) {
    if (worker !== this.worker) return; // a worker already replaced
    if (message.type === "ready") {
      const bootMs = Math.round(performance.now() - this.bootStarted);
      this.timings = { ...message.timings, boot_ms: bootMs };
      performance.mark("hk-engine-ready", { detail: this.timings });
      this.setState("ready");
      this.pump();
    } else if (message.type === "progress") {
      this.progress = { loaded: message.loaded, total: message.total };
      this.dispatchEvent(new Event("progress"));
    } else if (message.type === "failed") {
      if (this.state === "ready" || this.state === "running") return; // a late, harmless fetch
      this.fail(message.message);
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

  fail(reason) {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.setState("failed");
    const jobs = [this.current, ...this.queue].filter(Boolean);
    this.current = null;
    this.queue = [];
    for (const job of jobs) job.resolve({ ok: false, error: { kind: "engine", message: reason } });
  }

  /** Queues a run; the promise has cancel(), which ends this run whether it waits or runs. */
  run(code, strings) {
    return this.enqueue({ type: "run", code, strings }, TIME_LIMIT_MS);
  }

  call(fn, args, { timeLimit = TIME_LIMIT_MS } = {}) {
    return this.enqueue({ type: "call", fn, args }, timeLimit);
  }

  enqueue(message, limit) {
    const id = this.nextId++;
    const answer = new Promise((resolve) => {
      // After a failed start (a download that broke), a run tries once more from scratch.
      this.queue.push({ id, message: { ...message, id }, limit, resolve });
      this.start();
      this.pump();
    });
    answer.cancel = () => this.cancel(id);
    return answer;
  }

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

  pump() {
    if (this.current || this.state !== "ready" || !this.queue.length) return;
    const job = this.queue.shift();
    this.current = job;
    job.sent = performance.now();
    this.setState("running");
    this.worker.postMessage(job.message);
  }

  // Ends the run in progress (Stop button, or its time limit): the worker is terminated, since
  // Python cannot be interrupted from outside without cross-origin isolation.
  abort(kind) {
    const job = this.current;
    if (!job) return;
    clearTimeout(job.timer);
    this.current = null;
    job.resolve({ ok: false, error: { kind, seconds: job.limit / 1000 } });
    this.replace("restarting");
  }

  replace(state) {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.spawn(state);
  }
}
