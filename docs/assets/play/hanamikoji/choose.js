// What a selection of cards can become, read from the engine's legal moves (session.py's
// "legal", in notation): the page never decides legality itself, it only filters that list.

/** The cards of a move in notation ("C12-67" -> [1, 2, 6, 7]), sorted. @param {string} move */
export function cardsOf(move) {
  return move.slice(1).replace("-", "").split("").map(Number).sort((a, b) => a - b);
}

/** @param {number[]} a @param {number[]} b */
const same = (a, b) => a.length === b.length && a.every((value, i) => value === b[i]);

/** @param {number[]} cards @param {number[]} values */
function contains(cards, values) {
  const left = [...cards];
  for (const value of values) {
    const at = left.indexOf(value);
    if (at < 0) return false;
    left.splice(at, 1);
  }
  return true;
}

/** Legal moves of marker `letter` whose cards include all of `values`.
 * @param {string[]} legal @param {string} letter @param {number[]} values */
export function reachable(legal, letter, values) {
  return legal.filter((move) => move[0] === letter && contains(cardsOf(move), values));
}

/** Legal moves of marker `letter` made of exactly `values` (a Competition: its splits).
 * @param {string[]} legal @param {string} letter @param {number[]} values */
export function complete(legal, letter, values) {
  const sorted = [...values].sort((a, b) => a - b);
  return legal.filter((move) => move[0] === letter && same(cardsOf(move), sorted));
}

/** The pairs of a Competition in notation ("C12-67" -> [[1, 2], [6, 7]]). @param {string} move */
export function pairsOf(move) {
  return move.slice(1).split("-").map((pair) => pair.split("").map(Number));
}
