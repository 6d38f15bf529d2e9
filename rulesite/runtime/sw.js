// The site's service worker: one per build, written at the site's root by
// rulesite/runtime/offline.py, which puts the build's file list in place of BUILD below.
// It serves the pages of one build only, from one cache named after that build:
// - every file it serves from its cache was checked against the build's list (the first 16
//   hex digits of its SHA-256) when it was stored, so a page of one build never gets a script,
//   figure or search index of another;
// - a language's files are kept as its pages are visited; where the page says the connection
//   allows it ("visit", full), the whole language is fetched then, so every page of it opens
//   offline and search works;
// - the Python runtime is kept by the engine's worker once a page has used it
//   (docs/assets/examples/worker.js: Cache Storage "hk-runtime", each file checked against its
//   SHA-256, other versions pruned), so this worker leaves those requests alone and keeps no
//   second copy; but the loader that worker imports (pyodide.mjs: an import does not go
//   through its fetch) this worker keeps in that cache, checked against the build's list, and
//   serves from there; when the reader asks ("keep"), it fills that same cache ahead;
// - a page of the language that was not kept, offline, gets that language's offline page;
// - a new build installs beside the old one (copying the files whose hash did not change),
//   waits, and takes over at the reader's next navigation or when the page asks ("skip").
// Messages in (from offline.js): {type: "visit", lang, full, path}, {type: "keep", lang,
// snapshot} (snapshot: whether this device starts Python from the snapshot, policy.js),
// {type: "tell"} (answered on its port: whether this page is the one to tell the reader),
// {type: "page", build, engine} (the build of a page this worker took over, and whether
// its engine had started),
// {type: "info"} (answered on the message's port), {type: "skip"}.

/** @typedef {[string, string, number]} Entry  path from the root, hash, size in bytes */
/** @typedef {{id: string, versions: Record<string, Record<string, string>>,
 *   languages: Record<string, Entry[]>, runtime: Entry[], shared: Entry[], later: string[],
 *   snapshot: {with: string[], without: string[]}}} Build
 *  later: folders ("name/") whose files wait for the reader to ask, as pages do; snapshot:
 *  names of the runtime's files a device loads only with the memory snapshot, and only
 *  without it (offline.py) */
/** @typedef {{langs: Record<string, string>, runtime: string, kept: Record<string, string>,
 *   told: boolean}} Meta  langs: language -> "full" | "lean"; runtime: "" or "kept" (asked
 *  for); kept: path -> hash; told: a page told the reader of this build (offline.js) */

/** @type {Build} */
const BUILD = /* BUILD */ { id: "", versions: {}, languages: {}, runtime: [], shared: [], later: [], snapshot: { with: [], without: [] } };

const sw = /** @type {ServiceWorkerGlobalScope & typeof globalThis} */ (/** @type {unknown} */ (self));
// Named before the site held a second game ("hk-": Hanamikoji's initials, where the site's
// own names now start "rs-"), and kept: readers' browsers hold these caches under this name.
const PREFIX = "hk-offline-";
const RUNTIME = "hk-runtime"; // worker.js's cache of the runtime
const CACHE = PREFIX + BUILD.id;
const META = "__meta.json"; // a path no file of a build can have (its name starts with _)
const ROOT = new URL("./", sw.location.href).href; // the site's root, the worker's scope
const BLANK_ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>';
// The handover page's script (respond()): it asks for its address again once the waiting
// build has left waiting (its worker answers then), not at once: a refresh at once came back
// to this worker while the new build still waited (it activates only once this worker has no
// request left), which answered with another handover (up to three in a row), and under load
// one of those navigations was aborted (net::ERR_ABORTED), leaving a blank tab. It asks the
// waiting build to take over too (as this worker did), and should it still wait after a few
// seconds, it asks for the address again all the same.
// It navigates to its address (replacing itself in the history) rather than reload: after a
// reload the browser restores this blank page's scroll, the top, once the new page has loaded,
// over the address's #fragment (a teacher's link to one rule) and over any scroll of the page's
// own. An address that differs from the page's only by its #fragment would not be loaded
// again, hence the page's own address marked first (never requested).
const HANDOVER_SCRIPT = "const container = navigator.serviceWorker; let gone = false;"
  + "const go = () => { if (gone) return; gone = true; const address = location.href;"
  + ' if (location.hash) history.replaceState(null, "", location.pathname + location.search'
  + ' + (location.search ? "&" : "?") + "rs-handover");'
  + " location.replace(address); };"
  + 'container.addEventListener("controllerchange", go);'
  + "const check = () => container.getRegistration().then((r) => {"
  + ' if (r && r.waiting) r.waiting.postMessage({ type: "skip" }); else go();'
  + " }, go);"
  + "check(); setInterval(check, 500); setTimeout(go, 5000);";
/** @type {Promise<string> | null} */
let handoverHash = null; // its SHA-256, for the page's Content-Security-Policy

/** path -> [hash, group]: group is a language, "runtime" or "shared" */
const FILES = new Map();
for (const [lang, entries] of Object.entries(BUILD.languages)) {
  for (const [path, hash] of entries) FILES.set(path, [hash, lang]);
}
for (const [path, hash] of BUILD.runtime) FILES.set(path, [hash, "runtime"]);
for (const [path, hash] of BUILD.shared) FILES.set(path, [hash, "shared"]);

// Pages opened from the network that belong to another (newer) build: their own files are on
// the network, not in this build's cache (client ID -> true). Kept while this worker runs.
const foreign = new Set();
// Pages of an older build that stayed open after this worker took over, for the work their
// reader would lose in a reload (offline.js): none of this build's files for them (client IDs).
const stale = new Set();
let toldNow = false; // a page asked to tell the reader of this build ("tell")


/** The path from the site's root of a URL of the site, as the build lists it; null outside. */
function pathOf(/** @type {string} */ url) {
  if (!url.startsWith(ROOT)) return null;
  const path = decodeURI(url.slice(ROOT.length).split(/[?#]/)[0]);
  return path.endsWith("/index.html") ? path.slice(0, -"index.html".length) : path;
}

/** Whether a path is a page (a folder's index.html or an .html file). */
function isPage(/** @type {string} */ path) {
  return path.endsWith("/") || path.endsWith(".html");
}

/** Whether a file waits for the reader to ask for it, as a page does: a file of a folder the
 * build lists as such (offline.py ON_DEMAND: the examples' what-if starts, fetched at a first
 * "what if?"). */
function onDemand(/** @type {string} */ path) {
  const folder = path.slice(0, path.lastIndexOf("/") + 1);
  return BUILD.later.some((name) => folder.endsWith("/" + name));
}

/** The language a path belongs to ("en/rules/" -> "en"), or null. */
function langOf(/** @type {string} */ path) {
  const lang = path.split("/")[0];
  return lang in BUILD.languages ? lang : null;
}

async function hex(/** @type {ArrayBuffer} */ body) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  return Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** @returns {Promise<Meta>} */
async function readMeta(/** @type {Cache} */ cache) {
  const stored = await cache.match(ROOT + META);
  const meta = stored ? await stored.json() : {};
  return { langs: meta.langs || {}, runtime: meta.runtime || "", kept: meta.kept || {},
    told: Boolean(meta.told) };
}

// One writer of the meta entry at a time: visits, keeps and fetches all update it.
let metaQueue = Promise.resolve();
function updateMeta(/** @type {(meta: Meta) => void} */ change) {
  metaQueue = metaQueue.then(async () => {
    const cache = await caches.open(CACHE);
    const meta = await readMeta(cache);
    change(meta);
    await cache.put(ROOT + META, new Response(JSON.stringify(meta),
      { headers: { "Content-Type": "application/json" } }));
  }).catch(() => undefined);
  return metaQueue;
}

/** A response's headers for its body read whole: decoded already, so its length and encoding
 *  on the wire no longer apply. */
function decoded(/** @type {Headers} */ headers) {
  const out = new Headers(headers);
  out.delete("Content-Encoding");
  out.delete("Content-Length");
  return out;
}

/** A response of this build's file `path`, stamped with the build, to keep. */
function stamped(/** @type {Response} */ response, /** @type {ArrayBuffer} */ body) {
  const headers = decoded(response.headers);
  headers.set("X-RS-Build", BUILD.id);
  return new Response(body, { status: 200, statusText: "OK", headers });
}

/** Fetches this build's file `path` and keeps it if the network still has this build's copy;
 *  returns the response to give the page, or null if the network has another build's. */
async function fetchAndKeep(/** @type {string} */ path, /** @type {Request | string} */ request) {
  const entry = FILES.get(path);
  const response = await fetch(request, { cache: "no-cache" });
  // A navigation may not be answered with a followed redirect: the browser follows it itself.
  if (response.redirected && typeof request !== "string" && request.mode === "navigate") {
    return Response.redirect(response.url, 301);
  }
  if (!entry || !response.ok) return response;
  const body = await response.arrayBuffer();
  if (await hex(body) !== entry[0]) return null;
  if (entry[1] === "runtime") {
    // Into worker.js's cache, as it stores a download (it checks the SHA-256 on every use).
    const kept = new Response(body, { headers: decoded(response.headers) });
    const runtime = await caches.open(RUNTIME);
    await runtime.put(ROOT + path, kept.clone());
    return kept;
  }
  const kept = stamped(response, body);
  const cache = await caches.open(CACHE);
  await cache.put(ROOT + path, kept.clone());
  await updateMeta((meta) => { meta.kept[path] = entry[0]; });
  return kept;
}

/** The runtime's files this device would load: a phone starts from the snapshot (policy.js),
 *  with every game's engine; any other device fetches a game's own engine instead. */
function runtimeFor(/** @type {boolean} */ snapshot) {
  const skip = snapshot ? BUILD.snapshot.without : BUILD.snapshot.with;
  return BUILD.runtime.filter(([path]) => !skip.includes(path.slice(path.lastIndexOf("/") + 1)));
}

/** The names of the runtime's files worker.js keeps now ("pyodide.asm.wasm.gz", …). */
async function runtimeInUse() {
  const names = new Set();
  if (!(await caches.has(RUNTIME))) return names;
  for (const request of await (await caches.open(RUNTIME)).keys()) {
    names.add(request.url.slice(request.url.lastIndexOf("/") + 1));
  }
  return names;
}

/** Keeps every file of `entries` not kept yet; resolves when all are in. */
async function keepAll(/** @type {Entry[]} */ entries) {
  const cache = await caches.open(CACHE);
  const meta = await readMeta(cache);
  const isRuntime = (/** @type {string} */ path) => FILES.get(path)?.[1] === "runtime";
  // Opened only when needed: opening makes an empty cache.
  const runtime = entries.some(([path]) => isRuntime(path)) ? await caches.open(RUNTIME) : null;
  /** @type {Entry[]} */
  const missing = [];
  for (const entry of entries) {
    const [path, hash] = entry;
    const there = runtime && isRuntime(path) ? await runtime.match(ROOT + path)
      : meta.kept[path] === hash;
    if (!there) missing.push(entry);
  }
  let next = 0;
  // Four at a time: a language is a few hundred small files.
  async function lane() {
    while (next < missing.length) {
      const [path] = missing[next++];
      const response = await fetchAndKeep(path, ROOT + path);
      if (!response || !response.ok) throw new Error(`${path}: not this build's copy`);
    }
  }
  await Promise.all([lane(), lane(), lane(), lane()]);
}

/** The offline page of `lang` (kept at install, for every language), given at the address
 *  of the page asked for: its link to the language's home is made absolute here. */
async function offlinePage(/** @type {string | null} */ lang) {
  const code = lang || Object.keys(BUILD.languages)[0];
  const page = await caches.match(ROOT + code + "/offline.html", { cacheName: CACHE });
  if (!page) return null;
  const text = (await page.text()).replace('href="./"', `href="${ROOT}${code}/"`);
  return new Response(text, { headers: page.headers });
}

// Install: the offline pages of every language, and what the reader kept of the build
// before (same files copied, changed ones fetched anew), so that the new build is whole
// before it takes over. Offline, the install fails and the build before stays.
sw.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const offline = Object.keys(BUILD.languages).map((lang) => lang + "/offline.html");
    for (const path of offline) {
      const response = await fetchAndKeep(path, ROOT + path);
      if (!response) throw new Error(`${path}: not this build's copy`);
    }
    /** @type {Meta} */
    const before = { langs: {}, runtime: "", kept: {}, told: false };
    for (const name of await caches.keys()) {
      if (!name.startsWith(PREFIX) || name === CACHE) continue;
      const old = await caches.open(name);
      const meta = await readMeta(old);
      Object.assign(before.langs, meta.langs);
      before.runtime = before.runtime === "kept" ? "kept" : meta.runtime || before.runtime;
      for (const [path, hash] of Object.entries(meta.kept)) {
        const entry = FILES.get(path);
        if (entry && entry[0] === hash) {
          const response = await old.match(ROOT + path);
          if (response) {
            // The same bytes (same hash), stamped as this build's.
            await cache.put(ROOT + path, stamped(response, await response.arrayBuffer()));
            await updateMeta((m) => { m.kept[path] = hash; });
            continue;
          }
        }
        before.kept[path] = hash;
      }
    }
    await updateMeta((meta) => {
      meta.langs = before.langs;
      meta.runtime = before.runtime;
    });
    /** @type {Entry[]} */
    const wanted = [];
    for (const [lang, mode] of Object.entries(before.langs)) {
      if (mode === "full" && BUILD.languages[lang]) wanted.push(...BUILD.languages[lang]);
    }
    // Visited pages (and their files) whose content changed: this build's copy.
    for (const path of Object.keys(before.kept)) {
      const entry = FILES.get(path);
      if (entry && entry[1] !== "runtime") wanted.push([path, entry[0], 0]);
    }
    // The runtime, if the reader used or kept it: this build's files of the same names (its
    // folders are named by their content); worker.js prunes the old ones once it has started.
    const used = await runtimeInUse();
    wanted.push(...BUILD.runtime.filter(([path]) =>
      used.has(path.slice(path.lastIndexOf("/") + 1))));
    await keepAll(wanted);
  })());
});

// Active: the caches of other builds go (their pages reload: offline.js).
sw.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await sw.clients.claim();
  })());
});

sw.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "skip") {
    event.waitUntil(sw.skipWaiting());
  } else if (data.type === "tell") {
    // Which page tells the reader of this build: the first to ask, of all the open tabs
    // (their localStorage is not shared at once between processes; this worker is one).
    const port = event.ports[0];
    const first = !toldNow;
    toldNow = true;
    event.waitUntil(caches.open(CACHE).then(readMeta).then(async (meta) => {
      if (first && !meta.told) await updateMeta((m) => { m.told = true; });
      if (port) port.postMessage({ first: first && !meta.told });
    }));
  } else if (data.type === "page") {
    // A page this worker took over says its build (offline.js, on controllerchange).
    const client = /** @type {Client | null} */ (event.source);
    if (client && "id" in client && data.build !== BUILD.id) {
      stale.add(client.id);
    } else if (data.engine) {
      // A page of this build whose engine started before this worker controlled it (a first
      // visit to the Play page, which starts it at once): that engine's worker imported the
      // loader past this worker, which keeps it now, as loader() would have.
      event.waitUntil(keepAll(BUILD.runtime.filter(([path]) => !path.endsWith(".gz")))
        .catch(() => undefined));
    }
  } else if (data.type === "info") {
    const port = event.ports[0];
    event.waitUntil(caches.open(CACHE).then(readMeta).then((meta) => {
      if (port) port.postMessage({ build: BUILD.id, versions: BUILD.versions, sizes: sizes(),
        langs: meta.langs, runtime: meta.runtime });
    }));
  } else if (data.type === "visit" && BUILD.languages[data.lang]) {
    const lang = String(data.lang);
    const all = BUILD.languages[lang];
    // Lean (phone, Save-Data, slow): the language's styles, scripts, figures and search
    // index, and the pages as they are visited, this one first (it came before the worker);
    // an example's what-if starts when the reader asks "what if?".
    const page = pathOf(new URL(String(data.path || ""), ROOT).href);
    const wanted = data.full ? all
      : all.filter(([path]) => path === page || !(isPage(path) || onDemand(path)));
    event.waitUntil(updateMeta((meta) => {
      if (meta.langs[lang] !== "full") meta.langs[lang] = data.full ? "full" : "lean";
    }).then(() => keepAll(wanted))
      .catch(() => undefined)); // offline now: kept as pages are visited instead
  } else if (data.type === "keep" && BUILD.languages[data.lang]) {
    const lang = String(data.lang);
    const port = event.ports[0];
    event.waitUntil(updateMeta((meta) => {
      meta.langs[lang] = "full";
      meta.runtime = "kept";
    }).then(() => keepAll([...BUILD.languages[lang], ...runtimeFor(Boolean(data.snapshot))]))
      .then(() => port && port.postMessage({ kept: true }),
        () => port && port.postMessage({ kept: false })));
  }
});

/** Bytes of each language and of the runtime (with and without the snapshot), for "Keep
 *  everything" (offline.js). */
function sizes() {
  const total = (/** @type {Entry[]} */ entries) => entries.reduce((sum, e) => sum + e[2], 0);
  /** @type {Record<string, number>} */
  const out = {};
  for (const [lang, entries] of Object.entries(BUILD.languages)) out[lang] = total(entries);
  out.runtime = total(runtimeFor(false));
  out.snapshot = total(runtimeFor(true));
  return out;
}

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const path = pathOf(request.url);
  // Not the site's: the browser's own way.
  if (path === null || path === "sw.js") return;
  if (FILES.get(path)?.[1] === "runtime") {
    // The runtime: worker.js keeps the gzipped files it fetches (each checked against the
    // SHA-256 the page gives: assets.py sha256s) and streams them in (the wasm compiles as it
    // arrives), so the browser's own way; not the loader it imports, kept here.
    if (!path.endsWith(".gz")) event.respondWith(loader(path, request));
    return;
  }
  event.respondWith(respond(event, request, path));
});

/** The runtime's loader (pyodide.mjs), which the engine's worker imports: from the runtime's
 *  cache once kept (its folder is named by its content: any build's page may have it),
 *  fetched and kept there otherwise, so that a page whose runtime was used works offline. */
async function loader(/** @type {string} */ path, /** @type {Request} */ request) {
  const kept = await caches.match(ROOT + path, { cacheName: RUNTIME });
  return kept || await fetchAndKeep(path, request) || Response.error();
}

/** The page without files that a navigation gets while a newer build waits (respond()). */
async function handover() {
  if (!handoverHash) {
    handoverHash = crypto.subtle.digest("SHA-256", new TextEncoder().encode(HANDOVER_SCRIPT))
      .then((digest) => btoa(String.fromCharCode(...new Uint8Array(digest))));
  }
  // Its own (blank) icon: without one, Chromium asks for the icon of the page it replaces,
  // which this worker would answer with its build's file.
  return new Response('<!doctype html>'
    + `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(BLANK_ICON)}">`
    + `<script>${HANDOVER_SCRIPT}</script>`, { headers: {
    "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store",
    "Content-Security-Policy":
      `default-src 'none'; script-src 'sha256-${await handoverHash}'; img-src data:`,
  } });
}

async function respond(/** @type {FetchEvent} */ event, /** @type {Request} */ request,
  /** @type {string} */ path) {
  const navigation = request.mode === "navigate";
  // A newer build is waiting and the reader navigates: it takes over. It activates only once
  // this worker has answered its requests, so the answer is a page without files that asks
  // for the address again when the new build has left waiting: the new worker answers then,
  // with its build whole. No page gets another build's files.
  const waiting = sw.registration.waiting;
  if (navigation && waiting) {
    waiting.postMessage({ type: "skip" });
    return handover();
  }
  // A page's own requests follow its build; a navigation opens a new page (resultingClientId)
  // and is answered on its own: its clientId is the page it leaves (Chromium gives the
  // initiator's), so a stale page's reload, when its reader asks for the new version, got a
  // network error here (the browser's error page; the whole browser reloads that by itself
  // a moment later, the headless shell does not).
  if (!navigation && foreign.has(event.clientId)) return fetch(request);
  // Its own build's files are gone from the network and the caches.
  if (!navigation && stale.has(event.clientId)) return Response.error();
  const cached = FILES.has(path) ? await caches.match(ROOT + path, { cacheName: CACHE }) : null;
  if (cached) return cached;
  try {
    const response = await fetchAndKeep(path, request);
    if (response) return response;
    // The network has another build's copy: a newer build is out.
    sw.registration.update().catch(() => undefined);
    if (navigation) {
      // The whole page comes from the network then, never with this build's files.
      if (event.resultingClientId) foreign.add(event.resultingClientId);
      return fetch(request);
    }
    // This page's build is gone from the network: no file of another build instead; the
    // page reloads into the new build when its worker takes over (offline.js).
    return Response.error();
  } catch (error) {
    if (navigation) {
      const page = await offlinePage(langOf(path));
      if (page) return page;
    }
    throw error;
  }
}
