// One live example: wires the page's static widget (rulesite/pages/examples.py) to the step player,
// the code editor and the shared engine runtime. Boards come drawn, by board.py (at build time
// or in the worker): this module only inserts them.
//
// The widget first shows the timeline computed at build time (embedded JSON), so stepping
// works at once; the engine then replays the same code in the browser and, when the result is
// identical, the widget marks it "verified live" and shows the engine's own result from then
// on. Run replays the reader's code; errors, Stop and the time limit leave the widget working.
// At any step, "What if?" (whatif.js) plays another line from there, and Share (share.js)
// copies a link to the position on screen.

import { editor } from "./editor.js";
import { translator } from "./i18n.js";
import { Player, writeHash } from "./player.js";
import { shareButton } from "./share.js";
import { starts } from "./starts.js";
import { WhatIf, movesAt } from "./whatif.js";

/** @typedef {import("./whatif.js").Line} Line */

const LONG_LIST = 8; // steps; more scroll inside the widget
// Every message of the status line, by kind: the only ones updateStatus shows, and the ones
// whose room holdStatus keeps (all but "failed"). Keys as literals: the build checks each
// against English (rulesite/sources/runtime_keys.py).
/** @type {Record<string, string>} */
const STATUS = {
  loading: "widget.status_loading", running: "widget.status_running",
  restarting: "widget.status_restarting", verified: "widget.status_verified",
  differs: "widget.status_differs", edited: "widget.status_edited",
  failed: "widget.status_failed",
};
/** @param {Line} a @param {Line} b */
const same = (a, b) => JSON.stringify([a.steps, a.texts, a.boards, a.outcome, a.output, a.record])
  === JSON.stringify([b.steps, b.texts, b.boards, b.outcome, b.output, b.record]);

/** An example's data: its own, and what it shares with the page's other examples of its game
 *  (interface strings, rule links), written once per page (rulesite/pages/examples.py).
 *  @param {Element} root */
function exampleData(root) {
  const read = (/** @type {Element | null} */ el) => JSON.parse(el ? el.textContent || "" : "");
  const own = read(root.querySelector(".rs-ex-data"));
  return { ...read(document.getElementById(`rs-ex-shared-${own.shared}`)), ...own };
}

/** @param {Element} container @param {import("./runtime.js").Engine} engine
 *  @param {{step?: number | null, preload?: boolean}} [options] `preload`: the engine may
 *  start without the reader (policy.js) */
export function mount(container, engine, { step = null, preload = false } = {}) {
  const root = /** @type {HTMLElement} */ (container.querySelector(".rs-ex"));
  const data = exampleData(root);
  const t = translator(data.strings);
  const id = data.id;
  /** @type {Line} */
  const built = data.result;
  // The widget's parts (rulesite/examples.py writes them all).
  const $ = (/** @type {string} */ selector) =>
    /** @type {HTMLElement} */ (root.querySelector(selector));
  const $button = (/** @type {string} */ selector) =>
    /** @type {HTMLButtonElement} */ (root.querySelector(selector));
  const el = {
    board: $(".rs-ex-board"),
    bar: $(".rs-ex-bar"),
    counter: $(".rs-ex-counter"),
    status: $(".rs-ex-status"),
    now: $(".rs-ex-now"),
    list: /** @type {HTMLOListElement} */ ($(".rs-ex-steps")),
    outcome: $(".rs-ex-outcome"),
    runbar: $(".rs-ex-runbar"),
    run: $button('[data-act="run"]'),
    stop: $button('[data-act="stop"]'),
    reset: $button('[data-act="reset"]'),
    play: $button('[data-act="play"]'),
    error: $(".rs-ex-error"),
    output: $(".rs-ex-output"),
    help: $(".rs-ex-help"),
    editor: /** @type {HTMLTextAreaElement} */ ($(".rs-ex-editor")),
  };

  let shown = built; // the timeline on screen: build time, then the engine's
  let verdict = "pending"; // pending | verified | differs | edited | failed
  let pageVerdict = "pending"; // the same, for the page's own code (verify)
  /** @type {Line | null} */
  let pageResult = null; // the engine's result for the page's code, once identical to it
  let running = false;
  /** @type {import("./runtime.js").Pending | null} */
  let pending = null; // the reader's run in progress (its promise can cancel it)
  let userMoved = false;
  const keys = keyboardHints(root, id, el, t);

  const player = new Player({
    count: shown.steps.length,
    onShow: show,
    onPlaying(playing) {
      el.play.setAttribute("aria-pressed", String(playing));
      const label = t.text(playing ? "widget.pause" : "widget.play");
      el.play.title = label;
      el.play.setAttribute("aria-label", label);
    },
  });

  /** @param {number} index */
  function show(index) {
    const last = shown.steps.length - 1;
    const focused = document.activeElement;
    // Drawn by board.py, here or at build time; a what-if line's last step, with its choices.
    if (!whatif.step(index)) el.board.innerHTML = shown.boards[index];
    share.label(index);
    el.now.innerHTML = shown.texts[index];
    el.counter.textContent = t.text("widget.counter", { step: index, total: last });
    $button('[data-act="restart"]').disabled = index === 0;
    $button('[data-act="back"]').disabled = index === 0;
    $button('[data-act="forward"]').disabled = index === last;
    // At either end, focus moves from the button just disabled to the one going the other way.
    keepFocus(focused, [$button('[data-act="forward"]'), $button('[data-act="back"]'), el.play]);
    for (const item of /** @type {HTMLCollectionOf<HTMLLIElement>} */ (el.list.children)) {
      const current = Number(item.value) === index;
      item.tabIndex = current ? 0 : -1; // one Tab stop for the list; arrows move within it
      if (current) {
        item.setAttribute("aria-current", "step");
        // At the next frame, with the browser's own layout: measured here, the list forced
        // a layout of the page that the changes after it undid (10 ms of a 50 ms Run).
        requestAnimationFrame(() => keepVisible(el.list, item));
      } else {
        item.removeAttribute("aria-current");
      }
    }
    // Screen readers hear the step once, as one sentence, and only when the reader moves.
    // The last step's text leaves the outcome to the line under the list: say it there too.
    const end = index === last ? ` ${el.outcome.textContent}` : "";
    if (userMoved) keys.announce(`${el.counter.textContent}. ${el.now.textContent}${end}`);
    root.dataset.step = String(index);
    if (userMoved && !shown.whatif) writeHash(id, index);
  }

  // Shows a line (the example's, edited code's or a what-if's) at step `index`.
  /** @param {Line} line @param {number} index */
  function setLine(line, index) {
    shown = line;
    root.dataset.source = line.whatif ? "whatif" : line === built ? "build" : "live";
    steps(line);
    userMoved = true;
    player.reset(line.steps.length, index);
    updateStatus();
  }

  /** @param {Line} result */
  function steps(result) {
    // A what-if line's own steps have no anchor (a link names the example's steps) and say
    // whose line they are.
    const from = result.whatif ? result.whatif.from : Infinity;
    const yours = `<span class="rs-wi-mark">${t.html("whatif.yours")}</span> `;
    el.list.innerHTML = result.texts
      .map((text, i) => (i > from ? `<li class="rs-wi-step" value="${i}">${yours}${text}</li>`
        : `<li id="${id}-step-${i}" value="${i}">${text}</li>`))
      .join("");
    fitList(result);
    el.outcome.innerHTML = result.outcome;
    el.output.textContent = result.output;
    el.output.hidden = !result.output;
  }

  // A long game's list scrolls inside the widget, so the board stays close to every step.
  /** @param {Line} result */
  function fitList(result) {
    el.list.classList.toggle("rs-long", result.steps.length > LONG_LIST);
  }

  /** @param {string} value */
  function setVerdict(value) {
    verdict = value;
    root.dataset.live = value;
    updateStatus();
  }

  function updateStatus() {
    const state = engine.state;
    /** @type {string | null} */
    let kind = null;
    if (shown.whatif) kind = null; // the what-if panel says what the engine does
    else if (running) kind = "running";
    else if (state === "idle") kind = null; // the page's steps; no engine asked for yet
    else if (state === "failed") kind = "failed";
    else if (state === "restarting") kind = "restarting";
    else if (verdict === "pending") kind = "loading";
    else kind = verdict;
    if (kind && !Object.hasOwn(STATUS, kind)) { // would get no room kept for it (holdStatus)
      console.error(`the status line has no message for "${kind}"`); // the tests fail on it
      kind = null;
    }
    el.status.textContent = kind ? t.text(STATUS[kind]) : "";
    el.status.dataset.kind = kind ? verdict : "";
  }

  // The status line takes the height of its longest message at the widget's width: a message
  // appearing or growing (the engine starting a second after the example shows, then
  // "Verified live…") moved the steps and Run under the reader's finger. Where the engine may
  // start on its own, from the start (data-hold="always"); else with its first message, which
  // follows the reader's tap (data-hold="text": an empty line takes no room, widget.css).
  // Measured on hidden copies (not announced), one a message, laid out together: measured one
  // after another, each forced a layout of the whole page (15 to 25 ms a widget on a phone's
  // CPU). The engine's failure, rare and the longest, may grow it.
  function holdStatus() {
    const width = el.status.clientWidth;
    if (!width) return; // not laid out (a hidden ancestor): measured once shown
    const held = Object.entries(STATUS).filter(([kind]) => kind !== "failed");
    const copies = held.map(([, key]) => {
      const copy = /** @type {HTMLElement} */ (el.status.cloneNode(false));
      copy.removeAttribute("role");
      copy.removeAttribute("data-hold"); // its own height, not the one held
      copy.setAttribute("aria-hidden", "true");
      copy.style.cssText = `position: absolute; visibility: hidden; width: ${width}px`;
      copy.dataset.kind = "verified"; // its mark (widget.css) before any message: the widest
      copy.textContent = t.text(key);
      return copy;
    });
    el.status.after(...copies);
    const most = Math.max(...copies.map((copy) => copy.getBoundingClientRect().height));
    for (const copy of copies) copy.remove();
    el.status.style.setProperty("--rs-status-height", `${Math.ceil(most)}px`);
  }

  /** Runs `then` once the engine has started: now if it has, else when it leaves idle (after
   *  the status says so: its listener came first). @param {() => unknown} then */
  function whenStarted(then) {
    if (engine.state !== "idle") {
      then();
      return;
    }
    engine.addEventListener("state", function started() {
      if (engine.state === "idle") return;
      engine.removeEventListener("state", started);
      then();
    });
  }

  /** @param {string} message */
  function showError(message) {
    el.error.textContent = message;
    el.error.hidden = !message;
    root.dataset.error = message ? "1" : "";
  }

  /** An error of runner.py or of the runtime, in words. @param {any} error */
  function errorMessage(error) {
    if (error.kind === "timeout") return t.text("error.timeout", { seconds: error.seconds });
    if (error.kind === "stopped") return t.text("error.stopped");
    if (error.kind === "engine") {
      return t.text("error.engine", { error: error.damaged
        ? t.text("error.damaged", { file: error.damaged }) : error.message });
    }
    if (error.kind === "no_game") return t.text("error.no_game");
    if (error.kind === "not_game") return t.text("error.not_game", { type: error.type });
    const text = `${error.type}: ${error.message}`;
    return error.line ? t.text("error.line", { line: error.line, error: text })
      : t.text("error.no_line", { error: text });
  }

  // The unedited code, replayed by the engine in this browser, must give the page's result.
  async function verify() {
    const answer = await engine.run(data.code, data.strings, { own: true });
    const result = answer.ok ? answer.result : null;
    const verified = Boolean(result && !result.error && same(result, built));
    if (pageVerdict === "pending") {
      pageVerdict = !answer.ok ? "failed" : verified ? "verified" : "differs";
    }
    if (verified && !pageResult) pageResult = result;
    if (verdict !== "pending" || shown.whatif) return; // the reader ran code or left the line
    if (verified) {
      shown = result; // identical data, now from the engine
      root.dataset.source = "live";
      performance.mark("rs-example-live",
        { detail: { id, ms: answer.ms, python_ms: answer.python_ms } });
    }
    setVerdict(pageVerdict);
  }

  async function run() {
    if (running) return;
    running = true;
    player.pause();
    showError("");
    const focused = document.activeElement;
    el.run.disabled = true;
    el.stop.disabled = false;
    keepFocus(focused, [el.stop]);
    root.dataset.running = "1";
    updateStatus();
    const code = ed.value;
    pending = engine.run(code, data.strings, { own: code === ed.original });
    const answer = await pending;
    pending = null;
    running = false;
    const stopFocused = document.activeElement;
    el.run.disabled = false;
    el.stop.disabled = true;
    keepFocus(stopFocused, [el.run]);
    root.dataset.running = "";
    if (!answer.ok) {
      showError(errorMessage(answer.error));
      updateStatus();
      return;
    }
    const result = answer.result;
    el.output.textContent = result.output;
    el.output.hidden = !result.output;
    if (result.error) {
      showError(errorMessage(result.error));
      ed.showLine(result.error.line);
      updateStatus();
      return;
    }
    whatif.leave(false);
    shown = result;
    root.dataset.source = "live";
    root.dataset.runs = String(Number(root.dataset.runs || 0) + 1);
    steps(result);
    // Compared once: the comparison serialises both lines, boards included.
    const matches = code === ed.original && same(result, built);
    if (matches) {
      pageResult = result;
      pageVerdict = "verified";
    }
    setVerdict(code === ed.original ? (matches ? "verified" : "differs") : "edited");
    userMoved = true;
    player.reset(result.steps.length, 0);
    performance.mark("rs-example-run",
      { detail: { id, ms: answer.ms, python_ms: answer.python_ms } });
    player.play(false);
  }

  // Restore: the original code, and the page's own steps again.
  function restore() {
    ed.reset();
    showError("");
    whatif.leave(false);
    const original = pageResult || built;
    if (shown === original) return;
    shown = original;
    root.dataset.source = pageResult ? "live" : "build";
    steps(shown);
    player.reset(shown.steps.length, 0);
    setVerdict(pageVerdict);
  }

  // The line the reader left for a what-if: the example's, or the result of their code.
  /** @type {Line | null} */
  let left = null;
  const early = starts(data.lang, data.starts);
  const whatif = new WhatIf({
    root,
    board: el.board,
    t,
    engine,
    strings: data.strings,
    errorMessage,
    shown: () => shown,
    index: () => player.index,
    setLine(line, index) {
      if (!shown.whatif) left = shown;
      setLine(line, index);
    },
    original(index) {
      setLine(left || pageResult || built, index);
      left = null;
    },
    // The build computed what-if starts for the example's own line only (pageResult is that
    // line again, from the engine).
    start: (/** @type {number} */ index) => (shown === built || shown === pageResult
      ? early.at(shown, index) : Promise.resolve(null)),
    announce: (/** @type {string} */ text) => keys.announce(text),
    rules: data.rules || {},
  // The chooser's module, under the assets folder this module is in (data.whatif).
  }, async () => (await import(new URL(`../${data.whatif}`, import.meta.url).href)).chooser);
  el.bar.after(whatif.tools);
  // A game without a chooser (data.whatif false: gamekit.Plugin.whatif) shows its steps
  // only: no "what if?", no Share (whose link opens its Play page).
  if (data.whatif === false) whatif.tools.hidden = true;
  el.board.after(whatif.panel);
  const share = shareButton(whatif.tools, t, data.lang, data.play, () => ({
    record: shown.record,
    moves: movesAt(shown.steps, player.index),
  }));

  const ed = editor(el.editor, {
    onRun: run,
    onEdit() {
      el.reset.hidden = !ed.edited;
    },
  });

  // Steps from the keyboard: the current step is the list's Tab stop; arrows, Home and End
  // show another step (and focus it), Enter and Space show the focused one.
  el.list.addEventListener("keydown", (event) => {
    const item = /** @type {Element} */ (event.target).closest(".rs-ex-steps > li");
    if (!item || event.altKey || event.ctrlKey || event.metaKey) return;
    const index = Number(/** @type {HTMLLIElement} */ (item).value);
    /** @type {number | undefined} */
    /** @type {Record<string, number>} */
    const targets = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: shown.steps.length - 1,
      Enter: index, " ": index };
    const to = targets[event.key];
    if (to === undefined || event.target !== item) return;
    event.preventDefault();
    userMoved = true;
    player.pause();
    player.show(to);
    /** @type {HTMLElement} */ (el.list.children[player.index]).focus();
  });

  root.addEventListener("click", (event) => {
    const target = /** @type {Element} */ (event.target);
    const button = /** @type {HTMLElement | null} */ (target.closest("button[data-act]"));
    if (button && root.contains(button)) {
      const act = button.dataset.act;
      if (act === "run") run();
      else if (act === "stop" && pending) pending.cancel();
      else if (act === "reset") {
        restore();
        keepFocus(button, [el.run]); // Restore hides itself
      }
      else {
        userMoved = true;
        if (act === "restart") player.restart();
        else if (act === "back") player.back();
        else if (act === "forward") player.forward();
        else if (act === "play") player.toggle();
      }
      return;
    }
    const item = /** @type {HTMLLIElement | null} */ (target.closest(".rs-ex-steps > li"));
    if (item && root.contains(item) && !target.closest("a")) {
      userMoved = true;
      player.pause();
      player.show(Number(item.value));
    }
  });

  engine.addEventListener("state", () => {
    root.dataset.engine = engine.state;
    updateStatus();
  });
  root.dataset.engine = engine.state;
  for (const part of [el.bar, el.status, el.now, el.runbar, el.help]) part.hidden = false;
  // The status line's room (holdStatus): measured, and again as the width or the fonts
  // change, from the start where the engine may start on its own, else once it has started
  // (a phone whose reader only reads measures nothing).
  el.status.dataset.hold = preload ? "always" : "text";
  const holdingStatus = () => {
    holdStatus();
    let width = root.clientWidth;
    new ResizeObserver(() => {
      if (root.clientWidth !== width) holdStatus();
      width = root.clientWidth;
    }).observe(root);
    // The site's fonts, still on their way, may set the text wider (once in, measured already).
    if (document.fonts.status !== "loaded") document.fonts.ready.then(holdStatus);
  };
  if (preload) holdingStatus();
  else whenStarted(holdingStatus);
  // Only now is the code editable: the page without script does not invite editing.
  $(".rs-ex-code-label").textContent = t.text("widget.code_live");
  fitList(built);
  root.dataset.state = "live";
  root.dataset.source = "build";
  setVerdict("pending");
  // The last step, as the page shows it without JavaScript, unless a link names a step.
  player.show(step === null ? shown.steps.length - 1 : Math.min(step, shown.steps.length - 1));
  // The engine checks the page once it is started (boot.js decides when: policy.js).
  whenStarted(verify);

  return {
    /** @param {number} index */
    go(index) {
      userMoved = true;
      player.pause();
      player.show(index);
    },
  };
}

// Focus that was on `from` (now disabled or hidden) goes to the first usable candidate, so a
// keyboard user is not sent back to the top of the page.
/** @param {Element | null} from @param {(HTMLButtonElement | null)[]} candidates */
function keepFocus(from, candidates) {
  const was = /** @type {{disabled?: boolean, hidden?: boolean} | null} */ (from);
  if (!was || !(was.disabled || was.hidden)) return;
  const next = candidates.find((button) => button && !button.disabled && !button.hidden);
  if (next) next.focus();
}

// What keyboard and screen reader users are told: how to move through the steps, how to
// leave the code box (Tab indents there), and a live region that reads each step shown.
/** @param {HTMLElement} root @param {string} id
 *  @param {{list: HTMLElement, editor: HTMLElement, now: HTMLElement}} el
 *  @param {import("./i18n.js").Translator} t */
function keyboardHints(root, id, el, t) {
  /** @param {string} key @param {string} suffix @param {HTMLElement} after */
  const hint = (key, suffix, after) => {
    const p = document.createElement("p");
    p.id = `${id}-${suffix}`;
    p.className = "rs-ex-keys";
    p.textContent = t.text(key);
    after.after(p);
    return p;
  };
  const steps = hint("widget.steps_keys", "steps-keys", el.list);
  steps.classList.add("rs-sr-only");
  el.list.setAttribute("aria-describedby", steps.id);
  const code = hint("widget.code_keys", "code-keys", el.editor);
  el.editor.setAttribute("aria-describedby", code.id);
  el.now.removeAttribute("aria-live"); // the live region below speaks instead, once per step
  const live = document.createElement("p");
  live.className = "rs-sr-only";
  live.setAttribute("aria-live", "polite");
  live.setAttribute("aria-atomic", "true");
  root.append(live);
  return {
    /** @param {string} text */
    announce(text) {
      live.textContent = text.replace(/\s+/g, " ").trim();
    },
  };
}

// Scrolls the list (not the page) so that the current step stays in sight.
/** @param {HTMLElement} list @param {HTMLElement} item */
function keepVisible(list, item) {
  if (list.scrollHeight <= list.clientHeight) return;
  const top = item.offsetTop; // the list is the items' offsetParent (position: relative)
  if (top < list.scrollTop) list.scrollTop = top;
  else if (top + item.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = top + item.offsetHeight - list.clientHeight;
  }
}
