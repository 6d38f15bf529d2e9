"""Legal action generation: order, distinctness, a brute-force cross-check, golden counts.

The brute force works on the actual cards of a hand (``itertools`` over positions in the
hand, so two identical cards are two different choices) and collapses the choices that
differ only by which identical card is used: that set is what the engine must list, once
each, in its documented order (Secret, Trade-off, Gift, Competition; ascending cards).
"""

from __future__ import annotations

import itertools
import random

import pytest
from engine_support import A, B, position_with_hand, random_game, random_position

from hanamikoji import (
    Action,
    Competition,
    CompetitionPick,
    Game,
    Gift,
    GiftPick,
    Marker,
    Phase,
    Player,
    Secret,
    TradeOff,
)

KIND_ORDER = {Secret: 0, TradeOff: 1, Gift: 2, Competition: 3}


def order_key(action: Action) -> tuple[object, ...]:
    key: tuple[object, ...] = (KIND_ORDER[type(action)], action.cards)
    if isinstance(action, Competition):
        key += (action.pairs,)
    return key


def brute_force(hand: tuple[int, ...], used: Marker) -> list[Action]:
    """Every action of a hand, from every choice of physical cards, duplicates collapsed."""
    found: set[Action] = set()
    if not used & Marker.SECRET:
        found.update(Secret(c) for c in hand)
    if not used & Marker.TRADE_OFF:
        found.update(TradeOff(pair) for pair in itertools.combinations(hand, 2))
    if not used & Marker.GIFT:
        found.update(Gift(three) for three in itertools.combinations(hand, 3))
    if not used & Marker.COMPETITION:
        for a, b, c, d in itertools.combinations(hand, 4):
            for split in (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))):
                found.add(Competition(split))
    return sorted(found, key=order_key)


def check_legal(game: Game) -> tuple[Action, ...]:
    p = game.to_move
    assert p is not None and game.phase is Phase.ACTION
    legal = game.legal_actions()
    assert len(set(legal)) == len(legal), "duplicate actions"
    assert list(legal) == brute_force(game.hand(p), game.used_markers(p))
    assert game.legal_actions() == legal  # asking twice gives the same answer
    return legal  # type: ignore[return-value]


def test_matches_brute_force_on_thousands_of_positions() -> None:
    rng = random.Random(2026)
    kinds_seen: set[tuple[int, str]] = set()
    for _ in range(2000):
        kwargs = random_position(rng)
        game = Game.from_position(**kwargs)
        check_legal(game)
        p = game.to_move
        assert p is not None
        kinds_seen.add((len(game.hand(p)), game.used_markers(p).letters))
    # Every (hand size, markers used) combination the rules allow came up.
    assert len(kinds_seen) >= 15


def test_matches_brute_force_in_played_games() -> None:
    for seed in range(80):
        game = Game(seed=seed, auto_deal=True)
        rng = random.Random(seed)
        while not game.is_over():
            if game.phase is Phase.ACTION:
                check_legal(game)
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])


def test_every_listed_action_applies() -> None:
    rng = random.Random(7)
    for _ in range(300):
        game = Game.from_position(**random_position(rng))
        actor = game.to_move
        assert actor is not None
        for action in game.legal_actions():
            after = game.copy()
            after.apply(action)
            assert after.moves[-1] == action
            if after.rounds == game.rounds:  # (the round's last action scores and resets)
                used = game.used_markers(actor) | Marker(action.marker)
                assert after.used_markers(actor) == used
            if isinstance(action, (Gift, Competition)):
                assert after.phase is (
                    Phase.GIFT_PICK if isinstance(action, Gift) else Phase.COMPETITION_PICK
                )
                assert after.to_move is actor.other and after.pending == action
                for pick in after.legal_actions():
                    done = after.copy()
                    done.apply(pick)
                    assert done.pending is None


# Golden counts, derived by hand (not by the engine):
#
# 1234567, nothing used: 7 Secrets; C(7,2) = 21 Trade-offs; C(7,3) = 35 Gifts;
#   C(7,4) = 35 sets of four, each split 3 ways into pairs = 105 Competitions.   Total 168.
# 6677777 (two 6s, five 7s), nothing used: Secret 6, 7 (2); Trade-off 66, 67, 77 (3);
#   Gift 667, 677, 777 (3); Competition 6677 -> 66|77, 67|67; 6777 -> 67|77; 7777 -> 77|77 (4).
#   Total 12.
# 1122334, nothing used: Secret 1, 2, 3, 4 (4). Trade-off: the 10 pairs of four kinds minus
#   44 (only one 4) = 9. Gift: the 20 multisets of 3 from four kinds minus 111, 222, 333
#   (two of each) and 44x (x = 1..4) = 13. Competition: aabb with a, b in {1,2,3}: 3 sets x 2
#   splits (aa|bb, ab|ab) = 6; aabc, a in {1,2,3}, {b,c} from the three others: 9 sets x 2
#   splits (aa|bc, ab|ac) = 18; 1234: 3 splits. 27. Total 4 + 9 + 13 + 27 = 53.
# 1122334 with the Secret used: 53 - 4 = 49.
# Last turns: 1267 with only the Competition left -> 3 splits; 6677 -> 66|77, 67|67 = 2;
#   7777 -> 1; 12 with only the Trade-off left -> 1; 5 with only the Secret left -> 1.
GOLDEN_COUNTS = [
    ("1234567", "", 168),
    ("6677777", "", 12),
    ("1122334", "", 53),
    ("1122334", "S", 49),
    ("1267", "STG", 3),
    ("6677", "STG", 2),
    ("7777", "STG", 1),
    ("12", "SGC", 1),
    ("5", "TGC", 1),
]


@pytest.mark.parametrize(("hand", "used", "count"), GOLDEN_COUNTS)
def test_golden_counts(hand: str, used: str, count: int) -> None:
    game = position_with_hand(hand, used)
    assert game.to_move is A and game.hand(A) == tuple(int(c) for c in hand)
    assert len(game.legal_actions()) == count
    check_legal(game)


def test_golden_lists() -> None:
    game = position_with_hand("6677777")
    assert [str(a) for a in game.legal_actions()] == [
        "S6", "S7",
        "T66", "T67", "T77",
        "G667", "G677", "G777",
        "C66-77", "C67-67", "C67-77", "C77-77",
    ]  # fmt: skip
    game = position_with_hand("1267", "STG")
    assert [str(a) for a in game.legal_actions()] == ["C12-67", "C16-27", "C17-26"]


def test_identical_cards_make_one_action() -> None:
    game = position_with_hand("6677777")
    legal = game.legal_actions()
    assert legal.count(Gift((6, 7, 7))) == 1
    assert legal.count(Competition(((6, 7), (6, 7)))) == 1
    assert legal.count(Secret(7)) == 1


def test_order_does_not_depend_on_how_the_hand_came() -> None:
    first = position_with_hand("1122334", "S", seed=1).legal_actions()
    second = position_with_hand("4332211", "S", seed=2).legal_actions()
    assert first == second


@pytest.mark.parametrize(
    ("hand", "offer", "picks"),
    [
        ("1234567", "G123", ["P1", "P2", "P3"]),
        ("6677777", "G667", ["P6", "P7"]),
        ("6677777", "G777", ["P7"]),
        ("6677777", "C66-77", ["P66", "P77"]),
        ("6677777", "C67-67", ["P67"]),
        ("1234567", "C17-23", ["P17", "P23"]),
    ],
)
def test_picks_after_gift_and_competition(hand: str, offer: str, picks: list[str]) -> None:
    game = position_with_hand(hand)
    game.apply(offer)
    assert game.to_move is B
    assert [str(p) for p in game.legal_actions()] == picks
    assert all(isinstance(p, (GiftPick, CompetitionPick)) for p in game.legal_actions())
    for pick in game.legal_actions():
        after = game.copy()
        after.apply(pick)
        assert after.to_move is B and after.phase is Phase.ACTION  # B's own turn comes next


def test_no_decision_at_a_deal_or_after_the_end() -> None:
    game = Game(seed=1)
    assert game.legal_actions() == ()
    game = random_game(3)
    assert game.is_over() and game.legal_actions() == ()


def test_there_is_always_a_decision_during_a_round() -> None:
    for seed in range(100):
        game = Game(seed=seed, auto_deal=True)
        rng = random.Random(seed)
        while not game.is_over():
            legal = game.legal_actions()
            assert legal, f"seed {seed}: no decision in phase {game.phase.name}"
            assert game.to_move in (Player.A, Player.B)
            game.apply(rng.choice(legal))
