// The Play page: a game against the engine. Wires the controls that rulesite/pages/play.py wrote to
// session.py's functions in the engine worker (runtime.js call). Python draws every board
// (board.py, through session.py) and words every step; this module inserts that markup, keeps
// the reader's choice of marker and cards, and asks the engine what is legal. The controls
// under the board are panel.js's markup; choose.js filters the legal moves; store.js keeps the
// game for a reload; share.js writes links and record files.
//
// The runtime starts loading as soon as the page opens, on phones too: a reader who opens the
// Play page came to play, and the seconds it takes to start are then spent while they choose
// their settings (other pages load nothing until asked: policy.js). A bar shows the download.
// After New game the board scrolls into view. The state shows in the root's data-state: static,
// loading, idle, play, busy (a move on its way), thinking, stopped, deal, over, review, failed
// (styles and tests).

import { engine as sharedEngine } from "../../examples/boot.js";
import { escapeHTML } from "../../examples/i18n.js";
import { caller, frame, fresh } from "../frame.js";
import { reachable } from "./choose.js";
import { controls, outcomeHTML } from "./panel.js";
import { hasRecord } from "../share.js";
import { storage } from "../store.js";

const LEVELS = ["easy", "default", "strong"]; // session.py LEVELS
// A saved game of this page: a seat of the two and a level it offers.
const store = storage("hk-play-game",
  (saved) => ["A", "B"].includes(saved.human) && LEVELS.includes(saved.level));

const THINK_LIMIT_MS = 120000; // the strong level takes seconds on a slow phone
const CALL_LIMIT_MS = 30000;

/** @typedef {HanamikojiPosition} Position session.py's position() (types/session.d.ts) */
/** @typedef {{letter: string | null, chosen: number[]}} Choice hand indices of marker letter */
/** @typedef {{record: string, human: string, level: string, concealed: string | null | undefined}}
 *  Game the whole record (memory only) and the seat's concealed one (saved, shared) */
/** @typedef {{record: string, viewer: string | null, concealed: string | null, own: boolean,
 *  boards: string[], steps: SessionStep[], index: number, over: boolean, outcome: string}}
 *  Review a game stepped through */
/** @typedef {import("../frame.js").Asked} Asked */

const root = document.getElementById("rs-play");
if (root) start(root);

/** @param {HTMLElement} root */
async function start(root) {
  const { strings, t, $, el, setState, say, ruleLink, showError, listSteps,
    focusKey: focusOf, restoreFocus, replaceSaved, clearHash, wireRecords, turns } = frame(root, "");

  // New game is heard before the first await: pressed while the engine module is still on
  // its way (a slow connection, a busy phone), the press is kept and the game starts on arrival.
  let onNewGame = () => { pressedEarly = true; };
  let pressedEarly = false;
  $('[data-act="new"]').addEventListener("click", () => onNewGame());

  const engine = await sharedEngine();
  // {record, human, level, concealed}: the game being played. The record is the whole game,
  // kept in memory only: what is saved, shared and downloaded of a game in progress is
  // `concealed`, the game as the reader's seat may know it (session.py conceal()).
  /** @type {Game | null} */
  let game = null;
  /** @type {Position | null} */
  let pos = null; // session.position of that game, as shown
  /** @type {Choice} */
  let choice = { letter: null, chosen: [] }; // the reader's marker and hand indices
  // {record, viewer, concealed, own, boards, steps, outcome, index}: a game stepped through
  /** @type {Review | null} */
  let review = null;
  // The engine call in progress (it can be cancelled) and the generation, bumped by New
  // game, Load, a link: answers for older ones are dropped.
  const calls = caller(engine, t);

  // One engine call at a time from this page (frame.js caller).
  const ask = (/** @type {string} */ fn, /** @type {unknown[]} */ args, limit = CALL_LIMIT_MS) =>
    calls.ask(fn, args, limit);

  // The engine failed (it could not start, broke, or passed its time limit): said, and the
  // page goes on: New game starts a fresh worker, Let the engine play retries this game.
  /** @param {Asked & {ok: false}} answer */
  function engineTrouble(answer) {
    if (answer.kind === "stale") return;
    setState("failed");
    const error = escapeHTML(answer.message || answer.kind);
    say(t.html(answer.kind === "engine" ? "play.status.failed" : "play.error.engine", { error }));
    el.stop.hidden = true;
    el.resume.hidden = !game || Boolean(pos && pos.outcome);
  }

  engine.addEventListener("state", () => {
    root.dataset.engine = engine.state;
    if (engine.state === "ready") dealAhead();
    el.progress.hidden = engine.state !== "loading";
    if (engine.state === "loading" && !pos && !review && waiting()) say(t.html("play.status.loading"));
    if (engine.state === "failed" && !calls.pending) { // a start-up ahead of any call failed
      setState("failed");
      const damaged = engine.failure && engine.failure.damaged;
      say(t.html("play.status.failed", { error: damaged
        ? escapeHTML(t.text("error.damaged", { file: damaged })) : "—" }));
    }
  });
  root.dataset.engine = engine.state;

  // The reader waits for the engine (New game, a saved game, a link) rather than reading.
  const waiting = () => root.dataset.state === "loading";

  // Bytes received of the runtime: a bar, and the megabytes in words once someone waits.
  // The number format is made once someone waits (as i18n.js's lists: not at the page's start).
  /** @type {Intl.NumberFormat | null} */
  let format = null;
  const megabytes = (/** @type {number} */ bytes) => {
    format = format || new Intl.NumberFormat(document.documentElement.lang || undefined,
      { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    return format.format(bytes / 1e6);
  };
  engine.addEventListener("progress", () => {
    if (engine.state !== "loading" || !engine.progress || !engine.progress.total) return;
    const { loaded, total } = engine.progress;
    el.progress.hidden = false;
    el.progress.max = total;
    el.progress.value = Math.min(loaded, total);
    if (!waiting() || pos || review) return;
    say(loaded >= total ? t.html("play.status.starting") : t.html("play.status.downloading",
      { loaded: megabytes(loaded), total: megabytes(total) }));
  });

  // --- the game ---------------------------------------------------------------------------

  // A game dealt ahead, while the reader reads the settings: {edition, promise of {record,
  // seed, seat, position} or null}. New game then shows it at once rather than waiting for
  // the deal and the first board (on a phone's CPU, about a second more). Its calls are not
  // `calls.pending`: New game waits for them rather than stopping the worker.
  /** @type {{edition: string, promise: Promise<{record: string, seed: number, seat: string,
   *  position: Position | null} | null>} | null} */
  let ahead = null;

  function dealAhead() {
    if (ahead || game || review || root.dataset.state !== "idle" || engine.state !== "ready") return;
    const form = new FormData(el.setup);
    const edition = String(form.get("edition"));
    const seat = form.get("seat") === "B" ? "B" : "A";
    const seed = fresh();
    const result = (/** @type {import("../../examples/runtime.js").Answer} */ answer) => (answer.ok && !answer.result.error ? answer.result : null);
    const promise = (async () => {
      const dealt = result(await engine.call("new_game", [edition, seed], { timeLimit: CALL_LIMIT_MS }));
      if (!dealt) return null;
      const position = result(await engine.call("position", [dealt.record, strings, seat],
        { timeLimit: CALL_LIMIT_MS }));
      return { record: dealt.record, seed, seat, position };
    })();
    ahead = { edition, promise };
  }

  async function newGame() {
    const form = new FormData(el.setup);
    calls.generation += 1;
    const mine = calls.generation;
    if (calls.pending) calls.pending.cancel();
    review = null;
    clearHash();
    showError("");
    const edition = String(form.get("edition"));
    const human = form.get("seat") === "B" ? "B" : "A";
    setState("loading");
    if (engine.state !== "ready") say(t.html("play.status.loading"));
    const early = ahead && ahead.edition === edition ? await ahead.promise : null;
    ahead = null;
    if (mine !== calls.generation) return;
    let record;
    if (early) record = early.record;
    else {
      const answer = await ask("new_game", [edition, fresh()]);
      if (!answer.ok) return engineTrouble(answer);
      record = answer.result.record;
    }
    /** @type {Game} */
    const started = { record, human, level: String(form.get("level")), concealed: null };
    game = started;
    if (early && early.seat === human && early.position) {
      choice = { letter: null, chosen: [] };
      // saved as refresh() saves it: the seat's concealed position, never the whole deal
      started.concealed = early.position.concealed;
      store.save({ record: started.concealed || started.record, human, level: started.level });
      show(early.position);
      announce(t.html("play.you", { player: human, engine: other(human) }));
      next();
    } else {
      await refresh(true);
    }
    bringIntoView();
  }

  // The board, from its top (the other seat's side), to the reader's controls: on a phone
  // they fit one screen (play.css), and New game leaves them far below the settings.
  function bringIntoView() {
    const top = el.board.getBoundingClientRect().top;
    if (top < 0 || top > innerHeight / 3) {
      const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
      el.board.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
    }
  }

  // A saved game reopened (frame.js turns().resume): its position for the saved seat, shown.
  const forget = () => {
    store.clear();
    idle();
  };
  /** @param {{record: string, human: string, level: string}} saved */
  const resume = (saved) => turn.resume(saved, forget, async (loaded) => {
    const answer = await ask("position", [loaded.record, strings, saved.human]);
    if (!answer.ok) return answer.kind === "refused" ? forget() : engineTrouble(answer);
    game = { record: loaded.record, human: saved.human, level: saved.level,
      concealed: answer.result.concealed };
    show(answer.result);
    announce(t.html("play.status.resumed"));
    next();
  });

  // The position of the game, then the engine's move if it is its turn.
  async function refresh(announceSeat = false) {
    const current = game;
    if (!current) return;
    choice = { letter: null, chosen: [] };
    const answer = await ask("position", [current.record, strings, current.human]);
    if (!answer.ok) return engineTrouble(answer);
    current.concealed = answer.result.concealed;
    store.save({ record: current.concealed || current.record, human: current.human,
      level: current.level });
    show(answer.result);
    if (announceSeat) {
      announce(t.html("play.you", { player: current.human, engine: other(current.human) }));
    }
    next();
  }

  function next() {
    if (pos && game && pos.live && !pos.outcome && !pos.deal_due && pos.to_move !== game.human) {
      think(game, pos);
    }
  }

  // The engine's turn, the reader's move and the next deal: frame.js turns().
  const turn = turns({ ask, calls, game: () => game, focusKey: () => focusKey(),
    refresh: () => refresh(), trouble: engineTrouble, thinkLimit: THINK_LIMIT_MS });
  const { think, play, deal } = turn;

  // --- drawing a position -------------------------------------------------------------------

  /** @param {Position} position */
  function show(position) {
    pos = position;
    review = null;
    const focus = focusKey();
    el.replay.hidden = true;
    el.board.innerHTML = position.board; // drawn by board.py
    wireBoard();
    listSteps(position.steps, position.step);
    el.outcome.innerHTML = position.outcome
      ? outcomeHTML(position.outcome.html, position.outcome.rule, ruleLink) : "";
    el.download.disabled = false;
    el.share.disabled = false;
    el.shareBox.hidden = true;
    panel();
    restoreFocus(focus);
  }

  // The controls under the board (panel.js), the state and the status they go with.
  function panel() {
    if (!pos || !game) return;
    const shown = controls(pos, game.human, choice, t, ruleLink);
    if (shown.state) setState(shown.state);
    if (shown.status) say(shown.status);
    el.panel.innerHTML = shown.html;
    if (shown.state === "play") keepInView();
  }

  // At the reader's decision, its controls stay on screen: when they fall below it, the
  // board's top goes to the top of the screen (on a phone everything then fits: play.css).
  function keepInView() {
    const controls = el.panel.querySelectorAll("button");
    const last = controls[controls.length - 1];
    if (!last || last.getBoundingClientRect().bottom <= innerHeight) return;
    if (el.board.getBoundingClientRect().top > 0) bringIntoView();
    else el.board.scrollIntoView({ block: "start" });
  }

  // Hand cards and offered cards are picked on the board itself: they become buttons.
  function wireBoard() {
    const shown = pos;
    if (!shown || !game) return;
    const deciding = shown.live && shown.to_move === game.human;
    for (const part of el.board.querySelectorAll("[data-choice]")) {
      if (!(part instanceof HTMLElement)) continue; // board.py draws HTML, never SVG choices
      const name = part.dataset.part || "";
      if (name.startsWith("marker-")) continue; // chosen with the buttons under the status
      part.setAttribute("role", "button");
      part.tabIndex = 0;
      if (name.startsWith("hand-")) {
        const index = Number(part.dataset.choice);
        part.setAttribute("aria-label", t.text("play.card", { card: shown.hand[index] }));
        const picked = choice.chosen.includes(index);
        part.setAttribute("aria-pressed", String(picked));
        const open = deciding && !shown.pending && choice.letter && (picked || selectable(index));
        if (open) part.removeAttribute("aria-disabled");
        else part.setAttribute("aria-disabled", "true");
      } else if (name.startsWith("offer-")) {
        const pick = shown.pending && shown.pending.picks.find((p) => p.part === name);
        if (pick) part.setAttribute("aria-label", stripTags(pick.html));
      }
    }
  }

  /** @param {number} index */
  function selectable(index) {
    const { letter } = choice;
    const shown = pos;
    if (!shown || !letter) return false;
    const need = shown.markers[letter].cards;
    if (choice.chosen.length >= need) return false;
    const values = [...choice.chosen, index].map((i) => shown.hand[i]);
    return reachable(shown.legal, letter, values).length > 0;
  }

  /** @param {HTMLElement} target */
  function boardChoice(target) {
    if (!pos || !game || review || target.getAttribute("aria-disabled") === "true") {
      if (pos && game && !review && pos.to_move === game.human && !choice.letter && !pos.pending) {
        nudge(); // a card tapped before its action: say what comes first, and show where
      }
      return;
    }
    const name = target.dataset.part || "";
    const chosen = target.dataset.choice || "";
    if (name.startsWith("marker-")) return chooseMarker(chosen);
    if (name.startsWith("offer-")) return play(chosen);
    const index = Number(target.dataset.choice);
    const at = choice.chosen.indexOf(index);
    if (at >= 0) choice.chosen.splice(at, 1);
    else choice.chosen.push(index);
    redraw();
  }

  function nudge() {
    say(t.html("play.hint.marker_first"));
    const markers = /** @type {HTMLElement | null} */ (el.panel.querySelector(".hk-play-markers"));
    if (!markers) return;
    markers.classList.remove("hk-play-nudge");
    void markers.offsetWidth; // restarts the animation on a second tap
    markers.classList.add("hk-play-nudge");
  }

  /** @param {string} letter */
  function chooseMarker(letter) {
    const marker = pos && pos.markers[letter];
    if (!marker) return;
    if (marker.used) {
      return showError(t.html("play.illegal.actions-marker-once"), "actions-marker-once");
    }
    showError("");
    choice = { letter: choice.letter === letter ? null : letter, chosen: [] };
    redraw();
  }

  // The choice changed: the board's pressed states and the panel, without asking the engine.
  function redraw() {
    const focus = focusKey();
    panel();
    wireBoard();
    restoreFocus(focus);
  }

  // --- stepping through a game --------------------------------------------------------------

  /** @param {string} record @param {string | null} viewer @param {number | null} moves
   *  @param {string | null} concealed */
  async function enterReview(record, viewer, moves = null, concealed = null, own = false) {
    const r = await turn.replayed(record, viewer, moves, () => (game ? refresh() : idle()));
    if (!r) return;
    review = { record, viewer, concealed, own, boards: r.boards, steps: r.steps, index: r.index,
      over: Boolean(r.outcome_rule), outcome: outcomeHTML(r.outcome, r.outcome_rule, ruleLink) };
    showReview();
  }

  function showReview() {
    const review = reviewed();
    const { index, steps } = review;
    const last = index === steps.length - 1;
    // A record or a link, not the reader's own game: they may take it over from any step
    // (a concealed one from its position, in its seat).
    const takeOver = (review.viewer === null || (review.concealed && !review.own))
      && !(last && review.over)
      ? `<p><button type="button" class="rs-btn" data-act="play-on">${t.html("play.play_on")}</button></p>` : "";
    turn.showStep(review, `<p class="rs-play-now">${steps[index].html || ""}${ruleLink(steps[index].rule)}</p>`
      + (last ? review.outcome : "") + takeOver, review.outcome, Boolean(game));
  }

  // Plays on against the engine from the step shown: the record up to it, the reader in
  // the seat to move there (or the seat chosen above, when a round waits for its deal).
  async function playOn() {
    const review = reviewed();
    if (review.concealed) return playOnConcealed(review.concealed, review.viewer);
    // Cut in the engine: the browser's JSON would turn a large integer into an inexact one.
    const cut = await ask("cut", [review.record, review.steps[review.index].moves]);
    if (!cut.ok) {
      if (cut.kind !== "refused") return engineTrouble(cut);
      return showError(cut.message, cut.rule);
    }
    const { record } = cut.result;
    const answer = await ask("position", [record, strings, null]);
    if (!answer.ok) {
      if (answer.kind !== "refused") return engineTrouble(answer);
      return showError(answer.message, answer.rule);
    }
    const form = new FormData(el.setup);
    const seat = form.get("seat") === "B" ? "B" : "A";
    calls.generation += 1;
    game = { record, human: answer.result.to_move || seat, level: String(form.get("level")),
      concealed: null };
    clearHash();
    await refresh(true);
  }

  // Playing on from a link or a file replaces the game saved in this browser: asked first
  // (frame.js replaceSaved), next to the button (the reader's own game stepped through has no
  // Play on).
  /** @param {HTMLElement} button */
  async function askPlayOn(button) {
    const line = button.parentElement;
    if (!store.load() || !line) return playOn();
    const place = document.createElement("div");
    line.replaceWith(place);
    if (await replaceSaved(place)) return playOn();
    return showReview();
  }

  // A game in progress shared from one seat: played on in that seat, the hidden cards dealt
  // afresh at this moment (the link never held the other seat's real cards).
  /** @param {string} concealed @param {string | null} viewer */
  async function playOnConcealed(concealed, viewer) {
    const answer = await ask("load", [concealed, strings]);
    if (!answer.ok) {
      if (answer.kind !== "refused") return engineTrouble(answer);
      return showError(answer.message, answer.rule);
    }
    const form = new FormData(el.setup);
    calls.generation += 1;
    game = { record: answer.result.record, human: viewer || answer.result.seat,
      level: String(form.get("level")), concealed };
    clearHash();
    await refresh(true);
  }

  /** @param {number} index */
  function go(index) {
    const review = reviewed();
    review.index = Math.max(0, Math.min(review.steps.length - 1, index));
    showReview();
  }

  // The game stepped through, when the review's controls act: they show only in a review.
  function reviewed() {
    if (!review) throw new Error("no game is being stepped through");
    return review;
  }

  async function openLink() {
    const opened = await turn.opened(null, () => (game ? refresh() : idle()));
    if (!opened) return;
    const { record, step, seat, concealed } = opened;
    await enterReview(record, seat, step, concealed);
    if (review) announce(t.html(seat ? "play.status.link_seat" : "play.status.link", { player: seat }));
  }

  /** @param {File} file */
  async function loadFile(file) {
    const opened = await turn.opened(file, () => (game ? refresh() : idle()));
    if (!opened) return;
    const { record, seat, concealed } = opened;
    await enterReview(record, seat, null, concealed);
    if (review) announce(t.html(seat ? "play.status.loaded_seat" : "play.status.loaded", { player: seat }));
  }

  // What Share and Download give: a game in progress as the reader's seat may know it (its
  // position only), any other record whole, at the step shown.
  function shareable() {
    if (review && review.concealed) return { record: review.concealed, moves: null };
    if (review) return { record: review.record, moves: review.steps[review.index].moves };
    if (!game) return null;
    if (game.concealed) return { record: game.concealed, moves: null };
    return { record: game.record, moves: pos ? pos.moves : null };
  }

  function idle() {
    setState("idle");
    say(t.html("play.status.idle"));
  }

  // --- helpers ----------------------------------------------------------------------------

  /** @param {string} html */
  function announce(html) {
    say(`${html} ${el.status.innerHTML}`);
  }

  const focusKey = () => focusOf(["part", "act", "marker", "move"]);

  // --- events -----------------------------------------------------------------------------

  onNewGame = newGame;
  el.stop.addEventListener("click", () => calls.pending && calls.pending.cancel());
  el.resume.addEventListener("click", () => {
    el.resume.hidden = true;
    refresh(); // the position again, then the engine's move if it is its turn
  });
  wireRecords(shareable, loadFile);
  el.back.addEventListener("click", () => go(reviewed().index - 1));
  el.forward.addEventListener("click", () => go(reviewed().index + 1));
  el.live.addEventListener("click", () => {
    clearHash();
    refresh();
  });
  // The element of an event on the board or the panel (their content is HTML, never text
  // nodes that could be a target) that matches `selector`.
  const closest = (/** @type {Event} */ event, /** @type {string} */ selector) =>
    event.target instanceof Element
      ? /** @type {HTMLElement | null} */ (event.target.closest(selector)) : null;
  el.panel.addEventListener("click", (event) => {
    const button = closest(event, "button");
    if (!button) return;
    if (button.dataset.move) play(button.dataset.move);
    else if (button.dataset.marker) chooseMarker(button.dataset.marker);
    else if (button.dataset.act === "cancel") {
      choice = { letter: null, chosen: [] };
      redraw();
    } else if (button.dataset.act === "deal") deal();
    else if (button.dataset.act === "review" && game) {
      enterReview(game.record, game.human, null, game.concealed || null, true);
    }
    else if (button.dataset.act === "play-on") askPlayOn(button);
  });
  el.board.addEventListener("click", (event) => {
    const target = closest(event, "[data-choice]");
    if (target) boardChoice(target);
  });
  el.board.addEventListener("keydown", (event) => {
    const target = closest(event, "[data-choice]");
    if (target && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      boardChoice(target);
    }
  });
  window.addEventListener("hashchange", () => { if (hasRecord()) openLink(); });

  // --- arrival ------------------------------------------------------------------------------

  const saved = store.load();
  const linked = hasRecord();
  engine.start();
  if (pressedEarly) newGame(); // the reader pressed New game while the page was still arriving
  else if (linked) openLink();
  else if (saved) resume(saved);
  else {
    idle();
    dealAhead(); // the worker may be up already (kept across pages by instant navigation)
  }
}

/** @param {string} player */
function other(player) {
  return player === "A" ? "B" : "A";
}

/** @param {string} html */
function stripTags(html) {
  const box = document.createElement("template"); // inert: nothing in it loads or runs
  box.innerHTML = html;
  return box.content.textContent;
}
