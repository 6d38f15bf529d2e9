// Where the runtime's files are, read once from the page's <script id="rs-config">
// (rulesite/pages/examples.py): the worker's script, Pyodide, the engine's zip and, beside it,
// the snapshot phones start from. No side effects: boot.js (the examples) and
// ../play/start.js (the Play page, which starts the engine before the page's other scripts)
// import it.

/** @type {import("./runtime.js").Urls | null} */
let config = null;

export function settings() {
  if (config) return config;
  const script = document.getElementById("rs-config");
  const cfg = script ? JSON.parse(script.textContent || "{}") : {};
  const assets = new URL(cfg.assets || "../assets/", location.href);
  const here = new URL("./", import.meta.url);
  const runtime = cfg.runtime || { dir: "pyodide/", lock: {} };
  const pyodide = new URL(runtime.dir, assets).href;
  const engine = new URL(cfg.engine, assets);
  /** @type {Record<string, string>} */
  const sha256 = runtime.sha256 || {};
  config = {
    worker: new URL("worker.js", here).href,
    pyodide,
    stdlib: new URL("python_stdlib.zip.gz", pyodide).href,
    lock: runtime.lock,
    engine: engine.href,
    // Beside it, under the same hash (rulesite/runtime/assets.py): the page's game's own
    // (game_engine), if the build made it, and the snapshot (used on phones only).
    ownEngine: cfg.game && sha256[`engine.${cfg.game}`]
      ? new URL(`engine-${cfg.game}.zip.gz`, engine).href : null,
    snapshot: new URL("runtime-snapshot.bin.gz", engine).href,
    sha256, // what worker.js checks the cached files against
    game: cfg.game || null, // the game's ID (gamekit.GAMES); none: the site's first game
  };
  return config;
}

// The site's root: the parent of the assets folder that rs-config names (relative to the page).
export function siteRoot() {
  const script = document.getElementById("rs-config");
  const cfg = script ? JSON.parse(script.textContent || "{}") : {};
  return new URL("../", new URL(cfg.assets || "../assets/", location.href));
}
