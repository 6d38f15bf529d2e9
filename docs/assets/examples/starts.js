// "What if?" before the engine has started: at each step of an example's own line, the line a
// what-if keeps and the position the reader moves from, as the engine computed them at build
// time (rulesite/pages/examples.py whatif_starts, a file beside the page named by a digest of
// its content). On a phone the engine takes seconds to start; with these the reader sees the
// moves they may play at once, and the engine is needed only once a move is played.
// Fetched at the first "what if?" of the example; anything amiss (offline, a damaged file)
// leaves the engine to compute the line, as without them.

import { siteRoot } from "./config.js";
import { cutRecord, movesAt } from "./whatif.js";

/** @typedef {import("./whatif.js").Line} Line */
/** @typedef {import("./whatif.js").WhatIfLine} WhatIfLine */
/** One start (whatif_starts): the first `same` steps are the example's own.
 * @typedef {{same: number, steps: (SessionStep & {html: string})[], boards: string[],
 *   outcome: string, live: LivePosition}} Start */

/** The starts of one example: `at(line, index)` gives the what-if line that leaves `line`
 * (the example's own) at step `index`, or null when there is none to give.
 * @param {string} lang @param {string | undefined} address under the language's folder */
export function starts(lang, address) {
  /** @type {Promise<{record: string, starts: Record<string, Start>} | null> | null} */
  let file = null;
  const load = async () => {
    if (!address) return null;
    try {
      const answer = await fetch(new URL(`${lang}/${address}`, siteRoot()));
      return answer.ok ? await answer.json() : null;
    } catch {
      return null; // offline, or not JSON: the engine computes the line
    }
  };
  return {
    /** @param {Line} line @param {number} index @returns {Promise<WhatIfLine | null>} */
    async at(line, index) {
      file = file || load();
      const found = await file;
      if (!found) file = null; // asked again at the next tap
      const moves = movesAt(line.steps, index);
      const start = found && found.record === line.record ? found.starts[String(moves)] : null;
      if (!start) return null;
      const kept = line.steps.slice(0, start.same);
      const steps = [...kept, ...start.steps];
      return {
        steps,
        texts: [...line.texts.slice(0, start.same), ...start.steps.map((step) => step.html)],
        boards: [...line.boards.slice(0, start.same), ...start.boards],
        outcome: start.outcome,
        output: "",
        record: cutRecord(line.record, moves),
        whatif: { from: steps.length - 1, live: start.live },
      };
    },
  };
}
