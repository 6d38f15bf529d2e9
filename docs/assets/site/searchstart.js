// Material's search starts when the reader reaches for it, not as every page opens. Material
// fetches the language's index (search_index.json: 0.3 MB, 60 KB on the wire) and hands it to
// its search worker as its bundle starts; building the index is seconds of CPU on a phone,
// spent while the page, and on a live page the Python runtime, start too
// (benchmarks/browser_examples.py --phone), for readers who mostly never search. Loaded just
// before the bundle (overrides/main.html): the index's request waits, and the search worker is
// a stand-in that keeps what Material sends it, until the first sign of search: the field
// focused or touched, the search button pressed (Material's keys "f", "s", "/" focus the
// field). Material waits for the worker's "ready" and then searches the field's text, so
// nothing typed meanwhile is lost. Offline use does not depend on it: the service worker keeps
// the index with the language's other files (rulesite/runtime/sw.js).
(function () {
  const REACH = "[data-md-component=search-query], label[for=__search], .md-search";
  const SEARCH_WORKER = /\/assets\/javascripts\/workers\/search\.[0-9a-f]+\.min\.js(\?|$)/;
  const SEARCH_INDEX = /\/search\/search_index\.json(\?|$)/;
  /** @type {(() => void)[]} */
  let waiting = [];
  let reached = false;

  function go() {
    if (reached) return;
    reached = true;
    for (const type of ["focusin", "pointerdown", "change"]) {
      document.removeEventListener(type, reach, true);
    }
    for (const job of waiting) job();
    waiting = [];
  }
  /** @param {Event} event */
  function reach(event) {
    const target = /** @type {Element | null} */ (event.target);
    if (target && target.closest && (target.closest(REACH) || target.id === "__search")) go();
  }
  /** @param {() => void} job */
  function later(job) {
    if (reached) job();
    else waiting.push(job);
  }
  for (const type of ["focusin", "pointerdown", "change"]) {
    document.addEventListener(type, reach, true);
  }

  // The index's request (Material asks with XMLHttpRequest) is sent once search is reached.
  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  const forIndex = new WeakSet();
  XMLHttpRequest.prototype.open = /** @type {XMLHttpRequest["open"]} */ (
    /** @this {XMLHttpRequest} @param {string} method @param {string | URL} url @param {any[]} rest */
    function (method, url, ...rest) {
      if (SEARCH_INDEX.test(String(url))) forIndex.add(this);
      else forIndex.delete(this);
      return /** @type {Function} */ (open).call(this, method, url, ...rest);
    });
  XMLHttpRequest.prototype.send = function (body) {
    if (forIndex.has(this)) later(() => send.call(this, body));
    else send.call(this, body);
  };

  // The search worker: a stand-in until then.
  const Native = window.Worker;
  if (Native && typeof Proxy === "function") {
    window.Worker = new Proxy(Native, {
      construct(target, args, newTarget) {
        if (!SEARCH_WORKER.test(String(args[0]))) return Reflect.construct(target, args, newTarget);
        const stand = /** @type {Worker} */ (/** @type {unknown} */ (new EventTarget()));
        /** @type {unknown[]} */
        let queue = [];
        /** @type {Worker | null} */
        let real = null;
        /** @param {Event} event */
        const pass = (event) => {
          stand.dispatchEvent(event.type === "message"
            ? new MessageEvent("message", { data: /** @type {MessageEvent} */ (event).data })
            : new Event(event.type));
        };
        stand.postMessage = /** @type {Worker["postMessage"]} */ (
          (/** @type {unknown} */ message) => {
            if (real) real.postMessage(message);
            else queue.push(message);
          });
        stand.terminate = () => {
          if (real) real.terminate();
          queue = [];
        };
        later(() => {
          const worker = new Native(args[0], args[1]);
          for (const type of ["message", "error", "messageerror"]) {
            worker.addEventListener(type, pass);
          }
          for (const message of queue) worker.postMessage(message);
          queue = [];
          real = worker;
        });
        return stand;
      },
    });
  }

  // The field may already hold the focus (autofocus, a restored page).
  const active = document.activeElement;
  if (active && active.closest && active.closest(REACH)) go();
})();
