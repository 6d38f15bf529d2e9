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

import { engine as sharedEngine } from "../examples/boot.js";
import { escapeHTML, translator } from "../examples/i18n.js";
import { reachable } from "./choose.js";
import { controls, outcomeHTML } from "./panel.js";
import { copy, download, hasRecord, linkTo } from "./share.js";
import * as store from "./store.js";

const THINK_LIMIT_MS = 120000; // the strong level takes seconds on a slow phone
const CALL_LIMIT_MS = 30000;

const root = document.getElementById("hk-play");
if (root) start(root);

async function start(root) {
  const data = JSON.parse(root.querySelector(".hk-play-data").textContent);
  const strings = data.strings;
  const t = translator(strings);
  const $ = (selector) => root.querySelector(selector);
  const el = {
    setup: $(".hk-play-setup"),
    progress: $(".hk-play-progress"),
    stop: $('[data-act="stop"]'),
    resume: $('[data-act="resume"]'),
    download: $('[data-act="download"]'),
    load: $('[data-act="load"]'),
    share: $('[data-act="share"]'),
    status: $(".hk-play-status"),
    error: $(".hk-play-error"),
    shareBox: $(".hk-play-share"),
    panel: $(".hk-play-panel"),
    board: $(".hk-play-board"),
    replay: $(".hk-play-replay"),
    counter: $(".hk-play-counter"),
    back: $('[data-act="back"]'),
    forward: $('[data-act="forward"]'),
    live: $('[data-act="live"]'),
    outcome: $(".hk-play-outcome"),
    steps: $(".hk-play-steps"),
    history: $(".hk-play-history"),
  };

  // New game is heard before the first await: pressed while the engine module is still on
  // its way (a slow connection, a busy phone), the press is kept and the game starts on arrival.
  let onNewGame = () => { pressedEarly = true; };
  let pressedEarly = false;
  $('[data-act="new"]').addEventListener("click", () => onNewGame());

  const engine = await sharedEngine();
  // {record, human, level, concealed}: the game being played. The record is the whole game,
  // kept in memory only: what is saved, shared and downloaded of a game in progress is
  // `concealed`, the game as the reader's seat may know it (session.py conceal()).
  let game = null;
  let pos = null; // session.position of that game, as shown
  let choice = { letter: null, chosen: [] }; // the reader's marker and hand indices
  // {record, viewer, concealed, own, boards, steps, outcome, index}: a game stepped through
  let review = null;
  let pending = null; // the engine call in progress (it can be cancelled)
  let generation = 0; // bumped by New game, Load, a link: answers for older ones are dropped

  const setState = (state) => { root.dataset.state = state; };
  const say = (html) => { el.status.innerHTML = html; };
  const ruleLink = (id) => {
    const rule = id && data.rules[id];
    return rule ? ` <a class="hk-play-rule" href="${rule.href}">${t.html("play.rule",
      { number: rule.number })}</a>` : "";
  };
  const showError = (html, rule) => {
    el.error.innerHTML = html ? `<p>${html}${ruleLink(rule)}</p>` : "";
  };

  // One engine call at a time from this page; {ok, result} or {ok: false, kind, message}.
  async function ask(fn, args, limit = CALL_LIMIT_MS) {
    const mine = generation;
    const call = engine.call(fn, args, { timeLimit: limit });
    pending = call;
    const answer = await call;
    if (pending === call) pending = null;
    if (mine !== generation) return { ok: false, kind: "stale" };
    if (!answer.ok) {
      const { kind, message, damaged } = answer.error;
      return { ok: false, kind, message: damaged ? t.text("error.damaged", { file: damaged })
        : message };
    }
    const refused = answer.result.error; // session.py's refusal: {kind, message, path, rule}
    if (refused) return { ok: false, ...refused, kind: "refused", what: refused.kind };
    return { ok: true, result: answer.result };
  }

  // The engine failed (it could not start, broke, or passed its time limit): said, and the
  // page goes on: New game starts a fresh worker, Let the engine play retries this game.
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
    if (engine.state === "failed" && !pending) { // a start-up ahead of any call failed
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
  const megabytes = new Intl.NumberFormat(document.documentElement.lang || undefined,
    { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  engine.addEventListener("progress", () => {
    const { loaded, total } = engine.progress;
    if (engine.state !== "loading" || !total) return;
    el.progress.hidden = false;
    el.progress.max = total;
    el.progress.value = Math.min(loaded, total);
    if (!waiting() || pos || review) return;
    say(loaded >= total ? t.html("play.status.starting") : t.html("play.status.downloading",
      { loaded: megabytes.format(loaded / 1e6), total: megabytes.format(total / 1e6) }));
  });

  // --- the game ---------------------------------------------------------------------------

  // A game dealt ahead, while the reader reads the settings: {edition, promise of {record,
  // seed, seat, position} or null}. New game then shows it at once rather than waiting for
  // the deal and the first board (on a phone's CPU, about a second more). Its calls are not
  // `pending`: New game waits for them rather than stopping the worker.
  let ahead = null;

  function dealAhead() {
    if (ahead || game || review || root.dataset.state !== "idle" || engine.state !== "ready") return;
    const form = new FormData(el.setup);
    const edition = form.get("edition");
    const seat = form.get("seat") === "B" ? "B" : "A";
    const seed = fresh();
    const result = (answer) => (answer.ok && !answer.result.error ? answer.result : null);
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
    generation += 1;
    const mine = generation;
    if (pending) pending.cancel();
    review = null;
    clearHash();
    showError("");
    const edition = form.get("edition");
    const human = form.get("seat") === "B" ? "B" : "A";
    setState("loading");
    if (engine.state !== "ready") say(t.html("play.status.loading"));
    const early = ahead && ahead.edition === edition ? await ahead.promise : null;
    ahead = null;
    if (mine !== generation) return;
    let record = early && early.record;
    if (!early) {
      const answer = await ask("new_game", [edition, fresh()]);
      if (!answer.ok) return engineTrouble(answer);
      record = answer.result.record;
    }
    game = { record, human, level: form.get("level"), concealed: null };
    if (early && early.seat === human && early.position) {
      choice = { letter: null, chosen: [] };
      // saved as refresh() saves it: the seat's concealed position, never the whole deal
      game.concealed = early.position.concealed;
      store.save({ record: game.concealed || game.record, human, level: game.level });
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

  // A saved game in progress is its seat's concealed record: the other hand is dealt afresh
  // from the cards that seat cannot see. A save whose seat was edited is refused (the
  // concealed record names its own seat), so it never shows the other seat's cards.
  async function resume(saved) {
    setState("loading");
    const loaded = await ask("load", [saved.record, strings]);
    const seatOk = loaded.ok && (!loaded.result.seat || loaded.result.seat === saved.human);
    const answer = seatOk
      ? await ask("position", [loaded.result.record, strings, saved.human]) : loaded;
    if (!answer.ok || !seatOk) {
      if (!seatOk || answer.kind === "refused") { // a damaged save: forget it, start afresh
        store.clear();
        setState("idle");
        say(t.html("play.status.idle"));
        return;
      }
      return engineTrouble(answer);
    }
    game = { record: loaded.result.record, human: saved.human, level: saved.level,
      concealed: answer.result.concealed };
    show(answer.result);
    announce(t.html("play.status.resumed"));
    next();
  }

  // The position of the game, then the engine's move if it is its turn.
  async function refresh(announceSeat = false) {
    choice = { letter: null, chosen: [] };
    const answer = await ask("position", [game.record, strings, game.human]);
    if (!answer.ok) return engineTrouble(answer);
    game.concealed = answer.result.concealed;
    store.save({ record: game.concealed || game.record, human: game.human, level: game.level });
    show(answer.result);
    if (announceSeat) {
      announce(t.html("play.you", { player: game.human, engine: other(game.human) }));
    }
    next();
  }

  function next() {
    if (pos.live && !pos.outcome && !pos.deal_due && pos.to_move !== game.human) think();
  }

  async function think() {
    setState("thinking");
    el.stop.hidden = false;
    el.resume.hidden = true;
    say(t.html("play.status.thinking", { player: pos.to_move }));
    el.board.setAttribute("aria-busy", "true");
    const answer = await ask("opponent", [game.record, game.level, fresh()], THINK_LIMIT_MS);
    el.board.removeAttribute("aria-busy");
    el.stop.hidden = true;
    if (!answer.ok) {
      if (answer.kind === "stopped") {
        setState("stopped");
        el.resume.hidden = false;
        say(t.html("play.status.stopped"));
        return;
      }
      return engineTrouble(answer);
    }
    game.record = answer.result.record;
    await refresh();
  }

  async function play(move) {
    if (root.dataset.state !== "play") return; // one move per decision, however many clicks
    setState("busy");
    showError("");
    const answer = await ask("play", [game.record, move, strings, game.human]);
    if (!answer.ok) {
      if (answer.kind === "refused") {
        setState("play");
        return showError(answer.message, answer.rule);
      }
      return engineTrouble(answer);
    }
    game.record = answer.result.record;
    await refresh();
  }

  async function deal() {
    if (root.dataset.state !== "deal") return;
    setState("busy");
    const answer = await ask("deal", [game.record, fresh()]);
    if (!answer.ok) return engineTrouble(answer);
    game.record = answer.result.record;
    await refresh();
  }

  // --- drawing a position -------------------------------------------------------------------

  function show(position) {
    pos = position;
    review = null;
    const focus = focusKey();
    el.replay.hidden = true;
    el.board.innerHTML = pos.board; // drawn by board.py
    wireBoard();
    listSteps(pos.steps, pos.step);
    el.outcome.innerHTML = pos.outcome ? outcomeHTML(pos.outcome.html, pos.outcome.rule, ruleLink) : "";
    el.download.disabled = false;
    el.share.disabled = false;
    el.shareBox.hidden = true;
    panel();
    restoreFocus(focus);
  }

  // The controls under the board (panel.js), the state and the status they go with.
  function panel() {
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
    const deciding = pos.live && pos.to_move === game.human;
    for (const part of el.board.querySelectorAll("[data-choice]")) {
      const name = part.dataset.part;
      if (name.startsWith("marker-")) continue; // chosen with the buttons under the status
      part.setAttribute("role", "button");
      part.tabIndex = 0;
      if (name.startsWith("hand-")) {
        const index = Number(part.dataset.choice);
        part.setAttribute("aria-label", t.text("play.card", { card: pos.hand[index] }));
        const picked = choice.chosen.includes(index);
        part.setAttribute("aria-pressed", String(picked));
        const open = deciding && !pos.pending && choice.letter && (picked || selectable(index));
        if (open) part.removeAttribute("aria-disabled");
        else part.setAttribute("aria-disabled", "true");
      } else if (name.startsWith("offer-")) {
        const pick = pos.pending.picks.find((p) => p.part === name);
        part.setAttribute("aria-label", stripTags(pick.html));
      }
    }
  }

  function selectable(index) {
    const need = pos.markers[choice.letter].cards;
    if (choice.chosen.length >= need) return false;
    const values = [...choice.chosen, index].map((i) => pos.hand[i]);
    return reachable(pos.legal, choice.letter, values).length > 0;
  }

  function boardChoice(target) {
    if (!pos || review || target.getAttribute("aria-disabled") === "true") {
      if (pos && !review && pos.to_move === game.human && !choice.letter && !pos.pending) {
        nudge(); // a card tapped before its action: say what comes first, and show where
      }
      return;
    }
    const name = target.dataset.part;
    if (name.startsWith("marker-")) return chooseMarker(target.dataset.choice);
    if (name.startsWith("offer-")) return play(target.dataset.choice);
    const index = Number(target.dataset.choice);
    const at = choice.chosen.indexOf(index);
    if (at >= 0) choice.chosen.splice(at, 1);
    else choice.chosen.push(index);
    redraw();
  }

  function nudge() {
    say(t.html("play.hint.marker_first"));
    const markers = el.panel.querySelector(".hk-play-markers");
    if (!markers) return;
    markers.classList.remove("hk-play-nudge");
    void markers.offsetWidth; // restarts the animation on a second tap
    markers.classList.add("hk-play-nudge");
  }

  function chooseMarker(letter) {
    const marker = pos.markers[letter];
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

  async function enterReview(record, viewer, moves = null, concealed = null, own = false) {
    setState("loading");
    const answer = await ask("replay", [record, strings, viewer]);
    if (!answer.ok) {
      if (answer.kind !== "refused") return engineTrouble(answer);
      showError(answer.message, answer.rule);
      return game ? refresh() : idle();
    }
    const r = answer.result;
    let index = r.steps.length - 1;
    if (moves !== null) index = r.steps.filter((s) => s.moves <= moves).length - 1;
    review = { record, viewer, concealed, own, boards: r.boards, steps: r.steps, index, over: Boolean(r.outcome_rule),
      outcome: outcomeHTML(r.outcome, r.outcome_rule, ruleLink) };
    showReview();
  }

  function showReview() {
    setState("review");
    const focus = focusKey();
    const { index, steps } = review;
    el.board.innerHTML = review.boards[index];
    const last = index === steps.length - 1;
    // A record or a link, not the reader's own game: they may take it over from any step
    // (a concealed one from its position, in its seat).
    const takeOver = (review.viewer === null || (review.concealed && !review.own))
      && !(last && review.over)
      ? `<p><button type="button" class="hk-btn" data-act="play-on">${t.html("play.play_on")}</button></p>` : "";
    el.panel.innerHTML = `<p class="hk-play-now">${steps[index].html}${ruleLink(steps[index].rule)}</p>`
      + (last ? review.outcome : "") + takeOver;
    el.outcome.innerHTML = review.outcome;
    el.replay.hidden = false;
    el.live.hidden = !game;
    el.back.disabled = index === 0;
    el.forward.disabled = index === steps.length - 1;
    el.counter.textContent = t.text("widget.counter", { step: index, total: steps.length - 1 });
    el.download.disabled = false;
    el.share.disabled = false;
    listSteps(steps, index);
    say(t.html("play.status.replay", { step: index, total: steps.length - 1 }));
    restoreFocus(focus, [el.forward, el.back]);
  }

  // Plays on against the engine from the step shown: the record up to it, the reader in
  // the seat to move there (or the seat chosen above, when a round waits for its deal).
  async function playOn() {
    if (review.concealed) return playOnConcealed();
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
    generation += 1;
    game = { record, human: answer.result.to_move || seat, level: form.get("level"),
      concealed: null };
    clearHash();
    await refresh(true);
  }

  // Playing on from a link or a file replaces the game saved in this browser: asked first,
  // next to the button (the reader's own game stepped through has no Play on).
  function askPlayOn(button) {
    if (!store.load()) return playOn();
    button.parentElement.outerHTML = `<div class="hk-play-confirm" role="group">
      <p>${t.html("play.replace_saved")}</p>
      <p><button type="button" class="hk-btn" data-act="play-on-no">${t.html("play.replace_saved_no")}</button>
      <button type="button" class="hk-btn" data-act="play-on-yes">${t.html("play.replace_saved_yes")}</button></p>
    </div>`;
    el.panel.querySelector('[data-act="play-on-no"]').focus();
  }

  // A game in progress shared from one seat: played on in that seat, the hidden cards dealt
  // afresh at this moment (the link never held the other seat's real cards).
  async function playOnConcealed() {
    const { concealed, viewer } = review;
    const answer = await ask("load", [concealed, strings]);
    if (!answer.ok) {
      if (answer.kind !== "refused") return engineTrouble(answer);
      return showError(answer.message, answer.rule);
    }
    const form = new FormData(el.setup);
    generation += 1;
    game = { record: answer.result.record, human: viewer, level: form.get("level"), concealed };
    clearHash();
    await refresh(true);
  }

  function go(index) {
    review.index = Math.max(0, Math.min(review.steps.length - 1, index));
    showReview();
  }

  async function openLink() {
    generation += 1;
    if (pending) pending.cancel();
    showError("");
    setState("loading");
    const answer = await ask("open_link", [location.hash, strings]);
    if (!answer.ok) {
      if (answer.kind !== "refused") return engineTrouble(answer);
      showError(answer.message, answer.rule);
      return game ? refresh() : idle();
    }
    const { record, step, seat, concealed } = answer.result;
    await enterReview(record, seat, step, concealed);
    if (review) announce(t.html(seat ? "play.status.link_seat" : "play.status.link", { player: seat }));
  }

  async function loadFile(file) {
    generation += 1;
    if (pending) pending.cancel();
    showError("");
    // Refused before it is read: a file of hundreds of megabytes would stall the tab first.
    if (file.size > data.maxText * 4) { // UTF-8 takes at most 4 bytes a character
      return showError(t.html("play.error.too_long", { limit: data.maxText }));
    }
    let text;
    try {
      text = await file.text();
    } catch {
      return showError(t.html("play.error.file"));
    }
    setState("loading");
    const answer = await ask("load", [text, strings]);
    if (!answer.ok) {
      if (answer.kind !== "refused") return engineTrouble(answer);
      showError(answer.message, answer.rule);
      return game ? refresh() : idle();
    }
    clearHash();
    const { record, seat, concealed } = answer.result;
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

  function announce(html) {
    say(`${html} ${el.status.innerHTML}`);
  }

  function listSteps(steps, current) {
    el.history.hidden = !steps.length;
    el.steps.innerHTML = steps.map((step, i) =>
      `<li value="${i}"${i === current ? ' aria-current="step"' : ""}>${step.html}${ruleLink(step.rule)}</li>`).join("");
  }

  function focusKey() {
    const active = /** @type {HTMLElement | null} */ (document.activeElement);
    if (!active || !root.contains(active)) return null;
    for (const name of ["part", "act", "marker", "move"]) {
      if (active.dataset && active.dataset[name]) return [name, active.dataset[name]];
    }
    return null;
  }

  function restoreFocus(key, fallbacks = []) {
    if (!key) return;
    const [name, value] = key;
    const attr = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    const found = root.querySelector(`[data-${attr}="${CSS.escape(value)}"]`);
    const target = found && !found.disabled ? found
      : fallbacks.find((b) => !b.disabled && !b.hidden) || el.panel.querySelector("button");
    if (target) target.focus();
  }

  function clearHash() {
    if (hasRecord()) history.replaceState(null, "", location.pathname + location.search);
  }

  // --- events -----------------------------------------------------------------------------

  onNewGame = newGame;
  el.stop.addEventListener("click", () => pending && pending.cancel());
  el.resume.addEventListener("click", () => {
    el.resume.hidden = true;
    refresh(); // the position again, then the engine's move if it is its turn
  });
  el.download.addEventListener("click", () => {
    const shared = shareable();
    if (!shared) return;
    download(shared.record);
    el.shareBox.querySelector("input").parentElement.hidden = true;
    el.shareBox.hidden = false; // what the file holds, said
  });
  el.load.addEventListener("change", () => {
    const [file] = el.load.files;
    el.load.value = "";
    if (file) loadFile(file);
  });
  el.share.addEventListener("click", async () => {
    const shared = shareable();
    if (!shared) return;
    const link = linkTo(shared.record, shared.moves);
    const input = el.shareBox.querySelector("input");
    input.value = link;
    input.parentElement.hidden = false;
    el.shareBox.hidden = false;
    const copied = await copy(link);
    say(t.html(copied ? "play.copied" : "play.copy_failed"));
    if (!copied) input.select();
  });
  el.back.addEventListener("click", () => go(review.index - 1));
  el.forward.addEventListener("click", () => go(review.index + 1));
  el.live.addEventListener("click", () => {
    clearHash();
    refresh();
  });
  el.panel.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.dataset.move) play(button.dataset.move);
    else if (button.dataset.marker) chooseMarker(button.dataset.marker);
    else if (button.dataset.act === "cancel") {
      choice = { letter: null, chosen: [] };
      redraw();
    } else if (button.dataset.act === "deal") deal();
    else if (button.dataset.act === "review") {
      enterReview(game.record, game.human, null, game.concealed, true);
    }
    else if (button.dataset.act === "play-on") askPlayOn(button);
    else if (button.dataset.act === "play-on-yes") playOn();
    else if (button.dataset.act === "play-on-no") showReview();
  });
  el.board.addEventListener("click", (event) => {
    const target = event.target.closest("[data-choice]");
    if (target) boardChoice(target);
  });
  el.board.addEventListener("keydown", (event) => {
    const target = event.target.closest("[data-choice]");
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

// A fresh seed for one deal or one decision of the engine: nothing stored predicts it.
function fresh() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

function other(player) {
  return player === "A" ? "B" : "A";
}

function stripTags(html) {
  const box = document.createElement("template"); // inert: nothing in it loads or runs
  box.innerHTML = html;
  return box.content.textContent;
}
