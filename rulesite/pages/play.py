"""The Play page's application: a game against the engine, in the reader's browser.

:func:`render` writes, at the top of the Play page, the application's controls in the page's
language (readable, and said to need JavaScript, before any script runs) and its settings
as JSON (``<script type="application/json" class="hk-play-data">``):

- ``strings``: the interface strings the page and ``session.py`` use (``widget.*``,
  ``step.*``, ``outcome.*``, ``reason.*``, ``error.*``, ``edition.*``, ``play.*``);
- ``rules``: rule ID -> ``{"href", "number"}``, the link to each rule the page may cite
  (relative to the page), for the rule IDs ``session.py`` returns;
- ``maxText``: the characters a record may have (``session.MAX_TEXT``).

The browser side is ``docs/assets/play/`` (``play.js`` wires the controls; the board comes
drawn by ``board.py`` through ``session.py`` in the worker). The page loads ``play.js``
itself: no other page does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import gamekit
from rulesite.pages.examples import Text, script_json

if TYPE_CHECKING:
    from rulesite.pages.writer import PageWriter

PREFIXES = ("count.", "card.", "widget.", "step.", "outcome.", "reason.", "error.", "edition.",
            "play.")


def rule_links(writer: PageWriter, page_id: str) -> dict[str, dict[str, str]]:
    """Every numbered rule: its link from the page ``page_id`` and its number."""
    structure = writer.structure
    here = structure.page(page_id).filename
    links = {}
    for rule_id, number in structure.numbers.items():
        if structure.kind_of.get(rule_id) != "rule":
            continue
        filename = structure.page(structure.page_of[rule_id]).filename
        folder = "" if filename == "index.md" else filename.removesuffix(".md") + "/"
        up = "" if here == "index.md" else "../"
        links[rule_id] = {"href": f"{up}{folder}#{rule_id}", "number": number}
    return links


def render(writer: PageWriter, page_id: str) -> str:
    """The application's HTML, one line (Markdown keeps a raw HTML block verbatim)."""
    ui = writer.ui
    t = Text(ui)
    game: gamekit.Plugin = writer.locales.plugin
    # The opponent's levels as the worker plays them (session.py: iterations and a time budget).
    levels_of: dict[str, int] = game.session.LEVELS
    # preselected: the rules of the printed rulebook this language follows
    rulebooks = game.rulebooks
    default = rulebooks.edition[rulebooks.own[writer.lang]]
    editions = "".join(
        f'<option value="{e}"{" selected" if e == default else ""}>'
        f'{t(f"edition.{e}")}</option>' for e in game.editions)
    # Levels in words a player understands (how long the engine thinks), not iterations.
    levels = "".join(
        f'<option value="{level}"{" selected" if level == "default" else ""}>'
        f'{t(f"play.level.{level}")}</option>' for level in levels_of)
    seats = "".join(
        f'<label class="hk-play-choice"><input type="radio" name="seat" value="{seat}"'
        f'{" checked" if seat == "A" else ""}> {t(f"play.seat.{seat}")}</label>'
        for seat in "AB")
    data = {
        "strings": {k: v for k, v in ui.items() if k.startswith(PREFIXES) or k == "grammar"},
        "rules": rule_links(writer, page_id),
        "maxText": game.session.MAX_TEXT,  # a record file larger than this is refused unread
    }
    # Neither "</" nor "<!--" can end or bend the script element: "<!--<script>" in a
    # string would swallow the rest of the page (review F3).
    payload = script_json(data)

    def button(act: str, key: str, *, hidden: bool = False, disabled: bool = False) -> str:
        return (f'<button type="button" class="hk-btn" data-act="{act}"'
                f'{" hidden" if hidden else ""}{" disabled" if disabled else ""}>'
                f"{t(key)}</button>")

    return "".join([
        '<div class="hk-play" id="hk-play" data-state="static">',
        f'<form class="hk-play-setup"><fieldset><legend>{t("play.setup")}</legend>',
        f'<label class="hk-play-field"><span>{t("play.edition")}</span>'
        f'<select name="edition" aria-describedby="hk-play-edition-hint">{editions}</select>'
        f'<span class="hk-play-hint" id="hk-play-edition-hint">'
        f'{t("play.edition_hint", limit=game.facts["round_limit"])}</span></label>',
        f'<label class="hk-play-field"><span>{t("play.level")}</span>'
        f'<select name="level">{levels}</select></label>',
        f'<fieldset class="hk-play-seat"><legend>{t("play.seat")}</legend>{seats}</fieldset>',
        # Not a submit button: pressed before play.js runs, it must not reload the page with
        # the settings in its address (the status says the game needs JavaScript).
        f'<button type="button" class="hk-btn hk-btn-run" data-act="new">'
        f'{t("play.new")}</button>',
        "</fieldset></form>",
        '<div class="hk-play-tools">',
        button("download", "play.download", disabled=True),
        f'<label class="hk-btn hk-play-file">{t("play.load")}'
        '<input type="file" accept=".json,application/json" data-act="load"></label>',
        button("share", "play.share", disabled=True),
        "</div>",
        # Shown by Share (the link, then what it gives away) and by Download (what the file
        # gives away).
        '<div class="hk-play-share" hidden><p><input type="text" readonly '
        f'aria-label="{t("play.share_link")}"></p>'
        f'<p class="hk-play-note">{t("play.share_note")}</p></div>',
        f'<div class="hk-play-board" role="region" aria-label="{t("play.board")}"></div>',
        # Under the board, next to the reader's hand and the controls it goes with.
        f'<p class="hk-play-status" role="status">{t("play.status.static")}</p>',
        # Filled from the bytes the worker has received while the engine downloads.
        f'<progress class="hk-play-progress" hidden aria-label="{t("play.progress")}">'
        "</progress>",
        f'<p class="hk-play-thinking">{button("stop", "play.stop", hidden=True)}'
        f'{button("resume", "play.resume", hidden=True)}</p>',
        '<div class="hk-play-error" role="alert"></div>',
        '<div class="hk-play-panel"></div>',
        '<div class="hk-play-replay" hidden>',
        button("back", "widget.back"), '<span class="hk-play-counter"></span>',
        button("forward", "widget.forward"), button("live", "play.back_to_game", hidden=True),
        "</div>",
        f'<details class="hk-play-history" hidden><summary>{t("play.history")}</summary>'
        f'<p class="hk-play-outcome"></p><ol class="hk-play-steps" start="0"></ol></details>',
        f'<script type="application/json" class="hk-play-data">{payload}</script>',
        "</div>",
        '<link rel="stylesheet" href="../assets/play/play.css">',
        '<script type="module" src="../assets/play/play.js"></script>',
    ])
