// Love Letter's chooser for "what if?" (examples/whatif.js runs the panel). An example shows
// the whole table, so the reader decides for whichever seat is to move: a card of its hand,
// then a player, then (Guard) a card to name; after a Chancellor, the card to keep and the
// order of the others. The steps are the Play page's, read from the engine's legal moves by
// choose.js; they are drawn as buttons beside the board, which stays as board.py drew it. A
// card or a player no legal move goes through stays on offer, marked: picked, the engine is
// asked to play it and refuses it, naming the rule.

import { escapeHTML } from "../../examples/i18n.js";
import { attempt, chosen, keeps, none, plays } from "./choose.js";

/** @typedef {import("../../examples/whatif.js").Chooser} Chooser */
/** @typedef {import("../../examples/whatif.js").ChooserContext} ChooserContext */
/** @typedef {import("./choose.js").Choice} Pick */
/** @typedef {LivePosition<LoveLetterPosition>} Live a live position (types/session.d.ts) */

const TARGETING = new Set([1, 2, 3, 5, 7]); // the cards that choose a player (rules 5.x)

/** @param {ChooserContext} context @returns {Chooser} */
export function chooser(context) {
  return new Choice(context);
}

/** @implements {Chooser} */
class Choice {
  /** @param {ChooserContext} context */
  constructor({ t, board, area }) {
    this.t = t;
    this.board = board;
    this.area = area;
    this.level = "heuristic"; // the computer's level (session.LEVELS): quick and sensible
    this.untilDeal = true; // the computer finishes the round; the reader deals the next
    this.computer = t.text("ll.whatif.computer");
    /** @type {Pick} */
    this.pick = none();
    /** @type {string | null} */
    this.move = null;
    /** @type {Live | null} */
    this.live = null; // the position the choices are drawn for
  }

  clear() {
    this.pick = none();
    this.move = null;
  }

  picked() {
    return this.pick.card !== null || this.pick.keep !== null;
  }

  /** @param {HTMLElement} part @param {Live} live */
  choose(part, live) {
    if (!this.area.contains(part)) return false;
    const [kind, value] = (part.dataset.choice || "").split(":");
    const pick = this.pick;
    const legal = live.legal;
    const other = seats(live).find((seat) => seat !== live.to_move) || null;
    if (kind === "card") {
      const card = Number(value);
      if (!plays(legal, { ...none(), card }).length) {
        return attempt(card, TARGETING.has(card) ? other : null);
      }
      this.pick = pick.card === card ? none() : { ...none(), card };
    } else if (kind === "target" && pick.card !== null) {
      if (!plays(legal, { ...none(), card: pick.card, target: value }).length) {
        return attempt(pick.card, value);
      }
      this.pick = { ...none(), card: pick.card, target: pick.target === value ? null : value };
    } else if (kind === "guess") {
      this.pick = { ...pick, guess: pick.guess === Number(value) ? null : Number(value) };
    } else if (kind === "keep") {
      this.pick = { ...none(), keep: pick.keep === Number(value) ? null : Number(value) };
    } else if (kind === "order") {
      this.pick = { ...pick, order: pick.order === value ? null : value };
    } else return false;
    this.move = this.pick.order || chosen(legal, this.pick)
      || (legal.length === 1 && !this.picked() ? legal[0] : null);
    return true;
  }

  /** @param {Live} live */
  draw(live) {
    this.live = live.legal.length ? live : null;
  }

  // The choices, drawn again for what is picked; focus stays on the choice it was on.
  mark() {
    const focused = document.activeElement instanceof HTMLElement && this.area.contains(document.activeElement)
      ? document.activeElement.dataset.choice : null;
    const live = this.live;
    this.area.innerHTML = live ? this.rows(live) : "";
    this.area.hidden = !live;
    const again = focused && this.area.querySelector(`[data-choice="${CSS.escape(focused)}"]`);
    if (again instanceof HTMLElement) again.focus();
  }

  /** The rows of buttons for `live`, as HTML. @param {Live} live */
  rows(live) {
    const { t, pick } = this;
    const legal = live.legal;
    const hand = distinct(/** @type {number[]} */ (live.hand.filter((c) => c !== null)));
    // The label in one element: a flex button would drop the spaces around "and" in a list.
    /** @param {string} choice @param {string} label @param {boolean} pressed @param {boolean} open */
    const button = (choice, label, pressed, open = true) =>
      `<button type="button" class="rs-btn" data-choice="${escapeHTML(choice)}" aria-pressed="${pressed}"${
        open ? "" : ' aria-disabled="true"'}><span>${label}</span></button>`;
    /** @param {string} label @param {string[]} buttons */
    const row = (label, buttons) =>
      `<div class="rs-wi-row" role="group" aria-label="${escapeHTML(label)}">${buttons.join("")}</div>`;
    if (live.phase === "chancellor") {
      const out = [row(t.text("ll.play.ask.keep"), hand.map((card) =>
        button(`keep:${card}`, this.chip(card), pick.keep === card)))];
      const orders = pick.keep === null ? []
        : keeps(legal, pick.keep).filter((k) => k.move.bottom.length > 1);
      if (orders.length > 1) {
        out.push(row(t.text("ll.play.ask.order"), orders.map((k) =>
          button(`order:${k.text}`, t.list(k.move.bottom.map((c) => this.chip(c))),
            pick.order === k.text))));
      }
      return out.join("");
    }
    // The only legal move shows as picked, as the one move the site's prompt names.
    const only = pick.card === null && this.move ? plays([this.move], none())[0] : null;
    const out = [row(t.text("ll.play.ask.card"), hand.map((card) => button(`card:${card}`, this.chip(card),
      pick.card === card || Boolean(only && only.move.card === card),
      plays(legal, { ...none(), card }).length > 0)))];
    const card = pick.card;
    if (card !== null && TARGETING.has(card)) {
      const open = new Set(plays(legal, { ...none(), card }).map((p) => p.move.target));
      if (!open.has(null)) {
        out.push(row(t.text("ll.play.ask.target"), seats(live)
          .filter((seat) => seat !== live.to_move || card === 5)
          .map((seat) => button(`target:${seat}`, this.seat(seat), pick.target === seat,
            open.has(seat)))));
      }
    }
    if (card === 1 && pick.target !== null) {
      const names = plays(legal, { ...none(), card, target: pick.target })
        .map((p) => Number(p.move.guess));
      out.push(row(t.text("ll.play.ask.guess", { player: pick.target }), names.map((guess) =>
        button(`guess:${guess}`, this.chip(guess), pick.guess === guess))));
    }
    return out.join("");
  }

  /** A card as the boards draw it: its number and its name. @param {number} card */
  chip(card) {
    return `<span class="ll-chip ll-c${card}"><b>${card}</b>\u00a0${this.t.html(`ll.card.${card}`)}</span>`;
  }

  /** A seat, said with what the board shows of it (protected, out). @param {string} seat */
  seat(seat) {
    const t = this.t;
    const place = this.board.querySelector(`[data-part="seat-${seat}"]`);
    const note = place && place.querySelector('[data-part^="out-"]') ? t.html("ll.board.out")
      : place && place.querySelector('[data-part^="protected-"]') ? t.html("ll.board.protected") : "";
    const name = t.html("ll.board.player", { player: seat });
    return note ? `${name} <span class="rs-small">(${note})</span>` : name;
  }

  first() {
    const button = this.area.querySelector("button:not([aria-disabled])");
    return button instanceof HTMLElement ? button : null;
  }

  /** The move in words, as text. @param {string} move @param {Live} live */
  describe(move, live) {
    const t = this.t;
    const name = (/** @type {number} */ card) => t.text(`ll.card.${card}`);
    const player = live.to_move;
    const keep = keeps([move], null)[0];
    if (keep) {
      const { keep: card, bottom } = keep.move;
      return bottom.length
        ? t.text("ll.whatif.keep", { player, card: name(card), cards: t.list(bottom.map(name)) })
        : t.text("ll.whatif.keep_alone", { player, card: name(card) });
    }
    const found = plays([move], none())[0];
    if (!found) return move;
    const { card, target, guess } = found.move;
    if (guess !== null) {
      return t.text("ll.whatif.guess", { player, card: name(card), target, guess: name(guess) });
    }
    if (target !== null) return t.text("ll.whatif.target", { player, card: name(card), target });
    return t.text("ll.whatif.play", { player, card: name(card) });
  }

  /** What the reader is asked now. @param {Live} live */
  prompt(live) {
    // The next round waits for its deal: no player decides, the panel's Deal button asks.
    if (live.deal_due) return "";
    const t = this.t;
    const pick = this.pick;
    let ask = "";
    if (live.phase === "chancellor") {
      ask = pick.keep === null || this.move ? t.text("ll.play.ask.keep") : t.text("ll.play.ask.order");
    } else if (pick.card === null) ask = t.text("ll.play.ask.card");
    else if (TARGETING.has(pick.card)) {
      const open = plays(live.legal, { ...none(), card: pick.card });
      if (open.some((p) => p.move.target === null)) ask = t.text("ll.play.ask.no_target");
      else if (pick.target === null) ask = t.text("ll.play.ask.target");
      else if (pick.card === 1) ask = t.text("ll.play.ask.guess", { player: pick.target });
    }
    return t.text("ll.whatif.ask", { player: live.to_move, ask }).trim();
  }

  // A pick under way (a card, a player, no move yet), in words.
  /** @param {Live} live */
  progress(live) {
    const { card, target } = this.pick;
    if (card === null || this.move) return "";
    const player = live.to_move;
    const name = this.t.text(`ll.card.${card}`);
    const move = target === null ? this.t.text("ll.whatif.play", { player, card: name })
      : this.t.text("ll.whatif.target", { player, card: name, target });
    return this.t.text("ll.whatif.so_far", { move });
  }

  /** @param {Live} live */
  deal(live) {
    return this.t.text("ll.play.deal", { round: live.round + 1 });
  }
}

/** The seats of the game of `live`, A first. @param {Live} live */
function seats(live) {
  return [..."ABCDEF"].slice(0, live.players);
}

/** @param {number[]} cards */
function distinct(cards) {
  return [...new Set(cards)];
}
