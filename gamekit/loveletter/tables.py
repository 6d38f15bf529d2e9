"""Love Letter's tables (``{kind: table, table: NAME}`` blocks of its ``structure.yml``), read
from the engine: every card, count and number of tokens comes from ``loveletter``, every
measured figure from the engine's benchmark records (``benchmarks/loveletter_speed.json``,
``loveletter_players.json``); only the headings and labels come from the page's interface
strings. Written at build time only."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import loveletter
from gamekit.plugin import TableContext, TableError, markdown_table, measured_below, runtime_label
from gamekit.words import escape, plural
from loveletter import Card, Variant


def _count(ctx: TableContext, key: str, n: int) -> str:
    forms = ctx.ui[key]
    return str(forms[plural(ctx.ui, n)]).replace("{n}", str(n))


def _term(ctx: TableContext, card: Card) -> str:
    """The card's glossary term (its ID is the card's name), linked, after its number."""
    term = card.name.lower()
    if term not in ctx.terms:
        raise TableError(f"(loveletter.Card.{card.name})",
                         f"structure.yml's glossary has no term {term!r} for this card")
    return (f'<span class="ll-chip ll-c{card.value}"><b>{card.value}</b></span> '
            f"{ctx.term(term)}")


def cards(ctx: TableContext) -> str:
    """Each card, by number: how many copies the standard and the classic deck hold."""
    ui = ctx.ui
    decks = {variant: loveletter.card_counts(variant) for variant in Variant}
    head = [ui["ll.table.cards.card"], ui["ll.table.cards.standard"],
            ui["ll.table.cards.classic"]]
    rows = []
    for card in sorted(Card, key=lambda c: c.value):
        rows.append([_term(ctx, card), *(
            _count(ctx, "ll.count.cards", decks[v][card]) if card in decks[v]
            else escape(ui["ll.table.cards.none"]) for v in (Variant.STANDARD, Variant.CLASSIC))])
    rows.append([ui["ll.table.cards.total"], *(
        _count(ctx, "ll.count.cards", sum(decks[v].values()))
        for v in (Variant.STANDARD, Variant.CLASSIC))])
    return markdown_table(head, rows)


def tokens(ctx: TableContext) -> str:
    """The tokens a player needs to win the game, by number of players."""
    ui = ctx.ui
    head = [ui["ll.table.tokens.players"], ui["ll.table.tokens.tokens"]]
    rows = [[str(players), _count(ctx, "ll.count.tokens", needed)]
            for players, needed in sorted(loveletter.TOKENS_TO_WIN.items())]
    return markdown_table(head, rows)


def notation(ctx: TableContext) -> str:
    """One move of each kind, written by the engine, with the Python that builds it."""
    ui = ctx.ui

    def card(card: Card) -> str:
        return ctx.term(card.name.lower())

    # A fixed shuffle of the standard deck: the page stays the same from build to build.
    deck = loveletter.full_deck(Variant.STANDARD)
    deal = loveletter.Deal(0, tuple(random.Random(7).sample(deck, len(deck))))
    moves = [
        (ui["ll.table.notation.alone"].format(card=card(Card.HANDMAID)), loveletter.Play(4)),
        (ui["ll.table.notation.target"].format(card=card(Card.PRINCE), player="B"),
         loveletter.Play(5, 1)),
        (ui["ll.table.notation.guess"].format(card=card(Card.GUARD), player="B",
                                              named=card(Card.PRINCESS)),
         loveletter.Play(1, 1, 9)),
        (ui["ll.table.notation.keep"].format(card=card(Card.CHANCELLOR), kept=card(Card.BARON)),
         loveletter.Keep(3, (5, 1))),
        (ui["ll.table.notation.deal"].format(player="A"), deal),
    ]
    for _, move in moves:  # the notation the engine reads back is the one shown
        if loveletter.parse_move(str(move)) != move:
            raise TableError("(loveletter.parse_move)", f"{move!r} does not read back")
    head = [ui["ll.table.notation.move"], ui["ll.table.notation.written"],
            ui["ll.table.notation.python"]]
    return markdown_table(head, [[label, f"`{move}`", f"`{move!r}`"] for label, move in moves])


BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def _record(name: str) -> dict[str, Any]:
    record: dict[str, Any] = json.loads((BENCHMARKS / name).read_text(encoding="utf-8"))
    return record


def _measured(ctx: TableContext, record: dict[str, Any], load: list[float]) -> str:
    """The command and date of ``record``, with the load (1-minute average) when it was high."""
    return ctx.measured(record["command"], record["date"], load[0], record["nproc"])


def _players(ctx: TableContext, n: int) -> str:
    return str(ctx.ui["ll.count.players"][plural(ctx.ui, n)]).replace("{n}", ctx.number(n, 0))


def engine_speed(ctx: TableContext) -> str:
    """Whole random games per second for each player count and deck, in CPython and in
    Pyodide (``make bench``: benchmarks/loveletter_speed.py)."""
    ui = ctx.ui
    record = _record("loveletter_speed.json")
    runtimes = record["runtimes"]
    head = [ui["ll.table.speed.game"], *(runtime_label(ui, r["label"]) for r in runtimes)]
    rows = []
    for key, table in runtimes[0]["tables"].items():
        rows.append([
            ui["ll.table.speed.row"].format(players=_players(ctx, table["players"]),
                                            deck=ui[f"ll.table.deck.{table['variant']}"]),
            *(ui["table.speed.per_second"].format(
                n=ctx.number(runtime["tables"][key]["games_per_second"], 0))
              for runtime in runtimes)])
    return measured_below(ctx, markdown_table(head, rows),
                         _measured(ctx, record, record["load_average"]))


def strength(ctx: TableContext) -> str:
    """The engine's players against each other (``make bench-players``:
    benchmarks/loveletter_players.py): the measured player's share of the games won, its 95%
    interval, and where the fair share lies against that interval."""
    ui = ctx.ui
    record = _record("loveletter_players.json")

    def name(kind: str) -> str:
        return str(ui[f"ll.table.strength.{kind}"].format(n=ctx.number(record["iterations"], 0)))

    def percent(rate: float) -> str:
        return str(ui["table.players.percent"].format(n=ctx.number(100 * rate, 1)))

    rows = []
    for match in record["matches"].values():
        low, high = match["ci95"]
        fair = match["fair_share"]
        reading = "above" if low > fair else "below" if high < fair else "within"
        vs = ui["table.players.vs"].format(player=name(match["measured"]),
                                           opponent=name(match["opponent"]))
        rows.append([
            ui["ll.table.strength.match"].format(
                match=vs, players=_players(ctx, match["players"]),
                deck=ui[f"ll.table.deck.{match['variant']}"]),
            ctx.number(match["games"], 0), percent(match["score_rate"]),
            ui["table.players.range"].format(low=percent(low), high=percent(high)),
            ui[f"ll.table.strength.{reading}"].format(share=percent(fair))])
    head = [ui["table.players.match"], ui["table.players.games"], ui["table.players.score"],
            ui["table.players.interval"], ui["ll.table.strength.fair"]]
    # The run's highest load: its matches ran one after another.
    load = max(match["load_average"][0] for match in record["matches"].values())
    return measured_below(ctx, markdown_table(head, rows), _measured(ctx, record, [load]))


TABLES: dict[str, Callable[[TableContext], str]] = {
    "cards": cards, "tokens": tokens, "notation": notation, "engine-speed": engine_speed,
    "strength": strength}
"""Table kind -> its writer (``structure.yml``: ``table: cards``)."""
