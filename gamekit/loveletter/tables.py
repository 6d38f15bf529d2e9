"""Love Letter's tables (``{kind: table, table: NAME}`` blocks of its ``structure.yml``), read
from the engine: every card, count and number of tokens comes from ``loveletter``; only the
headings and labels come from the page's interface strings. Written at build time only."""

from __future__ import annotations

from collections.abc import Callable

import loveletter
from gamekit.plugin import TableContext, TableError, markdown_table
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


TABLES: dict[str, Callable[[TableContext], str]] = {"cards": cards, "tokens": tokens}
"""Table kind -> its writer (``structure.yml``: ``table: cards``)."""
