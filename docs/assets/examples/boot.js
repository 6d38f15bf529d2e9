// Finds the live examples of the page and brings them to life when one comes near the
// viewport. Loaded on every page (rulesite/examples.py: EXTRA_JAVASCRIPT) and tiny: on a page
// without examples it stops here, so no worker starts and nothing of Pyodide is requested.
//
// Settings come from <script id="hk-config"> (see rulesite/examples.py). With Material's
// instant navigation, document$ announces each new page; the engine worker is kept for the
// whole tab (runtime.js).

const NEAR = "150% 0px"; // start loading when an example is within 1.5 screens of the viewport
const widgets = new Map(); // example container -> promise of its mounted widget
const seen = new WeakSet(); // containers already watched
let config = null;
let modules = null;
let observer = null;

function settings() {
  if (config) return config;
  const script = document.getElementById("hk-config");
  const cfg = script ? JSON.parse(script.textContent) : {};
  const assets = new URL(cfg.assets || "../assets/", location.href);
  const here = new URL("./", import.meta.url);
  // ?hk-snapshot=0 starts Python the ordinary way (for comparison, see benchmarks/).
  const snapshot = new URLSearchParams(location.search).get("hk-snapshot") !== "0";
  config = {
    worker: new URL("worker.js", here).href,
    runner: new URL("runner.py", here).href,
    explain: new URL("explain.py", here).href,
    board: new URL("board.py", here).href,
    pyodide: new URL("pyodide/", assets).href,
    wheel: new URL(`py/${cfg.wheel}`, assets).href,
    snapshot: snapshot ? new URL("pyodide/snapshot.bin.gz", assets).href : "",
  };
  return config;
}

function load() {
  if (!modules) {
    modules = Promise.all([import("./runtime.js"), import("./widget.js")]);
  }
  return modules;
}

function activate(container) {
  if (!widgets.has(container)) {
    widgets.set(container, (async () => {
      // The engine starts as soon as its module is here, while the widget's modules load.
      const { runtime } = await import("./runtime.js");
      const engine = runtime(settings()).start();
      const [, { mount }] = await load();
      return mount(container, engine, { step: stepInHash(container) });
    })());
  }
  return widgets.get(container);
}

// #EXAMPLEID-step-N opens that example at step N.
function stepInHash(container) {
  const prefix = `#${container.dataset.example}-step-`;
  const digits = location.hash.startsWith(prefix) ? location.hash.slice(prefix.length) : "";
  return /^\d+$/.test(digits) ? Number(digits) : null;
}

function followHash(opening) {
  for (const container of document.querySelectorAll(".hk-example[data-example]")) {
    const step = container.querySelector(".hk-ex") ? stepInHash(container) : null;
    if (step === null) continue;
    activate(container).then((widget) => {
      if (!opening) widget.go(step);
      // Show the example from its title, with the board, rather than the step's line.
      (container.previousElementSibling || container).scrollIntoView({ block: "start" });
    });
  }
}

function scan() {
  const found = [...document.querySelectorAll(".hk-example[data-example]")]
    .filter((container) => container.querySelector(".hk-ex") && !seen.has(container));
  if (!found.length) return;
  observer = observer || new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) {
        observer.unobserve(entry.target);
        activate(entry.target);
      }
    }
  }, { rootMargin: NEAR });
  for (const container of found) {
    seen.add(container);
    observer.observe(container);
  }
  followHash(true);
}

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(() => {
    for (const container of [...widgets.keys()]) {
      if (!container.isConnected) widgets.delete(container);
    }
    scan();
  });
} else {
  scan();
}
window.addEventListener("hashchange", () => followHash(false));
