"""The Play page's application: a game against the engine, in the reader's browser.

:func:`render` writes, at the top of the Play page, the application's controls in the page's
language (readable, and said to need JavaScript, before any script runs) and its settings
as JSON (``<script type="application/json" class="rs-play-data">``):

- ``game``: the game's ID (``gamekit.GAMES``);
- ``strings``: the interface strings the page and ``session.py`` use (those starting with
  one of the plug-in's ``play.prefixes``, and ``grammar``);
- ``rules``: rule ID -> ``{"href", "number"}``, the link to each rule the page may cite
  (relative to the page), for the rule IDs ``session.py`` returns;
- ``maxText``: the characters a record may have (``session.MAX_TEXT``).

The page is the same frame for every game (setup, tools, board, status, panel, replay,
steps); the game's plug-in (:class:`gamekit.PlayPage`) adds its settings fields, names the
interface keys its page needs and its module under ``docs/assets/play/`` (``<game>/play.js``,
which wires the controls to the game's ``session.py`` in the worker; the board comes drawn by
the game's ``board.py``). The frame's words are the game's own (``play.new`` for the first
game, ``ll.play.new`` under a plug-in's ``ui_prefix``). The page loads its module itself: no
other page does, nor ``start.js``, which starts the engine as the page begins to arrive.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import gamekit
from rulesite.pages.examples import Text, script_json

if TYPE_CHECKING:
    from rulesite.pages.writer import PageWriter


def render(writer: PageWriter, page_id: str) -> str:
    """The application's HTML, one line (Markdown keeps a raw HTML block verbatim)."""
    ui = writer.ui
    t = Text(ui)
    game: gamekit.Plugin = writer.locales.plugin
    page = game.play
    if page is None:
        raise ValueError(f"{game.id}: a page of kind play, but its plug-in has no Play page "
                         "(gamekit.Plugin.play)")
    # The frame's strings are the game's (``ui_prefix``: ``ll.play.new``), as each game words
    # its page; where the page stands decides how far up ``assets/`` is.
    k = game.ui_prefix.__add__
    setup, new = k("play.setup"), k("play.new")
    assets = "../" * (1 + writer.locales.game.folder.count("/")) + "assets/play/"
    data = {
        "game": game.id,
        "strings": {key: value for key, value in ui.items()
                    if key.startswith(page.prefixes) or key == "grammar"},
        "rules": writer.rule_links(page_id),
        "maxText": game.session.MAX_TEXT,  # a record file larger than this is refused unread
    }
    # Neither "</" nor "<!--" can end or bend the script element: "<!--<script>" in a
    # string would swallow the rest of the page (review F3).
    payload = script_json(data)

    def button(act: str, key: str, *, hidden: bool = False, disabled: bool = False) -> str:
        return (f'<button type="button" class="rs-btn" data-act="{act}"'
                f'{" hidden" if hidden else ""}{" disabled" if disabled else ""}>'
                f"{t(key)}</button>")

    return "".join([
        # First, and async: the engine starts while the rest of the page still arrives.
        f'<script type="module" async src="{assets}start.js"></script>',
        '<div class="rs-play" id="rs-play" data-state="static">',
        f'<form class="rs-play-setup"><fieldset><legend>{t(setup)}</legend>',
        page.setup(t, writer.lang),
        # Not a submit button: pressed before play.js runs, it must not reload the page with
        # the settings in its address (the status says the game needs JavaScript).
        f'<button type="button" class="rs-btn rs-btn-run" data-act="new">'
        f'{t(new)}</button>',
        "</fieldset></form>",
        '<div class="rs-play-tools">',
        button("download", k("play.download"), disabled=True),
        f'<label class="rs-btn rs-play-file">{t(k("play.load"))}'
        '<input type="file" accept=".json,application/json" data-act="load"></label>',
        button("share", k("play.share"), disabled=True),
        "</div>",
        # Shown by Share (the link, then what it gives away) and by Download (what the file
        # gives away).
        '<div class="rs-play-share" hidden><p><input type="text" readonly '
        f'aria-label="{t(k("play.share_link"))}"></p>'
        f'<p class="rs-play-note">{t(k("play.share_note"))}</p></div>',
        f'<div class="rs-play-board" role="region" aria-label="{t(k("play.board"))}"></div>',
        # Under the board, next to the reader's hand and the controls it goes with.
        f'<p class="rs-play-status" role="status">{t(k("play.status.static"))}</p>',
        # Filled from the bytes the worker has received while the engine downloads.
        f'<progress class="rs-play-progress" hidden aria-label="{t(k("play.progress"))}">'
        "</progress>",
        f'<p class="rs-play-thinking">{button("stop", k("play.stop"), hidden=True)}'
        f'{button("resume", k("play.resume"), hidden=True)}</p>',
        '<div class="rs-play-error" role="alert"></div>',
        '<div class="rs-play-panel"></div>',
        '<div class="rs-play-replay" hidden>',
        button("back", "widget.back"), '<span class="rs-play-counter"></span>',
        button("forward", "widget.forward"), button("live", k("play.back_to_game"), hidden=True),
        "</div>",
        f'<details class="rs-play-history" hidden><summary>{t(k("play.history"))}</summary>'
        f'<p class="rs-play-outcome"></p><ol class="rs-play-steps" start="0"></ol></details>',
        f'<script type="application/json" class="rs-play-data">{payload}</script>',
        "</div>",
        f'<link rel="stylesheet" href="{assets}play.css">',
        f'<link rel="stylesheet" href="{assets}{page.css}">' if page.css else "",
        f'<script type="module" src="{assets}{page.module}"></script>',
    ])
