// The controls under the Play page's board for one position (session.py's "position"): the
// last step in words, then what the reader can do now (the markers and their cards, the
// picks of an offer, the next deal) or the outcome. Markup only: play.js inserts it and
// handles the clicks (data-marker, data-move, data-act). Every choice offered comes from the
// engine's legal moves (choose.js).

import { escapeHTML } from "../../examples/i18n.js";
import { cardsOf, complete } from "./choose.js";

/** @typedef {import("../../examples/i18n.js").Translator} Translator */
/** @typedef {(rule: string) => string} RuleLink the HTML of a link to a rule */
/** @typedef {HanamikojiPosition} Position session.py's position() (types/session.d.ts) */

/** @type {Record<string, string>} */
const MARKERS = { S: "widget.secret", T: "widget.tradeoff", G: "widget.gift", C: "widget.competition" };

const chip = (/** @type {string | number} */ c) => `<span class="hk-chip hk-g${c}">${c}</span>`;

/** A Competition pair of two chips (HTML), as card.pair writes it: "2–5", 「2と5」.
 * @param {Translator} t @param {string} a @param {string} b */
export function pair(t, a, b) {
  return `<span class="hk-pair">${t.html("card.pair", { a, b })}</span>`;
}

/** Cards as the chips explain.py draws, joined as the language writes a list ("267" ->
 * "2, 6, and 7" as three chips). @param {string} digits @param {Translator} t */
export function chips(digits, t) {
  return t.list(cardsOf(`X${digits}`).map(chip));
}

/** Who won and why, with the rule. @param {string} html @param {string} rule
 * @param {RuleLink} ruleLink */
export function outcomeHTML(html, rule, ruleLink) {
  return html ? `<p class="rs-play-why">${html}${ruleLink(rule)}</p>` : "";
}

/** @param {string} attrs @param {string} html */
const button = (attrs, html, css = "rs-btn") => `<button type="button" class="${css}" ${attrs}>${html}</button>`;

/**
 * {state, status, html} for `pos` seen by the reader in seat `human`, who has chosen
 * `choice` ({letter, chosen: hand indices}); state and status are undefined while the
 * engine is to move (play.js shows it thinking).
 * @param {Position} pos @param {string} human @param {Choice} choice @param {Translator} t
 * @param {RuleLink} ruleLink
 */
export function controls(pos, human, choice, t, ruleLink) {
  /** @type {string[]} */
  const parts = [];
  // The last step in words, and the card drawn: after the controls, so that on a phone the
  // controls come right under the board, on the same screen as the hand (the board marks
  // the other seat's last move itself).
  /** @type {string[]} */
  const notes = [];
  const last = pos.steps.length > 1 ? pos.steps[pos.steps.length - 1] : null;
  if (last) notes.push(`<p class="rs-play-now">${last.html}${ruleLink(last.rule)}</p>`);
  /** @param {string | undefined} state @param {string | undefined} status */
  const done = (state, status) => ({ state, status, html: parts.concat(notes).join("") });
  if (pos.outcome) {
    const w = pos.outcome.winners;
    const key = w.length === 2 ? "play.you_shared" : !w.length ? "play.nobody"
      : w[0] === human ? "play.you_won" : "play.you_lost";
    parts.push(`<p class="rs-play-result"><strong>${t.html(key)}</strong></p>`,
      outcomeHTML(pos.outcome.html, pos.outcome.rule, ruleLink),
      `<p>${button('data-act="review"', t.html("play.replay_game"))}</p>`);
    return done("over", t.html("play.status.over"));
  }
  if (pos.deal_due) {
    parts.push(`<p>${button('data-act="deal"', t.html("play.deal", { round: pos.round + 1 }),
      "rs-btn rs-btn-run")}${ruleLink("deal-hands")}</p>`);
    return done("deal", t.html("play.status.deal", { round: pos.round, next: pos.round + 1 }));
  }
  if (pos.to_move !== human) return done(undefined, undefined);
  if (pos.pending) {
    const p = pos.pending;
    /** @type {Set<string>} */
    const seen = new Set();
    const picks = p.picks.filter((pick) => !seen.has(pick.move) && seen.add(pick.move))
      .map((pick) => button(`data-move="${pick.move}"`, `<span>${pick.html}</span>`));
    parts.push(`<p class="hk-play-choices">${picks.join("")}${ruleLink(p.rule)}</p>`);
    return done("play", t.html(p.kind === "gift" ? "play.status.answer_gift"
      : "play.status.answer_competition", { player: p.by }));
  }
  if (pos.drawn) {
    notes.push(`<p class="hk-play-drawn">${t.html("play.drawn",
      { cards: chips(String(pos.drawn.card), t) })}${ruleLink(pos.drawn.rule)}</p>`);
  }
  const status = action(pos, choice, t, ruleLink, parts);
  return done("play", status);
}

// The markers, then the cards of the chosen one: adds to `parts`, returns the status.
/** @typedef {{letter: string | null, chosen: number[]}} Choice hand indices of marker letter */
/** @param {Position} pos @param {Choice} choice @param {Translator} t @param {RuleLink} ruleLink
 *  @param {string[]} parts */
function action(pos, { letter, chosen }, t, ruleLink, parts) {
  const markers = Object.entries(MARKERS).map(([l, key]) => {
    const marker = pos.markers[l];
    const used = marker.used ? ' aria-disabled="true"' : "";
    return button(`data-marker="${l}" aria-pressed="${l === letter}"${used}`,
      `${t.html(key)} <span class="hk-play-count">${t.html(`play.marker_cards.${l}`)}</span>`,
      "rs-btn hk-play-marker");
  });
  parts.push(`<p class="hk-play-choices hk-play-markers">${markers.join("")}</p>`);
  if (!letter) return t.html("play.status.your_action", { round: pos.round });
  const need = pos.markers[letter].cards;
  const values = chosen.map((i) => pos.hand[i]);
  const name = t.html(MARKERS[letter]);
  const cancel = button('data-act="cancel"', t.html("play.cancel"));
  if (values.length < need) {
    parts.push(`<p>${cancel}${ruleLink(pos.markers[letter].rule)}</p>`);
    return t.html("play.status.choose_cards", { action: name, chosen: values.length, n: escapeHTML(t.count("count.cards", need)) });
  }
  const moves = complete(pos.legal, letter, values);
  if (!moves.length) { // cannot happen with cards from the hand; said rather than offered
    parts.push(`<p>${cancel}${ruleLink("actions-cards-from-hand")}</p>`);
    return t.html("play.illegal.actions-cards-from-hand");
  }
  if (letter === "C") {
    const splits = moves.map((move) => {
      const [a, b] = move.slice(1).split("-");
      return button(`data-move="${move}"`,
        `<span>${t.html("play.split", {
          pair1: pair(t, chip(a[0]), chip(a[1])), pair2: pair(t, chip(b[0]), chip(b[1])) })}</span>`);
    });
    parts.push(`<p class="hk-play-choices">${splits.join("")}${cancel}${ruleLink("competition-pairs")}</p>`);
    return t.html("play.status.split");
  }
  parts.push(`<p class="hk-play-choices">${button(`data-move="${moves[0]}"`, t.html("play.confirm"),
    "rs-btn rs-btn-run")}${cancel}${ruleLink(pos.markers[letter].rule)}</p>`);
  return t.html("play.status.confirm", { action: name, cards: chips(values.sort().join(""), t) });
}
