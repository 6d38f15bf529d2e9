// The page's side of the service worker (rulesite/runtime/sw.js), in a production build only
// (#rs-config's `offline` holds its strings; `rulesite serve` builds without it, so that no
// worker keeps a page a translator is editing):
// - registers the worker, whose scope is the whole site (the folder above the language's);
// - tells it the page was visited, and whether the whole language may be fetched now
//   (policy.js: not on a phone, with Save-Data or on a slow connection: then the pages are
//   kept only as they are visited);
// - offers "Keep everything for offline use" in the footer, with its size;
// - when a new build is waiting, tells the reader once, in the page's language, with the new
//   version and the changelog; it takes over at the next navigation (sw.js) or on "Show the
//   new version";
// - when another build's worker takes over (the reader accepted in another tab), reloads,
//   so that no page runs with another build's files. A Play game resumes after a reload
//   (play/store.js); a page holding work a reload would lose (an example's code the reader
//   edited, a game this browser could not save) stays as it is instead, says that the rules
//   were updated, and reloads when the reader asks; the new worker gives it none of its files.

/** @typedef {{build: string, versions: Record<string, Record<string, string>>,
 *   sizes: Record<string, number>, langs: Record<string, string>, runtime: string}} Info */

const config = JSON.parse((document.getElementById("rs-config") || { textContent: "{}" }).textContent || "{}");
/** @type {Record<string, string> | null} */
const ui = config.offline || null;
const buildMeta = document.querySelector('meta[name="rs-build"]');
const build = buildMeta ? buildMeta.getAttribute("content") : null;

/** Asks a worker for its build, versions, sizes and what it keeps. */
function info(/** @type {ServiceWorker} */ worker) {
  return /** @type {Promise<Info>} */ (new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data);
    worker.postMessage({ type: "info" }, [channel.port2]);
  }));
}

function fill(/** @type {string} */ text, /** @type {Record<string, string>} */ values) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? values[name] : whole));
}

function megabytes(/** @type {number} */ bytes) {
  const number = new Intl.NumberFormat(config.lang, { maximumFractionDigits: 1 })
    .format(bytes / 1e6);
  return fill((ui && ui["offline.size"]) || "{size} MB", { size: number });
}

async function start(/** @type {Record<string, string>} */ strings) {
  const root = new URL("../", new URL(config.assets, location.href));
  const registration = await navigator.serviceWorker.register(new URL("sw.js", root),
    { scope: root.href, updateViaCache: "none" });
  navigator.serviceWorker.addEventListener("controllerchange", async () => {
    const worker = navigator.serviceWorker.controller;
    if (!worker) return;
    // Said at once, before any other request of this page can reach the new worker; with
    // whether this page started the Python runtime already (runtime.js marks it), whose
    // loader the worker keeps then (sw.js "page").
    worker.postMessage({ type: "page", build,
      engine: performance.getEntriesByName("rs-engine-boot").length > 0 });
    const next = await info(worker);
    if (next.build === build) return;
    if (accepted || !unsaved()) location.reload();
    else updateBar(next, strings, () => location.reload());
  });
  const ready = await navigator.serviceWorker.ready;
  const active = ready.active;
  const visit = (/** @type {boolean} */ full) => active?.postMessage({ type: "visit",
    lang: config.lang, full, path: location.pathname });
  // This page, and the language's styles, scripts, figures and search index: said before
  // anything else is awaited, so a reader who leaves at once still has this page kept.
  visit(false);
  // The examples' policy, loaded only where a worker runs (a page without examples loads
  // nothing of theirs otherwise: tests/browser/test_examples.py).
  const { mayPreload, startsFromSnapshot } = await import("../examples/policy.js");
  if (active) {
    // The whole language where the connection allows it, once the page has loaded and the
    // browser is idle: never competing with the page's own files or a live example's runtime.
    if (mayPreload()) afterLoad(() => visit(true));
    keepButton(active, strings, startsFromSnapshot());
  }
  watchUpdates(registration, strings);
}

function afterLoad(/** @type {() => void} */ then) {
  const idle = () => ("requestIdleCallback" in window
    ? requestIdleCallback(then, { timeout: 5000 }) : setTimeout(then, 1000));
  if (document.readyState === "complete") idle();
  else addEventListener("load", idle, { once: true });
}

/** "Keep everything for offline use (12.3 MB)" in the footer, unless all is kept already. */
async function keepButton(/** @type {ServiceWorker} */ worker,
  /** @type {Record<string, string>} */ strings, /** @type {boolean} */ snapshot) {
  const footer = document.querySelector(".md-copyright");
  const state = await info(worker);
  if (!footer || state.build !== build) return;
  const box = document.createElement("div");
  box.className = "md-copyright__highlight rs-keep";
  const status = document.createElement("span");
  status.setAttribute("role", "status");
  if (state.langs[config.lang] === "full" && state.runtime === "kept") {
    status.textContent = strings["offline.kept"];
    box.append(status);
    footer.append(box);
    return;
  }
  const button = document.createElement("button");
  button.type = "button";
  button.className = "rs-keep__button";
  // A phone keeps the snapshot it starts from (policy.js).
  const bytes = (state.sizes[config.lang] || 0)
    + (state.sizes[snapshot ? "snapshot" : "runtime"] || 0);
  button.textContent = fill(strings["offline.keep"], { size: megabytes(bytes) });
  button.addEventListener("click", () => {
    button.disabled = true;
    status.textContent = strings["offline.keeping"];
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => {
      const kept = event.data && event.data.kept;
      status.textContent = strings[kept ? "offline.kept" : "offline.keep_failed"];
      if (kept) button.remove();
      else button.disabled = false;
    };
    worker.postMessage({ type: "keep", lang: config.lang, snapshot }, [channel.port2]);
  });
  box.append(button, " ", status);
  footer.append(box);
}

let accepted = false; // the reader asked for the new version (the bar's button)

/** Whether this page holds work of the reader's that a reload would lose: a code box (an
 *  example's) the reader edited, or a game this browser could not save (play/store.js marks
 *  the page). */
function unsaved() {
  const boxes = Array.from(document.querySelectorAll("textarea"));
  return boxes.some((box) => box.value !== box.defaultValue)
    || document.documentElement.hasAttribute("data-rs-unsaved");
}

/** What the bar's button does now: ask the waiting build to take over, or, once it has
 *  (this page stayed for its reader's work), reload. */
let accept = () => {};

/** The bar that says the rules were updated to `next`'s version, with the changelog and a
 *  button that does `then`; one per page (shown again, its button does `then` instead). */
function updateBar(/** @type {Info} */ next, /** @type {Record<string, string>} */ strings,
  /** @type {() => void} */ then) {
  accept = then;
  const shown = /** @type {HTMLButtonElement | null} */ (
    document.querySelector(".rs-update button"));
  if (shown) {
    shown.disabled = false;
    return;
  }
  const versions = next.versions[config.lang] || {};
  const version = versions[config.game] || Object.values(versions)[0] || "";
  const bar = document.createElement("div");
  bar.className = "rs-update";
  bar.setAttribute("role", "status");
  const text = document.createElement("span");
  text.textContent = fill(strings["offline.updated"], { version });
  bar.append(text, " ");
  const changelog = /** @type {HTMLAnchorElement | null} */ (document.querySelector(".rs-version a"));
  if (changelog) {
    const link = document.createElement("a");
    link.href = changelog.href; // the changelog's address never changes; sw.js serves the new one
    link.textContent = strings["offline.changelog"];
    bar.append(link, " ");
  }
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = strings["offline.reload"];
  button.addEventListener("click", () => {
    button.disabled = true;
    accepted = true;
    accept();
  });
  bar.append(button);
  document.body.append(bar);
  // Room under the footer, so that the bar covers none of it (its Keep button) once the
  // reader scrolls to the end; the bar's height depends on the language and the screen.
  document.body.style.paddingBottom = `${bar.offsetHeight + 16}px`;
}

/** Tells the reader, once per build, that a new build is waiting. */
function watchUpdates(/** @type {ServiceWorkerRegistration} */ registration,
  /** @type {Record<string, string>} */ strings) {
  const announce = async (/** @type {ServiceWorker} */ worker) => {
    const next = await info(worker);
    if (next.build === build) return;
    // Once for all the open tabs, which hear of it at the same moment: the new worker
    // answers the first to ask.
    const tell = await new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => resolve(Boolean(event.data && event.data.first));
      worker.postMessage({ type: "tell" }, [channel.port2]);
    });
    // controllerchange then reloads this page
    if (tell) updateBar(next, strings, () => worker.postMessage({ type: "skip" }));
  };
  const installing = (/** @type {ServiceWorker | null} */ worker) => {
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed" && navigator.serviceWorker.controller) announce(worker);
    });
  };
  if (registration.waiting && navigator.serviceWorker.controller) announce(registration.waiting);
  installing(registration.installing); // found before this page listened
  registration.addEventListener("updatefound", () => installing(registration.installing));
}

if (ui && build && "serviceWorker" in navigator && window.isSecureContext) {
  start(ui).catch(() => {
    // No worker (private mode, storage off): the site works online as before.
  });
}
