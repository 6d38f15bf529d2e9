// Starts Material's search worker when the reader reaches for search, not as every page opens.
// Material makes the worker as its bundle starts and hands it the page's language index
// (search_index.json, 0.3 MB) at once; building that index is seconds of CPU on a phone, spent
// while the page, and on a live page the Python runtime, start too
// (benchmarks/browser_examples.py --phone). Loaded just before the bundle
// (overrides/main.html): the bundle's search worker becomes a stand-in that keeps what Material
// sends it (the index still arrives at once, and is kept for offline use) and makes the real
// worker at the first sign of search: the field focused or touched, the search button pressed
// (Material's keys "f", "s", "/" focus the field). Material waits for the worker's "ready" and
// then searches the field's text, so nothing typed meanwhile is lost.
(function () {
  const Native = window.Worker;
  if (!Native || typeof Proxy !== "function") return;
  const SEARCH_WORKER = /\/assets\/javascripts\/workers\/search\.[0-9a-f]+\.min\.js(\?|$)/;
  const REACH = "[data-md-component=search-query], label[for=__search], .md-search";

  /** @param {string | URL} url @param {WorkerOptions | undefined} options */
  function later(url, options) {
    const stand = /** @type {Worker} */ (/** @type {unknown} */ (new EventTarget()));
    /** @type {unknown[]} */
    let queue = [];
    /** @type {Worker | null} */
    let real = null;
    /** @param {Event} event */
    function pass(event) {
      stand.dispatchEvent(event.type === "message"
        ? new MessageEvent("message", { data: /** @type {MessageEvent} */ (event).data })
        : new Event(event.type));
    }
    function start() {
      if (real) return;
      document.removeEventListener("focusin", reach, true);
      document.removeEventListener("pointerdown", reach, true);
      document.removeEventListener("change", reach, true);
      const worker = new Native(url, options);
      worker.addEventListener("message", pass);
      worker.addEventListener("error", pass);
      worker.addEventListener("messageerror", pass);
      for (const message of queue) worker.postMessage(message);
      queue = [];
      real = worker;
    }
    /** @param {Event} event */
    function reach(event) {
      const target = /** @type {Element | null} */ (event.target);
      if (target && target.closest && (target.closest(REACH) || target.id === "__search")) start();
    }
    stand.postMessage = /** @type {Worker["postMessage"]} */ (function (/** @type {unknown} */ message) {
      if (real) real.postMessage(message);
      else queue.push(message);
    });
    stand.terminate = function () {
      if (real) real.terminate();
      queue = [];
    };
    document.addEventListener("focusin", reach, true);
    document.addEventListener("pointerdown", reach, true);
    document.addEventListener("change", reach, true);
    // The field may already hold the focus (autofocus, a restored page).
    const active = document.activeElement;
    if (active && active.closest && active.closest(REACH)) start();
    return stand;
  }

  window.Worker = new Proxy(Native, {
    construct: function (target, args, newTarget) {
      if (SEARCH_WORKER.test(String(args[0]))) return later(args[0], args[1]);
      return Reflect.construct(target, args, newTarget);
    },
  });
})();
