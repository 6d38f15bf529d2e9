// Finds the live examples of the page, brings their widgets to life when one comes near the
// viewport, and starts the engine when policy.js allows it. Loaded on every page
// (rulesite/pages/examples.py: EXTRA_JAVASCRIPT) and tiny: on a page without examples it stops here,
// so no worker starts and nothing more is requested (policy.js and steplink.js included).
//
// Settings come from <script id="rs-config"> (config.js). With Material's
// instant navigation, document$ announces each new page; the engine worker is kept for the
// whole tab (runtime.js).

const NEAR = "150% 0px"; // widgets (small scripts, no runtime) wake within 1.5 screens
const widgets = new Map(); // example container -> promise of its mounted widget
const seen = new WeakSet(); // containers already watched
/** @type {IntersectionObserver | null} */
let near = null;
/** @type {IntersectionObserver | null} */
let onScreen = null;
/** @type {boolean | null} */
let preload = null;
/** @type {Promise<[typeof import("./policy.js"), typeof import("./steplink.js")]> | null} */
let helpers = null; // policy.js and steplink.js, loaded once a page has an example
const timers = new Map(); // example container -> its on-screen timer

// Loaded only once the page has an example or a Play page asks: a page without them requests
// nothing more.
export async function engine() {
  const [{ runtime }, { settings }] = await Promise.all([import("./runtime.js"),
    import("./config.js")]);
  return runtime(settings());
}

// Starts the engine (idempotent): the reader acted, or the policy allows loading ahead.
function startEngine() {
  engine().then((e) => e.start());
}

/** @param {Element} container @returns {Promise<{go: (index: number) => void}>} */
function activate(container) {
  if (!widgets.has(container)) {
    widgets.set(container, (async () => {
      const [e, { mount }] = await Promise.all([engine(), import("./widget.js")]);
      return mount(container, e, { step: stepInHash(container), preload: Boolean(preload) });
    })());
  }
  return widgets.get(container);
}

// #EXAMPLEID-step-N opens that example at step N.
/** @param {Element} container */
function stepInHash(container) {
  const prefix = `#${container.getAttribute("data-example")}-step-`;
  const digits = location.hash.startsWith(prefix) ? location.hash.slice(prefix.length) : "";
  return /^\d+$/.test(digits) ? Number(digits) : null;
}

/** @param {boolean} opening */
function followHash(opening) {
  for (const container of document.querySelectorAll(".rs-example[data-example]")) {
    const step = container.querySelector(".rs-ex") ? stepInHash(container) : null;
    if (step === null) continue;
    activate(container).then((widget) => {
      if (!opening) widget.go(step);
      // Show the example from its title, with the board, rather than the step's line.
      (container.previousElementSibling || container).scrollIntoView({ block: "start" });
    });
  }
}

// What makes the engine start for one example: running or editing code, or asking "what if?"
// (whatif.js), always; with the
// policy's leave, intent (pointer, focus) and a moment on screen.
/** @param {Element} container */
function listen(container) {
  const act = (/** @type {Event} */ event) => {
    const target = /** @type {Element} */ (event.target);
    if (target.closest("[data-act=run], [data-wi], .rs-ex-editor")) startEngine();
  };
  container.addEventListener("pointerdown", act, true);
  container.addEventListener("focusin", act, true);
  container.addEventListener("keydown", act, true);
  if (!preload) return;
  container.addEventListener("pointerenter", startEngine, { once: true });
  container.addEventListener("focusin", startEngine, { once: true });
  if (onScreen) onScreen.observe(container);
}

async function scan() {
  const found = [...document.querySelectorAll(".rs-example[data-example]")]
    .filter((container) => container.querySelector(".rs-ex") && !seen.has(container));
  if (!found.length) return;
  for (const container of found) seen.add(container);
  helpers = helpers || Promise.all([import("./policy.js"), import("./steplink.js")]);
  const [{ DWELL_MS, mayPreload }, { keepStepLinks }] = await helpers;
  keepStepLinks();
  if (preload === null) preload = mayPreload();
  near = near || new IntersectionObserver((entries, observer) => {
    for (const entry of entries) {
      if (entry.isIntersecting) {
        observer.unobserve(entry.target);
        activate(entry.target);
      }
    }
  }, { rootMargin: NEAR });
  onScreen = onScreen || new IntersectionObserver((entries) => {
    for (const entry of entries) {
      clearTimeout(timers.get(entry.target));
      if (entry.isIntersecting) timers.set(entry.target, setTimeout(startEngine, DWELL_MS));
    }
  });
  for (const container of found) {
    near.observe(container);
    listen(container);
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
