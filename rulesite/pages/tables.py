"""Tables (``{kind: table, table: NAME}`` blocks): the game's own kinds come from its plug-in
(:attr:`gamekit.Plugin.tables`, read from its engine and its engine's benchmark records); the
site's kinds, here, from the browser benchmarks' record (every game's live examples and Play
pages) and the glossary data.

Only the column headings and labels come from the language's ``ui.yml``. Figures, dates and
percentages are written as the page's language writes them (Babel: « 4,47\u00a0Mo »,
« 9\u202f654 »), never in Python's English defaults.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import yaml

from gamekit.plugin import Plugin, TableContext
from gamekit.plugin import markdown_table as _table
from rulesite.sources import words

__all__ = ["SITE_TABLES", "TableContext", "measured", "of"]


def edition_names(ctx: TableContext) -> str:
    """The terms of this language that differ from the names printed in its own edition's
    rulebook (glossary data of structure.yml), so the editions note stays true whatever
    terms translators choose."""
    ui = ctx.ui
    rows = []
    for term_id in ctx.terms:
        ours, printed = ctx.printed(term_id)
        if printed is not None and printed.casefold() != ours.casefold():
            rows.append([ctx.term(term_id), printed])
    if not rows:
        return str(ui["table.names.none"])
    return _table([ui["table.names.site"], ui["table.names.printed"]], rows)


BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
LOCALES = BENCHMARKS.parent / "locales"


@functools.cache
def _game_name(game: str, lang: str) -> str:
    """The name of the game ``game`` in ``lang`` (its ``game.name``): the benchmarks' records
    name a game by its ID."""
    ui = yaml.safe_load((LOCALES / game / lang / "ui.yml").read_text(encoding="utf-8"))
    return str(ui["game.name"])


def _lang(ui: dict[str, Any]) -> str:
    return str(ui["grammar"]["lang"])


def measured(ui: dict[str, Any], command: str, timestamp: str, load: float = 0.0,
             cores: int = 1) -> str:
    """The command that measured a figure and its date, as the language writes a date; on a
    machine whose load average ``load`` was over half its ``cores``, with a note that says so
    and gives the load."""
    lang = _lang(ui)
    when = str(ui["table.speed.when"].format(
        command=f"`{command}`", date=words.date(lang, timestamp, "medium")))
    if load <= cores / 2:
        return when
    # Its own element, so that a reader's tools (and the tests) find the note, not a figure
    # that happens to read the same elsewhere on the page.
    note = ui["table.speed.under_load"].format(
        when=when, load=words.number(lang, load, 1), cores=words.count(ui, "count.cores", cores))
    return f'<span class="rs-load-note">{note}</span>'


def speed(ctx: TableContext) -> str:
    """The latest figures of every game's live examples and Play pages in the browser (``make
    bench-browser``: browser_results.json), with targets; a game's engine alone is measured by
    its plug-in's tables."""
    ui = ctx.ui
    lang = _lang(ui)

    def num(value: float, digits: int = 0) -> str:
        return words.number(lang, value, digits)

    browser = json.loads((BENCHMARKS / "browser_results.json").read_text(encoding="utf-8"))
    live = browser["variants"]["default"]
    targets = browser["targets"]
    chromium = browser["browser"].split(" (")[0]
    when = measured(ui, browser["command"], browser["date"])
    ms, mb = ui["table.speed.ms"], ui["table.speed.mb"]

    def megabytes(n: float) -> str:
        return num(n / 1e6, 2)

    rows = [
        [ui["table.speed.cold_fast"], chromium,
         ms.format(n=num(live["cold_20mbit"]["median_ms"])),
         ms.format(n=num(targets["cold_20mbit_ms"])), when],
        [ui["table.speed.download"], chromium,
         mb.format(n=megabytes(live["cold_20mbit"]["median_bytes"])),
         mb.format(n=megabytes(targets["cold_20mbit_bytes"])), when],
        [ui["table.speed.cold_slow"], chromium,
         ms.format(n=num(live["cold_5mbit"]["median_ms"])),
         ms.format(n=num(targets["cold_5mbit_ms"])), when],
        [ui["table.speed.warm"], chromium, ms.format(n=num(live["warm"]["median_ms"])),
         ms.format(n=num(targets["warm_ms"])), when],
        [ui["table.speed.idle_phone"], chromium,
         words.count(ui, "count.bytes", live["idle_phone"]["median_runtime_bytes"]),
         words.count(ui, "count.bytes", targets["idle_phone_runtime_bytes"]), when],
    ]
    # The other games' live examples, against the same target (the same widget and runtime).
    rows += [[ui["table.speed.game_cold_fast"].format(game=_game_name(game, lang)), chromium,
              ms.format(n=num(figures["cold_20mbit"]["median_ms"])),
              ms.format(n=num(targets["cold_20mbit_ms"])), when]
             for game, figures in browser.get("games", {}).items()]
    rows += phone_rows(ui, browser, chromium)
    head = [ui["table.speed.measure"], ui["table.speed.runtime"], ui["table.speed.median"],
            ui["table.speed.target"], ui["table.speed.command"]]
    return _table(head, rows)


def phone_rows(ui: dict[str, Any], browser: dict[str, Any], chromium: str) -> list[list[str]]:
    """The phone mode of ``make bench-browser`` (``--phone``), when it has been measured: the
    Play page and "what if?" on a 390 px screen with a quarter of one core. Figures taken on a
    loaded machine say so, with the load."""
    phone = browser.get("phone")
    if not phone:
        return []
    targets = browser["phone_targets"]
    lang = _lang(ui)
    ms = ui["table.speed.ms"]
    where = ui["table.speed.phone"].format(browser=chromium)
    when = measured(ui, phone["command"], phone["date"], phone["load_average"][0],
                    browser["machine"]["nproc"])
    figures: list[tuple[str, float, str | None]] = [
        (ui["table.speed.phone_new_game"], phone["play_new_game"]["median_ms"],
         "play_new_game_ms"),
        (ui["table.speed.phone_move_default"], phone["play_move_default"]["p90_ms"],
         "play_move_default_p90_ms"),
        (ui["table.speed.phone_move_strong"], phone["play_move_strong"]["p90_ms"],
         "play_move_strong_p90_ms"),
        (ui["table.speed.phone_whatif"], phone["whatif_cold"]["median_ms"], "whatif_cold_ms"),
    ]
    # The choices come from the build; the engine is needed once a move is played.
    if "engine_median_ms" in phone["whatif_cold"]:
        figures.append((ui["table.speed.phone_whatif_engine"],
                        phone["whatif_cold"]["engine_median_ms"], None))
    for game, game_figures in phone.get("games", {}).items():
        name = _game_name(game, lang)
        figures.append((ui["table.speed.game_phone_run"].format(game=name),
                        game_figures["example_cold"]["median_ms"], "example_cold_ms"))
        if "whatif_cold" in game_figures:
            figures.append((ui["table.speed.game_phone_whatif"].format(game=name),
                            game_figures["whatif_cold"]["median_ms"], "whatif_cold_ms"))
        if "play_new_game" in game_figures:  # a game with a Play page
            figures.append((ui["table.speed.game_phone_new_game"].format(game=name),
                            game_figures["play_new_game"]["median_ms"], "play_new_game_ms"))
            # Its engine's moves per player count (a record of one count: "players", its keys)
            by_count = game_figures.get("play_moves") or {
                str(game_figures["players"]): game_figures}
            for count, moves in by_count.items():
                players = words.number(lang, int(count))
                figures += [
                    (ui["table.speed.game_phone_move_default"].format(game=name, players=players),
                     moves["play_move_default"]["p90_ms"], "play_move_default_p90_ms"),
                    (ui["table.speed.game_phone_move_strong"].format(game=name, players=players),
                     moves["play_move_strong"]["p90_ms"], "play_move_strong_p90_ms")]
    return [[label, where, ms.format(n=words.number(lang, value)),
             ms.format(n=words.number(lang, targets[target])) if target
             else ui["table.speed.no_target"], when]
            for label, value, target in figures]


SITE_TABLES: dict[str, Callable[[TableContext], str]] = {
    "speed": speed,
    "edition-names": edition_names,
}
"""The table kinds every game's pages may place."""


def of(game: Plugin) -> Mapping[str, Callable[[TableContext], str]]:
    """Every table kind ``game``'s pages may place: the site's and the game's own."""
    return {**SITE_TABLES, **game.tables}
