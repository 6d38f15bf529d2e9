"""Love Letter's board of one step (a step of :func:`gamekit.loveletter.session.timeline`) as
HTML, for 2 to 6 players, styled by ``loveletter.css`` and by the frame every game's board
wears (``board.css``: ``rs-board`` and ``rs-board-head`` for the frame, on phones and on
paper too; ``rs-hl`` for a part pointed out; ``rs-small`` for labels;
and, from the live widget's stylesheet, ``rs-sr-only`` for words only listeners need).

It runs at build time (CPython) and in the reader's browser (Pyodide) with the same interface
strings (the ``ll.*`` keys), so a page and a live run draw the same board. Standard library
only. What a seat may not see is blanked in the step's data before it gets here
(``session.conceal_step``): a hidden card is ``None`` and is drawn as a card back with no
value, so this module cannot show what it was not given.

Every part a figure may point at carries ``data-part`` (:data:`PARTS`). Options:

- ``highlight``: parts to point out (an outline, visible without colour);
- ``hide``: parts left out (``head``, ``table``, ``hand-P``, ``discards-P``) for small
  pictures;
- ``viewer``: the seat the board is drawn for (its hand labelled as the reader's), or
  ``None`` for a board that shows everything, as the rules' examples do.

Nothing relies on colour alone: a card shows its number and its name, a protected player and
a player out of the round are said in words.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from typing import Any

# As html.escape, without the html module (the browser's reduced standard library lacks
# html.entities: see gamekit/hanamikoji/board.py).
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})
FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
SEATS = "ABCDEF"

PARTS = ("head", "table", "deck", "set-aside", "face-up", "seat-P", "hand-P", "discards-P",
         "tokens-P", "protected-P", "out-P")
"""The names of the parts (P is a seat, A to F), for ``highlight`` and ``hide``."""


def escape(text: str) -> str:
    """``text`` escaped for HTML."""
    return text.translate(_ESCAPES)


class Board:
    """Draws Love Letter boards in one language; ``ui`` holds its interface strings."""

    def __init__(self, ui: Mapping[str, Any], *, highlight: Iterable[str] = (),
                 hide: Collection[str] = (), viewer: str | None = None) -> None:
        if viewer is not None and viewer not in SEATS:
            raise ValueError(f"viewer: expected a seat A to F or None, got {viewer!r}")
        self.ui = ui
        self.highlight = set(highlight)
        self.hide = set(hide)
        self.viewer = viewer

    def t(self, key: str, **fields: object) -> str:
        """The string ``key``, escaped; field values are HTML (escape plain text first)."""
        name, _, form = key.partition("#")
        template = self.ui[name][form] if form else self.ui[name]
        return FIELD.sub(lambda m: str(fields[m.group(1)]), escape(template))

    def count(self, key: str, n: int) -> str:
        """The count string ``key`` in the plural form of ``n`` (``ui["grammar"]``)."""
        return self.t(f"{key}#{self.ui['grammar']['plural'][n]}", n=n)

    def part(self, name: str, css: str) -> str:
        """``class`` and ``data-part`` attributes of the part ``name`` (a leading space)."""
        classes = f"{css} rs-hl" if name in self.highlight else css
        return f' class="{classes}" data-part="{name}"'

    def card(self, value: int | None) -> str:
        """A card face (its number and its name), or a back for a card not shown."""
        if value is None:
            return self.back()
        name = self.t(f"ll.card.{value}")
        return (f'<span class="ll-card ll-c{value}" title="{name}">'
                f'<span class="ll-num">{value}</span><span class="ll-name">{name}</span></span>')

    def back(self) -> str:
        label = self.t("ll.board.face_down")
        return (f'<span class="ll-card ll-back" title="{label}">'
                f'<span class="rs-sr-only">{label}</span></span>')

    def cards(self, values: Iterable[int | None]) -> str:
        inner = "".join(f"<li>{self.card(v)}</li>" for v in values)
        return f'<ol class="ll-cards">{inner}</ol>' if inner else \
            f'<span class="ll-none">{self.t("ll.board.none")}</span>'

    def draw(self, step: Mapping[str, Any]) -> str:
        b = step["board"]
        head = "" if "head" in self.hide else (
            f'<p{self.part("head", "rs-board-head")}>'
            f'<span>{self.t("ll.board.round", round=b["round"]) if b["round"] else ""}</span>'
            f"<span>{self.status(b)}</span></p>")
        seats = "".join(self.seat(b, p) for p in b["seats"])
        return "".join([
            f'<div class="rs-board ll-board" data-players="{len(b["seats"])}"'
            f' data-phase="{b["phase"]}">',
            head,
            "" if "table" in self.hide else self.table(b),
            # Seats are divs in the roles of a list: Markdown's md_in_html (figures and
            # examples are Markdown blocks) misreads an li holding a list of its own.
            f'<div class="ll-seats" role="list">{seats}</div>',
            "</div>",
        ])

    def status(self, b: Mapping[str, Any]) -> str:
        if b["phase"] == "over":
            return self.t("ll.board.over")
        if b["phase"] == "deal":
            return self.t("ll.board.deal_due")
        key = "ll.board.to_keep" if b["phase"] == "chancellor" else "ll.board.to_play"
        return self.t(key, player=b["to_move"])

    def table(self, b: Mapping[str, Any]) -> str:
        deck = (f'<span{self.part("deck", "ll-deck")}><span class="rs-small">'
                f'{self.t("ll.board.deck")}</span>'
                f'{self.back() if b["deck"] else ""}'
                f'<span class="ll-count">{self.count("ll.count.cards", b["deck"])}</span>'
                f"</span>")
        parts = [deck]
        if b["set_aside"]:
            parts.append(f'<span{self.part("set-aside", "ll-set-aside")}><span class="rs-small">'
                         f'{self.t("ll.board.set_aside")}</span>{self.card(b["set_aside_card"])}'
                         f"</span>")
        if b["face_up"]:
            parts.append(f'<span{self.part("face-up", "ll-face-up")}><span class="rs-small">'
                         f'{self.t("ll.board.face_up")}</span>{self.cards(b["face_up"])}'
                         f"</span>")
        return f'<div{self.part("table", "ll-table")}>{"".join(parts)}</div>'

    def seat(self, b: Mapping[str, Any], p: Mapping[str, Any]) -> str:
        name = p["seat"]
        css = "ll-seat"
        if not p["active"]:
            css += " ll-out"
        if b["to_move"] == name:
            css += " ll-turn"
        if name == self.viewer:
            css += " ll-you"
        tokens = self.t("ll.board.tokens", tokens=self.count("ll.count.tokens", p["tokens"]),
                        target=b["target"])
        badges = [f'<span{self.part(f"tokens-{name}", "ll-tokens")}>{tokens}</span>']
        if p["protected"]:
            badges.append(f'<span{self.part(f"protected-{name}", "ll-protected")}>'
                          f'{self.t("ll.board.protected")}</span>')
        if not p["active"]:
            badges.append(f'<span{self.part(f"out-{name}", "ll-out-badge")}>'
                          f'{self.t("ll.board.out")}</span>')
        hand = ""
        if p["hand"] and f"hand-{name}" not in self.hide:
            # A card the viewer's Priest, Baron or King showed them is drawn face up, and said.
            label = ("ll.board.hand_yours" if name == self.viewer
                     else "ll.board.hand_seen" if p.get("seen") else "ll.board.hand")
            hand = (f'<div{self.part(f"hand-{name}", "ll-hand")}><span class="rs-small">'
                    f'{self.t(label)}</span>{self.cards(p["hand"])}</div>')
        discards = ""
        if f"discards-{name}" not in self.hide:
            discards = (f'<div{self.part(f"discards-{name}", "ll-discards")}>'
                        f'<span class="rs-small">{self.t("ll.board.discards")}</span>'
                        f'{self.cards(p["discards"])}</div>')
        return "".join([
            f'<div{self.part(f"seat-{name}", css)} role="listitem">',
            f'<span class="ll-seat-name"><strong>{self.t("ll.board.player", player=name)}</strong>',
            "".join(badges),
            "</span>",
            hand,
            discards,
            "</div>",
        ])


def board(step: Mapping[str, Any], ui: Mapping[str, Any], **options: Any) -> str:
    """The board of ``step`` in the language of ``ui``; ``options`` as for :class:`Board`.
    One tag a line: a figure is a Markdown block (md_in_html), which misreads a long line
    of nested lists and closes them early; its containers are flex and grid boxes, where
    the line breaks draw nothing. Text holds no ``><`` (it is escaped)."""
    return Board(ui, **options).draw(step).replace("><", ">\n<")


def boards(steps: list[dict[str, Any]], ui: Mapping[str, Any]) -> list[str]:
    """The board of every step of a timeline, showing everything (an example)."""
    drawer = Board(ui)
    return [drawer.draw(step) for step in steps]
