"""Moves and their compact notation.

* ``Deal``: ``D`` then the seat that starts the round, then the shuffled deck top first,
  e.g. ``DA9174...``. The first card is set aside face down; in a 2-player round the next
  three lie face up; then each player from the starting seat on gets one card; the rest is
  the draw pile, top first.
* ``Play``: the card's number, then ``>`` and the chosen seat if the card chooses a player,
  then ``=`` and the named card for a Guard: ``1>B=9`` (Guard on B, naming the Princess),
  ``4`` (Handmaid), ``5>A`` (Prince on A), ``1`` (a Guard with nobody to choose).
* ``Keep``: the Chancellor's choice: ``K`` the card kept, ``/`` and the cards put on the
  bottom of the deck in the order placed (the last one ends lowest): ``K3/51``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from loveletter._cards import SEATS
from loveletter._errors import NotationError


@dataclass(frozen=True, slots=True)
class Deal:
    """The deal of a round: who starts and the whole shuffled deck, top first."""

    first: int
    deck: tuple[int, ...]

    def __str__(self) -> str:
        return "D" + SEATS[self.first] + "".join(map(str, self.deck))


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card from the hand, choosing a player (``target``) and naming a card
    (``guess``, Guard only) where the card asks for it."""

    card: int
    target: int | None = None
    guess: int | None = None

    def __str__(self) -> str:
        text = str(self.card)
        if self.target is not None:
            text += ">" + SEATS[self.target]
        if self.guess is not None:
            text += "=" + str(self.guess)
        return text


@dataclass(frozen=True, slots=True)
class Keep:
    """The Chancellor's choice: the card kept and the others, in the order they go under the
    deck."""

    card: int
    bottom: tuple[int, ...]

    def __str__(self) -> str:
        return f"K{self.card}/" + "".join(map(str, self.bottom))


Move = Deal | Play | Keep
"""Any decision, dealing included."""

_DEAL = re.compile(r"D([A-F])([0-9]{16,21})")
_PLAY = re.compile(r"([0-9])(?:>([A-F]))?(?:=([0-9]))?")
_KEEP = re.compile(r"K([0-9])/([0-9]{1,2})")
MOVE_PATTERN = r"D[A-F][0-9]{16,21}|[0-9](>[A-F])?(=[0-9])?|K[0-9]/[0-9]{1,2}"
"""Every move as a record writes it."""


def parse_move(text: object) -> Move:
    """Read a move in notation (see the module docstring).

    >>> parse_move("1>B=9")
    Play(card=1, target=1, guess=9)
    >>> str(parse_move("K3/51"))
    'K3/51'
    """
    if not isinstance(text, str):
        raise NotationError(f"{text!r} is not a move: expected text such as '1>B=9'")
    t = text.strip()
    if m := _DEAL.fullmatch(t):
        return Deal(SEATS.index(m[1]), tuple(int(c) for c in m[2]))
    if m := _PLAY.fullmatch(t):
        target = SEATS.index(m[2]) if m[2] else None
        guess = int(m[3]) if m[3] else None
        return Play(int(m[1]), target, guess)
    if m := _KEEP.fullmatch(t):
        return Keep(int(m[1]), tuple(int(c) for c in m[2]))
    raise NotationError(
        f"{text!r} is not a move: expected a deal ('DA' and the deck), a play "
        "('1>B=9', '4', '5>A') or a Chancellor's keep ('K3/51')"
    )
