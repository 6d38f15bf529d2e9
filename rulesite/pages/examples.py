"""Live examples: run each example's code at build time and render its widget.

For each ``{kind: example, id: ID}`` block, :mod:`rulesite.pages.writer` writes the example's title
and text, then the container::

    <div class="rs-example" id="ID" data-example="ID">  ...render(ID, lang, ...)...  </div>

and puts whatever :func:`render` returns inside it, verbatim: no Markdown processing, no
escaping. The fragment is one element with no line breaks (newlines in the code are written
``&#10;``), so Markdown cannot reparse any of it.

What :func:`render` writes, readable without JavaScript:

- the board of the last step, in HTML and CSS (the game's plug-in draws it, e.g.
  ``gamekit/hanamikoji/board.py``);
- an ordered list of every step in words, each ``<li id="ID-step-N">`` (N from 0, the
  position before the first move), so a link can point at one step;
- the outcome, with its reason (said there only: the last step does not repeat it);
- the example's Python in a ``<textarea>``, its ``# {key}`` comments in the page's language
  (:func:`localize`); read-only, under a label that invites editing only once the script
  has made it editable;
- the timeline as JSON (``<script type="application/json" class="rs-ex-data">``): steps, the
  words of each step, the outcome, the game's record (for "what if?" and share links), the
  ``whatif`` (the game's chooser, a path under the language's ``assets/``, beside
  ``examples/``; or ``false``: no "what if?" and no Share), ``play`` (its Play page, which
  Share links open), ``starts`` (the file of its what-if starts, :func:`whatif_starts`,
  fetched at the first "what if?": the line and the moves to pick from at each step, shown
  while the engine starts) and ``shared``, the digest of what it shares with the page's other
  examples of its game, written once per page (``<script type="application/json"
  id="rs-ex-shared-DIGEST">``): ``strings``, the interface strings the widget needs, and
  ``rules`` (rule ID -> ``{"href", "label"}``: the rules an illegal move can break, linked
  from a "what if?" refusal).

The code runs after the game's prelude (``from hanamikoji import *``) and must leave a game
in ``game`` (``gamekit/runner.py``). The words and the boards come from the game's plug-in
(:class:`gamekit.Plugin`: ``gamekit/hanamikoji/explain.py`` and ``board.py``). The package
runs here, in CPython, and in the reader's browser, in Pyodide, so a live run produces the
same JSON as the page, boards included: the browser only inserts the markup (the browser
tests compare them).

What the browser has to work with on every page:

- ``<script id="rs-config" type="application/json">`` holds ``lang`` (``en``/``fr``/...),
  ``assets`` (URL of the site-wide ``assets/`` folder, relative to the page: resolve it with
  ``new URL(cfg.assets, location.href)``) and ``engine`` (the compiled engine, relative to
  ``assets/``).
- ``runtime`` in the same config: ``dir``, the folder of the Pyodide runtime in ``assets/``
  (named by its content), ``lock``, the ``info`` of Pyodide's lock file, and ``sha256``, the
  digest of each file the worker keeps in Cache Storage (:func:`rulesite.assets.sha256s`).
- ``assets/examples/boot.js`` (a module on every page, see :data:`EXTRA_JAVASCRIPT`) finds the
  widgets and decides when the runtime loads (``docs/assets/examples/policy.js``).

In the browser (``docs/assets/examples/``, one job per module): ``boot.js`` finds widgets;
``runtime.js`` keeps one engine worker per tab, runs code one run at a time, with a time limit
of 5 s and a Stop button that end the worker and start a fresh one; ``worker.js`` starts the
self-hosted Pyodide with the reduced standard library and imports the engine, compiled
(:mod:`rulesite.runtime.stdlib`);
``widget.js`` wires one example (``player.js``, ``editor.js``, ``i18n.js``; ``whatif.js`` plays
another line from any step through the game's session, the reader's move picked through the
chooser its plug-in names (:attr:`gamekit.Plugin.whatif`, under ``assets/play/<game>/``);
``share.js`` copies a link to a step that opens on the game's Play page).

Each widget's root ``.rs-ex`` shows its state in data attributes, for styles, tests and
benchmarks: ``data-state`` (``static``, then ``live``), ``data-live`` (``pending``,
``verified``, ``differs``, ``edited``, ``failed``), ``data-source`` (``build`` or ``live``: where
the steps on screen come from), ``data-step``, ``data-runs``, ``data-running``, ``data-error``,
``data-engine`` (the runtime's state); "what if?" (``whatif.js``) adds ``data-whatif`` (a line of
the reader's own is shown, ``data-source`` is then ``whatif``), ``data-wi-busy`` (the engine is
computing it) and ``data-wi-error``. Performance marks: ``rs-engine-boot``,
``rs-engine-ready`` (start-up timings), ``rs-example-live`` (the engine confirmed the page),
``rs-example-run`` (a Run's result is on screen).
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections.abc import Mapping
from html import escape
from typing import Any

import gamekit
from gamekit import runner
from rulesite.errors import SiteError

# The site's own families the widget needs: whatif.* and share.* for "what if?" and share links
# (a game adds its own: gamekit.Plugin.ui_families and ui_prefix).
UI_PREFIXES = ("count.", "widget.", "error.", "whatif.", "share.")

# Added to every language's MkDocs configuration (rulesite/pages/config.py): the board's and the
# widget's style, and the module that finds widgets on a page (it loads nothing more on pages
# without one).
EXTRA_CSS = ["assets/examples/board.css", "assets/examples/widget.css"]
EXTRA_JAVASCRIPT = [{"path": "assets/examples/boot.js", "type": "module"}]

# The folder, under a game's folder of each language, of its examples' what-if starts
# (whatif_starts).
STARTS = "whatif/"
# The id prefix of the block that holds what a page's examples of one game share, their
# interface strings and rule links (render): ``rs-ex-shared-<digest>``, once per page.
SHARED = "rs-ex-shared-"
FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
# A comment of an example's code written `# {key}`: replaced by the page language's
# `examples.<id>.comments.<key>` (text.yml), so the same code reads in every language.
COMMENT = re.compile(r"#[ \t]*\{([a-z0-9]+(?:-[a-z0-9]+)*)\}[ \t]*$", re.MULTILINE)

ICONS = {
    "restart": "M12 5V2L7 6l5 4V7a5 5 0 1 1-5 5H5a7 7 0 1 0 7-7z",
    "back": "M18 5v14l-9-7zM6 5h2v14H6z",
    "play": "M8 5v14l11-7z",
    "pause": "M6 5h4v14H6zm8 0h4v14h-4z",
    "forward": "M6 5v14l9-7zM16 5h2v14h-2z",
}


class ExampleError(SiteError):
    """An example's code fails at build time (the message names the example and the line)."""


@functools.cache
def compute(example_id: str, code: str, game: str | None = None) -> dict[str, Any]:
    """Run the example's code with ``game``'s engine (its ID; ``None``: the site's first
    game), once per build, shared by the languages: its steps and printed output. Raises
    :class:`ExampleError` naming the example and the line."""
    result: dict[str, Any] = runner.run(code, gamekit.plugin(game))
    error = result.get("error")
    if error is None:
        return result
    where = f"structure.yml: examples.{example_id}.code"
    if error["kind"] == "no_game":
        raise ExampleError(f"{where}: the code must leave a Game in the variable `game`")
    if error["kind"] == "not_game":
        raise ExampleError(f"{where}: `game` must be a Game, not {error['type']}")
    line = f"line {error['line']}: " if error["line"] else ""
    source = code.splitlines()
    shown = f"\n    {source[error['line'] - 1].strip()}" if error["line"] and \
        error["line"] <= len(source) else ""
    raise ExampleError(f"{where}: {line}{error['type']}: {error['message']}{shown}")


def comment_keys(code: str) -> list[str]:
    """The keys of the ``# {key}`` comments of ``code``, in order."""
    return COMMENT.findall(code)


def localize(code: str, comments: Mapping[str, str]) -> str:
    """``code`` with each ``# {key}`` comment in the page's language. Only comments change,
    so the program, its line numbers and its result are the same in every language."""
    return COMMENT.sub(lambda m: f"# {comments[m.group(1)].strip()}", code)


def strings(ui: dict[str, Any], game: str | None = None) -> dict[str, Any]:
    """The interface strings the widget of one of ``game``'s examples uses (board, controls,
    steps, outcomes, errors: the site's and every one of the game's own,
    :attr:`gamekit.Plugin.ui_families` and :attr:`gamekit.Plugin.ui_prefix`), the counts'
    plural forms and the language's grammar (rulesite/sources/words.py); ``game`` ``None``:
    the site's first game."""
    plugin = gamekit.plugin(game)
    prefixes = (*UI_PREFIXES, *plugin.ui_families, *((plugin.ui_prefix,) if plugin.ui_prefix
                                                       else ()))
    return {key: value for key, value in ui.items()
            if key.startswith(prefixes) or key == "grammar"}


def render(example_id: str, lang: str, *, spec: dict[str, Any], ui: dict[str, Any],
           comments: Mapping[str, str] | None = None, game: str | None = None,
           play: str | None = None,
           rules: Mapping[str, Mapping[str, str]] | None = None,
           starts: str | None = None, shared: set[str] | None = None) -> str:
    """HTML to place inside the example container of ``example_id`` on a ``lang`` page.

    ``spec`` is the example's entry in ``structure.yml`` (``rule``, ``code``); ``ui`` the
    language's interface strings; ``comments`` the language's comments for the code's
    ``# {key}`` markers; ``game`` the ID of the game it plays (``None``: the site's first);
    ``play`` the address of the game's Play page under the language's folder (``play/``),
    which its Share links open; ``rules`` the rules an illegal move can break, each one's link
    from the page and its label, which "what if?" adds to a refusal; ``starts`` the address
    of its :func:`whatif_starts` file under the language's folder; ``shared`` the digests of
    the :data:`SHARED` blocks the page already holds (the caller's set, one per page, which
    this adds to; ``None``: always write the block).
    Called once per example per language at build time.
    """
    source = spec.get("code")
    if not isinstance(source, str) or not source.strip():
        raise ExampleError(f"structure.yml: examples.{example_id}.code: required: the Python "
                           "program that sets up and plays the example")
    missing = [key for key in comment_keys(source) if key not in (comments or {})]
    if missing:
        raise ExampleError(f"structure.yml: examples.{example_id}.code: no text for the "
                           f"comment # {{{missing[0]}}} in {lang}/text.yml")
    # Comments do not change the result: run once per build, show each language its own.
    result = compute(example_id, source, game)
    plugin = gamekit.plugin(game)
    code = localize(source, comments or {})
    steps = result["steps"]
    words = plugin.explain(steps, ui)
    boards = plugin.boards(steps, ui)
    last = len(steps) - 1
    t = Text(ui)
    data: dict[str, Any] = {
        "id": example_id,
        "lang": lang,
        "code": code,
        "result": {"steps": steps, "texts": words["texts"], "boards": boards,
                   "outcome": words["outcome"], "output": result["output"],
                   "record": result["record"]},
    }
    # The game's chooser for "what if?" (under assets/), or False: widget.js then hides "what
    # if?" and Share.
    data["whatif"] = plugin.whatif or False
    if play is not None:
        data["play"] = play
    if starts is not None:
        data["starts"] = starts
    # What every example of the game on a page shares is written once per page: the
    # interface strings alone are some 11 KB an example, and gzip, whose window is 32 KB,
    # would not find the copy an example earlier (a page of seven examples: 72 -> 51 KB).
    common: dict[str, Any] = {"strings": strings(ui, game), **({"rules": rules} if rules else {})}
    common_json = script_json(common)
    digest = hashlib.sha256(common_json.encode("utf-8")).hexdigest()[:12]
    data["shared"] = digest
    block = ""
    if shared is None or digest not in shared:
        block = (f'<script type="application/json" class="rs-ex-shared" '
                 f'id="{SHARED}{digest}">{common_json}</script>')
    if shared is not None:
        shared.add(digest)
    items = "".join(f'<li id="{example_id}-step-{i}" value="{i}">{text}</li>'
                    for i, text in enumerate(words["texts"]))
    rows = min(max(len(code.splitlines()) + 1, 4), 24)
    help_text = t("widget.code_help", prelude=f"<code>{escape(plugin.prelude)}</code>",
                  variable="<code>game</code>")
    return "".join([
        f'<div class="rs-ex" data-lang="{lang}" data-state="static">',
        f'<div class="rs-ex-board">{boards[last]}</div>',
        _controls(example_id, t, last),
        '<p class="rs-ex-status" role="status" hidden></p>',
        # The current step, filled in by the script (the list below says every step).
        '<p class="rs-ex-now" aria-live="polite" hidden></p>',
        f'<ol class="rs-ex-steps" start="0" aria-label="{t("widget.steps")}">{items}</ol>',
        f'<p class="rs-ex-outcome">{words["outcome"]}</p>',
        '<div class="rs-ex-code">',
        # Read-only without JavaScript: the script swaps in widget.code_live ("edit it...").
        f'<label class="rs-ex-code-label" for="{example_id}-code">{t("widget.code")}</label>',
        f'<textarea id="{example_id}-code" class="rs-ex-editor" rows="{rows}" spellcheck="false" '
        f'autocapitalize="off" autocomplete="off" translate="no" readonly>'
        f"{_lines(escape(code))}</textarea>",
        '<div class="rs-ex-runbar" hidden>',
        f'<button type="button" class="rs-btn rs-btn-run" data-act="run">{t("widget.run")}'
        "</button>",
        f'<button type="button" class="rs-btn rs-btn-stop" data-act="stop" disabled>'
        f'{t("widget.stop")}</button>',
        f'<button type="button" class="rs-btn rs-btn-reset" data-act="reset" hidden>'
        f'{t("widget.reset")}</button>',
        "</div>",
        '<p class="rs-ex-error" role="alert" hidden></p>',
        f'<pre class="rs-ex-output"{"" if result["output"] else " hidden"}>'
        f'{_lines(escape(result["output"]))}</pre>',
        f'<p class="rs-ex-help" hidden>{help_text}</p>',
        "</div>",
        f'<script type="application/json" class="rs-ex-data">{script_json(data)}</script>',
        block,
        "</div>",
    ])


def whatif_starts(example_id: str, *, spec: dict[str, Any], ui: dict[str, Any],
                  game: str | None = None) -> tuple[str, str] | None:
    """What "what if?" shows at each step of the example before the engine has started, as
    the engine computes it here: ``(file name, JSON text)``, or ``None`` for a game without
    "what if?" (:attr:`gamekit.Plugin.whatif`).

    On a phone the engine takes seconds to start, and a reader who asks "what if?" wants the
    moves they may play first: ``widget.js`` fetches this file at the tap and shows them at
    once, and the engine is needed only once a move is played. The file is
    ``{"record": the example's record, "starts": {M: start}}``, M the number of moves the
    what-if line keeps (``whatif.js`` cuts the record there), each start the line the browser's
    engine would give (``whatif.js`` ``lineOf``): ``same``, how many of its first steps are the
    example's own (words, board and move alike: they are not repeated), ``steps`` and
    ``boards``, the rest of the line (the session's steps, their words as ``html``),
    ``outcome``, and ``live``, the session's position at its end (without the steps it
    repeats). The name carries a digest of the text, so a page never reads another build's.
    """
    plugin = gamekit.plugin(game)
    if not plugin.whatif:
        return None
    text = _starts(example_id, spec["code"], game,
                   json.dumps(strings(ui, game), sort_keys=True, ensure_ascii=False))
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]
    return f"{example_id}.{digest}.json", text


@functools.cache
def _starts(example_id: str, code: str, game: str | None, ui_json: str) -> str:
    """:func:`whatif_starts`'s JSON, once per example and language (the book repeats the
    examples of the pages)."""
    plugin = gamekit.plugin(game)
    session = plugin.session
    ui = json.loads(ui_json)
    result = compute(example_id, code, game)
    steps = result["steps"]
    texts = plugin.explain(steps, ui)["texts"]
    boards = plugin.boards(steps, ui)
    whole = json.loads(result["record"])
    starts: dict[str, Any] = {}
    moves = 0
    for index, step in enumerate(steps):
        if index and step.get("move"):
            moves += 1
        if str(moves) in starts or _ended(steps, index):
            continue
        # As whatif.js cutRecord: the record's first `moves` moves.
        record = json.dumps({**whole, "moves": whole["moves"][:moves]}, ensure_ascii=False,
                            separators=(",", ":"))
        line = session.replay(record, ui)
        live = session.position(record, ui)
        for answer in (line, live):
            if "error" in answer:
                raise ExampleError(f"structure.yml: examples.{example_id}: what if? at step "
                                   f"{index}: {answer['error']['message']}")
        same = 0  # the first steps that are the example's own, words, board and move alike
        for ours, board, theirs, text, drawn in zip(line["steps"], line["boards"], steps, texts,
                                                    boards, strict=False):
            if (ours["html"], board, ours["kind"], ours["move"]) != \
                    (text, drawn, theirs["kind"], theirs.get("move")):
                break
            same += 1
        for key in ("steps", "now", "concealed"):
            live.pop(key, None)
        starts[str(moves)] = {"same": same, "steps": line["steps"][same:],
                              "boards": line["boards"][same:], "outcome": line["outcome"],
                              "live": live}
    return json.dumps({"record": result["record"], "starts": starts}, ensure_ascii=False,
                      separators=(",", ":"))


def _ended(steps: list[dict[str, Any]], index: int) -> bool:
    """Whether the game is over once step ``index`` is played (whatif.js ``ended``): no other
    move can be played from there."""
    at = index + 1 if index + 1 < len(steps) and steps[index + 1]["kind"] == "scoring" \
        else index
    board = steps[at].get("board")
    return bool(board and board.get("phase") == "over")


def _controls(example_id: str, t: Text, last: int) -> str:
    def button(act: str, label: str, extra: str = "") -> str:
        icons = "".join(_icon(name) for name in (("play", "pause") if act == "play" else (act,)))
        return (f'<button type="button" class="rs-btn rs-btn-icon" data-act="{act}" '
                f'title="{t(label)}" aria-label="{t(label)}"{extra}>{icons}</button>')

    return "".join([
        f'<div class="rs-ex-bar" role="group" aria-label="{t("widget.steps")}" hidden>',
        button("restart", "widget.restart"),
        button("back", "widget.back"),
        button("play", "widget.play", ' aria-pressed="false"'),
        button("forward", "widget.forward"),
        f'<span class="rs-ex-counter">{t("widget.counter", step=last, total=last)}</span>',
        "</div>",
    ])


def _icon(name: str) -> str:
    return (f'<svg class="rs-icon rs-icon-{name}" viewBox="0 0 24 24" aria-hidden="true">'
            f'<path d="{ICONS[name]}"/></svg>')


def _lines(text: str) -> str:
    """Newlines as character references: no blank line for Markdown to stop at."""
    return text.replace("\r\n", "\n").replace("\n", "&#10;")


def script_json(data: object) -> str:
    """JSON safe inside ``<script>``: nothing that could end it (``</``) or open a comment
    (``<!--``). The rest of the markup in it (boards, words) stays as it is, which keeps the
    page small."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("</", "<\\/").replace("<!--", "\\u003c!--")


class Text:
    """Interface strings of one language, escaped for HTML, with ``{fields}`` filled in."""

    def __init__(self, ui: dict[str, Any]) -> None:
        self.ui = ui

    def __call__(self, key: str, **fields: object) -> str:
        """The string ``key``, escaped; field values are HTML (escape plain text first)."""
        return FIELD.sub(lambda m: str(fields[m.group(1)]), escape(self.ui[key]))
