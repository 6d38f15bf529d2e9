"""Move notation: the writer and the parser are inverses; malformed text is refused clearly.

Every distinct action and pick that can exist (the whole, finite move universe) is checked,
not a sample: ``parse_move(str(m)) == m``, ``str`` is canonical, and ``repr`` evaluates back.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest
from engine_support import position_with_hand

import hanamikoji
from hanamikoji import (
    FULL_DECK,
    Competition,
    CompetitionPick,
    Deal,
    Edition,
    Gift,
    GiftPick,
    HanamikojiError,
    Marker,
    Move,
    NotationError,
    Player,
    Secret,
    TradeOff,
    parse_cards,
    parse_move,
)


def names() -> dict[str, Any]:
    return {name: getattr(hanamikoji, name) for name in hanamikoji.__all__}


def every_move() -> list[Move]:
    """Every distinct action and pick the 21 cards allow, found without the engine's help."""
    moves: set[Move] = set()
    for size, build in ((1, lambda c: Secret(c[0])), (2, TradeOff), (3, Gift)):
        moves.update(build(c) for c in itertools.combinations(FULL_DECK, size))
    for a, b, c, d in itertools.combinations(FULL_DECK, 4):
        for split in (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))):
            moves.add(Competition(split))
    moves.update(GiftPick(g) for g in range(1, 8))
    moves.update(CompetitionPick(p) for p in itertools.combinations(FULL_DECK, 2))
    return sorted(moves, key=str)


def test_every_move_round_trips() -> None:
    moves = every_move()
    # 7 Secrets; 7 + C(7,2) = 28 Trade-offs; C(9,3) = 84 Gifts minus those needing 3 of
    # geisha 1, 2 or 3 = 81; 7 Gift picks; 28 Competition picks.
    counts = {kind: sum(isinstance(m, kind) for m in moves) for kind in (Secret, TradeOff, Gift)}
    assert counts == {Secret: 7, TradeOff: 28, Gift: 81}
    assert sum(isinstance(m, GiftPick) for m in moves) == 7
    assert sum(isinstance(m, CompetitionPick) for m in moves) == 28
    namespace = names()
    for move in moves:
        text = str(move)
        assert parse_move(text) == move, text
        assert str(parse_move(text)) == text
        assert eval(repr(move), namespace) == move, repr(move)
        assert hash(parse_move(text)) == hash(move)


def test_deals_round_trip() -> None:
    namespace = names()
    for seed in range(50):
        deal = hanamikoji.Game(seed=seed).deal()
        text = str(deal)
        assert re.fullmatch(r"D[1-7]{21}", text)
        assert parse_move(text) == deal == Deal(text[1:]) == Deal(deal.deck)
        assert eval(repr(deal), namespace) == deal
        assert deal.removed == deal.deck[0]


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("S3", "S3"),
        ("T51", "T15"),
        ("T15", "T15"),
        ("G762", "G267"),
        ("C67-12", "C12-67"),
        ("C21-76", "C12-67"),
        ("C76-21", "C12-67"),
        ("P76", "P67"),
        ("P6", "P6"),
    ],
)
def test_cards_in_a_group_are_written_in_ascending_order(text: str, canonical: str) -> None:
    assert str(parse_move(text)) == canonical
    assert parse_move(text) == parse_move(canonical)


def test_objects_and_text_are_interchangeable_in_apply() -> None:
    by_text = position_with_hand("1234567")
    by_object = position_with_hand("1234567")
    by_text.apply("C17-23")
    by_object.apply(Competition(((3, 2), (7, 1))))
    assert by_text.moves == by_object.moves and by_text.pending == by_object.pending


def test_parse_cards_keeps_the_order() -> None:
    assert parse_cards("726") == (7, 2, 6)
    assert parse_cards("") == ()


def test_marker_letters_round_trip() -> None:
    for size in range(5):
        for letters in itertools.combinations("STGC", size):
            text = "".join(letters)
            marker = Marker.parse(text)
            assert marker.letters == text
            assert Marker.parse(text.lower()) == marker
            assert Marker.parse(text[::-1]) == marker


def test_players_and_editions_parse() -> None:
    assert [Player.parse(x) for x in ("A", "b", 0, 1, Player.B)] == [
        Player.A,
        Player.B,
        Player.A,
        Player.B,
        Player.B,
    ]
    for edition in Edition:
        assert Edition.parse(edition.value) is edition


# ---------------------------------------------------------------------------- malformed text

# (text, a fragment the message must contain besides the quoted text)
MALFORMED = [
    ("", "is not a move"),
    ("   ", "is not a move"),
    ("S", "takes 1 card(s), got 0"),
    ("S8", "'8' at position 2"),
    ("S0", "'0' at position 2"),
    ("S12", "takes 1 card(s), got 2"),
    ("Sx", "'x' at position 2"),
    ("S３", "'３' at position 2"),  # noqa: RUF001 - a full-width digit is not a card
    ("S3 x", "' ' at position 3"),
    ("G 267", "' ' at position 2"),
    ("SS", "'S' at position 2"),
    ("ss", "'s' at position 2"),
    ("TT", "'T' at position 2"),
    ("T1", "takes 2 card(s), got 1"),
    ("T123", "takes 2 card(s), got 3"),
    ("T1x", "'x' at position 3"),
    ("G12", "takes 3 card(s), got 2"),
    ("G1234", "takes 3 card(s), got 4"),
    ("G111", "3 cards of geisha 1"),
    ("C12", "two pairs joined by '-'"),
    ("C1267", "two pairs joined by '-'"),
    ("C12-6", "takes 2 card(s), got 1"),
    ("C123-67", "takes 2 card(s), got 3"),
    ("C12-67-1", "two pairs joined by '-'"),
    ("C12--67", "two pairs joined by '-'"),
    ("C-", "takes 2 card(s), got 0"),
    ("C11-11", "4 cards of geisha 1"),
    ("C12-C", "'C' at position 5"),
    ("P", "one card (from a Gift) or one pair"),
    ("P123", "one card (from a Gift) or one pair"),
    ("Px", "'x' at position 2"),
    ("P0", "'0' at position 2"),
    ("P11", None),  # valid: a pair of two geisha-1 cards
    ("D", "takes 21 card(s), got 0"),
    ("D123", "takes 21 card(s), got 3"),
    ("D" + "1" * 21, "geisha 1: 21 instead of 2"),
    ("D" + "1" * 22, "takes 21 card(s), got 22"),
    ("X3", "unknown move kind 'X'"),
    ("3", "unknown move kind '3'"),
    ("ß", "unknown move kind 'ß'"),
]


@pytest.mark.parametrize(("text", "fragment"), MALFORMED, ids=[repr(t) for t, _ in MALFORMED])
def test_malformed_notation(text: str, fragment: str | None) -> None:
    if fragment is None:
        assert str(parse_move(text)) == text
        return
    with pytest.raises(NotationError) as error:
        parse_move(text)
    message = str(error.value)
    assert repr(text.strip()) in message, message  # the message quotes the input
    assert fragment in message, message
    assert isinstance(error.value, HanamikojiError) and isinstance(error.value, ValueError)


@pytest.mark.parametrize("value", [None, 3, b"S3", ["S3"], 2.5])
def test_non_text_is_not_a_move(value: object) -> None:
    with pytest.raises(NotationError, match=re.escape(repr(value))):
        parse_move(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("build", "fragment"),
    [
        (lambda: Secret(0), "Secret: 0 is not a card"),
        (lambda: Secret(True), "Secret: True is not a card"),
        (lambda: Secret("3"), "Secret: '3' is not a card"),
        (lambda: TradeOff((1, 1, 1)), "Trade-off: expected 2 cards"),
        (lambda: Gift((1, 2)), "Gift: expected 3 cards"),
        (lambda: Gift((7, 7, 8)), "Gift: 8 is not a card"),
        (lambda: Competition(((1, 2), (3,))), "Competition pair: expected 2 cards"),
        (lambda: Competition(((1, 1), (1, 2))), "3 cards of geisha 1"),
        (lambda: Competition(((1, 2), (3, 4), (5, 6))), "expected two pairs"),
        (lambda: GiftPick(8), "Gift pick: 8 is not a card"),
        (lambda: CompetitionPick((1,)), "Competition pick: expected 2 cards"),
        (lambda: Deal("1" * 21), "geisha 1: 21 instead of 2"),
        (lambda: Deal(FULL_DECK[:20]), "expected the 21 item cards"),
        (lambda: parse_cards("12a"), "'a' at position 3"),
        (lambda: parse_cards(12), "12 is not a card list"),
        (lambda: Marker.parse("SS"), "marker 'S' appears twice"),
        (lambda: Marker.parse("SX"), "'X' is not a marker"),
        (lambda: Player.parse("C"), "'C' is not a player"),
        (lambda: Player.parse(2), "2 is not a player"),
        (lambda: Edition.parse("chess"), "'chess' is not an edition"),
    ],
)
def test_malformed_values(build: Any, fragment: str) -> None:
    with pytest.raises(NotationError) as error:
        build()
    assert fragment in str(error.value)
