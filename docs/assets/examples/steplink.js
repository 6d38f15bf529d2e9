// A link to one step of an example (#EXAMPLEID-step-N) stays in the address bar while that
// example is on screen. Material's navigation.tracking rewrites the address to the heading
// nearest the top whenever the page scrolls (on a phone, the widget's own layout moving the
// page is enough), which would turn a teacher's step link into a link to the section, and a
// language switch from there would land on the section. Tracking takes over again once the
// reader scrolls the example out of view.

const STEP = /^#(.+)-step-\d+$/;

/** @param {string} hash */
function exampleOnScreen(hash) {
  const match = STEP.exec(hash);
  let id = null;
  try {
    id = match && decodeURIComponent(match[1]);
  } catch { // "#%-step-1": not an example's address, and no reason to throw
    return false;
  }
  const example = id && document.getElementById(id);
  if (!example) return false;
  const box = example.getBoundingClientRect();
  return box.bottom > 0 && box.top < innerHeight;
}

export function keepStepLinks() {
  if ("rsKeepsStepLinks" in history.replaceState) return;
  const replace = history.replaceState;
  /** @this {History} @param {any} state @param {string} title @param {string | URL | null} [url] */
  const guarded = function (state, title, url) {
    if (url !== undefined && url !== null && STEP.test(location.hash)) {
      const next = new URL(url, location.href);
      const samePage = next.pathname === location.pathname && next.search === location.search;
      if (samePage && !STEP.test(next.hash) && exampleOnScreen(location.hash)) return undefined;
    }
    return replace.call(this, state, title, url);
  };
  guarded.rsKeepsStepLinks = true;
  history.replaceState = guarded;
}
