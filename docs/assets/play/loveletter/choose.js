// Love Letter's moves as the Play page offers them: the engine's legal moves (session.py's
// position(): notation such as 1>B=9, 4, 5>A, K3/51) sorted into the steps a reader takes on a
// phone: a card of the hand, then a player, then (Guard) a card to name; after a Chancellor, the
// card to keep, then the order of the others under the deck. Nothing here decides what is legal:
// a choice is offered only if a legal move goes through it.

/** @typedef {{card: number, target: string | null, guess: number | null}} PlayMove */
/** @typedef {{keep: number, bottom: number[]}} KeepMove */
/** @typedef {{card: number | null, target: string | null, guess: number | null,
 *  keep: number | null, order: string | null}} Choice what the reader has picked so far
 *  (null: not yet); order is a whole Chancellor move, the cards under the deck in order */

const PLAY = /^(\d)(?:>([A-F]))?(?:=(\d))?$/;
const KEEP = /^K(\d)\/(\d*)$/;

/** The move `text` in parts, or null for a move of another kind. @param {string} text
 * @returns {PlayMove | null} */
export function playOf(text) {
  const m = PLAY.exec(text);
  return m ? { card: Number(m[1]), target: m[2] || null, guess: m[3] ? Number(m[3]) : null } : null;
}

/** @param {string} text @returns {KeepMove | null} */
export function keepOf(text) {
  const m = KEEP.exec(text);
  return m ? { keep: Number(m[1]), bottom: [...m[2]].map(Number) } : null;
}

/** A choice with nothing picked. @returns {Choice} */
export function none() {
  return { card: null, target: null, guess: null, keep: null, order: null };
}

/** The legal plays that agree with what is picked so far. @param {string[]} legal
 * @param {Choice} choice */
export function plays(legal, choice) {
  /** @type {{text: string, move: PlayMove}[]} */
  const out = [];
  for (const text of legal) {
    const move = playOf(text);
    if (!move) continue;
    if (choice.card !== null && move.card !== choice.card) continue;
    if (choice.target !== null && move.target !== choice.target) continue;
    if (choice.guess !== null && move.guess !== choice.guess) continue;
    out.push({ text, move });
  }
  return out;
}

/** The legal Chancellor choices keeping `keep` (all of them for null). @param {string[]} legal
 * @param {number | null} keep */
export function keeps(legal, keep) {
  /** @type {{text: string, move: KeepMove}[]} */
  const out = [];
  for (const text of legal) {
    const move = keepOf(text);
    if (move && (keep === null || move.keep === keep)) out.push({ text, move });
  }
  return out;
}

/** The one legal move the choice names, once nothing is left to pick; else null.
 * @param {string[]} legal @param {Choice} choice */
export function chosen(legal, choice) {
  if (choice.keep !== null) {
    const left = keeps(legal, choice.keep);
    return left.length === 1 ? left[0].text : null;
  }
  if (choice.card === null) return null;
  const left = plays(legal, choice);
  return left.length === 1 ? left[0].text : null;
}

/** A move the engine will refuse, to hear the rule it breaks: card `card` played (on `target`,
 * naming a card for a Guard). @param {number} card @param {string | null} target */
export function attempt(card, target) {
  if (target === null) return String(card);
  return card === 1 ? `1>${target}=2` : `${card}>${target}`;
}
