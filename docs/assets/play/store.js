// The game in progress, kept in localStorage so that a reload resumes it. Storage may be
// missing or full (private modes, quotas): the page then simply forgets on reload. Each game's
// Play page keeps its own (its key), and says what a saved game of its own looks like.

const VERSION = 1;

/** @typedef {{record: string, human: string, level: string}} Saved */

/**
 * The saved game of one Play page under `key`; `valid` tells a saved game of that page from
 * a damaged or forged one (its seat and level), which is forgotten.
 * @param {string} key @param {(saved: Saved) => boolean} valid
 */
export function storage(key, valid) {
  // The page is marked while its game could not be saved: a new build that takes over then
  // leaves it open rather than reload it (docs/assets/site/offline.js).
  const mark = (/** @type {boolean} */ unsaved) =>
    document.documentElement.toggleAttribute("data-rs-unsaved", unsaved);
  function clear() {
    mark(false);
    try {
      localStorage.removeItem(key);
    } catch {
      // As in save().
    }
  }
  return {
    /** Whether it was saved. @param {Saved} game @returns {boolean} */
    save(game) {
      try {
        localStorage.setItem(key, JSON.stringify({ version: VERSION, ...game }));
        mark(false);
        return true;
      } catch {
        mark(true);
        return false; // the game goes on, unsaved
      }
    },
    /** The saved game ({record, human, level}) or null. For a game in progress the record is
     * the seat's concealed record (session.py conceal()): no seed and none of the other seats'
     * cards are stored. The record is checked again by the engine before use (session.py):
     * storage is as untrusted as any input.
     * @returns {Saved | null} */
    load() {
      try {
        const saved = JSON.parse(localStorage.getItem(key) || "null");
        if (!saved) return null;
        if (saved.version !== VERSION || typeof saved.record !== "string"
            || typeof saved.human !== "string" || typeof saved.level !== "string"
            || !valid(saved)) {
          clear(); // damaged or forged: forgotten, so that it cannot come back
          return null;
        }
        return saved;
      } catch {
        clear();
        return null;
      }
    },
    clear,
  };
}
