"""Cards, variants, decks and token targets of Love Letter (2019 edition, Z-Man Games)."""

from __future__ import annotations

from enum import IntEnum, StrEnum
from functools import cache

from loveletter._errors import NotationError, SetupError


class Card(IntEnum):
    """A character card; its value is the number printed on it (higher is closer to the
    Princess)."""

    SPY = 0
    GUARD = 1
    PRIEST = 2
    BARON = 3
    HANDMAID = 4
    PRINCE = 5
    CHANCELLOR = 6
    KING = 7
    COUNTESS = 8
    PRINCESS = 9

    @property
    def title(self) -> str:
        """The English name printed on the card."""
        return self.name.capitalize()

    @classmethod
    def parse(cls, text: object) -> Card:
        """A card from its number (``3`` or ``"3"``) or its English name (``"baron"``)."""
        if isinstance(text, int) and not isinstance(text, bool) and 0 <= text <= 9:
            return cls(text)
        if isinstance(text, str):
            t = text.strip()
            if len(t) == 1 and t.isdigit():
                return cls(int(t))
            if t.upper() in cls.__members__:
                return cls[t.upper()]
        raise NotationError(f"{text!r} is not a card: expected a number 0-9 or a card name")


class Variant(StrEnum):
    """Which deck the game uses."""

    STANDARD = "standard"
    """The 2019 game: 21 cards, 2 to 6 players."""
    CLASSIC = "classic"
    """The 2019 rulebook's classic game: 16 cards (no Spy, no Chancellor, one Guard fewer),
    2 to 4 players, every other rule unchanged."""

    @classmethod
    def parse(cls, text: object) -> Variant:
        """A variant from its name."""
        if isinstance(text, Variant):
            return text
        if isinstance(text, str) and text.strip().lower() in {v.value for v in cls}:
            return cls(text.strip().lower())
        raise NotationError(f"{text!r} is not a variant: expected 'standard' or 'classic'")


_COUNTS: dict[Variant, dict[Card, int]] = {
    Variant.STANDARD: {
        Card.SPY: 2,
        Card.GUARD: 6,
        Card.PRIEST: 2,
        Card.BARON: 2,
        Card.HANDMAID: 2,
        Card.PRINCE: 2,
        Card.CHANCELLOR: 2,
        Card.KING: 1,
        Card.COUNTESS: 1,
        Card.PRINCESS: 1,
    },
    Variant.CLASSIC: {
        Card.GUARD: 5,
        Card.PRIEST: 2,
        Card.BARON: 2,
        Card.HANDMAID: 2,
        Card.PRINCE: 2,
        Card.KING: 1,
        Card.COUNTESS: 1,
        Card.PRINCESS: 1,
    },
}

PLAYER_COUNTS: dict[Variant, range] = {
    Variant.STANDARD: range(2, 7),
    Variant.CLASSIC: range(2, 5),
}
"""How many players each variant allows."""

TOKENS_TO_WIN: dict[int, int] = {2: 6, 3: 5, 4: 4, 5: 3, 6: 3}
"""Favor tokens that win the game, by number of players (the classic game uses the same
table: the 2019 rulebook changes only its deck)."""


def card_counts(variant: Variant | str) -> dict[Card, int]:
    """How many copies of each card the variant's deck holds."""
    return dict(_COUNTS[Variant.parse(variant)])


@cache
def full_deck(variant: Variant | str) -> tuple[int, ...]:
    """Every card of the variant's deck, sorted."""
    return tuple(sorted(int(c) for c, n in _COUNTS[Variant.parse(variant)].items()
                        for _ in range(n)))


@cache
def guesses(variant: Variant | str) -> tuple[int, ...]:
    """The cards a Guard may name in this variant: every character of its deck but the Guard."""
    return tuple(int(c) for c in _COUNTS[Variant.parse(variant)] if c is not Card.GUARD)


def check_players(players: int, variant: Variant) -> None:
    """Raise :class:`SetupError` unless the variant allows this many players."""
    allowed = PLAYER_COUNTS[variant]
    if isinstance(players, bool) or not isinstance(players, int) or players not in allowed:
        raise SetupError(
            f"players: {players!r} is not allowed in the {variant.value} game "
            f"({allowed.start} to {allowed.stop - 1})"
        )


SEATS = "ABCDEF"
"""Seat letters, in turn order (play goes from A to B and on, clockwise)."""


def seat(index: int) -> str:
    """The letter of a seat."""
    return SEATS[index]
