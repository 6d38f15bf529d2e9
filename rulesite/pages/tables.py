"""Tables whose content comes from the engine (``{kind: table, table: NAME}`` blocks).

Every number and name in these tables is read from ``hanamikoji`` (or the benchmarks' records);
only the column headings and labels come from the language's ``ui.yml``. Figures, dates and
percentages are written as the page's language writes them (Babel: « 4,47\u00a0Mo »,
« 9\u202f654 »), never in Python's English defaults.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import hanamikoji
from hanamikoji import GEISHA_CHARMS, Edition
from rulesite.errors import UnknownReferenceError
from rulesite.sources import words


@dataclass(frozen=True)
class TableContext:
    """What a table needs: interface strings, glossary terms and links in one language."""

    ui: dict[str, Any]
    term: Callable[[str], str]  # term ID -> Markdown link to the term in the glossary
    ref: Callable[[str], str]  # rule ID -> Markdown link showing the rule number
    title: Callable[[str], str]  # rule ID -> the rule's title
    has_rule: Callable[[str], bool]  # is this a rule ID of structure.yml?
    printed: Callable[[str], tuple[str, str | None]]  # term ID -> (our term, own rulebook's)
    terms: tuple[str, ...]  # glossary term IDs, in glossary order


def _table(head: list[str], rows: list[list[str]]) -> str:
    def line(cells: list[str]) -> str:
        return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"

    return "\n".join([line(head), line(["---"] * len(head)), *map(line, rows)])


def geishas(ctx: TableContext) -> str:
    """Geisha number, charm, item cards, and the French (Kosmos) edition's names; a name the
    rulebook does not tie to that card is marked, and the mark explained below the table."""
    ui = ctx.ui
    settled = Edition.KOSMOS.settled_geisha_names
    names = tuple(n if n in settled else ui["table.geishas.unsettled"].format(name=n)
                  for n in Edition.KOSMOS.geisha_names or ())
    items = Edition.KOSMOS.item_names or ()
    head = [ui["table.geishas.geisha"], ui["table.geishas.charm"], ui["table.geishas.items"],
            ui["table.geishas.kosmos"], ui["table.geishas.kosmos_item"]]
    rows = [[str(n), str(charm), str(charm), name, item]
            for n, charm, name, item in zip(range(1, len(GEISHA_CHARMS) + 1), GEISHA_CHARMS,
                                            names, items, strict=True)]
    return f'{_table(head, rows)}\n\n{ui["table.geishas.unsettled_note"]}\n{{: .hk-caption }}'


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


@dataclass(frozen=True)
class EditionEnding:
    """How one edition ends a game in which nobody reached a goal."""

    edition: str  # the hanamikoji.Edition value, also the ui key "edition.<value>"
    round_limit: int | None  # None: rounds go on until someone wins
    tie_breaks: tuple[str, ...]  # compared in order at the limit: "geishas", "charm"
    if_tied: str | None  # "shared_victory" or "no_winner"; None without a limit


def edition_endings() -> list[EditionEnding]:
    """The three editions' endings, side by side: the one place the editions table reads.

    Round limits come from :class:`hanamikoji.Edition`. The engine decides tie-breaks in code
    (``hanamikoji._game._decide``), not as data, so their order is written here, matching it.
    """
    breaks = {
        Edition.EMPERORS4: ((), None),
        Edition.EMPERORS4_3_ROUNDS: (("geishas", "charm"), "shared_victory"),
        Edition.KOSMOS: (("charm",), "no_winner"),
    }
    return [EditionEnding(e.value, e.round_limit, *breaks[e]) for e in Edition]


def editions(ctx: TableContext) -> str:
    """One column per edition: round limit, tie-breaks at the limit, what a full tie gives."""
    ui = ctx.ui
    endings = edition_endings()
    none = ui["table.editions.not_applicable"]
    criteria = {"geishas": ui["table.editions.more_geishas"],
                "charm": ui["table.editions.more_charm"]}
    head = [ui["table.editions.edition"], *(ui[f"edition.{e.edition}"] for e in endings)]
    rows = [
        [ui["table.editions.limit"], *(
            ui["table.editions.rounds"].format(rounds=e.round_limit) if e.round_limit
            else ui["table.editions.no_limit"] for e in endings)],
        # An arrow reads the same in every language, unlike "then" which needs grammar.
        [ui["table.editions.at_limit"], *(
            " → ".join(criteria[c] for c in e.tie_breaks) or none for e in endings)],
        [ui["table.editions.if_tied"], *(
            ui[f"table.editions.{e.if_tied}"] if e.if_tied else none for e in endings)],
    ]
    return _table(head, rows)


def notation(ctx: TableContext) -> str:
    """One example of each move, written by the engine, with the Python that builds it."""
    ui = ctx.ui
    full = hanamikoji.FULL_DECK
    deck = tuple(random.Random(7).sample(full, len(full)))  # fixed: pages stay the same
    moves = [
        (ctx.term("secret"), hanamikoji.Secret(3)),
        (ctx.term("tradeoff"), hanamikoji.TradeOff((1, 5))),
        (ctx.term("gift"), hanamikoji.Gift((2, 6, 7))),
        (ctx.term("competition"), hanamikoji.Competition(((1, 2), (6, 7)))),
        (ui["move.pick"].format(action=ctx.term("gift")), hanamikoji.GiftPick(6)),
        (ui["move.pick"].format(action=ctx.term("competition")),
         hanamikoji.CompetitionPick((6, 7))),
        (ctx.term("deal-phase"), hanamikoji.Deal(deck)),
    ]
    head = [ui["table.notation.move"], ui["table.notation.written"], ui["table.notation.python"]]
    return _table(head, [[label, f"`{move}`", f"`{move!r}`"] for label, move in moves])


def errors(ctx: TableContext) -> str:
    """The engine's errors during play: a notation error breaks no rule; an illegal action
    names the rule it breaks (``hanamikoji.Rule``), linked here to that rule."""
    ui = ctx.ui
    head = [ui["table.errors.name"], ui["table.errors.rule"]]
    rows = [["`NotationError`", ui["table.errors.none"]]]
    for rule in hanamikoji.Rule:
        if not ctx.has_rule(rule.value):
            raise UnknownReferenceError(
                "locales/structure.yml", f"(hanamikoji.Rule.{rule.name})",
                f"the engine names rule {rule.value!r}, which structure.yml does not declare")
        rows.append([f"`IllegalActionError` `Rule.{rule.name}`",
                     f"{ctx.ref(rule.value)} {ctx.title(rule.value)}"])
    return _table(head, rows)


BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def _lang(ui: dict[str, Any]) -> str:
    return str(ui["grammar"]["lang"])


def _when(ui: dict[str, Any], command: str, timestamp: str) -> str:
    """The command that measured a figure and its date, as the language writes a date."""
    return str(ui["table.speed.when"].format(
        command=f"`{command}`", date=words.date(_lang(ui), timestamp, "medium")))


def _runtime(ui: dict[str, Any], label: str) -> str:
    """A benchmark's runtime label ("Pyodide 314.0.7 (CPython 3.14.2) under node v20.20.2"):
    the versions as recorded, the words around them in the page's language."""
    runtime, under, host = label.partition(" under ")
    return str(ui["table.speed.under"].format(runtime=runtime, host=host)) if under else label


def speed(ctx: TableContext) -> str:
    """The latest benchmark figures (``make bench``, ``make bench-browser``), with targets."""
    ui = ctx.ui
    lang = _lang(ui)

    def num(value: float, digits: int = 0) -> str:
        return words.number(lang, value, digits)

    engine = json.loads((BENCHMARKS / "results.json").read_text(encoding="utf-8"))
    browser = json.loads((BENCHMARKS / "browser_results.json").read_text(encoding="utf-8"))
    rows = []
    for runtime in engine["runtimes"]:
        figure = runtime["games_per_second"]["median"]
        rows.append([ui["table.speed.games"], _runtime(ui, runtime["label"]),
                     ui["table.speed.per_second"].format(n=num(figure)),
                     ui["table.speed.per_second"].format(n=num(runtime["target"])),
                     _when(ui, engine["command"], engine["date"])])
    live = browser["variants"]["default"]
    targets = browser["targets"]
    chromium = browser["browser"].split(" (")[0]
    when = _when(ui, browser["command"], browser["date"])
    ms, mb = ui["table.speed.ms"], ui["table.speed.mb"]

    def megabytes(n: float) -> str:
        return num(n / 1e6, 2)

    rows += [
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
    rows += phone_rows(ui, browser, chromium)
    players = json.loads((BENCHMARKS / "players.json").read_text(encoding="utf-8"))
    for runtime in players["runtimes"]:
        rows.append([ui["table.speed.decision"], runtime["label"].split(" (")[0],
                     ui["table.speed.ms"].format(n=num(runtime["median_decision_ms"])),
                     ui["table.speed.ms"].format(n=num(runtime["target_ms"])),
                     _when(ui, players["command"], players["date"])])
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
    when = _when(ui, phone["command"], phone["date"])
    load = phone["load_average"][0]
    cores = browser["machine"]["nproc"]
    if load > cores / 2:
        # Its own element, so that a reader's tools (and the tests) find the note, not a figure
        # that happens to read the same elsewhere on the page.
        note = ui["table.speed.under_load"].format(
            when=when, load=words.number(lang, load, 1), cores=words.number(lang, cores))
        when = f'<span class="hk-load-note">{note}</span>'
    figures = [
        ("phone_new_game", phone["play_new_game"]["median_ms"], "play_new_game_ms"),
        ("phone_move_default", phone["play_move_default"]["p90_ms"], "play_move_default_p90_ms"),
        ("phone_move_strong", phone["play_move_strong"]["p90_ms"], "play_move_strong_p90_ms"),
        ("phone_whatif", phone["whatif_cold"]["median_ms"], "whatif_cold_ms"),
    ]
    return [[ui[f"table.speed.{key}"], where, ms.format(n=words.number(lang, value)),
             ms.format(n=words.number(lang, targets[target])), when]
            for key, value, target in figures]


def players(ctx: TableContext) -> str:
    """The players' tournament (``make bench-players``): score rates with 95% intervals."""
    ui = ctx.ui
    lang = _lang(ui)
    data = json.loads((BENCHMARKS / "players.json").read_text(encoding="utf-8"))

    def name(spec: str) -> str:
        kind, _, budget = spec.partition(":")
        if kind == "mcts":
            return str(ui["table.players.mcts"].format(n=words.number(lang, int(budget))))
        return {"random": "RandomPlayer", "greedy": "GreedyPlayer"}[kind]

    def percent(rate: float) -> str:
        return str(ui["table.players.percent"].format(n=words.number(lang, 100 * rate, 1)))

    rows = []
    for match in data["matches"]:
        low, high = match["ci95"]
        rows.append([
            ui["table.players.vs"].format(player=name(match["player"]),
                                          opponent=name(match["opponent"])),
            words.number(lang, match["games"]), percent(match["score_rate"]),
            ui["table.players.range"].format(low=percent(low), high=percent(high)),
            ui["table.players.at_least"].format(n=percent(match["target"])),
            _when(ui, data["command"], data["date"])])
    head = [ui["table.players.match"], ui["table.players.games"], ui["table.players.score"],
            ui["table.players.interval"], ui["table.speed.target"], ui["table.speed.command"]]
    return _table(head, rows)


TABLES: dict[str, Callable[[TableContext], str]] = {
    "speed": speed,
    "players": players,
    "geishas": geishas,
    "editions": editions,
    "notation": notation,
    "errors": errors,
    "edition-names": edition_names,
}
