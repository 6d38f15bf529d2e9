// "What if?" in an example: from any step, the reader plays another legal move and goes on,
// by hand for every seat or letting the computer play to the end; the example's own line stays
// one click away. Everything comes from the engine in the worker, through the game's
// session.py (the calls the Play page also uses): the legal moves, the board, every step's
// board and words, the outcome. This module names no game: it keeps the line's record, runs
// the panel and its buttons, and leaves how a reader picks a move, and how a move reads in
// words, to the game's chooser (a module its plug-in names, gamekit.Plugin.whatif, e.g.
// play/hanamikoji/whatif.js beside the Play page's own chooser), loaded the first time the
// reader asks "what if?".
//
// A line is shown by widget.js like the example's own timeline, plus `whatif`: {from: the step
// where it leaves the example, live: session.position() of its last step}.

/** @typedef {import("./i18n.js").Translator} Translator */
/** A timeline on screen (widget.js): runner.py's result for an example's code, or a line.
 * @typedef {{steps: SessionStep[], texts: string[], boards: string[], outcome: string,
 *   output: string, record: string, whatif?: {from: number, live: LivePosition}}} Line */
/** A what-if line: from (a step of the example) and live (its last position).
 * @typedef {Line & {whatif: {from: number, live: LivePosition}}} WhatIfLine */
/** What widget.js gives a WhatIf (its mount() says what each does; start: the line that
 * leaves the line on screen at a step, computed at build time (starts.js), or null).
 * @typedef {{root: HTMLElement, board: HTMLElement, t: Translator,
 *   engine: import("./runtime.js").Engine, strings: object, errorMessage: (error: any) => string,
 *   shown: () => Line, index: () => number, setLine: (line: Line, index: number) => void,
 *   start: (index: number) => Promise<WhatIfLine | null>,
 *   original: (index: number) => void, announce: (text: string) => void,
 *   rules: Record<string, {href: string, label: string}>}} Context */

/** A game's chooser (the module gamekit.Plugin.whatif names exports `chooser(context)`): the
 * reader's pick of one move at a live position, from its legal moves (live.legal).
 * @typedef {{
 *   move: string | null,
 *   level: string,
 *   untilDeal: boolean,
 *   computer: string,
 *   clear(): void,
 *   picked(): boolean,
 *   choose(part: HTMLElement, live: LivePosition): boolean | string,
 *   draw(live: LivePosition): void,
 *   mark(): void,
 *   first(): HTMLElement | null,
 *   describe(move: string, live: LivePosition): string,
 *   prompt(live: LivePosition): string,
 *   progress(live: LivePosition): string,
 *   deal(live: LivePosition): string,
 * }} Chooser
 * move: the whole move picked, in notation (or null); level: the computer's level
 * (session.LEVELS); untilDeal: the computer plays to the end of the round (true) or of the
 * game (false), dealing the rounds between; computer: the label of the button that lets it;
 * clear(): nothing picked; picked(): something to clear; choose(): the
 * reader picked `part` (a [data-choice] of the board or of the choices area): true if the
 * pick changed, a move in notation for the engine to judge (one the chooser does not offer:
 * the engine refuses it, naming the rule), false if `part` is not the chooser's; draw(): make
 * the live board's parts pickable and draw the area's choices; mark(): show what is picked;
 * first(): the first control to focus; describe(): a move in words (text); prompt(): what the
 * reader is asked ("" for nothing); progress(): a pick under way in words ("" for none);
 * deal(): the label of the button that deals the next round. */
/** What a chooser is given.
 * @typedef {{t: Translator, board: HTMLElement, area: HTMLElement}} ChooserContext */

const CALL_LIMIT_MS = 30_000; // one decision of the default level takes about a second

// Moves counted up to step `index` of a timeline (its scoring steps are not moves).
/** @param {SessionStep[]} steps @param {number} index */
export function movesAt(steps, index) {
  let moves = 0;
  for (let i = 1; i <= index; i += 1) if (steps[i].move) moves += 1;
  return moves;
}

// Whether the game is over once step `index` is played (the round's scoring may follow it):
// then no other move can be played from there.
/** @param {Line} shown @param {number} index */
function ended(shown, index) {
  const next = shown.steps[index + 1];
  const at = next && next.kind === "scoring" ? index + 1 : index;
  if (shown.whatif) return at === shown.steps.length - 1 && Boolean(shown.whatif.live.outcome);
  const board = shown.steps[at].board;
  return Boolean(board && board.phase === "over");
}

// The record (JSON text) cut after its first `moves` moves.
/** @param {string} record @param {number} moves */
export function cutRecord(record, moves) {
  const data = JSON.parse(record);
  data.moves = data.moves.slice(0, moves);
  return JSON.stringify(data);
}

class Trouble extends Error {
  /** @param {string} message @param {boolean} html whether message is HTML
   *  @param {string} rule the ID of the rule a refused move breaks, if any */
  constructor(message, html = false, rule = "") {
    super(message);
    this.html = html;
    this.rule = rule;
  }
}

export class WhatIf {
  /** ctx: {root, board, t, engine, strings, errorMessage(error), shown(), index(),
   *  setLine(line, index), original(index), announce(text), rules}: see widget.js
   * @param {Context} ctx @param {() => Promise<(context: ChooserContext) => Chooser>} load
   *  imports the game's chooser module */
  constructor(ctx, load) {
    this.ctx = ctx;
    this.t = ctx.t;
    this.load = load;
    /** @type {WhatIfLine | null} */
    this.line = null; // the line on screen, or null: the example's own
    /** @type {Chooser | null} */
    this.game = null; // the game's chooser, once loaded (the first "what if?")
    this.busy = false;
    this.computer = false; // the computer plays until the end (Chooser.untilDeal) or Stop
    this.generation = 0; // a new line, or back to the example: answers still due are dropped
    this.seed = Math.floor(Math.random() * 2 ** 31);
    // The panel and its controls (in the constructor, so that their types are never undefined).
    const { root, t } = this.ctx;
    const tools = document.createElement("div");
    tools.className = "rs-ex-tools";
    this.start = this.button("start", t.text("whatif.start"));
    tools.append(this.start);
    this.tools = tools;
    const panel = document.createElement("div");
    panel.className = "rs-wi";
    panel.hidden = true;
    panel.setAttribute("role", "group");
    panel.innerHTML = `<p class="rs-wi-head"></p><p class="rs-wi-prompt"></p>
      <div class="rs-wi-choose" hidden></div><p class="rs-wi-choice"></p>
      <div class="rs-wi-actions"></div>
      <p class="rs-wi-error" role="alert" hidden></p>`;
    const q = (/** @type {string} */ s) => /** @type {HTMLElement} */ (panel.querySelector(s));
    this.panel = panel;
    this.head = q(".rs-wi-head");
    this.prompt = q(".rs-wi-prompt");
    this.choice = q(".rs-wi-choice");
    this.area = q(".rs-wi-choose"); // the choices a game draws beside its board, if any
    this.error = q(".rs-wi-error");
    this.head.id = `${/** @type {Element} */ (root.closest("[id]")).id}-wi-head`;
    panel.setAttribute("aria-labelledby", this.head.id);
    this.buttons = {
      play: this.button("play", t.text("whatif.play_move"), "rs-btn-run"),
      clear: this.button("clear", t.text("whatif.clear")),
      deal: this.button("deal", ""),
      computer: this.button("computer", ""), // labelled by the game's chooser (update)
      stop: this.button("stop", t.text("whatif.stop")),
      original: this.button("original", t.text("whatif.original")),
    };
    q(".rs-wi-actions").append(...Object.values(this.buttons));
    root.addEventListener("click", (event) => this.click(event));
    this.ctx.board.addEventListener("keydown", (event) => {
      const part = /** @type {HTMLElement | null} */ (
        /** @type {Element} */ (event.target).closest("[data-choice]"));
      if (!part || (event.key !== "Enter" && event.key !== " ")) return;
      event.preventDefault();
      this.choose(part);
    });
  }

  /** @param {string} act @param {string} text */
  button(act, text, extra = "") {
    const button = document.createElement("button");
    button.type = "button";
    button.className = `rs-btn ${extra}`.trim();
    button.dataset.wi = act;
    button.textContent = text;
    return button;
  }

  /** @param {MouseEvent} event */
  click(event) {
    const target = /** @type {Element} */ (event.target);
    const part = /** @type {HTMLElement | null} */ (
      target.closest(".rs-ex-board [data-choice], .rs-wi-choose [data-choice]"));
    if (part && this.ctx.root.contains(part)) {
      this.choose(part);
      return;
    }
    const button = /** @type {HTMLElement | null} */ (target.closest("button[data-wi]"));
    if (!button || !this.ctx.root.contains(button)) return;
    const act = button.dataset.wi;
    if (act === "start") this.branch(this.ctx.index());
    else if (act === "original") this.leave(true);
    else if (act === "play") this.play();
    else if (act === "clear") this.reset(true);
    else if (act === "deal" && this.line) this.advance("deal", [this.line.record, this.seed]);
    else if (act === "computer") this.runComputer();
    else if (act === "stop") {
      this.computer = false; // the move being computed still arrives, then the loop ends
      this.update();
      this.buttons.original.focus(); // Stop hides itself
    }
  }

  // --- talking to the engine -----------------------------------------------------------

  // The game's chooser, imported at the first "what if?". A module that does not arrive (a
  // dropped connection) is said as such, not as the engine's failure: the engine may be fine.
  // The next "what if?" asks for it again (Chromium then fetches it anew; a browser that
  // keeps a failed import until the page is reloaded is why the message says to reload).
  /** @returns {Promise<Chooser>} */
  async chooser() {
    let make;
    try {
      make = await this.load();
    } catch {
      throw new Trouble(this.t.text("whatif.chooser_failed"));
    }
    return make({ t: this.t, board: this.ctx.board, area: this.area });
  }

  /** @param {string} fn @param {unknown[]} args @returns {Promise<any>} */
  async call(fn, args) {
    // Ahead of the examples' checks that the engine's start queued (widget.js verify): on a
    // phone they took seconds before the first choices showed.
    const answer = await this.ctx.engine.call(fn, args, { timeLimit: CALL_LIMIT_MS,
      first: true });
    if (!answer.ok) {
      const error = answer.error || { kind: "engine" }; // always given when not ok
      throw new Trouble(error.kind === "engine" ? this.t.text("whatif.failed")
        : this.ctx.errorMessage(error));
    }
    const result = answer.result;
    if (result && result.error) {
      // session.py's refusals are HTML in the page's language; a bug is said as it is.
      const error = result.error;
      if (error.kind === "call") throw new Trouble(this.t.text("error.engine", { error: error.message }));
      throw new Trouble(error.message, true, error.rule || "");
    }
    return result;
  }

  // The line of `record` (every step's board and words) and its live position.
  /** @param {string} record @param {number | null} from @returns {Promise<WhatIfLine>} */
  async lineOf(record, from) {
    const strings = this.ctx.strings;
    // Both queued at once, ahead of the examples' checks (call): on a phone, one more round
    // trip let a check run in between.
    const replay = this.call("replay", [record, strings]);
    const position = this.call("position", [record, strings]);
    position.catch(() => {}); // said through replay's failure when both fail
    const line = await replay;
    const live = await position;
    return {
      steps: line.steps,
      texts: line.steps.map((/** @type {SessionStep} */ step) => step.html),
      boards: line.boards,
      outcome: line.outcome,
      output: "",
      record,
      whatif: { from: from === null ? line.steps.length - 1 : from, live },
    };
  }

  /** @param {() => Promise<void>} job */
  async work(job) {
    if (this.busy) return;
    this.busy = true;
    this.ctx.root.dataset.wiBusy = "1";
    this.say("");
    this.update();
    try {
      await job();
    } catch (error) {
      if (!(error instanceof Trouble)) throw error;
      this.say(error.message, error.html, error.rule);
      this.computer = false;
    } finally {
      this.busy = false;
      this.ctx.root.dataset.wiBusy = "";
      this.update();
    }
  }

  // "What if?" at step `index` of the line on screen: the same game up to there, then the
  // reader's own moves.
  /** @param {number} index */
  branch(index) {
    if (this.busy || this.computer) return;
    const shown = this.ctx.shown();
    const record = cutRecord(shown.record, movesAt(shown.steps, index));
    this.panel.hidden = false;
    this.head.textContent = this.t.text("whatif.heading", { step: index });
    this.ctx.root.dataset.whatif = "1";
    const generation = ++this.generation;
    // From a what-if line, the new one still leaves the example where the first one did.
    const prior = this.line ? this.line.whatif.from : Infinity;
    // The engine starts now, while the chooser's module arrives (boot.js starts it at the
    // pointer or key that comes before a click; a click with neither, from assistive
    // technology or a script, came here first).
    this.ctx.engine.start();
    this.work(async () => {
      // The build's line and moves, when it has them, show while the engine starts; it is
      // asked for along with the chooser's module.
      const early = this.ctx.start(index);
      if (!this.game) this.game = await this.chooser();
      const line = (await early) || await this.lineOf(record, null);
      if (generation !== this.generation) return;
      line.whatif.from = Math.min(line.whatif.from, prior);
      this.head.textContent = this.t.text("whatif.heading", { step: Math.min(index, prior) });
      this.show(line, true);
    });
  }

  /** @param {WhatIfLine} line @param {boolean} focus */
  show(line, focus) {
    this.line = line;
    this.reset(false);
    this.ctx.setLine(line, line.steps.length - 1);
    if (focus) this.focus();
  }

  // Back to the line the reader left (toExample), or only closes the panel (a Run, a Restore,
  // or a what-if that could not start).
  /** @param {boolean} toExample */
  leave(toExample) {
    const line = this.line;
    this.generation += 1;
    this.line = null;
    this.computer = false;
    this.panel.hidden = true;
    this.say("");
    this.ctx.root.dataset.whatif = "";
    if (!toExample) return;
    if (line) this.ctx.original(line.whatif.from);
    this.start.focus();
  }

  // Applies a session function that returns the next record, then shows the longer line.
  /** @param {string} fn @param {unknown[]} args */
  advance(fn, args) {
    const generation = this.generation;
    if (!this.line) return Promise.resolve();
    const from = this.line.whatif.from;
    return this.work(async () => {
      const next = await this.call(fn, args);
      const line = await this.lineOf(next.record, from);
      if (generation === this.generation) this.show(line, !this.computer);
    });
  }

  play() {
    const move = this.game && this.game.move;
    if (!move || !this.line) return;
    this.advance("play", [this.line.record, move, this.ctx.strings]);
  }

  async runComputer() {
    this.computer = true;
    this.update();
    let moved = false;
    while (this.computer && this.line && !this.line.whatif.live.outcome) {
      const { record, whatif: { live } } = this.line;
      // A game whose rounds stand alone stops where the round ends (its chooser's untilDeal).
      if (live.deal_due && moved && this.game && this.game.untilDeal) break;
      if (live.deal_due) await this.advance("deal", [record, this.seed]);
      else await this.advance("opponent", [record, this.game ? this.game.level : "", this.seed]);
      moved = true;
      if (!this.line || this.line.record === record) break; // refused, or back to the example
    }
    this.computer = false;
    this.update();
    if (this.line) this.focus();
  }

  // --- the reader's choice -------------------------------------------------------------

  /** @param {boolean} redraw */
  reset(redraw) {
    const game = this.game;
    const live = this.line && this.line.whatif.live;
    if (game) {
      game.clear();
      if (live && live.legal.length === 1) game.move = live.legal[0];
      if (redraw) game.mark();
    }
    this.update();
  }

  /** @param {HTMLElement} part */
  choose(part) {
    const live = this.line && this.line.whatif.live;
    const game = this.game;
    // Only while the live position is on screen (its board, its choices).
    if (!live || !game || this.busy || this.computer
      || !this.ctx.board.classList.contains("rs-wi-live")) return;
    const picked = game.choose(part, live);
    if (!picked) return;
    if (typeof picked === "string") {
      // A move the chooser does not offer: the engine judges it, and says the rule it breaks.
      this.advance("play", [this.line ? this.line.record : "", picked, this.ctx.strings]);
      return;
    }
    this.say("");
    game.mark();
    this.update();
    // Said through the widget's one live region (widget.js), as the steps are.
    if (this.choice.textContent) this.ctx.announce(this.choice.textContent);
  }

  // --- what the panel says -------------------------------------------------------------

  // Called by widget.js each time a step is shown; true when it drew the live board.
  /** @param {number} index */
  step(index) {
    const line = this.line;
    const shown = this.ctx.shown();
    const atEnd = index === shown.steps.length - 1;
    this.start.setAttribute("aria-label",
      `${this.t.text("whatif.start")} ${this.t.text("whatif.start_label", { step: index })}`);
    this.start.title = this.t.text("whatif.start_label", { step: index });
    if (!line || !atEnd) {
      this.ctx.board.classList.remove("rs-wi-live");
      this.area.replaceChildren();
      this.area.hidden = true;
      this.update();
      return false;
    }
    const board = this.ctx.board;
    board.innerHTML = line.whatif.live.board;
    board.classList.add("rs-wi-live");
    if (this.game) {
      this.game.draw(line.whatif.live);
      this.game.mark();
    }
    this.update();
    return true;
  }

  focus() {
    const first = this.game && this.game.first();
    const target = first || [this.buttons.deal, this.buttons.original].find((b) => !b.hidden);
    if (target) target.focus({ preventScroll: false });
  }

  // A refused move links to the rule it breaks, as the Play page does (the page's data.rules:
  // built by rulesite/pages/examples.py, relative to the page).
  /** @param {string} message @param {string} rule */
  say(message, html = false, rule = "") {
    const link = rule && this.ctx.rules[rule];
    if (html) this.error.innerHTML = message;
    else this.error.textContent = message;
    if (link) {
      const a = document.createElement("a");
      a.className = "rs-wi-rule";
      a.href = link.href;
      a.innerHTML = link.label; // the builder's HTML, escaped there (examples.Text)
      this.error.append(" ", a);
    }
    this.error.hidden = !message;
    this.ctx.root.dataset.wiError = message ? "1" : "";
  }

  update() {
    const t = this.t;
    const line = this.line;
    const b = this.buttons;
    const shown = this.ctx.shown();
    const index = this.ctx.index();
    const atEnd = line && index === line.steps.length - 1;
    // No "what if?" while the engine works, at the end of the reader's own line (play on
    // there) or where the game is over.
    this.start.disabled = Boolean(atEnd) || this.busy || this.computer || ended(shown, index);
    const live = line && line.whatif.live;
    const waiting = this.busy || this.computer;
    // The live position while the reader may move there, else null.
    const open = live && !live.outcome && atEnd ? live : null;
    b.play.hidden = !open || Boolean(open.deal_due);
    b.clear.hidden = !open || b.play.hidden || open.legal.length === 1; // nothing to clear: one move
    const game = this.game;
    b.play.disabled = waiting || !(game && game.move);
    b.clear.disabled = waiting || !(game && game.picked());
    b.deal.hidden = !open || !open.deal_due;
    b.deal.disabled = waiting;
    if (live && game) b.deal.textContent = game.deal(live);
    if (game) b.computer.textContent = game.computer;
    b.computer.hidden = !open || this.computer;
    b.computer.disabled = this.busy;
    b.stop.hidden = !this.computer;
    b.original.disabled = false;
    let prompt = "";
    if (!line && this.busy) prompt = t.text("whatif.starting");
    else if (this.computer && line) {
      prompt = t.text("whatif.computer_running",
        { moves: t.count("count.moves",
          movesAt(line.steps, line.steps.length - 1) - movesAt(line.steps, line.whatif.from)) });
    } else if (open && game && open.legal.length === 1) {
      prompt = t.text("whatif.only_move", { move: game.describe(open.legal[0], open) });
    } else if (open && game && game.prompt(open)) {
      prompt = game.prompt(open);
    } else if (this.busy) {
      // A move played from the build's line may have to wait for the engine's start.
      const starting = ["idle", "loading", "restarting"].includes(this.ctx.engine.state);
      prompt = t.text(starting ? "whatif.starting" : "whatif.thinking");
    }
    this.prompt.textContent = prompt;
    this.prompt.hidden = !prompt;
    this.area.hidden = !open || this.computer || !this.area.childElementCount;
    let choice = "";
    if (open && game && !this.computer) {
      if (game.move && open.legal.length > 1) {
        choice = t.text("whatif.chosen", { move: game.describe(game.move, open) });
      } else choice = game.progress(open);
    }
    if (this.choice.textContent !== choice) this.choice.textContent = choice;
    this.choice.hidden = !choice;
  }
}
