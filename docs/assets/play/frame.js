// The Play page's frame, the same for every game (rulesite/pages/play.py writes it): its
// elements and data, its strings, the status and the errors with their rule, the list of
// steps, the focus kept across a redraw, and one engine call at a time. Each game's module
// (docs/assets/play/<game>/play.js, named by its plug-in) builds its page on it.

import { translator } from "../examples/i18n.js";
import { copy, download, hasRecord, linkTo } from "./share.js";

/** @typedef {{index?: number, moves?: number, html?: string, rule?: string}} FrameStep */
/** @typedef {{ok: true, result: any} | {ok: false, kind: string, message?: string,
 *  rule?: string, what?: string}} Asked what ask() answers: a refusal carries its rule */

/**
 * The frame of the Play page in `root`; `prefix` is the game's interface key prefix ("" or
 * "ll.": gamekit.Plugin.ui_prefix), under which its Play page strings stand.
 * @param {HTMLElement} root @param {string} prefix
 */
export function frame(root, prefix) {
  const data = JSON.parse(String(root.querySelector(".rs-play-data")?.textContent));
  const t = translator(data.strings);
  // Every element play.py writes: present whenever a game's module runs on its page.
  const $ = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (
    root.querySelector(selector));
  const el = {
    setup: /** @type {HTMLFormElement} */ ($(".rs-play-setup")),
    progress: /** @type {HTMLProgressElement} */ ($(".rs-play-progress")),
    stop: $('[data-act="stop"]'),
    resume: $('[data-act="resume"]'),
    download: /** @type {HTMLButtonElement} */ ($('[data-act="download"]')),
    load: /** @type {HTMLInputElement} */ ($('[data-act="load"]')),
    share: /** @type {HTMLButtonElement} */ ($('[data-act="share"]')),
    status: $(".rs-play-status"),
    error: $(".rs-play-error"),
    shareBox: $(".rs-play-share"),
    panel: $(".rs-play-panel"),
    board: $(".rs-play-board"),
    replay: $(".rs-play-replay"),
    counter: $(".rs-play-counter"),
    back: /** @type {HTMLButtonElement} */ ($('[data-act="back"]')),
    forward: /** @type {HTMLButtonElement} */ ($('[data-act="forward"]')),
    live: $('[data-act="live"]'),
    outcome: $(".rs-play-outcome"),
    steps: $(".rs-play-steps"),
    history: $(".rs-play-history"),
  };
  const setState = (/** @type {string} */ state) => { root.dataset.state = state; };
  const say = (/** @type {string} */ html) => { el.status.innerHTML = html; };
  const ruleLink = (/** @type {string | undefined} */ id) => {
    const rule = id && data.rules[id];
    return rule ? ` <a class="rs-play-rule" href="${rule.href}">${t.html(`${prefix}play.rule`,
      { number: rule.number })}</a>` : "";
  };
  const showError = (/** @type {string | undefined} */ html, /** @type {string} */ rule = "") => {
    el.error.innerHTML = html ? `<p>${html}${ruleLink(rule)}</p>` : "";
  };

  /** The steps of the game shown, the current one marked. @param {FrameStep[]} steps
   * @param {number} current */
  function listSteps(steps, current) {
    el.history.hidden = !steps.length;
    el.steps.innerHTML = steps.map((step, i) =>
      `<li value="${i}"${i === current ? ' aria-current="step"' : ""}>${step.html || ""}${ruleLink(step.rule)}</li>`).join("");
  }

  /** The control in focus, by the first of its data attributes `names` it has.
   * @param {string[]} names */
  function focusKey(names) {
    const active = /** @type {HTMLElement | null} */ (document.activeElement);
    if (!active || !root.contains(active)) return null;
    for (const name of names) {
      if (active.dataset && active.dataset[name]) return [name, active.dataset[name]];
    }
    return null;
  }

  /** The focus back on the control `key` names after a redraw, or on the first of
   * `fallbacks` (then of the panel's buttons) that can take it.
   * @param {string[] | null} key @param {HTMLButtonElement[]} fallbacks */
  function restoreFocus(key, fallbacks = []) {
    if (!key) return;
    const [name, value] = key;
    const attr = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    const found = /** @type {HTMLButtonElement | null} */ (
      root.querySelector(`[data-${attr}="${CSS.escape(value)}"]`));
    const target = found && !found.disabled ? found
      : fallbacks.find((b) => !b.disabled && !b.hidden) || el.panel.querySelector("button");
    if (target) target.focus();
  }

  /**
   * Asks the reader, in `place` (its content replaced), whether a game opened from a link or
   * a file may take the place of the game saved in this browser, which could not be reopened
   * afterwards: true to replace it, false to keep it. The focus goes to "keep", the choice
   * that loses nothing.
   * @param {HTMLElement} place @returns {Promise<boolean>}
   */
  function replaceSaved(place) {
    place.innerHTML = `<div class="rs-play-confirm" role="group" aria-labelledby="rs-play-replace">
      <p id="rs-play-replace">${t.html(`${prefix}play.replace_saved`)}</p>
      <p><button type="button" class="rs-btn" data-act="play-on-no">${t.html(`${prefix}play.replace_saved_no`)}</button>
      <button type="button" class="rs-btn" data-act="play-on-yes">${t.html(`${prefix}play.replace_saved_yes`)}</button></p>
    </div>`;
    const button = (/** @type {string} */ act) => /** @type {HTMLButtonElement} */ (
      place.querySelector(`[data-act="${act}"]`));
    button("play-on-no").focus();
    return new Promise((answer) => {
      button("play-on-no").addEventListener("click", () => answer(false), { once: true });
      button("play-on-yes").addEventListener("click", () => answer(true), { once: true });
    });
  }

  /** A shared record's address (#record=...) out of the address bar. */
  function clearHash() {
    if (hasRecord()) history.replaceState(null, "", location.pathname + location.search);
  }

  /**
   * Download, Load and Share wired to the game's module: `shareable()` is what they give (a
   * record and the moves shown, or null), `loadFile(file)` opens a file chosen.
   * @param {() => {record: string, moves?: number | null} | null} shareable
   * @param {(file: File) => unknown} loadFile
   */
  function wireRecords(shareable, loadFile) {
    const shareInput = /** @type {HTMLInputElement} */ ($(".rs-play-share input"));
    const shareLine = /** @type {HTMLElement} */ (shareInput.parentElement);
    el.download.addEventListener("click", () => {
      const shared = shareable();
      if (!shared) return;
      download(shared.record);
      shareLine.hidden = true;
      el.shareBox.hidden = false; // what the file holds, said
    });
    el.load.addEventListener("change", () => {
      const [file] = el.load.files || [];
      el.load.value = "";
      if (file) loadFile(file);
    });
    el.share.addEventListener("click", async () => {
      const shared = shareable();
      if (!shared) return;
      const link = linkTo(shared.record, shared.moves);
      shareInput.value = link;
      shareLine.hidden = false;
      el.shareBox.hidden = false;
      const copied = await copy(link);
      say(t.html(copied ? `${prefix}play.copied` : `${prefix}play.copy_failed`));
      if (!copied) shareInput.select();
    });
  }

  /**
   * The flow of a game that every game's page runs the same way around its own drawing: the
   * opponents' turn (stopped and resumed with the frame's buttons), the reader's move, the
   * next deal, a saved game reopened, a link or a file opened, a game stepped through.
   * `hooks` is the game's side:
   * `calls` its caller() and `ask` its ask, `game()` the game played, `focusKey()` the
   * control in focus (frame().focusKey with the game's names), `refresh(news)` its position drawn then the opponents
   * set going (`news` said first), `trouble(answer)` an engine failure shown, `thinkLimit`
   * the opponent's time limit in ms, `pause` ms before each opponent's move (so that each
   * can be read as it comes).
   * @param {{ask: (fn: string, args: unknown[], limit?: number) => Promise<Asked>,
   *  calls: {generation: number, pending: {cancel: () => void} | null},
   *  game: () => PlayedGame | null, focusKey: () => string[] | null, refresh: (news?: string) => Promise<void>,
   *  trouble: (answer: Asked & {ok: false}) => unknown, thinkLimit: number, pause?: number}} hooks
   */
  function turns(hooks) {
    /** A pause of `ms` before an opponent's move, which Stop and New game end as they end an
     * engine call (`calls.pending`): true when it ran its course. @param {number} ms
     * @returns {Promise<boolean>} */
    function pause(ms) {
      return new Promise((done) => {
        const timer = setTimeout(() => {
          if (hooks.calls.pending === waiting) hooks.calls.pending = null;
          done(true);
        }, ms);
        const waiting = { cancel: () => {
          clearTimeout(timer);
          if (hooks.calls.pending === waiting) hooks.calls.pending = null;
          done(false);
        } };
        hooks.calls.pending = waiting;
      });
    }

    /** The opponent to move decides; the reader can stop it. @param {PlayedGame} current
     * @param {{to_move: string | null}} shown */
    async function think(current, shown) {
      setState("thinking");
      el.stop.hidden = false;
      el.resume.hidden = true;
      say(t.html(`${prefix}play.status.thinking`, { player: shown.to_move }));
      el.board.setAttribute("aria-busy", "true");
      const mine = hooks.calls.generation;
      const paused = hooks.pause ? await pause(hooks.pause) : true;
      const answer = hooks.game() !== current || mine !== hooks.calls.generation ? null
        : !paused ? /** @type {Asked} */ ({ ok: false, kind: "stopped" })
        : await hooks.ask("opponent", [current.record, current.level, fresh()], hooks.thinkLimit);
      el.board.removeAttribute("aria-busy");
      el.stop.hidden = true;
      if (!answer) return; // another game (New game, a link, a file) during the pause
      if (!answer.ok) {
        if (answer.kind === "stopped") {
          setState("stopped");
          el.resume.hidden = false;
          say(t.html(`${prefix}play.status.stopped`));
          return;
        }
        return hooks.trouble(answer);
      }
      current.record = answer.result.record;
      await hooks.refresh();
    }

    /** The reader's move, once per decision however many clicks; a refusal says its rule
     * and leaves the decision open. @param {string} move */
    async function play(move) {
      const current = hooks.game();
      if (!current || root.dataset.state !== "play") return;
      setState("busy");
      showError("");
      const answer = await hooks.ask("play", [current.record, move, data.strings, current.human]);
      if (!answer.ok) {
        if (answer.kind === "refused") {
          setState("play");
          return showError(answer.message, answer.rule);
        }
        return hooks.trouble(answer);
      }
      current.record = answer.result.record;
      await hooks.refresh();
    }

    async function deal() {
      const current = hooks.game();
      if (!current || root.dataset.state !== "deal") return;
      setState("busy");
      const answer = await hooks.ask("deal", [current.record, fresh()]);
      if (!answer.ok) return hooks.trouble(answer);
      current.record = answer.result.record;
      await hooks.refresh();
    }

    /**
     * A saved game reopened: for a game in progress, its seat's concealed record, whose
     * hidden cards the engine deals afresh (session.py load()). A save whose seat was edited
     * is refused (the concealed record names its own seat), so it never shows another seat's
     * cards; one the engine refuses is damaged: forgotten (`forget`). An engine that fails
     * forgets nothing: the save is there on the next visit. `open(loaded, forget)` takes the
     * game on ({record, seat, concealed}).
     * @param {{record: string, human: string}} saved @param {() => void} forget
     * @param {(loaded: {record: string, seat: string | null, concealed: string | null},
     *  forget: () => void) => unknown} open
     */
    async function resume(saved, forget, open) {
      setState("loading");
      const loaded = await hooks.ask("load", [saved.record, data.strings]);
      if (!loaded.ok) return loaded.kind === "refused" ? forget() : hooks.trouble(loaded);
      if (loaded.result.seat && loaded.result.seat !== saved.human) return forget();
      return open(loaded.result, forget);
    }

    /**
     * The record of the page's link (#record=..., when `file` is null) or of a file chosen,
     * checked by the engine (session.py open_link() or load()): its answer ({record, seat,
     * concealed}, and `step` for a link), or null when refused (said, then `back()`: the game
     * played again, or the idle page) or when the engine failed. Older calls are dropped.
     * @param {File | null} file @param {() => unknown} back
     */
    async function opened(file, back) {
      hooks.calls.generation += 1;
      if (hooks.calls.pending) hooks.calls.pending.cancel();
      showError("");
      let call = ["open_link", location.hash];
      if (file) {
        if (file.size > data.maxText * 4) { // refused unread: UTF-8 takes at most 4 bytes a character
          showError(t.html(`${prefix}play.error.too_long`, { limit: data.maxText }));
          return null;
        }
        try {
          call = ["load", await file.text()];
        } catch {
          showError(t.html(`${prefix}play.error.file`));
          return null;
        }
      }
      setState("loading");
      const result = answered(await hooks.ask(call[0], [call[1], data.strings]), back);
      if (result && file) clearHash();
      return result;
    }

    /** The result of an engine's answer, or null: a refusal said, then `back()`; a failure
     * shown (hooks.trouble). @param {Asked} answer @param {() => unknown} back */
    function answered(answer, back) {
      if (answer.ok) return answer.result;
      if (answer.kind !== "refused") hooks.trouble(answer);
      else {
        showError(answer.message, answer.rule);
        back();
      }
      return null;
    }

    /**
     * A game's steps for `viewer` (session.py replay(): boards, steps, outcome) and `index`,
     * the step after `moves` moves (the last when null); null when refused or failed (as
     * answered() says).
     * @param {string} record @param {string | null} viewer @param {number | null} moves
     * @param {() => unknown} back
     */
    async function replayed(record, viewer, moves, back) {
      setState("loading");
      const r = answered(await hooks.ask("replay", [record, data.strings, viewer]), back);
      if (!r) return null;
      const index = moves === null ? r.steps.length - 1
        : r.steps.filter((/** @type {FrameStep} */ s) => (s.moves || 0) <= moves).length - 1;
      return { ...r, index };
    }

    /**
     * One step of a game stepped through, around the game's own `panel` and `outcome`
     * (HTML): its board, the counter, Back and Forward, the steps, the status, "Back to the
     * game" when `live`; the focus kept on the control that had it.
     * @param {{boards: string[], steps: FrameStep[], index: number}} review
     * @param {string} panel @param {string} outcome @param {boolean} live
     */
    function showStep(review, panel, outcome, live) {
      setState("review");
      const focus = hooks.focusKey();
      const { index, steps } = review;
      el.board.innerHTML = review.boards[index];
      el.panel.innerHTML = panel;
      el.outcome.innerHTML = outcome;
      el.replay.hidden = false;
      el.live.hidden = !live;
      el.back.disabled = index === 0;
      el.forward.disabled = index === steps.length - 1;
      el.counter.textContent = t.text("widget.counter", { step: index, total: steps.length - 1 });
      el.download.disabled = false;
      el.share.disabled = false;
      listSteps(steps, index);
      say(t.html(`${prefix}play.status.replay`, { step: index, total: steps.length - 1 }));
      restoreFocus(focus, [el.forward, el.back]);
    }

    return { think, play, deal, resume, opened, replayed, showStep };
  }

  return { data, strings: data.strings, t, $, el, setState, say, ruleLink, showError, listSteps,
    focusKey, restoreFocus, replaceSaved, clearHash, wireRecords, turns };
}

/** @typedef {{record: string, human: string, level: string, concealed: string | null | undefined}}
 *  PlayedGame a game being played: its whole record (memory only), the reader's seat, the
 *  opponents' level and the seat's concealed record (saved, shared) */

// A fresh seed for one deal or one decision of the engine: nothing stored predicts it.
export function fresh() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

/**
 * One engine call at a time from a page: `ask(fn, args, limit)` answers {ok, result} or
 * {ok: false, kind, message} (a refusal of session.py as kind "refused", with its rule).
 * Bumping `generation` (New game, Load, a link) makes the answers of older calls "stale";
 * `pending` is the call in progress, which can be cancelled.
 * @param {import("../examples/runtime.js").Engine} engine
 * @param {import("../examples/i18n.js").Translator} t
 */
export function caller(engine, t) {
  const calls = {
    generation: 0,
    /** @type {import("../examples/runtime.js").Pending | null} */
    pending: null,
    /** @param {string} fn @param {unknown[]} args @param {number} limit
     * @returns {Promise<Asked>} */
    async ask(fn, args, limit) {
      const mine = calls.generation;
      const call = engine.call(fn, args, { timeLimit: limit });
      calls.pending = call;
      const answer = await call;
      if (calls.pending === call) calls.pending = null;
      if (mine !== calls.generation) return { ok: false, kind: "stale" };
      if (!answer.ok) {
        const { kind, message, damaged } = answer.error || { kind: "engine" };
        return { ok: false, kind, message: damaged ? t.text("error.damaged", { file: damaged })
          : message };
      }
      const refused = answer.result.error; // session.py's refusal: {kind, message, path, rule}
      if (refused) return { ok: false, ...refused, kind: "refused", what: refused.kind };
      return { ok: true, result: answer.result };
    },
  };
  return calls;
}
