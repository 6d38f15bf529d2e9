// Hanamikoji's chooser for "what if?" (examples/whatif.js runs the panel): the reader picks on
// the board itself, which session.position() draws with its choices (board.py: the parts the
// reader may pick carry data-choice): an action marker, then its cards in the hand, or a card
// or a pair of the offer to answer a Gift or a Competition. The move is composed in notation
// and must be one of the engine's legal moves (live.legal) before it can be played.

/** @typedef {import("../../examples/whatif.js").Chooser} Chooser */
/** @typedef {import("../../examples/whatif.js").ChooserContext} ChooserContext */
/** @typedef {import("../../examples/i18n.js").Translator} Translator */
/** @typedef {LivePosition<HanamikojiPosition>} Live a live position (types/session.d.ts) */

/** @type {Record<string, number>} */
const CARDS = { S: 1, T: 2, G: 3, C: 4 }; // cards each action marker takes
/** @type {Record<string, string>} */
const NAMES = { S: "widget.secret", T: "widget.tradeoff", G: "widget.gift", C: "widget.competition" };

// A move in notation in words: "Gift 2 6 7", "Competition 1 2 / 6 7"; picks as the session says.
/** @param {Translator} t @param {string} move @param {Live} live */
function describe(t, move, live) {
  const letter = move[0];
  if (letter === "P") {
    const pick = live.pending && live.pending.picks.find((p) => p.move === move);
    return pick ? htmlText(pick.html) : move;
  }
  // As the steps say them: a list of cards ("2, 6, and 7"), or two pairs ("1–2 and 6–7").
  const groups = move.slice(1).split("-");
  const cards = groups.length === 1 ? t.list([...groups[0]])
    : t.list(groups.map(([a, b]) => t.text("card.pair", { a, b })));
  return `${t.text(NAMES[letter])} ${cards}`;
}

/** @param {string} html */
function htmlText(html) {
  const box = document.createElement("template");
  box.innerHTML = html;
  return box.content.textContent;
}

// The element that takes focus and says "pressed" for a part to pick: an action marker is a
// list item, which keeps its role; its name inside it is the button.
/** @param {HTMLElement} part @returns {HTMLElement} */
function control(part) {
  return part.tagName === "LI" ? part.querySelector(".hk-marker-name") || part : part;
}

/** @param {ChooserContext} context @returns {Chooser} */
export function chooser(context) {
  return new Choice(context);
}

/** @implements {Chooser} */
class Choice {
  /** @param {ChooserContext} context */
  constructor({ t, board }) {
    this.t = t;
    this.board = board;
    this.level = "default"; // the computer's level (session.LEVELS): MCTSPlayer's default
    this.untilDeal = false; // the computer plays to the end of the game, deals included
    this.computer = t.text("whatif.computer");
    /** @type {string | null} */
    this.marker = null;
    /** @type {number[]} */
    this.cards = [];
    /** @type {string | null} */
    this.move = null;
  }

  clear() {
    this.marker = null;
    this.cards = [];
    this.move = null;
  }

  picked() {
    return Boolean(this.marker || this.cards.length);
  }

  /** @param {HTMLElement} part @param {Live} live */
  choose(part, live) {
    if (!this.board.contains(part)) return false;
    const value = part.dataset.choice ?? null;
    const kind = (part.dataset.part || "").split("-")[0];
    if (kind === "offer") {
      this.move = this.move === value ? null : value;
    } else if (kind === "marker") {
      this.marker = this.marker === value ? null : value;
      if (this.marker) this.cards = this.cards.slice(0, CARDS[this.marker]);
    } else if (kind === "hand") {
      const index = Number(value);
      const at = this.cards.indexOf(index);
      const most = this.marker ? CARDS[this.marker] : 4;
      if (at >= 0) this.cards.splice(at, 1);
      else if (this.cards.length < most) this.cards.push(index);
      else if (most === 1) this.cards = [index];
    }
    if (kind !== "offer") this.move = this.compose(live);
    return true;
  }

  // The move the marker and the cards picked make, as the engine writes it, or null.
  /** @param {Live} live */
  compose(live) {
    const { marker, cards } = this;
    if (!marker || cards.length !== CARDS[marker]) {
      return live.legal.length === 1 && !marker && !cards.length ? live.legal[0] : null;
    }
    const values = cards.map((index) => this.cardAt(live, index));
    const sorted = (/** @type {string[]} */ list) => [...list].sort().join("");
    if (marker !== "C") return marker + sorted(values);
    const [a, b] = [sorted(values.slice(0, 2)), sorted(values.slice(2))];
    const candidates = [`C${a}-${b}`, `C${b}-${a}`];
    return candidates.find((move) => live.legal.includes(move)) || candidates[0];
  }

  /** @param {Live} live @param {number} index */
  cardAt(live, index) {
    const hand = live.hand;
    if (hand.length) return String(hand[index]);
    // session.position() draws the hand of the player to move with data-choice = its index.
    const card = this.board.querySelector(`[data-part="hand-${live.to_move}-${index}"]`);
    return card ? card.textContent.trim() : "";
  }

  // The live board's parts to pick become buttons, named.
  /** @param {Live} live */
  draw(live) {
    for (const part of this.board.querySelectorAll("[data-choice]")) {
      if (!(part instanceof HTMLElement)) continue; // board.py draws HTML
      const button = control(part);
      button.tabIndex = 0;
      button.setAttribute("role", "button");
      if (part.dataset.part?.startsWith("hand-")) {
        part.setAttribute("aria-label", this.t.text("whatif.card", { card: part.textContent.trim() }));
      } else if (part.dataset.part?.startsWith("offer-")) {
        part.setAttribute("aria-label", describe(this.t, part.dataset.choice || "", live));
      }
    }
  }

  // Shows the choice on the board: pressed parts, and for a Competition, which pair.
  mark() {
    const { marker, cards, move } = this;
    for (const part of this.board.querySelectorAll("[data-choice]")) {
      if (!(part instanceof HTMLElement)) continue; // board.py draws HTML
      const kind = (part.dataset.part || "").split("-")[0];
      let pressed = false;
      delete part.dataset.pair;
      if (kind === "marker") pressed = part.dataset.choice === marker;
      else if (kind === "offer") pressed = part.dataset.choice === move;
      else {
        const at = cards.indexOf(Number(part.dataset.choice));
        pressed = at >= 0;
        if (pressed && marker === "C") part.dataset.pair = at < 2 ? "1" : "2";
      }
      control(part).setAttribute("aria-pressed", String(pressed));
      part.toggleAttribute("data-picked", pressed); // styled on the part, a marker's whole pill
    }
  }

  first() {
    const part = this.board.querySelector("[data-choice]");
    return part instanceof HTMLElement ? control(part) : null;
  }

  /** @param {string} move @param {Live} live */
  describe(move, live) {
    return describe(this.t, move, live);
  }

  /** @param {Live} live */
  prompt(live) {
    const t = this.t;
    if (live.phase === "action") {
      const prompt = t.text("whatif.choose_action", { player: live.to_move });
      // Two sentences: a space between them, except after a Japanese full stop.
      return this.marker === "C" ? `${prompt}${/。$/.test(prompt) ? "" : " "}${t.text("whatif.choose_pair")}`
        : prompt;
    }
    return live.pending ? t.text("whatif.choose_pick", { player: live.to_move }) : "";
  }

  progress() {
    if (!this.marker) return "";
    // The cards to choose counted in the language's plural ("0 of 1 card", « 0 sur 1 carte »).
    return this.t.text("whatif.choosing", { marker: this.t.text(NAMES[this.marker]),
      chosen: this.cards.length, count: this.t.count("count.cards", CARDS[this.marker]) });
  }

  /** @param {Live} live */
  deal(live) {
    return this.t.text("whatif.deal", { round: live.round });
  }
}
