"""One test (at least) for every rule of the rulebook.

Each test names the rules it checks with ``@rules(...)``: the IDs of ``locales/structure.yml``,
the same IDs as the anchors of the rules site. ``test_every_rule_has_a_test`` checks that no
rule of the site is left without a test.

Situations are built with explicit decks (``"D"`` + 21 digits: removed card, starting
player's six, other player's six, draw pile from the top) or with ``Game.from_position`` (see
``engine_support.last_turn``: a round's last decision, set up so that each side holds chosen
cards at scoring). Outcomes and states are asserted exactly.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest
from engine_support import (
    EDITIONS,
    ROUND_ONE,
    ROUND_ONE_DECK,
    ROUND_ONE_SCORE,
    A,
    B,
    all_cards,
    last_turn,
    round_one,
    score_round,
    snapshot,
    view_state,
)

from hanamikoji import (
    FACTS,
    FULL_DECK,
    GEISHA_CHARMS,
    GEISHAS,
    Competition,
    CompetitionPick,
    Edition,
    Game,
    Gift,
    GiftPick,
    IllegalActionError,
    Marker,
    NotationError,
    Outcome,
    Phase,
    Player,
    PositionError,
    Reason,
    Rule,
    Secret,
    TradeOff,
    View,
    charm,
)

F = TypeVar("F", bound=Callable[..., Any])
RULES_TESTED: dict[str, list[str]] = {}


def rules(*ids: str) -> Callable[[F], F]:
    """Mark a test as checking these rules (IDs of locales/structure.yml)."""

    def mark(test: F) -> F:
        for rule_id in ids:
            RULES_TESTED.setdefault(rule_id, []).append(test.__name__)
        return test

    return mark


def outcome(
    reason: Reason,
    winners: tuple[Player, ...],
    geishas: tuple[int, int],
    charm_points: tuple[int, int],
    round_number: int,
) -> Outcome:
    return Outcome(reason, winners, geishas, charm_points, round_number)


def refuses(game: Game, moves: tuple[str, ...], rule: Rule) -> None:
    """Each of ``moves`` is refused, naming ``rule``, and leaves the game as it was."""
    before = snapshot(game)
    for move in moves:
        with pytest.raises(IllegalActionError) as error:
            game.apply(move)
        assert error.value.rule is rule
        assert snapshot(game) == before


def charm_of(owners: tuple[Player | None, ...], player: Player) -> int:
    return sum(charm(g) for g, owner in zip(GEISHAS, owners, strict=True) if owner is player)


# ---------------------------------------------------------------------------- overview, components


@rules("overview-players", "setup-starting-player", "setup-sides")
def test_two_players_and_a_starts_the_first_round() -> None:
    assert FACTS["players"] == 2 and list(Player) == [A, B]
    assert A.other is B and B.other is A
    game = Game()
    assert game.starting_player is A and game.phase is Phase.DEAL and game.to_move is None
    game.deal(ROUND_ONE_DECK)
    assert game.to_move is A
    # Each player has a side of their own: a Gift puts cards on both, separately.
    game.apply("G123")
    game.apply("P2")
    assert (game.table(A), game.table(B)) == ((1, 3), (2,))


@rules("overview-favor", "overview-aim", "overview-rounds", "scoring-compare", "scoring-more-wins")
def test_round_one_scoring_geisha_by_geisha() -> None:
    game = round_one()
    assert game.rounds == (ROUND_ONE_SCORE,)
    assert game.favors == (None, B, None, B, A, None, A)
    assert (game.geishas(A), game.charm(A), game.geishas(B), game.charm(B)) == (2, 8, 2, 5)
    # Nobody reached 4 geishas or 11 charm points: the game goes on to a second round.
    assert (FACTS["win_geishas"], FACTS["win_charm"]) == (4, 11)
    assert game.outcome is None and game.round_number == 2 and game.phase is Phase.DEAL


@rules("components-geishas", "components-charm", "setup-row", "setup-row-order")
def test_seven_geishas_in_charm_order() -> None:
    assert FACTS["geishas"] == 7 and list(GEISHAS) == [1, 2, 3, 4, 5, 6, 7]
    assert GEISHA_CHARMS == (2, 2, 2, 3, 3, 4, 5)
    assert [charm(g) for g in GEISHAS] == [2, 2, 2, 3, 3, 4, 5]
    assert list(GEISHA_CHARMS) == sorted(GEISHA_CHARMS)  # the row goes from lowest to highest
    assert FACTS["charm_total"] == sum(GEISHA_CHARMS) == 21


@rules("components-items", "setup-item-pile")
def test_twenty_one_item_cards_as_many_per_geisha_as_her_charm() -> None:
    assert FACTS["item_cards"] == len(FULL_DECK) == 21
    assert Counter(FULL_DECK) == {g: charm(g) for g in GEISHAS}
    assert list(FULL_DECK) == sorted(FULL_DECK)


@rules("components-victory-markers", "setup-victory-markers", "totals-geishas")
def test_victory_markers_start_in_the_centre() -> None:
    game = Game()
    assert game.favors == (None,) * 7
    assert [game.favor(g) for g in GEISHAS] == [None] * 7
    assert (game.geishas(A), game.geishas(B), game.charm(A), game.charm(B)) == (0, 0, 0, 0)


@rules("components-action-markers", "setup-action-markers")
def test_four_action_markers_each_unused_at_the_start() -> None:
    assert FACTS["action_markers"] == 4 and len(Marker) == 4
    assert Marker.parse("STGC").letters == "STGC"
    game = Game()
    game.deal(ROUND_ONE_DECK)
    assert game.used_markers(A) == game.used_markers(B) == Marker(0)
    kinds = {type(a) for a in game.legal_actions()}
    assert kinds == {Secret, TradeOff, Gift, Competition}


# ---------------------------------------------------------------------------- round and deal


@rules("round-phase-order", "scoring-start", "update-next-round")
def test_round_phases_come_in_order() -> None:
    game = Game()
    phases = [game.phase]
    game.deal(ROUND_ONE_DECK)
    for move in ROUND_ONE:
        phases.append(game.phase)
        assert not game.rounds, "scoring before the last turn"
        game.apply(move)
    phases.append(game.phase)
    deal, action, gift, comp = Phase.DEAL, Phase.ACTION, Phase.GIFT_PICK, Phase.COMPETITION_PICK
    assert phases == [
        deal,
        action, gift, action, action, action, comp,
        action, action, gift, action, comp, action,
        deal,
    ]  # fmt: skip
    assert len(game.rounds) == 1 and game.round_number == 2  # scored, next round waits for a deal


@rules("round-starting-player", "actions-turn-order", "update-starting-player")
def test_starting_player_alternates() -> None:
    game = round_one()
    # A won more charm in round 1; B starts round 2 all the same (the role just alternates).
    assert game.charm(A) > game.charm(B)
    assert game.starting_player is B
    deck = "1" + "234567" + "124567" + "34567677"
    game.deal(deck)
    assert game.to_move is B
    assert game.hand(B) == (2, 3, 3, 4, 5, 6, 7)  # deck[1:7] plus the first card of the pile
    assert game.hand(A) == (1, 2, 4, 5, 6, 7)  # deck[7:13]
    # Over whole games: A starts the odd rounds and B the even ones, whoever wins them.
    for seed in range(40):
        game = Game(seed=seed)
        starters = []
        while not game.is_over():
            if game.phase is Phase.DEAL:
                starters.append(game.starting_player)
                game.deal()
                assert game.to_move is starters[-1]
            else:
                game.apply(game.legal_actions()[seed % len(game.legal_actions())])
        assert starters == [A if r % 2 == 0 else B for r in range(len(starters))]


@rules("deal-shuffle")
def test_deal_shuffles_all_21_cards() -> None:
    decks = []
    for seed in range(8):
        game = Game(seed=seed)
        deal = game.deal()
        assert sorted(deal.deck) == list(FULL_DECK)
        assert game.moves == (deal,)  # the shuffle is recorded as a chance event
        assert Game(seed=seed).deal() == deal  # same seed, same shuffle
        decks.append(deal.deck)
    assert len(set(decks)) == len(decks)


@rules("deal-remove", "deal-removed-unseen")
def test_deal_removes_one_card_unseen() -> None:
    game = Game()
    game.deal(ROUND_ONE_DECK)
    assert FACTS["removed_cards"] == 1
    assert game.removed_card == 7
    assert all_cards(game) == list(FULL_DECK)
    in_play = Counter(game.hand(A) + game.hand(B) + game.draw_pile)
    assert in_play == Counter(FULL_DECK) - Counter({7: 1})
    # Swap the removed 7 with the 4 near the bottom of the draw pile: nobody can tell.
    deck = ROUND_ONE_DECK[1:]
    assert (deck[0], deck[18]) == ("7", "4")
    other = Game()
    other.deal(deck[18] + deck[1:18] + deck[0] + deck[19:])
    assert other.removed_card == 4
    for p in Player:
        assert view_state(View(game, p)) == view_state(View(other, p))


@rules("deal-hands", "deal-hand-hidden")
def test_deal_six_cards_to_each_hand_hidden_from_the_opponent() -> None:
    assert FACTS["hand_size"] == 6
    deck = ROUND_ONE_DECK[1:]
    game = Game()
    game.deal(deck)
    assert game.hand(B) == (1, 2, 3, 4, 5, 6)  # deck[7:13]
    assert game.hand(A) == (1, 2, 3, 4, 5, 6, 7)  # deck[1:7] and A's first draw
    # Swap one card of B's hand with the bottom card of the pile: A's view cannot tell.
    other_deck = deck[:12] + deck[20] + deck[13:20] + deck[12]
    other = Game()
    other.deal(other_deck)
    assert other.hand(B) != game.hand(B)
    assert view_state(View(game, A)) == view_state(View(other, A))
    assert view_state(View(game, B)) != view_state(View(other, B))
    assert View(game, A).opponent_hand_size == 6 and View(game, B).opponent_hand_size == 7


@rules("deal-draw-pile")
def test_deal_leaves_eight_cards_in_the_draw_pile() -> None:
    assert FACTS["draw_pile"] == 8
    deck = ROUND_ONE_DECK[1:]
    game = Game()
    game.deal(deck)
    # The eight cards after the hands; A has already drawn the top one.
    assert game.draw_pile == tuple(int(c) for c in deck[14:])
    assert View(game, B).draw_pile_size == 7


# ---------------------------------------------------------------------------- actions


@rules("actions-turn", "actions-draw-first")
def test_draw_before_action() -> None:
    deck = [int(c) for c in ROUND_ONE_DECK[1:]]
    pile = deck[13:]
    kept = {A: sorted(deck[1:7]), B: sorted(deck[7:13])}  # hand at the end of the last turn
    game = Game()
    game.deal(ROUND_ONE_DECK)
    for move in ROUND_ONE:
        if game.phase is Phase.ACTION:  # a new turn: its card is already drawn
            p = game.to_move
            assert p is not None
            drawn = pile.pop(0)
            assert game.hand(p) == tuple(sorted([*kept[p], drawn]))
            assert game.draw_pile == tuple(pile)
            actor = p
        game.apply(move)
        if not isinstance(game.moves[-1], (GiftPick, CompetitionPick)):
            kept[actor] = list(game.hand(actor))
    assert pile == []  # the eighth turn drew the last card


@rules("actions-one-marker", "actions-flip-marker", "actions-turn-order",
       "actions-pending-choice")
def test_one_action_per_turn_then_the_other_player() -> None:
    game = round_one(0)
    game.apply("G123")
    # The Gift waits for B's pick: no action, by either player, comes before it.
    assert {type(a) for a in game.legal_actions()} == {GiftPick}
    refuses(game, ("S7", "T12"), Rule.DECISION_KIND)
    game.apply("P2")
    # A pick answers only a Gift or a Competition just offered.
    refuses(game, ("P2",), Rule.DECISION_KIND)
    assert game.to_move is B and game.used_markers(A) == Marker.GIFT
    game.apply("S7")
    assert game.to_move is A and game.used_markers(B) == Marker.SECRET
    assert game.used_markers(A) == Marker.GIFT  # still one marker used by A


@rules("actions-marker-once", "update-action-markers")
def test_each_marker_once_per_round() -> None:
    game = round_one(4)  # A: Gift; B: Secret; A: Trade-off; B to move
    game.apply("C12-56")
    game.apply("P56")
    assert game.to_move is A and game.used_markers(A) == Marker.GIFT | Marker.TRADE_OFF
    legal = game.legal_actions()
    assert {type(a) for a in legal} == {Secret, Competition}
    refuses(game, ("G667", "T67"), Rule.MARKER_ONCE)
    # Next round, every marker is unused again.
    game = round_one()
    game.deal("1" + "234567" + "124567" + "34567677")
    assert game.used_markers(A) == game.used_markers(B) == Marker(0)
    assert {type(a) for a in game.legal_actions()} == {Secret, TradeOff, Gift, Competition}


@rules("actions-all-used", "actions-last-forced", "scoring-start")
def test_four_turns_each_use_every_marker_once() -> None:
    assert FACTS["turns_per_player"] == 4
    game = round_one(0)
    kinds: dict[Player, list[str]] = {A: [], B: []}
    sizes = {Secret: 1, TradeOff: 2, Gift: 3, Competition: 4}
    for move in ROUND_ONE:
        if game.phase is Phase.ACTION:
            p = game.to_move
            assert p is not None
            if len(kinds[p]) == 3:  # last turn: one marker left, exactly its cards in hand
                (kind,) = {type(a) for a in game.legal_actions()}
                assert len(game.hand(p)) == sizes[kind]
            kinds[p].append(move[0])
        game.apply(move)
    assert sorted(kinds[A]) == sorted(kinds[B]) == sorted("STGC")
    assert len(game.rounds) == 1  # scoring came right after the eighth turn


@rules("actions-cards-from-hand")
def test_actions_use_cards_from_own_hand() -> None:
    game = round_one(0)  # A holds 1234567
    before = snapshot(game)
    for text in ("G445", "C11-23", "T77"):
        with pytest.raises(IllegalActionError) as error:
            game.apply(text)
        assert error.value.rule is Rule.CARDS_FROM_HAND
        assert snapshot(game) == before
    # Any of the cards held may be used.
    assert Gift((1, 4, 7)) in game.legal_actions()


@rules("actions-placing", "setup-sides")
def test_placed_cards_lie_next_to_their_geisha_on_a_side() -> None:
    game = round_one(6)  # after G123 P2 S7 T45 C12-56 P56
    assert game.table(A) == (1, 3, 5, 6)
    assert game.table(B) == (1, 2, 2)
    assert [game.items(A, g) for g in GEISHAS] == [1, 0, 1, 0, 1, 1, 0]
    assert [game.items(B, g) for g in GEISHAS] == [1, 2, 0, 0, 0, 0, 0]


def _hidden_cards_position(**changes: Any) -> Game:
    """A round-1 position: A used Secret and Trade-off, B used Secret; B to move."""
    base: dict[str, Any] = {
        "used": {"A": "ST", "B": "S"},
        "hands": {"A": "12367", "B": "2345667"},
        "secrets": {"A": 7, "B": 1},
        "tradeoffs": {"A": "45", "B": ""},
        "removed": 4,
        "draw_pile": "5677",
    }
    base.update(changes)
    return Game.from_position(**base)


@rules("actions-face-down", "secret-hidden", "tradeoff-hidden")
def test_secret_and_tradeoff_cards_stay_hidden_from_the_opponent() -> None:
    game = _hidden_cards_position()
    assert game.to_move is B
    # A's Secret 7 swapped with the removed 4; A's Trade-off 45 turned into 44 with the 5 out.
    for other in (
        _hidden_cards_position(secrets={"A": 4, "B": 1}, removed=7),
        _hidden_cards_position(tradeoffs={"A": "44", "B": ""}, removed=5),
    ):
        assert view_state(View(game, B)) == view_state(View(other, B))
        assert view_state(View(game, A)) != view_state(View(other, A))
    # In the history of a played round, the opponent's Secret and Trade-off show no card.
    played = round_one()
    assert View(played, B).history[:5] == ("D123456", "G123", "P2", "S7", "T??")
    assert View(played, A).history[:5] == ("D123456", "G123", "P2", "S?", "T45")
    assert View(round_one(3), A).secret is None and View(round_one(3), B).secret == 7


# ---------------------------------------------------------------------------- the four actions

# Sides at scoring for the Secret and Trade-off tests (geishas 1-7, A-B):
#   A 1 2 3 4 5 6 6 7 (Secret 7)   B 1 2 3 4 5 5 6 6
#   -> 1-1, 1-1, 1-1, 1-1, 1-2 B, 2-2, 1-0 A (the Secret alone wins geisha 7).
# The five other cards are 4 7 7 7 7 (Trade-offs and the removed card).
SECRET_SIDES = {"A": "12345667", "B": "12345566"}


@rules("secret-card", "secret-scored", "scoring-reveal")
def test_secret_scores() -> None:
    setup = last_turn(SECRET_SIDES, secrets={"A": 7, "B": 1})
    assert setup.game.secret(A) == 7 and 7 not in setup.game.table(A)
    game = setup.finish()
    (score,) = game.rounds
    assert score.secrets == (7, 1)
    assert score.items == ((1, 1, 1, 1, 1, 2, 1), (1, 1, 1, 1, 2, 2, 0))
    assert score.favors == (None, None, None, None, B, None, A)
    assert score.moved == (5, 7)
    assert (score.geishas, score.charm) == ((1, 1), (5, 3))


@rules("tradeoff-cards", "tradeoff-not-scored", "scoring-compare")
def test_trade_off_never_scores() -> None:
    # B hides two 7s under the Trade-off; A's lone Secret 7 still wins geisha 7.
    setup = last_turn(SECRET_SIDES, secrets={"A": 7, "B": 1}, tradeoffs={"A": "47", "B": "77"})
    assert setup.game.tradeoff(B) == (7, 7) and setup.game.removed_card == 7
    game = setup.finish()
    (score,) = game.rounds
    assert score.items[1][6] == 0  # neither the Trade-off sevens nor the removed seven count
    assert game.favor(7) is A
    # Where the five unscored cards lie changes nothing at scoring.
    moved_around = score_round(
        SECRET_SIDES, secrets={"A": 7, "B": 1}, tradeoffs={"A": "77", "B": "47"}
    )
    assert moved_around.rounds == game.rounds


@rules("gift-cards", "gift-opponent-takes-one", "gift-placement", "gift-scored",
       "components-item-match")
def test_gift_opponent_takes_one() -> None:
    game = round_one(0)
    game.apply("G123")
    assert game.phase is Phase.GIFT_PICK and game.to_move is B
    assert game.pending == Gift((1, 2, 3))
    assert View(game, B).pending == Gift((1, 2, 3))  # face up: the opponent sees the cards
    assert game.hand(A) == (4, 5, 6, 7)
    assert game.legal_actions() == (GiftPick(1), GiftPick(2), GiftPick(3))
    game.apply("P2")
    assert game.table(B) == (2,) and game.table(A) == (1, 3)
    assert game.pending is None and game.phase is Phase.ACTION and game.to_move is B
    for move in ROUND_ONE[2:]:
        game.apply(move)
    # A's kept 1 and 3 and B's taken 2 all count (with the cards placed later).
    a_items, b_items = game.rounds[0].items
    assert (a_items[0], a_items[2], b_items[1]) == (1, 1, 2)


@rules(
    "competition-cards",
    "competition-pairs",
    "competition-opponent-takes-pair",
    "competition-placement",
    "competition-scored",
)
def test_competition_opponent_takes_pair() -> None:
    game = round_one(4)  # B to move, holding 1234556
    assert game.hand(B) == (1, 2, 3, 4, 5, 5, 6)
    # B chooses the split: all three ways to pair 1 2 5 6 are B's to choose from.
    splits = {
        a for a in game.legal_actions() if isinstance(a, Competition) and a.cards == (1, 2, 5, 6)
    }
    assert splits == {
        Competition(((1, 2), (5, 6))),
        Competition(((1, 5), (2, 6))),
        Competition(((1, 6), (2, 5))),
    }
    table_a, table_b = game.table(A), game.table(B)
    game.apply("C12-56")
    assert game.phase is Phase.COMPETITION_PICK and game.to_move is A
    assert game.legal_actions() == (CompetitionPick((1, 2)), CompetitionPick((5, 6)))
    game.apply("P56")
    assert game.table(A) == tuple(sorted((*table_a, 5, 6)))
    assert game.table(B) == tuple(sorted((*table_b, 1, 2)))
    assert game.to_move is A and game.phase is Phase.ACTION
    for move in ROUND_ONE[6:]:
        game.apply(move)
    a_items, b_items = game.rounds[0].items
    assert (a_items[4], a_items[5]) == (2, 2)  # the pair A took counts for A
    assert (b_items[0], b_items[1]) == (1, 2)  # the pair B kept counts for B


# ---------------------------------------------------------------------------- scoring


@rules("scoring-tie", "totals-geishas", "totals-charm")
def test_tie_keeps_marker() -> None:
    # Round 2 (B starts), markers: geisha 1 and 6 with A, geisha 7 with B.
    # Sides: A 1 2 3 4 4 5 7 7, B 1 2 3 4 5 5 7 7 -> 1-1, 1-1, 1-1, 2-1 A, 1-2 B, 0-0, 2-2.
    game = score_round({"A": "12344577", "B": "12345577"}, round_number=2, favors="A....AB")
    (score,) = game.rounds
    assert score.items == ((1, 1, 1, 2, 1, 0, 2), (1, 1, 1, 1, 2, 0, 2))
    # Ties (geishas 1, 2, 3, 7) and no cards at all (geisha 6) leave the marker in place.
    assert score.favors == (A, None, None, A, B, A, B)
    assert score.moved == (4, 5)
    assert (score.geishas, score.charm) == ((3, 2), (9, 8))
    assert game.outcome is None and game.round_number == 3


@rules("scoring-markers-persist", "scoring-more-wins")
def test_markers_persist_across_rounds() -> None:
    game = round_one()
    assert game.favors == (None, B, None, B, A, None, A)
    game.deal("1" + "234567" + "124567" + "34567677")  # round 2
    assert game.favors == (None, B, None, B, A, None, A)
    # A round 2 ending with these sides (B starts):
    #   A 1 2 3 4 4 5 6 6, B 1 2 3 4 5 5 6 6 -> 1-1, 1-1, 1-1, 2-1 A, 1-2 B, 2-2, 0-0.
    game = score_round({"A": "12344566", "B": "12345566"}, round_number=2, favors=".B.BA.A")
    (score,) = game.rounds
    # Geisha 4 goes from B straight to A and geisha 5 from A to B; none returns to the centre.
    assert score.favors == (None, B, None, A, B, None, A)
    assert score.moved == (4, 5)
    assert game.round_number == 3 and game.favors == score.favors


@rules("end-check", "update-cards", "update-action-markers", "update-next-round")
def test_no_goal_then_update_and_next_round() -> None:
    game = round_one(len(ROUND_ONE) - 1)
    # Before the last turn nobody has a geisha yet, whatever lies on the table.
    assert game.favors == (None,) * 7 and not game.is_over()
    game.apply(ROUND_ONE[-1])
    assert game.outcome is None
    # The update: every card gathered, markers unused, B starts round 2 with a new deal.
    assert game.phase is Phase.DEAL and game.round_number == 2 and game.starting_player is B
    for p in Player:
        assert game.hand(p) == game.table(p) == game.tradeoff(p) == ()
        assert game.secret(p) is None and game.used_markers(p) == Marker(0)
    assert game.removed_card is None and game.draw_pile == () and game.pending is None
    with pytest.raises(NotationError):
        game.deal("D" + ROUND_ONE_DECK[1:21])  # 20 cards: the deal takes all 21
    assert game.phase is Phase.DEAL
    game.deal("1" + "234567" + "124567" + "34567677")
    assert all_cards(game) == list(FULL_DECK)


# ---------------------------------------------------------------------------- end of the game


@rules("end-either-goal", "totals-charm", "end-one-player")
def test_eleven_charm_points_win_with_three_geishas() -> None:
    # The site's 8-vs-11 example: A wins geishas 1, 2, 6 (2+2+4 = 8), B geishas 4, 5, 7
    # (3+3+5 = 11). Sides: A 1 1 2 2 3 6 6 6, B 3 4 4 5 5 7 7 7; geisha 3 is a 1-1 tie.
    game = score_round({"A": "11223666", "B": "34455777"})
    assert game.favors == (A, A, None, B, B, A, B)
    assert game.outcome == outcome(Reason.CHARM, (B,), (3, 3), (8, 11), 1)
    assert game.is_over() and game.phase is Phase.OVER and game.to_move is None


@rules("end-either-goal", "end-one-player", "totals-geishas")
def test_four_geishas_win_with_few_charm_points() -> None:
    # A wins geishas 1-4 (9 points), B geishas 5 and 6 (7 points), geisha 7 is a 2-2 tie.
    game = score_round({"A": "11223477", "B": "55566677"})
    assert game.favors == (A, A, A, A, B, B, None)
    assert game.outcome == outcome(Reason.GEISHAS, (A,), (4, 2), (9, 7), 1)


@rules("end-one-player")
def test_four_geishas_and_eleven_charm_at_once_by_one_player() -> None:
    # A wins geishas 4, 5, 6, 7 (15 points); B wins 1, 2, 3 (6 points).
    game = score_round({"A": "44556677", "B": "11223367"})
    assert game.favors == (B, B, B, A, A, A, A)
    assert game.outcome == outcome(Reason.GEISHAS_AND_CHARM, (A,), (4, 3), (15, 6), 1)
    assert game.outcome is not None and game.outcome.winner is A and not game.outcome.shared


@rules("end-charm-beats-geishas", "edition-goals-first")
@pytest.mark.parametrize("edition", EDITIONS, ids=lambda e: e.value)
@pytest.mark.parametrize("round_number", [1, 2, 3])
def test_charm_beats_geishas(edition: Edition, round_number: int) -> None:
    # A wins geishas 1-4 (4 geishas, 9 points), B wins 5, 6, 7 (3 geishas, 12 points).
    game = score_round(
        {"A": "11223344", "B": "45566777"}, edition=edition, round_number=round_number
    )
    assert game.favors == (A, A, A, A, B, B, B)
    expected = outcome(Reason.CHARM_BEATS_GEISHAS, (B,), (4, 3), (9, 12), round_number)
    assert game.outcome == expected


@rules("end-same-goal-impossible")
def test_both_players_cannot_reach_the_same_goal() -> None:
    seen_both_goals = 0
    for favors in itertools.product((A, B, None), repeat=7):
        geishas = {p: favors.count(p) for p in Player}
        points = {p: charm_of(favors, p) for p in Player}
        assert not (geishas[A] >= 4 and geishas[B] >= 4)
        assert not (points[A] >= 11 and points[B] >= 11)
        both = all(geishas[p] >= 4 or points[p] >= 11 for p in Player)
        seen_both_goals += both
    assert seen_both_goals > 0  # different goals at once do happen (charm beats geishas)


@rules("end-immediately", "edition-goals-first", "edition-kosmos-limit", "edition-emperors4-limit")
@pytest.mark.parametrize("edition", EDITIONS, ids=lambda e: e.value)
def test_game_ends_immediately_in_every_edition(edition: Edition) -> None:
    game = score_round({"A": "11223666", "B": "34455777"}, edition=edition)
    assert game.outcome == outcome(Reason.CHARM, (B,), (3, 3), (8, 11), 1)
    assert game.phase is Phase.OVER and game.round_number == 1 and len(game.rounds) == 1
    assert game.legal_actions() == () and game.to_move is None
    with pytest.raises(IllegalActionError) as error:
        game.apply("D" + ROUND_ONE_DECK[1:])
    assert error.value.rule is Rule.GAME_OVER


# ---------------------------------------------------------------------------- editions

# All ties: each side 1 2 3 4 5 6 7 7, so every marker stays where it was.
ALL_TIES = {"A": "12345677", "B": "12345677"}


@rules("edition-emperors4", "overview-rounds")
def test_standard_edition_has_no_round_limit() -> None:
    assert Edition.EMPERORS4.round_limit is None
    game = score_round(ALL_TIES, round_number=3, favors="AB.AB.A")
    assert game.outcome is None
    assert game.round_number == 4 and game.phase is Phase.DEAL and game.starting_player is B
    # Any round number can be set up, and play goes on there.
    game = score_round(ALL_TIES, round_number=11, favors="AB.AB.A")
    assert game.outcome is None and game.round_number == 12


@rules("edition-emperors4-limit", "edition-kosmos-limit")
@pytest.mark.parametrize("edition", [Edition.EMPERORS4_3_ROUNDS, Edition.KOSMOS], ids=str)
def test_round_limit_editions_last_three_rounds(edition: Edition) -> None:
    assert edition.round_limit == FACTS["round_limit"] == 3
    for round_number in (1, 2):
        game = score_round(
            {"A": "12345677", "B": "12345677"}, edition=edition, round_number=round_number
        )
        assert game.outcome is None and game.round_number == round_number + 1
    game = score_round(ALL_TIES, edition=edition, round_number=3)
    assert game.is_over() and game.outcome is not None and game.outcome.round_number == 3
    with pytest.raises(PositionError, match="round_number"):
        Game.from_position(edition=edition, round_number=4)


# Round 3, nobody at a goal. A wins geishas 1, 2, 3 (3 geishas, 6 points), B wins 6 and 7
# (2 geishas, 9 points); geishas 4 and 5 are 1-1 ties.
MORE_GEISHAS_LESS_CHARM = {"A": "11223345", "B": "45666777"}


@rules("edition-emperors4-tiebreak")
def test_optional_rule_more_geishas_wins() -> None:
    game = score_round(MORE_GEISHAS_LESS_CHARM, edition="emperors4-3-rounds", round_number=3)
    assert game.favors == (A, A, A, None, None, B, B)
    assert game.outcome == outcome(Reason.LIMIT_MORE_GEISHAS, (A,), (3, 2), (6, 9), 3)


@rules("edition-kosmos-tiebreak")
def test_kosmos_more_charm_wins_whatever_the_geishas() -> None:
    game = score_round(MORE_GEISHAS_LESS_CHARM, edition="kosmos", round_number=3)
    assert game.outcome == outcome(Reason.LIMIT_MORE_CHARM, (B,), (3, 2), (6, 9), 3)


@rules("edition-emperors4-tiebreak", "edition-kosmos-tiebreak")
@pytest.mark.parametrize("edition", [Edition.EMPERORS4_3_ROUNDS, Edition.KOSMOS], ids=str)
def test_round_limit_equal_geishas_more_charm_wins(edition: Edition) -> None:
    # A wins geishas 1 and 7 (7 points), B wins 2 and 3 (4 points); 4, 5, 6 are ties.
    game = score_round({"A": "11456777", "B": "22334567"}, edition=edition, round_number=3)
    assert game.favors == (A, B, B, None, None, None, A)
    assert game.outcome == outcome(Reason.LIMIT_MORE_CHARM, (A,), (2, 2), (7, 4), 3)


@rules("edition-emperors4-tiebreak")
def test_optional_rule_shared_victory() -> None:
    # A wins geisha 1, B geisha 2 (one geisha and 2 points each); all else ties.
    sides = {"A": "11345677", "B": "22345677"}
    game = score_round(sides, edition="emperors4-3-rounds", round_number=3)
    assert game.outcome == outcome(Reason.LIMIT_SHARED, (A, B), (1, 1), (2, 2), 3)
    assert game.outcome is not None and game.outcome.shared and game.outcome.winner is None


@rules("edition-kosmos-tiebreak")
def test_kosmos_equal_charm_means_no_winner() -> None:
    sides = {"A": "11345677", "B": "22345677"}
    game = score_round(sides, edition="kosmos", round_number=3)
    assert game.outcome == outcome(Reason.LIMIT_NO_WINNER, (), (1, 1), (2, 2), 3)
    assert game.outcome is not None and game.outcome.winner is None and not game.outcome.shared


@rules("edition-kosmos-tiebreak")
def test_kosmos_equal_charm_different_geishas_no_winner() -> None:
    # Markers before round 3 (kept by a round of ties): A has geishas 1, 2, 3 (3 geishas,
    # 6 points), B has geishas 4 and 5 (2 geishas, 6 points).
    game = score_round(ALL_TIES, edition="kosmos", round_number=3, favors="AAABB..")
    assert game.outcome == outcome(Reason.LIMIT_NO_WINNER, (), (3, 2), (6, 6), 3)
    game = score_round(ALL_TIES, edition="emperors4-3-rounds", round_number=3, favors="AAABB..")
    assert game.outcome == outcome(Reason.LIMIT_MORE_GEISHAS, (A,), (3, 2), (6, 6), 3)


@rules("edition-goals-first")
@pytest.mark.parametrize("edition", EDITIONS, ids=lambda e: e.value)
def test_goals_come_first_at_the_round_limit(edition: Edition) -> None:
    # A wins geishas 1-4 (9 points); B wins 6 and 7 (9 points); geisha 5 has no cards.
    # Kosmos' tie-break would give no winner: A's 4 geishas are a goal, so A wins.
    game = score_round({"A": "11223344", "B": "46666777"}, edition=edition, round_number=3)
    assert game.favors == (A, A, A, A, None, B, B)
    assert game.outcome == outcome(Reason.GEISHAS, (A,), (4, 2), (9, 9), 3)


@rules("end-check", "edition-emperors4-tiebreak", "edition-kosmos-tiebreak")
@pytest.mark.parametrize(
    ("edition", "round_number"),
    [(Edition.EMPERORS4_3_ROUNDS, 2), *((e, 3) for e in EDITIONS)],
    ids=lambda v: str(getattr(v, "value", v)),
)
def test_every_marker_layout_ends_as_the_rules_say(edition: Edition, round_number: int) -> None:
    """All 3^7 layouts of the victory markers, scored after a round of ties (so the layout
    is the one given to ``from_position``; most of them no game could reach). Round 2 of a
    limited edition must not apply the tie-break yet; round 3 of each edition must."""
    from engine_support import reference_outcome

    for layout in itertools.product("AB.", repeat=7):
        favors = "".join(layout)
        game = score_round(ALL_TIES, edition=edition, round_number=round_number, favors=favors)
        owners = tuple(None if f == "." else Player[f] for f in favors)
        assert game.favors == owners
        expected = reference_outcome(edition, round_number, owners)
        if expected is None:
            assert game.outcome is None and game.round_number == round_number + 1, favors
            continue
        geishas = (owners.count(A), owners.count(B))
        points = (charm_of(owners, A), charm_of(owners, B))
        assert game.outcome == Outcome(*expected, geishas, points, round_number), favors


# ---------------------------------------------------------------------------- every rule


def _site_rule_ids() -> list[str]:
    structure = Path(__file__).resolve().parents[2] / "locales" / "hanamikoji" / "structure.yml"
    text = structure.read_text(encoding="utf-8")
    return re.findall(r"\{kind: rule, id: ([a-z0-9-]+)[,}]", text)


def test_every_rule_has_a_test() -> None:
    site_rules = _site_rule_ids()
    assert len(site_rules) > 50, "locales/structure.yml: no rules found (format changed?)"
    missing = [r for r in site_rules if r not in RULES_TESTED]
    assert not missing, f"rules of locales/structure.yml without a test: {missing}"
    unknown = sorted(set(RULES_TESTED) - set(site_rules))
    assert not unknown, f"tests name rule IDs that the site does not have: {unknown}"


def test_rule_enum_values_are_site_rule_ids() -> None:
    """Every ``Rule`` an error can name is a rule the site can link to."""
    site_rules = set(_site_rule_ids())
    assert {r.value for r in Rule} <= site_rules


@rules("actions-free-order")
def test_players_choose_the_order_of_their_actions_turn_by_turn() -> None:
    """No order is fixed in advance: on each turn every unused marker is open."""
    letter = {Secret: "S", TradeOff: "T", Gift: "G", Competition: "C"}
    for first in "STGC":
        game = Game()
        game.deal(ROUND_ONE_DECK)
        assert {letter[type(a)] for a in game.legal_actions()} == set("STGC")
        game.apply(next(a for a in game.legal_actions() if letter[type(a)] == first))
        while game.to_move is not A or game.phase is not Phase.ACTION:
            game.apply(game.legal_actions()[0])  # B's pick if any, then B's turn
        assert {letter[type(a)] for a in game.legal_actions()} == set("STGC") - {first}
