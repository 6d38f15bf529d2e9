"""Hanamikoji's tables (``{kind: table, table: NAME}`` blocks of its ``structure.yml``), read
from the engine: every number and name comes from ``hanamikoji``, every measured figure from
the engine's benchmark records (``benchmarks/results.json``, ``players.json``); only the
headings and labels come from the page's interface strings. Written at build time only."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import hanamikoji
from gamekit.plugin import TableContext, TableError, markdown_table, measured_below, runtime_label
from hanamikoji import GEISHA_CHARMS, Edition


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
    return (f'{markdown_table(head, rows)}\n\n{ui["table.geishas.unsettled_note"]}\n'
            '{: .rs-caption }')


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
    return markdown_table(head, rows)


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
    return markdown_table(head, [[label, f"`{move}`", f"`{move!r}`"] for label, move in moves])


def errors(ctx: TableContext) -> str:
    """The engine's errors during play: a notation error breaks no rule; an illegal action
    names the rule it breaks (``hanamikoji.Rule``), linked here to that rule."""
    ui = ctx.ui
    head = [ui["table.errors.name"], ui["table.errors.rule"]]
    rows = [["`NotationError`", ui["table.errors.none"]]]
    for rule in hanamikoji.Rule:
        if not ctx.has_rule(rule.value):
            raise TableError(f"(hanamikoji.Rule.{rule.name})",
                             f"the engine names rule {rule.value!r}, which structure.yml does "
                             "not declare")
        rows.append([f"`IllegalActionError` `Rule.{rule.name}`",
                     f"{ctx.ref(rule.value)} {ctx.title(rule.value)}"])
    return markdown_table(head, rows)


BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def _record(name: str) -> dict[str, Any]:
    record: dict[str, Any] = json.loads((BENCHMARKS / name).read_text(encoding="utf-8"))
    return record


def engine_speed(ctx: TableContext) -> str:
    """The engine outside the browser, with targets: whole random games a second (``make
    bench``: benchmarks/run.py) and one decision of the default player (``make bench-players``:
    benchmarks/players.py), in CPython and in Pyodide. Two commands, so each row says its own."""
    ui = ctx.ui
    speed, players = _record("results.json"), _record("players.json")
    per_second, ms = ui["table.speed.per_second"], ui["table.speed.ms"]
    when = ctx.measured(speed["command"], speed["date"], 0.0, 1)
    rows = [[ui["table.speed.games"], runtime_label(ui, runtime["label"]),
             per_second.format(n=ctx.number(runtime["games_per_second"]["median"], 0)),
             per_second.format(n=ctx.number(runtime["target"], 0)), when]
            for runtime in speed["runtimes"]]
    when = ctx.measured(players["command"], players["date"], 0.0, 1)
    rows += [[ui["table.speed.decision"], runtime["label"].split(" (")[0],
              ms.format(n=ctx.number(runtime["median_decision_ms"], 0)),
              ms.format(n=ctx.number(runtime["target_ms"], 0)), when]
             for runtime in players["runtimes"]]
    head = [ui["table.speed.measure"], ui["table.speed.runtime"], ui["table.speed.median"],
            ui["table.speed.target"], ui["table.speed.command"]]
    return markdown_table(head, rows)


def players(ctx: TableContext) -> str:
    """The players' tournament (``make bench-players``): score rates with 95% intervals, all
    from one run, whose command and date are said once under the table."""
    ui = ctx.ui
    record = _record("players.json")

    def name(spec: str) -> str:
        kind, _, budget = spec.partition(":")
        if kind == "mcts":
            return str(ui["table.players.mcts"].format(n=ctx.number(int(budget), 0)))
        return {"random": "RandomPlayer", "greedy": "GreedyPlayer"}[kind]

    def percent(rate: float) -> str:
        return str(ui["table.players.percent"].format(n=ctx.number(100 * rate, 1)))

    rows = []
    for match in record["matches"]:
        low, high = match["ci95"]
        rows.append([
            ui["table.players.vs"].format(player=name(match["player"]),
                                          opponent=name(match["opponent"])),
            ctx.number(match["games"], 0), percent(match["score_rate"]),
            ui["table.players.range"].format(low=percent(low), high=percent(high)),
            ui["table.players.at_least"].format(n=percent(match["target"]))])
    head = [ui["table.players.match"], ui["table.players.games"], ui["table.players.score"],
            ui["table.players.interval"], ui["table.speed.target"]]
    return measured_below(ctx, markdown_table(head, rows),
                          ctx.measured(record["command"], record["date"], 0.0, 1))


TABLES: dict[str, Callable[[TableContext], str]] = {
    "geishas": geishas,
    "editions": editions,
    "notation": notation,
    "errors": errors,
    "engine-speed": engine_speed,
    "players": players,
}
"""Hanamikoji's table kinds."""
