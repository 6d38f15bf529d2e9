// Love Letter's Play page: the reader is player A against computer opponents in the other
// seats. Wires the frame that rulesite/pages/play.py wrote to session.py's functions in the
// engine worker (runtime.js call). Python draws every board for the reader's seat (board.py,
// through session.py: the other hands arrive as card backs, so the page never holds them) and
// words every step; this module keeps the reader's choice (choose.js), lists what the others
// did since the reader's last turn, and steps through a finished game, a file or a link.
//
// The state shows in the root's data-state: static, loading, idle, play (the reader decides),
// busy (a move on its way), thinking, stopped, deal, over, review, ask (whether a game opened
// may replace the one saved), failed (styles and tests).
//
// A game in progress leaves the page only as the reader's seat knows it: its concealed record
// (session.py conceal()), saved in this browser after every move (store.js) and given by Share
// and Download. Opened again (a reload, a link, a file), the engine deals the cards that seat
// never saw afresh and the game goes on in that seat. A finished game is shared whole.

import { engine as sharedEngine } from "../../examples/boot.js";
import { escapeHTML } from "../../examples/i18n.js";
import { caller, frame, fresh } from "../frame.js";
import { hasRecord } from "../share.js";
import { storage } from "../store.js";
import { attempt, chosen, keeps, none, plays } from "./choose.js";

const SEATS = "ABCDEF";
const LEVELS = ["random", "heuristic", "search"]; // session.py LEVELS
// A saved game of this page: a seat and a level it offers.
const store = storage("ll-play-game",
  (saved) => saved.human.length === 1 && SEATS.includes(saved.human) && LEVELS.includes(saved.level));
const THINK_LIMIT_MS = 60000; // the search level stops itself after a second (session.py)
const CALL_LIMIT_MS = 30000;
const PAUSE_MS = 450; // between two opponents' moves, so that each can be read as it comes
const TARGETING = new Set([1, 2, 3, 5, 7]); // the cards that choose a player (rules 5.x)

/** @typedef {import("./choose.js").Choice} Choice */
/** @typedef {{index: number, kind: string, player: string | null, move: string | null,
 *  moves: number, html: string, rule: string}} Step session.py's _brief() */
/** @typedef {LoveLetterPosition} Position session.py's position() (types/session.d.ts) */
/** @typedef {{record: string, level: string, human: string, concealed: string | null}} Game the whole record (memory only) and, in progress, the
 *  reader's seat's concealed one (saved, shared) */
/** @typedef {{record: string, boards: string[], steps: Step[], outcome: string, index: number}}
 *  Review a game stepped through */
/** @typedef {import("../frame.js").Asked} Asked */

const root = document.getElementById("rs-play");
if (root) start(root);

/** @param {HTMLElement} root */
async function start(root) {
  const { strings, t, $, el: frameEl, setState, say, ruleLink, showError, listSteps,
    focusKey: focusOf, restoreFocus, replaceSaved, clearHash, wireRecords, turns } = frame(root, "ll.");
  const el = {
    ...frameEl,
    players: /** @type {HTMLSelectElement} */ ($('[name="players"]')),
    variant: /** @type {HTMLSelectElement} */ ($('[name="variant"]')),
  };

  let pressedEarly = false;
  let onNewGame = () => { pressedEarly = true; };
  $('[data-act="new"]').addEventListener("click", () => onNewGame());
  el.variant.addEventListener("change", fitPlayers);
  fitPlayers();

  const engine = await sharedEngine();
  /** @type {Game | null} */
  let game = null; // the game being played: its whole record lives in memory only
  let human = "A"; // the reader's seat: A in a new game, the seat of a game opened in progress
  let unsaved = false; // this browser keeps no saved game (private mode, quota): leaving asks
  /** @type {Position | null} */
  let pos = null;
  /** @type {Choice} */
  let choice = none();
  /** @type {Review | null} */
  let review = null;
  const calls = caller(engine, t); // its generation: bumped by New game, Load, a link
  const cardName = (/** @type {number} */ card) => t.html(`ll.card.${card}`);
  const chip = (/** @type {number} */ card) =>
    `<span class="ll-chip ll-c${card}"><b>${card}</b> ${cardName(card)}</span>`;

  // The counts the chosen variant seats (its option's data-players): the others are disabled,
  // and a count it lacks moves to its largest, said next to the field.
  function fitPlayers() {
    const option = el.variant.selectedOptions[0];
    const allowed = (option?.dataset.players || "").split(" ").map(Number);
    for (const count of el.players.options) count.disabled = !allowed.includes(Number(count.value));
    if (!allowed.includes(Number(el.players.value))) {
      el.players.value = String(Math.max(...allowed));
      say(t.html("ll.play.status.players_fitted", { n: el.players.value }));
    }
  }

  const ask = (/** @type {string} */ fn, /** @type {unknown[]} */ args, limit = CALL_LIMIT_MS) =>
    calls.ask(fn, args, limit);

  /** @param {Asked & {ok: false}} answer @returns {Promise<void> | void} */
  function engineTrouble(answer) {
    if (answer.kind === "stale") return;
    if (answer.kind === "refused") {
      showError(answer.message, answer.rule);
      return game ? refresh() : idle();
    }
    setState("failed");
    const error = escapeHTML(answer.message || answer.kind);
    say(t.html(answer.kind === "engine" ? "ll.play.status.failed" : "ll.play.error.engine",
      { error }));
    el.stop.hidden = true;
    el.resume.hidden = !game || Boolean(pos && pos.outcome);
  }

  engine.addEventListener("state", () => {
    root.dataset.engine = engine.state;
    el.progress.hidden = engine.state !== "loading";
    if (engine.state === "failed" && !calls.pending) {
      setState("failed");
      const damaged = engine.failure && engine.failure.damaged;
      say(t.html("ll.play.status.failed", { error: damaged
        ? escapeHTML(t.text("error.damaged", { file: damaged })) : "—" }));
    }
  });
  root.dataset.engine = engine.state;
  engine.addEventListener("progress", () => {
    if (engine.state !== "loading" || !engine.progress || !engine.progress.total) return;
    el.progress.hidden = false;
    el.progress.max = engine.progress.total;
    el.progress.value = Math.min(engine.progress.loaded, engine.progress.total);
  });

  // --- a game -------------------------------------------------------------------------------

  async function newGame() {
    calls.generation += 1;
    if (calls.pending) calls.pending.cancel();
    review = null;
    clearHash();
    showError("");
    const form = new FormData(el.setup);
    const players = Number(form.get("players"));
    setState("loading");
    if (engine.state !== "ready") say(t.html("ll.play.status.loading"));
    const answer = await ask("new_game", [players, String(form.get("variant")), fresh()]);
    if (!answer.ok) return engineTrouble(answer);
    human = "A";
    game = { record: answer.result.record, level: String(form.get("level")), human,
      concealed: null };
    await refresh();
    el.board.scrollIntoView({ block: "start" });
  }

  // The position for the reader's seat, then the opponents' moves until the reader decides;
  // `news`, if given, is said first (a game resumed or opened), before the opponents move.
  /** @param {string} news @returns {Promise<void>} */
  async function refresh(news = "") {
    const current = game;
    if (!current) return;
    choice = none();
    const answer = await ask("position", [current.record, strings, human]);
    if (!answer.ok) return engineTrouble(answer);
    const shown = /** @type {Position} */ (answer.result);
    current.concealed = shown.concealed;
    unsaved = !store.save({ record: shown.concealed || current.record, human, level: current.level });
    show(shown);
    if (news) announce(news);
    if (shown.live && !shown.outcome && !shown.deal_due && shown.to_move !== human) {
      await think(current, shown);
    }
  }

  // The opponents' turns, the reader's move and the next deal: frame.js turns().
  const turn = turns({ ask, calls, game: () => game, focusKey: () => focusKey(),
    refresh: (news) => refresh(news), trouble: engineTrouble, thinkLimit: THINK_LIMIT_MS,
    pause: PAUSE_MS });
  const { think, play, deal } = turn;

  // A move the reader tried that the page does not offer: the engine refuses it, naming the
  // rule, and nothing changes.
  /** @param {string} move */
  async function tryMove(move) {
    const current = game;
    if (!current || root.dataset.state !== "play") return;
    const answer = await ask("play", [current.record, move, strings, human]);
    if (answer.ok) return; // not reached: the page offers every legal move
    if (answer.kind !== "refused") return engineTrouble(answer);
    showError(answer.message, answer.rule);
  }

  // --- drawing ------------------------------------------------------------------------------

  /** @param {Position} position */
  function show(position) {
    pos = position;
    review = null;
    el.replay.hidden = true;
    el.board.innerHTML = position.board; // drawn by board.py for the reader's seat
    listSteps(position.steps, position.step);
    el.outcome.innerHTML = position.outcome ? outcomeHTML(position.outcome) : "";
    el.download.disabled = false;
    el.share.disabled = false;
    el.shareBox.hidden = true;
    panel();
  }

  /** @param {{html: string, rule: string}} outcome */
  function outcomeHTML(outcome) {
    return `<p class="rs-play-why">${outcome.html}${ruleLink(outcome.rule)}</p>`;
  }

  // What the others did since the reader's last move (or since the deal), in words.
  /** @param {Position} position */
  function news(position) {
    const steps = position.steps;
    let from = steps.length;
    while (from > 1 && steps[from - 1].player !== human && steps[from - 1].kind !== "deal") from -= 1;
    if (from > 1 && steps[from - 1].kind === "deal") from -= 1;
    const items = steps.slice(Math.max(from, 1)).map((step) =>
      `<li>${step.html}${ruleLink(step.rule)}</li>`).join("");
    return items ? `<ol class="ll-play-news" aria-label="${escapeHTML(t.text("ll.play.news"))}">${items}</ol>` : "";
  }

  function panel() {
    const shown = pos;
    if (!shown || !game) return;
    const notes = news(shown);
    if (shown.outcome) {
      const won = shown.outcome.winners.includes(human);
      const key = won ? (shown.outcome.winners.length > 1 ? "ll.play.you_shared" : "ll.play.you_won")
        : "ll.play.you_lost";
      el.panel.innerHTML = `<p class="rs-play-result"><strong>${t.html(key)}</strong></p>`
        + outcomeHTML(shown.outcome) + notes
        + `<p><button type="button" class="rs-btn" data-act="review">${t.html("ll.play.replay_game")}</button></p>`;
      setState("over");
      say(t.html("ll.play.status.over"));
      return;
    }
    if (shown.deal_due) {
      el.panel.innerHTML = `<p><button type="button" class="rs-btn rs-btn-run" data-act="deal">${
        t.html("ll.play.deal", { round: shown.round + 1 })}</button></p>${notes}`;
      setState("deal");
      say(t.html("ll.play.status.deal", { round: shown.round }));
      keepInView();
      return;
    }
    if (shown.to_move !== human) {
      el.panel.innerHTML = notes;
      return;
    }
    el.panel.innerHTML = chooser(shown) + notes;
    setState("play");
    keepInView();
  }

  // The reader's decision: the hand's cards, then the players the card may choose, then (Guard)
  // the card to name, then the confirmation; after a Chancellor, the card to keep and the
  // order of the others. Only what a legal move goes through is offered as open; a card or a
  // player the rules forbid stays visible, marked, and says its rule when tapped.
  /** @param {Position} shown */
  function chooser(shown) {
    const legal = shown.legal;
    const hand = /** @type {number[]} */ (shown.hand.filter((c) => c !== null));
    const parts = [];
    const pressed = (/** @type {boolean} */ on) => ` aria-pressed="${on}"`;
    if (shown.phase === "chancellor") {
      parts.push(`<p class="ll-play-ask">${t.html("ll.play.ask.keep")}</p>`,
        `<div class="ll-play-row" role="group" aria-label="${escapeHTML(t.text("ll.play.your_hand"))}">`,
        ...distinct(hand).map((card) => `<button type="button" class="ll-play-card" data-keep="${card}"${
          pressed(choice.keep === card)}>${chip(card)}</button>`), "</div>");
      if (choice.keep !== null) {
        const orders = keeps(legal, choice.keep).filter((k) => k.move.bottom.length > 1);
        if (orders.length > 1) {
          parts.push(`<p class="ll-play-ask">${t.html("ll.play.ask.order")}</p>`,
            '<div class="ll-play-row" role="group">',
            ...orders.map((k) => `<button type="button" class="rs-btn" data-order="${k.text}"${
              pressed(choice.order === k.text)}>${t.list(k.move.bottom.map(chip))}</button>`), "</div>");
        }
      }
    } else {
      parts.push(`<p class="ll-play-ask">${t.html("ll.play.ask.card")}</p>`,
        `<div class="ll-play-row" role="group" aria-label="${escapeHTML(t.text("ll.play.your_hand"))}">`,
        ...distinct(hand).map((card) => {
          const open = plays(legal, { ...none(), card }).length > 0;
          return `<button type="button" class="ll-play-card" data-card="${card}"${pressed(choice.card === card)}${
            open ? "" : ' aria-disabled="true"'}>${chip(card)}</button>`;
        }), "</div>");
      const card = choice.card;
      if (card !== null && TARGETING.has(card)) {
        const open = new Set(plays(legal, { ...none(), card }).map((p) => p.move.target));
        if (open.has(null)) {
          parts.push(`<p class="ll-play-ask">${t.html("ll.play.ask.no_target")}${ruleLink("no-valid-target")}</p>`);
        } else {
          parts.push(`<p class="ll-play-ask">${t.html("ll.play.ask.target")}</p>`,
            '<div class="ll-play-row" role="group">',
            ...seats(shown.players).filter((s) => s !== human || card === 5).map((seat) =>
              `<button type="button" class="rs-btn ll-play-seat" data-target="${seat}"${pressed(choice.target === seat)}${
                open.has(seat) ? "" : ' aria-disabled="true"'}>${seatLabel(seat)}</button>`), "</div>");
        }
      }
      if (card === 1 && choice.target !== null) {
        const names = plays(legal, { ...none(), card, target: choice.target }).map((p) => Number(p.move.guess));
        parts.push(`<p class="ll-play-ask">${t.html("ll.play.ask.guess", { player: choice.target })}</p>`,
          '<div class="ll-play-row ll-play-guesses" role="group">',
          ...names.map((g) => `<button type="button" class="ll-play-card" data-guess="${g}"${
            pressed(choice.guess === g)}>${chip(g)}</button>`), "</div>");
      }
    }
    const move = choice.order || chosen(legal, choice);
    const confirm = move
      ? `<button type="button" class="rs-btn rs-btn-run" data-move="${move}">${t.html("ll.play.confirm")}</button>`
      : `<button type="button" class="rs-btn rs-btn-run" disabled>${t.html("ll.play.confirm")}</button>`;
    const what = move ? `<p class="ll-play-what">${describe(move)}</p>` : "";
    const cancel = choice.card !== null || choice.keep !== null
      ? `<button type="button" class="rs-btn" data-act="cancel">${t.html("ll.play.cancel")}</button>` : "";
    say(move ? t.html("ll.play.status.confirm") : t.html("ll.play.status.your_turn", { round: shown.round }));
    return `<div class="ll-play-choose">${parts.join("")}${what}<p class="ll-play-go">${confirm}${cancel}</p></div>`;
  }

  /** The seat, said with what the board shows of it (protected, out). @param {string} seat */
  function seatLabel(seat) {
    const shown = pos;
    const name = seat === human ? t.html("ll.play.yourself") : t.html("ll.board.player", { player: seat });
    const board = shown ? el.board.querySelector(`[data-part="seat-${seat}"]`) : null;
    const out = board && board.querySelector('[data-part^="out-"]');
    const safe = board && board.querySelector('[data-part^="protected-"]');
    const note = out ? t.html("ll.board.out") : safe ? t.html("ll.board.protected") : "";
    return note ? `${name} <span class="rs-small">(${note})</span>` : name;
  }

  /** The move about to be played, in words. @param {string} move */
  function describe(move) {
    if (move.startsWith("K")) {
      const k = keeps([move], null)[0].move;
      return k.bottom.length ? t.html("ll.play.will_keep", { card: chip(k.keep),
        cards: t.list(k.bottom.map(chip)) }) : t.html("ll.play.will_keep_alone", { card: chip(k.keep) });
    }
    const p = plays([move], none())[0].move;
    if (p.guess !== null) {
      return t.html("ll.play.will_guess", { card: chip(p.card), player: p.target, guess: chip(p.guess) });
    }
    if (p.target !== null) return t.html("ll.play.will_target", { card: chip(p.card), player: p.target });
    return t.html("ll.play.will_play", { card: chip(p.card) });
  }

  // At the reader's decision the controls stay on screen: when "Play" is below the screen or
  // the choice's top above it (under the header: the table above it may have shrunk since the
  // last decision), the table's top goes to the top of the screen if "Play" then fits (on a
  // 390 px phone it does: loveletter/play.css), else "Play" comes to the screen's bottom edge.
  function keepInView() {
    const buttons = el.panel.querySelectorAll("button");
    const last = buttons[buttons.length - 1];
    if (!last) return;
    const header = document.querySelector(".md-header");
    const top = header ? header.getBoundingClientRect().bottom : 0;
    const bottom = last.getBoundingClientRect().bottom;
    if (el.panel.getBoundingClientRect().top >= top && bottom <= innerHeight) return;
    const board = el.board.getBoundingClientRect().top;
    scrollBy({ top: bottom - (board - top) <= innerHeight ? board - top : bottom - innerHeight });
  }

  /** @param {number} card */
  function pickCard(card) {
    const shown = pos;
    if (!shown) return;
    if (!plays(shown.legal, { ...none(), card }).length) {
      const other = seats(shown.players).find((s) => s !== human) || null;
      return tryMove(attempt(card, TARGETING.has(card) ? other : null));
    }
    showError("");
    choice = choice.card === card ? none() : { ...none(), card };
    redraw();
  }

  /** @param {string} seat */
  function pickTarget(seat) {
    const shown = pos;
    if (!shown || choice.card === null) return;
    if (!plays(shown.legal, { ...none(), card: choice.card, target: seat }).length) {
      return tryMove(attempt(choice.card, seat));
    }
    showError("");
    choice = { ...none(), card: choice.card, target: choice.target === seat ? null : seat };
    redraw();
  }

  function redraw() {
    const focus = focusKey();
    panel();
    restoreFocus(focus);
  }

  // --- stepping through a game --------------------------------------------------------------

  /** @param {string} record @param {string | null} viewer @param {number | null} moves */
  async function enterReview(record, viewer, moves = null) {
    const r = await turn.replayed(record, viewer, moves, () => (game ? refresh() : idle()));
    if (!r) return;
    review = { record, boards: r.boards, steps: r.steps, outcome: r.outcome, index: r.index };
    showReview();
  }

  function showReview() {
    const shown = review;
    if (!shown) return;
    const { index, steps } = shown;
    const why = shown.outcome ? `<p class="rs-play-why">${shown.outcome}</p>` : "";
    turn.showStep(shown, `<p class="rs-play-now">${steps[index].html || ""}${ruleLink(steps[index].rule)}</p>`
      + (index === steps.length - 1 ? why : ""), why, Boolean(game && pos && !pos.outcome));
  }

  /** @param {number} index */
  function go(index) {
    if (!review) return;
    review.index = Math.max(0, Math.min(review.steps.length - 1, index));
    showReview();
  }

  async function openLink() {
    const opened = await turn.opened(null, () => (game ? refresh() : idle()));
    if (!opened) return;
    const { record, step, seat, concealed } = opened;
    if (seat) return playOn(record, seat, concealed, "ll.play.status.link_seat");
    game = null;
    pos = null;
    await enterReview(record, null, step);
    if (review) announce(t.html("ll.play.status.link"));
  }

  /** @param {File} file */
  async function loadFile(file) {
    const opened = await turn.opened(file, () => (game ? refresh() : idle()));
    if (!opened) return;
    const { record, seat, concealed } = opened;
    if (seat) return playOn(record, seat, concealed, "ll.play.status.loaded_seat");
    game = null;
    pos = null;
    await enterReview(record, null);
    if (review) announce(t.html("ll.play.status.loaded"));
  }

  // A game in progress opened from a link or a file (a concealed record): played on in its
  // seat, the cards that seat never saw dealt afresh by the engine (session.py load()). It
  // takes the place of the game saved in this browser, so the reader is asked first (unless
  // it is that very game); kept, the saved game comes back and the link leaves the address.
  /** @param {string} record @param {string} seat @param {string} concealed its seat's record
   * @param {string} key the status said */
  async function playOn(record, seat, concealed, key) {
    const saved = store.load();
    if (saved && saved.record !== concealed) {
      const mine = calls.generation;
      setState("ask");
      say("");
      const replace = await replaceSaved(el.panel);
      if (mine !== calls.generation) return; // New game, another link or file meanwhile
      if (!replace) {
        clearHash();
        showError("");
        return game ? refresh() : resume(saved);
      }
    }
    const form = new FormData(el.setup);
    clearHash(); // a reload then resumes the game saved, rather than opening the link again
    human = seat;
    game = { record, level: String(form.get("level")), human, concealed: null };
    pos = null;
    await refresh(t.html(key, { player: seat }));
  }

  // A saved game reopened (frame.js turns().resume), in its seat: the cards that seat never
  // saw dealt afresh.
  const forget = () => {
    store.clear();
    idle();
  };
  /** @param {{record: string, human: string, level: string}} saved */
  const resume = (saved) => turn.resume(saved, forget, (loaded) => {
    human = saved.human;
    game = { record: loaded.record, level: saved.level, human, concealed: loaded.concealed };
    return refresh(t.html("ll.play.status.resumed"));
  });

  // Share and Download: the record stepped through, at the step shown; a finished game of the
  // page whole; a game in progress as the reader's seat knows it (its concealed record).
  function shareable() {
    if (review) return { record: review.record, moves: review.steps[review.index].moves };
    if (game && game.concealed) return { record: game.concealed, moves: null };
    if (game && pos && pos.outcome) return { record: game.record, moves: null };
    return null;
  }

  /** A status said before the one the page shows now. @param {string} html */
  function announce(html) {
    say(`${html} ${el.status.innerHTML}`);
  }

  function idle() {
    setState("idle");
    say(t.html("ll.play.status.idle"));
  }

  // --- helpers ------------------------------------------------------------------------------

  const focusKey = () => focusOf(["card", "target", "guess", "keep", "order", "act"]);

  // --- events -------------------------------------------------------------------------------

  onNewGame = newGame;
  el.stop.addEventListener("click", () => calls.pending && calls.pending.cancel());
  el.resume.addEventListener("click", () => {
    el.resume.hidden = true;
    refresh();
  });
  wireRecords(shareable, loadFile);
  el.back.addEventListener("click", () => go((review?.index ?? 0) - 1));
  el.forward.addEventListener("click", () => go((review?.index ?? 0) + 1));
  el.live.addEventListener("click", () => {
    clearHash();
    refresh();
  });
  el.panel.addEventListener("click", (event) => {
    const button = event.target instanceof Element
      ? /** @type {HTMLElement | null} */ (event.target.closest("button")) : null;
    if (!button) return;
    const { move, card, target, guess, keep, order, act } = button.dataset;
    if (move) play(move);
    else if (card) pickCard(Number(card));
    else if (target) pickTarget(target);
    else if (guess) {
      choice = { ...choice, guess: choice.guess === Number(guess) ? null : Number(guess) };
      redraw();
    } else if (order) {
      choice = { ...choice, order: choice.order === order ? null : order };
      redraw();
    } else if (keep) {
      choice = { ...none(), keep: choice.keep === Number(keep) ? null : Number(keep) };
      redraw();
    } else if (act === "cancel") {
      choice = none();
      showError("");
      redraw();
    } else if (act === "deal") deal();
    else if (act === "review" && game) enterReview(game.record, human);
  });
  window.addEventListener("hashchange", () => { if (hasRecord()) openLink(); });
  // A game in progress is saved after every move; where this browser keeps nothing, leaving
  // or reloading would end it, so the browser asks first.
  window.addEventListener("beforeunload", (event) => {
    if (unsaved && game && pos && !pos.outcome && !review) event.preventDefault();
  });

  // --- arrival ------------------------------------------------------------------------------

  const saved = store.load();
  engine.start();
  if (pressedEarly) newGame();
  else if (hasRecord()) openLink();
  else if (saved) resume(saved);
  else idle();
}

/** The seats of a game of `players`, A first. @param {number} players */
function seats(players) {
  return [...SEATS].slice(0, players);
}

/** @param {number[]} cards */
function distinct(cards) {
  return [...new Set(cards)];
}
