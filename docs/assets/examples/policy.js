// When the Python runtime (4.3 MB; 7.1 MB with the snapshot phones start from, below:
// benchmarks/browser_results.json) may load before the reader asks for it. On a phone, with
// Save-Data, or on a metered or slow connection: never;
// the runtime loads when the reader runs code or starts editing it (stepping through an
// example needs no engine: its steps are in the page). Elsewhere: when the reader shows intent
// (pointer or focus on an example) or an example has been on screen for DWELL_MS, since the
// first run then costs tens of milliseconds instead of seconds (measured: benchmarks/).

export const DWELL_MS = 1000;
// Below 1 Mbit/s the runtime takes 40 s and more. (Chrome's first estimate, before it has
// measured anything, is about 1.5 Mbit/s; its effectiveType is "3g" or worse on slow links.)
const MIN_DOWNLINK_MBPS = 1;
const MAX_RTT_MS = 300;

export function mayPreload(nav = navigator,
                           media = (/** @type {string} */ query) => matchMedia(query).matches) {
  // ?rs-preload=0 or 1 overrides the guess (benchmarks/, tests).
  const forced = new URLSearchParams(location.search).get("rs-preload");
  if (forced === "0" || forced === "1") return forced === "1";
  const connection = nav.connection;
  if (connection) {
    if (connection.saveData) return false;
    if (connection.type === "cellular") return false; // metered, more often than not
    if (/(^|-)(2g|3g)$/.test(connection.effectiveType || "")) return false;
    if (connection.downlink > 0 && connection.downlink < MIN_DOWNLINK_MBPS) return false;
    if (connection.rtt > MAX_RTT_MS) return false;
  }
  // A phone or a tablet: a touch screen, or a screen too narrow for a desktop.
  return !media("(pointer: coarse)") && !media("(max-width: 600px)");
}

// Whether the worker starts Python from the build's memory snapshot (rulesite/snapshot.mjs):
// 2.7 MB more to download, and Python's start and the engine's imports skipped, which took
// 10 to 18 s under a quarter of one core on a loaded machine (1.8 to 2.3 s from the snapshot)
// and take about 1 s on a desktop (benchmarks/browser_examples.py --phone). So on phones and tablets, unless the connection is slow (2g, 3g) or data is to
// be saved. (Not by downlink: Chrome's first guess, 1.5 Mbit/s, would rule out every first
// visit.) ?rs-snapshot=0 or 1 overrides the guess (benchmarks/, tests).
/** @param {Navigator & {connection?: {saveData?: boolean, effectiveType?: string}}} [nav]
 *  @param {(query: string) => boolean} [media] */
export function startsFromSnapshot(nav = navigator,
  media = (query) => matchMedia(query).matches) {
  const forced = new URLSearchParams(location.search).get("rs-snapshot");
  if (forced === "0" || forced === "1") return forced === "1";
  const connection = nav.connection;
  if (connection) {
    if (connection.saveData) return false;
    if (/(^|-)(2g|3g)$/.test(connection.effectiveType || "")) return false;
  }
  return media("(pointer: coarse)") || media("(max-width: 600px)");
}
