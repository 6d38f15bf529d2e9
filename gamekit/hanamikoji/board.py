"""The board of one step (``Step.to_json()``) as HTML, styled by ``hanamikoji.css``.

The only place a board is drawn. It runs at build time in CPython (the examples' boards in
``rulesite/pages/examples.py``, the figures in ``rulesite/pages/figures.py``) and in the
reader's browser in Pyodide (the worker imports it with ``gamekit``), where the worker returns
the markup and the browser only inserts it. Standard library only.

Every part a text or a tool may point at carries ``data-part`` (see :data:`PARTS`); the
options mark parts without changing the drawing:

- ``highlight``: parts to point out (class ``rs-hl``: an outline, visible without colour);
- ``choices``: part -> value, written as ``data-choice`` for a page that lets the reader pick
  (a card in a hand, an action marker); this module adds no behaviour;
- ``hide``: parts left out (``head``, ``hand-A``, ``hand-B``, ``extra``) for small pictures;
- ``conceal``: players (``"A"``, ``"B"``) seen from the other seat, as in a game being played:
  their hand, face-down Secret (until revealed) and Trade-off are drawn as card backs with no
  value (the caller also blanks those values in the data: ``session.py``), and the hands are
  labelled for a player rather than for teaching (``play.hand_yours``, ``play.hand_hidden``);
- ``near``: the player drawn at the bottom, nearest the reader (default ``"A"``, as in the
  rulebooks' figures); the Play page puts the reader's own seat there, as player B too.

Nothing relies on colour alone: cards and geishas carry their number, a used action marker is
struck through and says so, a victory marker that moved has an arrow and says where to.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from typing import Any

# As html.escape, without the html module: it would bring html.entities into the browser's
# reduced standard library (rulesite/runtime/stdlib.py), which does not ship it.
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def escape(text: str) -> str:
    return text.translate(_ESCAPES)


MARKERS = (("S", "widget.secret"), ("T", "widget.tradeoff"), ("G", "widget.gift"),
           ("C", "widget.competition"))
CHARMS = (2, 2, 2, 3, 3, 4, 5)
FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")

# The names of the parts, for ``highlight``, ``choices`` and ``hide`` (P is A or B, N a geisha
# 1-7, L an action letter S T G C, I a card's position in a hand from 0).
PARTS = ("head", "row", "geisha-N", "favor-N", "items-P-N", "side-P", "totals-P", "markers-P",
         "marker-P-L", "secret-P", "tradeoff-P", "hand-P", "hand-P-I", "offer", "offer-I",
         "extra", "pile", "removed")


class Board:
    """Draws boards in one language; ``ui`` holds its interface strings (``widget.*``)."""

    def __init__(self, ui: Mapping[str, Any], *, highlight: Iterable[str] = (),
                 choices: Mapping[str, str] | None = None, hide: Collection[str] = (),
                 conceal: Collection[str] = (), near: str = "A") -> None:
        if near not in ("A", "B"):
            raise ValueError(f"near: expected 'A' or 'B', got {near!r}")
        self.ui = ui
        self.near = near
        self.far = "B" if near == "A" else "A"
        self.highlight = set(highlight)
        self.choices = dict(choices or {})
        self.hide = set(hide)
        self.conceal = set(conceal)
        self.memo: dict[tuple[object, ...], str] = {}

    def t(self, key: str, **fields: object) -> str:
        """The string ``key``, escaped; field values are HTML (escape plain text first).
        Remembered: a game's boards ask for the same few strings thousands of times."""
        memo = (key, *fields.items())
        text = self.memo.get(memo)
        if text is None:
            name, _, form = key.partition("#")  # "count.cards#one": one form of a count
            template = self.ui[name][form] if form else self.ui[name]
            text = FIELD.sub(lambda m: str(fields[m.group(1)]), escape(template))
            self.memo[memo] = text
        return text

    def count(self, key: str, n: int) -> str:
        """The ``count.*`` string ``key`` in the plural form of ``n``: the category comes
        from the table the builder computed with Babel (``rulesite/sources/words.py``)."""
        return self.t(f"{key}#{self.ui['grammar']['plural'][n]}", n=n)

    def part(self, name: str, css: str = "") -> str:
        """``class`` and ``data-part`` attributes of the part ``name`` (a leading space)."""
        classes = f"{css} rs-hl" if name in self.highlight else css
        out = f' class="{classes}"' if classes else ""
        out += f' data-part="{name}"'
        if name in self.choices:
            out += f' data-choice="{escape(self.choices[name])}"'
        return out

    def leaf(self, name: str, css: str) -> str:
        """Attributes of a card: ``data-part`` only where it is pointed at or chosen, which
        keeps the markup of a whole game's boards small."""
        if name in self.highlight or name in self.choices:
            return self.part(name, css)
        return f' class="{css}"'

    # --- the board ------------------------------------------------------------------------

    def draw(self, step: Mapping[str, Any]) -> str:
        b = step["board"]
        moved = set(step["scoring"]["moved"]) if step.get("scoring") else set()
        head = "" if "head" in self.hide else (
            f'<p{self.part("head", "rs-board-head")}>'
            f'<span>{self.t("widget.round", round=b["round"])}</span>'
            f"<span>{self.status(b)}</span></p>")
        return "".join([
            f'<div class="rs-board" data-phase="{b["phase"]}">',
            head,
            self.cached_side(b, self.far),
            f'<div{self.part("row", "hk-row")}>',
            "".join(self.cached_column(b, g, g in moved) for g in range(1, 8)),
            "</div>",
            self.offer(b),
            self.cached_side(b, self.near),
            "" if "extra" in self.hide else self.extra(b),
            "</div>",
        ])

    def place(self, name: str) -> str:
        """The class of a player's parts: ``hk-near`` (drawn at the bottom) or ``hk-far``."""
        return "hk-near" if name == self.near else "hk-far"

    def player(self, name: str) -> str:
        return self.t("widget.player", player=name)

    def status(self, b: Mapping[str, Any]) -> str:
        phase = b["phase"]
        if phase in ("over", "scoring", "deal"):
            return self.t(f"widget.phase_{phase}")
        return self.t("widget.to_play", player=self.player(b["to_move"]))

    def card(self, value: int, part: str = "", extra: str = "") -> str:
        attrs = self.leaf(part, f"hk-card hk-g{value}{extra}") if part else \
            f' class="hk-card hk-g{value}{extra}"'
        return f"<span{attrs}>{value}</span>"

    def back(self, peek: int | None = None, extra: str = "") -> str:
        inner = f'<span class="hk-peek">{peek}</span>' if peek is not None else ""
        return (f'<span class="hk-card hk-back{extra}" title="{self.t("widget.face_down")}">'
                f"{inner}</span>")

    # A timeline's boards differ little from one step to the next: a side or a column drawn
    # once is reused (it halves the worker's time on a whole game's boards).
    def cached_side(self, b: Mapping[str, Any], name: str) -> str:
        p = b["players"][name]
        key = ("side", name, b["revealed"], tuple(p["hand"]), p["used"], p["secret"],
               tuple(p["tradeoff"]), p["geishas"], p["charm"])
        html = self.memo.get(key)
        if html is None:
            html = self.memo[key] = self.side(b, name)
        return html

    def cached_column(self, b: Mapping[str, Any], g: int, moved: bool) -> str:
        players = b["players"]
        key = ("column", g, b["favors"][g - 1], moved, players["A"]["items"][g - 1],
               players["B"]["items"][g - 1])
        html = self.memo.get(key)
        if html is None:
            html = self.memo[key] = self.column(b, g, moved)
        return html

    def side(self, b: Mapping[str, Any], name: str) -> str:
        p = b["players"][name]
        markers = []
        hidden = name in self.conceal
        for letter, key in MARKERS:
            used = letter in p["used"]
            cards = ""
            if letter == "S" and p["secret"] is not None:
                cards = (self.card(p["secret"], extra=" hk-revealed") if b["revealed"]
                         else self.back(None if hidden else p["secret"]))
                cards = f'<span{self.part(f"secret-{name}", "hk-cards")}>{cards}</span>'
            elif letter == "T" and p["tradeoff"]:
                cards = "".join(self.back(None if hidden else card) for card in p["tradeoff"])
                cards = f'<span{self.part(f"tradeoff-{name}", "hk-cards")}>{cards}</span>'
            # Turned over: struck through, and said in words (hidden visually) for listeners.
            state = (f'<span class="rs-sr-only">'
                     f'{self.t("widget.aside", text="", note=self.t("widget.used"))}</span>'
                     if used else "")
            css = "hk-marker hk-used" if used else "hk-marker"
            markers.append(
                f'<li{self.part(f"marker-{name}-{letter}", css)}>'
                f'<span class="hk-marker-name">{self.t(key)}</span>{state}{cards}</li>')
        hand = ""
        if p["hand"] and f"hand-{name}" not in self.hide:
            if hidden:
                cards = "".join(self.back() for _ in p["hand"])
                label = self.t("play.hand_hidden",
                               count=self.count("count.cards", len(p["hand"])))
            else:
                cards = "".join(self.card(c, f"hand-{name}-{i}") for i, c in enumerate(p["hand"]))
                label = self.t("play.hand_yours" if self.conceal else "widget.hand")
            hand = (f'<div{self.part(f"hand-{name}", "hk-hand")}>'
                    f'<span class="rs-small">{label}</span>'
                    f'<span class="hk-cards">{cards}</span></div>')
        return "".join([
            f'<div{self.part(f"side-{name}", f"hk-side hk-side-{name} {self.place(name)}")}>',
            f'<p class="hk-side-name"><strong>{self.player(name)}</strong>',
            f'<span{self.part(f"totals-{name}", "hk-totals")}>',
            self.t("widget.totals", geishas=self.count("count.geishas", p["geishas"]),
                   charm=self.count("count.charm", p["charm"])),
            "</span></p>",
            f'<ul{self.part(f"markers-{name}", "hk-markers")}>{"".join(markers)}</ul>',
            hand,
            "</div>",
        ])

    def column(self, b: Mapping[str, Any], g: int, moved: bool) -> str:
        favor = b["favors"][g - 1]
        marker = "" if favor == "." else favor
        # The seat's letter, not "Player A": each language builds its own phrase around it
        # (fr « du côté du joueur A », with the article and the lower-case noun).
        label = (self.t("widget.marker_side", seat=marker) if marker
                 else self.t("widget.marker_center"))
        # A marker that moved this scoring points at its new side (the far player above).
        arrow = ""
        if moved and marker:
            arrow = (f'<span class="hk-vm-arrow" aria-hidden="true">'
                     f'{"▲" if marker == self.far else "▼"}</span>')
            label = self.t("widget.aside", text=label, note=self.t("widget.moved"))
        token = (f'<span{self.part(f"favor-{g}", "hk-vm")} role="img" aria-label="{label}" '
                 f'title="{label}"></span>{arrow}')

        def items(name: str) -> str:
            count = b["players"][name]["items"][g - 1]
            css = f"hk-items hk-items-{name} {self.place(name)}"
            return (f'<div{self.part(f"items-{name}-{g}", css)}>'
                    f"{self.card(g) * count}</div>")

        css = f"hk-col hk-g{g} hk-moved" if moved else f"hk-col hk-g{g}"
        charm = CHARMS[g - 1]
        title = self.t("widget.geisha", geisha=g, charm=self.count("count.charm", charm))
        return "".join([
            f'<div{self.part(f"geisha-{g}", css)} data-favor="{marker or "-"}">',
            items(self.far),
            f'<div class="hk-slot">{token if marker == self.far else ""}</div>',
            f'<div class="hk-geisha" title="{title}">',
            f'<span class="hk-geisha-num">{g}</span><span class="hk-geisha-charm">{charm}',
            f'</span>{"" if marker else token}</div>',
            f'<div class="hk-slot">{token if marker == self.near else ""}</div>',
            items(self.near),
            "</div>",
        ])

    def offer(self, b: Mapping[str, Any]) -> str:
        pending = b["pending"]
        if not pending:
            return ""
        offerer = "A" if b["to_move"] == "B" else "B"
        if pending[0] == "C":
            halves = pending[1:].split("-")
            # A pair as the steps write it (card.pair: "2-5", 「2と5」), which is also the
            # text of the name a reader picking it hears.
            shown = "".join(
                f'<span{self.part(f"offer-{i}", "hk-pair")}>'
                f'{self.t("card.pair", a=self.card(int(half[0])), b=self.card(int(half[1])))}'
                f"</span>"
                for i, half in enumerate(halves))
        else:
            shown = "".join(self.card(int(c), f"offer-{i}") for i, c in enumerate(pending[1:]))
        return (f'<div{self.part("offer", "hk-offer")}><span class="rs-small">'
                f'{self.t("widget.offer", player=self.player(offerer))}</span>'
                f'<span class="hk-cards">{shown}</span></div>')

    def extra(self, b: Mapping[str, Any]) -> str:
        pile = " hk-pile" if b["draw_pile"] else " hk-pile hk-empty"
        parts = [f'<span{self.part("pile", "hk-extra-item")}><span class="rs-small">'
                 f'{self.t("widget.draw_pile")}</span>{self.back(b["draw_pile"], pile)}</span>']
        if b["removed"] is not None:
            parts.append(f'<span{self.part("removed", "hk-extra-item")}><span class="rs-small">'
                         f'{self.t("widget.removed")}</span>{self.back()}</span>')
        return f'<div{self.part("extra", "hk-extra")}>{"".join(parts)}</div>'


def board(step: Mapping[str, Any], ui: Mapping[str, Any], **options: Any) -> str:
    """The board of ``step`` in the language of ``ui``; ``options`` as for :class:`Board`."""
    return Board(ui, **options).draw(step)


def boards(steps: list[dict[str, Any]], ui: Mapping[str, Any]) -> list[str]:
    """The board of every step of a timeline, for a live example (build time and worker)."""
    drawer = Board(ui)
    return [drawer.draw(step) for step in steps]
