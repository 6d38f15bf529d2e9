// The game in progress, kept in localStorage so that a reload resumes it. Storage may be
// missing or full (private modes, quotas): the page then simply forgets on reload.

const KEY = "hk-play-game";
const VERSION = 1;
const LEVELS = ["easy", "default", "strong"]; // session.py LEVELS

/** @param {{record: string, human: string, level: string}} game */
export function save(game) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ version: VERSION, ...game }));
  } catch {
    // Nothing to do: the game goes on, unsaved.
  }
}

/** The saved game ({record, human, level}) or null. For a game in progress the record is the
 * seat's concealed record (session.py conceal()): no seed and none of the other seat's cards
 * are stored. The record is checked again by the engine before use (session.py): storage is
 * as untrusted as any input. */
export function load() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) || "null");
    if (!saved) return null;
    if (saved.version !== VERSION || typeof saved.record !== "string"
        || !["A", "B"].includes(saved.human) || !LEVELS.includes(saved.level)) {
      clear(); // damaged or forged: forgotten, so that it cannot come back
      return null;
    }
    return saved;
  } catch {
    clear();
    return null;
  }
}

export function clear() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // As in save().
  }
}
