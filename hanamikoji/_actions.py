"""Actions, responses and deals, with their notation (parser and writer).

A card is written as the number of its geisha, 1 to 7 in table order. ``S3`` is a Secret,
``T15`` a Trade-off, ``G267`` a Gift, ``C12-67`` a Competition split into the pairs 12 and 67,
``P6`` / ``P67`` the opponent's pick from a Gift / Competition, and ``D`` followed by 21
digits a deal (the deck from the top: removed card, starting player's hand, other hand, draw
pile). Cards inside a group are written in ascending order; the parser accepts any order.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import ClassVar, TypeAlias

from hanamikoji._constants import (
    COMPETITION_CARDS,
    GEISHA_CHARMS,
    GIFT_CARDS,
    NUM_GEISHAS,
    NUM_ITEM_CARDS,
    TRADEOFF_CARDS,
)
from hanamikoji._errors import NotationError

GEISHAS = range(1, NUM_GEISHAS + 1)
"""The geisha (and card) numbers, 1 to 7 in table order."""

FULL_DECK: tuple[int, ...] = tuple(sorted(g for g in GEISHAS for _ in range(GEISHA_CHARMS[g - 1])))
"""The 21 item cards, sorted."""


def charm(geisha: int) -> int:
    """The charm points of a geisha (and the number of her item cards).

    >>> [charm(g) for g in GEISHAS]
    [2, 2, 2, 3, 3, 4, 5]
    """
    return GEISHA_CHARMS[geisha - 1]


def _card(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= NUM_GEISHAS:
        raise NotationError(f"{what}: {value!r} is not a card: expected a geisha number 1 to 7")
    return value


def _cards(values: object, size: int, what: str) -> tuple[int, ...]:
    if isinstance(values, str):
        values = parse_cards(values)
    if not isinstance(values, (tuple, list)) or len(values) != size:
        raise NotationError(f"{what}: expected {size} cards, got {values!r}")
    cards = tuple(sorted(_card(v, what) for v in values))
    counts = Counter(cards)
    for g, n in counts.items():
        if n > charm(g):
            raise NotationError(f"{what}: {n} cards of geisha {g}, but she has only {charm(g)}")
    return cards


def _need(cards: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(Counter(cards).items()))


def _digits(cards: tuple[int, ...]) -> str:
    return "".join(map(str, cards))


@dataclass(frozen=True, slots=True)
class Secret:
    """Put one card face down under the Secret marker; it scores at the end of the round.

    >>> Secret(3)
    Secret(3)
    >>> str(Secret(3))
    'S3'
    """

    card: int
    _need: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)
    marker: ClassVar[int] = 1

    def __post_init__(self) -> None:
        object.__setattr__(self, "card", _card(self.card, "Secret"))
        object.__setattr__(self, "_need", ((self.card, 1),))

    @property
    def cards(self) -> tuple[int, ...]:
        """The card used, as a one-card tuple."""
        return (self.card,)

    def __str__(self) -> str:
        return f"S{self.card}"

    def __repr__(self) -> str:
        return f"Secret({self.card})"


@dataclass(frozen=True, slots=True)
class TradeOff:
    """Put two cards face down under the Trade-off marker; they never score.

    >>> TradeOff((5, 1))
    TradeOff((1, 5))
    """

    cards: tuple[int, ...]
    _need: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)
    marker: ClassVar[int] = 2

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _cards(self.cards, TRADEOFF_CARDS, "Trade-off"))
        object.__setattr__(self, "_need", _need(self.cards))

    def __str__(self) -> str:
        return f"T{_digits(self.cards)}"

    def __repr__(self) -> str:
        return f"TradeOff({self.cards!r})"


@dataclass(frozen=True, slots=True)
class Gift:
    """Offer three cards face up; the opponent takes one, the actor keeps the other two.

    >>> str(Gift((7, 2, 6)))
    'G267'
    """

    cards: tuple[int, ...]
    _need: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)
    marker: ClassVar[int] = 4

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _cards(self.cards, GIFT_CARDS, "Gift"))
        object.__setattr__(self, "_need", _need(self.cards))

    def __str__(self) -> str:
        return f"G{_digits(self.cards)}"

    def __repr__(self) -> str:
        return f"Gift({self.cards!r})"


@dataclass(frozen=True, slots=True)
class Competition:
    """Offer four cards face up as two pairs; the opponent takes a pair, the actor the other.

    >>> Competition(((7, 6), (2, 1)))
    Competition(((1, 2), (6, 7)))
    >>> str(_)
    'C12-67'
    """

    pairs: tuple[tuple[int, ...], tuple[int, ...]]
    _need: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)
    marker: ClassVar[int] = 8

    def __post_init__(self) -> None:
        pairs = self.pairs
        if not isinstance(pairs, (tuple, list)) or len(pairs) != 2:
            raise NotationError(f"Competition: expected two pairs of cards, got {pairs!r}")
        first, second = sorted(_cards(p, 2, "Competition pair") for p in pairs)
        cards = _cards(first + second, COMPETITION_CARDS, "Competition")
        object.__setattr__(self, "pairs", (first, second))
        object.__setattr__(self, "_need", _need(cards))

    @property
    def cards(self) -> tuple[int, ...]:
        """The four cards, sorted."""
        return tuple(sorted(self.pairs[0] + self.pairs[1]))

    def __str__(self) -> str:
        return f"C{_digits(self.pairs[0])}-{_digits(self.pairs[1])}"

    def __repr__(self) -> str:
        return f"Competition({self.pairs!r})"


@dataclass(frozen=True, slots=True)
class GiftPick:
    """The opponent's answer to a Gift: the card they take.

    >>> GiftPick(6)
    GiftPick(6)
    """

    card: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "card", _card(self.card, "Gift pick"))

    def __str__(self) -> str:
        return f"P{self.card}"

    def __repr__(self) -> str:
        return f"GiftPick({self.card})"


@dataclass(frozen=True, slots=True)
class CompetitionPick:
    """The opponent's answer to a Competition: the pair they take.

    >>> str(CompetitionPick((7, 6)))
    'P67'
    """

    pair: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "pair", _cards(self.pair, 2, "Competition pick"))

    def __str__(self) -> str:
        return f"P{_digits(self.pair)}"

    def __repr__(self) -> str:
        return f"CompetitionPick({self.pair!r})"


@dataclass(frozen=True, slots=True)
class Deal:
    """The chance event that starts a round: the shuffled deck, from the top.

    The first card is removed unseen, the next six form the starting player's hand, the next
    six the other player's hand, and the last eight the draw pile (top card first).
    """

    deck: tuple[int, ...]

    def __post_init__(self) -> None:
        deck = self.deck
        if isinstance(deck, str):
            deck = parse_cards(deck)
        if not isinstance(deck, (tuple, list)) or len(deck) != NUM_ITEM_CARDS:
            size = len(deck) if isinstance(deck, (tuple, list)) else deck
            raise NotationError(f"Deal: expected the {NUM_ITEM_CARDS} item cards, got {size!r}")
        deck = tuple(_card(c, "Deal") for c in deck)
        if tuple(sorted(deck)) != FULL_DECK:
            counts = Counter(deck)
            wrong = ", ".join(
                f"geisha {g}: {counts[g]} instead of {charm(g)}"
                for g in GEISHAS
                if counts[g] != charm(g)
            )
            raise NotationError(f"Deal: the deck must hold each geisha's cards once ({wrong})")
        object.__setattr__(self, "deck", deck)

    @property
    def removed(self) -> int:
        """The card put back in the box unseen."""
        return self.deck[0]

    @property
    def digits(self) -> str:
        """The deck as 21 digits, top card first; :meth:`from_digits` reads it back.

        >>> deal = Deal.from_digits("777535161745646624273")
        >>> deal.digits, Deal.from_digits(deal.digits) == deal, deal.removed
        ('777535161745646624273', True, 7)
        """
        return _digits(self.deck)

    @classmethod
    def from_digits(cls, text: str) -> Deal:
        """A deal from its 21 digits (:attr:`digits`), with or without the notation's ``D``.

        Raises:
            NotationError: not 21 digits 1 to 7 holding each geisha's item cards once.
        """
        if not isinstance(text, str):
            raise NotationError(f"Deal: expected 21 digits 1 to 7, got {text!r}")
        digits = text[1:] if text[:1] in ("D", "d") else text
        return cls(parse_cards(digits))

    def __str__(self) -> str:
        return f"D{_digits(self.deck)}"

    def __repr__(self) -> str:
        return f"Deal({_digits(self.deck)!r})"


Action: TypeAlias = Secret | TradeOff | Gift | Competition
"""One of the four actions a player takes on their turn."""
Response: TypeAlias = GiftPick | CompetitionPick
"""The opponent's decision after a Gift or a Competition."""
Move: TypeAlias = Action | Response | Deal
"""Anything a game record holds: an action, a response or a deal."""


def parse_cards(text: str) -> tuple[int, ...]:
    """Cards written as geisha numbers (``"267"``), in the order given.

    >>> parse_cards("726")
    (7, 2, 6)
    """
    if not isinstance(text, str):
        raise NotationError(f"{text!r} is not a card list: expected digits 1 to 7")
    for i, ch in enumerate(text):
        if ch not in "1234567":
            raise NotationError(
                f"{text!r}: {ch!r} at position {i + 1} is not a card: expected a digit 1 to 7"
            )
    return tuple(int(ch) for ch in text)


def parse_move(text: str) -> Move:
    """Read one move in notation. The inverse of ``str(move)``.

    >>> parse_move("C67-12")
    Competition(((1, 2), (6, 7)))
    >>> parse_move("G2x7")
    Traceback (most recent call last):
    ...
    hanamikoji._errors.NotationError: 'G2x7': 'x' at position 3 is not a card: ...
    """
    if not isinstance(text, str):
        raise NotationError(f"{text!r} is not a move: expected text such as 'S3' or 'G267'")
    move = text.strip()
    if not move:
        raise NotationError("'' is not a move: expected text such as 'S3' or 'G267'")
    kind, body = move[0].upper(), move[1:]
    try:
        if kind == "S":
            (card,) = _exactly(body, 1, move, "a Secret", 1)
            return Secret(card)
        if kind == "T":
            return TradeOff(_exactly(body, TRADEOFF_CARDS, move, "a Trade-off", 1))
        if kind == "G":
            return Gift(_exactly(body, GIFT_CARDS, move, "a Gift", 1))
        if kind == "C":
            halves = body.split("-")
            if len(halves) != 2:
                raise NotationError(
                    f"{move!r}: a Competition is written as two pairs joined by '-', like 'C12-67'"
                )
            a = _exactly(halves[0], 2, move, "a Competition pair", 1)
            b = _exactly(halves[1], 2, move, "a Competition pair", 2 + len(halves[0]))
            return Competition((a, b))
        if kind == "P":
            if len(body) not in (1, 2):
                raise NotationError(
                    f"{move!r}: a pick is one card (from a Gift) or one pair (from a Competition)"
                )
            if len(body) == 1:
                return GiftPick(_exactly(body, 1, move, "a Gift pick", 1)[0])
            return CompetitionPick(_exactly(body, 2, move, "a pick (one card or one pair)", 1))
        if kind == "D":
            return Deal(_exactly(body, NUM_ITEM_CARDS, move, "a deal", 1))
    except NotationError as error:
        message = str(error)
        if message.startswith(repr(move)):
            raise
        raise NotationError(f"{move!r}: {message}") from None
    raise NotationError(
        f"{move!r}: unknown move kind {move[0]!r}: expected S, T, G or C (actions), "
        "P (a pick) or D (a deal)"
    )


def _exactly(body: str, size: int, move: str, what: str, offset: int) -> tuple[int, ...]:
    """Cards of ``body``, which starts at index ``offset`` of ``move`` (for error positions)."""
    for i, ch in enumerate(body):
        if ch not in "1234567":
            raise NotationError(
                f"{move!r}: {ch!r} at position {offset + i + 1} is not a card: "
                "expected a digit 1 to 7"
            )
    cards = parse_cards(body)
    if len(cards) != size:
        raise NotationError(f"{move!r}: {what} takes {size} card(s), got {len(cards)}")
    return cards
