"""Bad input: illegal actions and impossible positions.

An illegal action raises ``IllegalActionError`` naming the rule broken (a rule ID of the
site) and leaves the game exactly as it was: every public observation, the moves, the
position, and the random generator (the next shuffle is unchanged).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from engine_support import ROUND_ONE_DECK, A, B, round_one, score_round, snapshot

from hanamikoji import (
    Deal,
    Game,
    HanamikojiError,
    IllegalActionError,
    NotationError,
    Phase,
    PositionError,
    Rule,
    parse_move,
)


def fresh() -> Game:
    return Game(seed=11)


def at_gift_pick() -> Game:
    game = round_one(0)
    game.apply("G123")  # B must take 1, 2 or 3
    return game


def at_competition_pick() -> Game:
    game = round_one(4)
    game.apply("C12-56")  # A must take 12 or 56
    return game


def over() -> Game:
    return score_round({"A": "11223666", "B": "34455777"})


STATES: dict[str, Callable[[], Game]] = {
    "before the deal": fresh,
    "A to act": lambda: round_one(0),
    "A to act, Gift and Trade-off used": lambda: round_one(6),
    "B to pick from a Gift": at_gift_pick,
    "A to pick from a Competition": at_competition_pick,
    "game over": over,
}

FULL_DEAL = "D" + ROUND_ONE_DECK[1:]

# (state, move, rule broken)
ILLEGAL = [
    ("before the deal", "S1", Rule.DEAL_FIRST),
    ("before the deal", "C12-67", Rule.DEAL_FIRST),
    ("before the deal", "P1", Rule.DEAL_FIRST),
    ("before the deal", "P12", Rule.DEAL_FIRST),
    ("A to act", "P1", Rule.DECISION_KIND),
    ("A to act", "P12", Rule.DECISION_KIND),
    ("A to act", FULL_DEAL, Rule.DEAL_FIRST),
    ("A to act", "G445", Rule.CARDS_FROM_HAND),
    ("A to act", "C11-23", Rule.CARDS_FROM_HAND),
    ("A to act", "T77", Rule.CARDS_FROM_HAND),
    ("A to act, Gift and Trade-off used", "G667", Rule.MARKER_ONCE),
    ("A to act, Gift and Trade-off used", "T67", Rule.MARKER_ONCE),
    ("A to act, Gift and Trade-off used", "S1", Rule.CARDS_FROM_HAND),
    ("B to pick from a Gift", "S7", Rule.DECISION_KIND),
    ("B to pick from a Gift", "P12", Rule.DECISION_KIND),
    ("B to pick from a Gift", FULL_DEAL, Rule.DEAL_FIRST),
    ("B to pick from a Gift", "P4", Rule.GIFT_PICK),
    ("B to pick from a Gift", "P7", Rule.GIFT_PICK),
    ("A to pick from a Competition", "P1", Rule.DECISION_KIND),
    ("A to pick from a Competition", "T12", Rule.DECISION_KIND),
    ("A to pick from a Competition", "P15", Rule.COMPETITION_PICK),
    ("A to pick from a Competition", "P26", Rule.COMPETITION_PICK),
    ("A to pick from a Competition", "P34", Rule.COMPETITION_PICK),
    ("game over", "S1", Rule.GAME_OVER),
    ("game over", "P1", Rule.GAME_OVER),
    ("game over", FULL_DEAL, Rule.GAME_OVER),
]


def full_state(game: Game) -> dict[str, Any]:
    """Every observation, plus what the next shuffle would give (the generator's state)."""
    state = snapshot(game)
    probe = game.copy()
    if probe.phase is Phase.DEAL:
        state["next shuffle"] = probe.deal()
    return state


@pytest.mark.parametrize(
    ("state", "text", "rule"), ILLEGAL, ids=[f"{s}: {t[:8]}" for s, t, _ in ILLEGAL]
)
def test_illegal_action(state: str, text: str, rule: Rule) -> None:
    for as_object in (False, True):
        game = STATES[state]()
        before = full_state(game)
        move = parse_move(text)
        with pytest.raises(IllegalActionError) as error:
            game.apply(move if as_object else text)
        assert error.value.rule is rule
        assert error.value.action == move
        message = str(error.value)
        assert str(move) in message, message  # the message quotes the move
        assert message.endswith(f"[rule {rule.value}]")
        assert isinstance(error.value, HanamikojiError) and isinstance(error.value, ValueError)
        assert full_state(game) == before, "an illegal action changed the game"


@pytest.mark.parametrize("state", ["A to act", "B to pick from a Gift"])
def test_dealing_twice_is_refused(state: str) -> None:
    game = STATES[state]()
    before = full_state(game)
    with pytest.raises(IllegalActionError) as error:
        game.deal()
    assert error.value.rule is Rule.DEAL_FIRST
    assert full_state(game) == before


def test_dealing_after_the_end_says_the_game_is_over() -> None:
    """``deal()`` after the last scoring names the rule that ended the game, as ``apply``
    does for a deal (see FINDINGS.md: it now says the cards are already dealt)."""
    game = over()
    before = full_state(game)
    with pytest.raises(IllegalActionError) as error:
        game.deal()
    assert full_state(game) == before
    assert error.value.rule is Rule.GAME_OVER, str(error.value)


@pytest.mark.parametrize(
    "deck",
    [
        "1" * 21,
        ROUND_ONE_DECK[1:20],
        ROUND_ONE_DECK[1:] + "7",
        (1, 2, 3),
        "D12x" + ROUND_ONE_DECK[4:],
    ],
)
def test_a_bad_deck_is_refused_before_anything_changes(deck: Any) -> None:
    game = fresh()
    before = full_state(game)
    with pytest.raises(NotationError):
        game.deal(deck)
    assert full_state(game) == before


@pytest.mark.parametrize("state", list(STATES))
def test_malformed_text_changes_nothing(state: str) -> None:
    game = STATES[state]()
    before = full_state(game)
    for text in ("S9", "G12", "", "hello"):
        with pytest.raises(NotationError):
            game.apply(text)
    assert full_state(game) == before


@pytest.mark.parametrize("state", list(STATES))
def test_something_that_is_not_a_move(state: str) -> None:
    """An object that is no move is a notation error in every phase (see FINDINGS.md: before
    the deal and after the end it is reported as an illegal action under a game rule)."""
    game = STATES[state]()
    before = full_state(game)
    with pytest.raises(NotationError):
        game.apply(42)  # type: ignore[arg-type]
    assert full_state(game) == before


def test_wrong_player_is_refused() -> None:
    """An action sent on behalf of the player whose turn it is not breaks the turn order
    (``player=`` says who sends it; test_rule_citations covers picks and deals sent by the
    wrong player)."""
    game = round_one(0)
    before = full_state(game)
    with pytest.raises(IllegalActionError) as error:
        game.apply("S7", player=B)  # type: ignore[call-arg]
    assert error.value.rule is Rule.TURN_ORDER
    assert full_state(game) == before
    game.apply("S7", player=A)  # type: ignore[call-arg]
    assert game.to_move is B


def test_game_over_state_is_final() -> None:
    game = over()
    assert game.phase is Phase.OVER and game.legal_actions() == () and game.to_move is None
    with pytest.raises(IllegalActionError) as error:
        game.apply("S1")
    assert error.value.rule is Rule.GAME_OVER


# ---------------------------------------------------------------------------- impossible positions

BASE: dict[str, Any] = {
    "used": {"A": "ST", "B": "S"},
    "hands": {"A": "12367", "B": "2345667"},
    "secrets": {"A": 7, "B": 1},
    "tradeoffs": {"A": "45", "B": ""},
    "removed": 4,
    "draw_pile": "5677",
}


def base(**changes: Any) -> dict[str, Any]:
    return {**BASE, **changes}


# (keyword arguments, the field the message must start with, a fragment of the message)
BAD_POSITIONS: list[tuple[str, dict[str, Any], str | None, str]] = [
    ("round 0", {"round_number": 0}, "round_number", "0"),
    ("round as text", {"round_number": "2"}, "round_number", "'2'"),
    ("round 4 in Kosmos", {"edition": "kosmos", "round_number": 4}, "round_number", "3 rounds"),
    ("round True", {"round_number": True}, "round_number", "True"),
    ("player C", {"starting": "C"}, "starting", "'C'"),
    ("3 favors", {"favors": "AAB"}, "favors", "'AAB'"),
    ("favor X", {"favors": "AAB..XA"}, "favors", "'X' at position 6"),
    ("favors 5", {"favors": 5}, "favors", "5"),
    ("favor of geisha 8", {"favors": {8: "A"}}, "favors", "8"),
    ("favor to Z", {"favors": {1: "Z"}}, "favors[1]", "'Z'"),
    ("hands not a mapping", {"hands": "123"}, "hands", "'123'"),
    ("hand of C", {"hands": {"C": "123"}}, "hands", "'C'"),
    ("table without hands", {"table": {"A": "1"}}, "table", "without hands"),
    ("card x", base(hands={"A": "12x67", "B": "2345667"}), "hands[A]", "'x' at position 3"),
    ("hand None", base(hands={"A": None, "B": "2345667"}), "hands[A]", "None"),
    ("marker X", base(used={"A": "SX", "B": "S"}), "used[A]", "'X'"),
    ("marker twice", base(used={"A": "SS", "B": "S"}), "used[A]", "twice"),
    ("Secret missing", base(secrets={"B": 1}), "secrets[A]", "Secret marker"),
    ("Secret not used", base(used={"A": "ST", "B": "T"}), "secrets[B]", "Secret marker"),
    ("secret x", base(secrets={"A": "x", "B": 1}), "secrets[A]", "'x'"),
    ("one Trade-off card", base(tradeoffs={"A": "4"}), "tradeoffs[A]", "'4'"),
    (
        "turn order",
        base(used={"A": "ST", "B": ""}, secrets={"A": 7}),
        "used",
        "got 2 for A, 0 for B",
    ),
    (
        # Every marker used is the end of a round (scored at once): no card may be in hand.
        "every marker used, cards in hand",
        base(
            used={"A": "STGC", "B": "STGC"},
            secrets={"A": 7, "B": 1},
            tradeoffs={"A": "45", "B": "66"},
        ),
        "hands[A]",
        "0 cards expected",
    ),
    (
        "pending offer not among the last mover's markers",
        base(pending="G123"),
        "pending",
        "must include 'G'",
    ),
    ("pending is not an offer", base(pending="S1"), "pending", "Gift or a Competition"),
    ("hand too small", base(hands={"A": "1236", "B": "2345667"}), "hands[A]", "got 4"),
    ("table too big", base(table={"A": "5"}), "table", "got 1"),
    ("removed 8", base(removed=8), "removed", "'8'"),
    ("removed 1 (none left)", base(removed=1), "removed", "geisha 1"),
    ("two removed", base(removed="45"), "removed", "got 2"),
    ("pile of 3", base(draw_pile="567"), "draw_pile", "got 3"),
    ("pile with a 1", base(draw_pile="1677"), "draw_pile", "geisha 1"),
    ("pile 5.5", base(draw_pile=5.5), "draw_pile", "5.5"),
    # Nobody can get all three cards of their own Gift: the opponent takes one.
    (
        "Gift all on one side",
        {
            "used": {"A": "G", "B": ""},
            "hands": {"A": "1234", "B": "1234567"},
            "table": {"A": "567", "B": ""},
            "seed": 1,
        },
        "table",
        "A",
    ),
    # Too many cards of one geisha in all: no single field is to blame.
    ("five 7s and more", base(hands={"A": "77777", "B": "2345667"}), None, "geisha 7"),
]


@pytest.mark.parametrize(
    ("kwargs", "field", "fragment"),
    [case[1:] for case in BAD_POSITIONS],
    ids=[case[0] for case in BAD_POSITIONS],
)
def test_impossible_position(kwargs: dict[str, Any], field: str | None, fragment: str) -> None:
    with pytest.raises(PositionError) as error:
        Game.from_position(**kwargs)
    message = str(error.value)
    if field is not None:
        assert message.startswith(field + ":"), message
    assert fragment in message, message


def test_base_position_is_valid() -> None:
    game = Game.from_position(**BASE)
    assert game.to_move is B and game.phase is Phase.ACTION
    assert game.hand(B) == (2, 3, 4, 5, 6, 6, 7) and game.draw_pile == (5, 6, 7, 7)


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        ([], "a position is a JSON object, got list"),
        ({"round": 1, "x": 2}, "unknown position field(s): x"),
        ({"round": 1, "starting": "A", "favors": "", "hands": "x"}, "hands:"),
    ],
)
def test_impossible_position_from_json(data: Any, fragment: str) -> None:
    from hanamikoji import Position

    with pytest.raises(PositionError) as error:
        Position.from_json(data)
    assert fragment in str(error.value)


def test_deal_object_and_text_are_the_same_deal() -> None:
    by_text, by_object = Game(), Game()
    assert by_text.deal(ROUND_ONE_DECK) == by_object.deal(Deal(ROUND_ONE_DECK[1:]))
    assert snapshot(by_text) == snapshot(by_object)
