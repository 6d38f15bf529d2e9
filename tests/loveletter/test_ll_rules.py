"""Every card effect and set-up rule on rigged deals (see loveletter/FACTS.md for each ID)."""

from __future__ import annotations

import pytest
from ll_support import rigged

from loveletter import (
    TOKENS_TO_WIN,
    Card,
    Deal,
    EndReason,
    Game,
    IllegalActionError,
    Keep,
    Phase,
    Play,
    Rule,
    SetupError,
    Variant,
    View,
    card_counts,
    full_deck,
    guesses,
    parse_move,
)

A, B, C, D = 0, 1, 2, 3
G, PR, BA, HM, PN, CH, KG, CT, PS, SPY = 1, 2, 3, 4, 5, 6, 7, 8, 9, 0


def snapshot(game: Game) -> tuple[object, ...]:
    return (game.phase, game.to_move, [list(h) for h in game.hands],
            [list(d) for d in game.discards], list(game.pile), list(game.active),
            list(game.protected), list(game.tokens), len(game.moves),
            [dict(k) for k in game.known])


def refuse(game: Game, move: Play | Keep | Deal, rule: Rule) -> None:
    before = snapshot(game)
    with pytest.raises(IllegalActionError) as info:
        game.apply(move)
    assert info.value.rule is rule
    assert rule.value in str(info.value)
    assert snapshot(game) == before


# ----- set-up -----

def test_decks_and_token_table() -> None:
    assert len(full_deck(Variant.STANDARD)) == 21
    assert card_counts("standard")[Card.GUARD] == 6
    classic = card_counts("classic")
    assert len(full_deck(Variant.CLASSIC)) == 16
    assert classic[Card.GUARD] == 5
    assert Card.SPY not in classic and Card.CHANCELLOR not in classic
    assert TOKENS_TO_WIN == {2: 6, 3: 5, 4: 4, 5: 3, 6: 3}
    assert Game(2, "classic").target_tokens == 6


@pytest.mark.parametrize(("players", "variant"), [(1, "standard"), (7, "standard"),
                                                  (5, "classic"), (6, "classic")])
def test_player_counts_outside_the_rules_are_refused(players: int, variant: str) -> None:
    with pytest.raises(SetupError, match="players"):
        Game(players, variant)


def test_two_player_round_sets_three_cards_face_up() -> None:
    game = Game(2, seed=1)
    game.deal()
    assert len(game.face_up) == 3 and game.set_aside is not None
    # 21 - 1 set aside - 3 face up - 2 dealt - 1 drawn by the first player
    assert len(game.pile) == 14
    game3 = Game(3, seed=1)
    game3.deal()
    assert game3.face_up == () and len(game3.pile) == 21 - 1 - 3 - 1


def test_deal_must_hold_the_whole_deck_once() -> None:
    game = Game(3)
    refuse(game, Deal(0, (1,) * 21), Rule.SETUP_DECK)
    refuse(game, Play(1, 1, 2), Rule.DEAL_FIRST)
    rigged(3, [G, PR, BA])
    game = rigged(3, [G, PR, BA])
    refuse(game, Deal(0, full_deck("standard")), Rule.DEAL_FIRST)


def test_first_player_draws_and_starts() -> None:
    game = rigged(4, [G, PR, BA, HM], [KG], first=C)
    assert game.to_move == C and game.hand(C) == (BA, KG)
    assert [len(h) for h in game.hands] == [1, 1, 2, 1]


# ----- card effects -----

def test_guard_hit_knocks_out_and_miss_does_nothing() -> None:
    game = rigged(3, [G, PR, BA], [HM, SPY])
    game.apply(Play(G, B, PR))
    assert not game.active[B] and game.discards[B] == [PR]
    game2 = rigged(3, [G, PR, BA], [HM])
    game2.apply(Play(G, B, BA))
    assert game2.active == [True, True, True]


def test_guard_cannot_name_the_guard_and_names_only_cards_of_the_deck() -> None:
    game = rigged(3, [G, PR, BA], [HM])
    refuse(game, Play(G, B, G), Rule.GUARD_GUESS)
    refuse(game, Play(G, B), Rule.GUARD_GUESS)
    assert guesses("standard") == (0, 2, 3, 4, 5, 6, 7, 8, 9)
    assert guesses("classic") == (2, 3, 4, 5, 7, 8, 9)
    named = {m.guess for m in game.legal_actions() if isinstance(m, Play) and m.card == G}
    assert named == set(guesses("standard"))


def test_priest_shows_the_card_to_its_player_only() -> None:
    game = rigged(3, [PR, KG, BA], [HM])
    game.apply(Play(PR, B))
    assert View(game, A).known == {B: KG}
    assert View(game, C).known == {}
    assert View(game, B).known == {}


def test_baron_lower_card_is_out() -> None:
    game = rigged(3, [BA, PR, G], [KG])
    game.apply(Play(BA, B))
    assert not game.active[B] and game.discards[B] == [PR]
    assert View(game, B).known == {A: KG}


def test_baron_tie_leaves_both_in_the_round() -> None:
    # The publisher's rule; the Indonesian rulebook knocks both out (FACTS.md baron-compare).
    game = rigged(3, [BA, HM, G], [HM])
    game.apply(Play(BA, B))
    assert game.active == [True, True, True]
    assert View(game, A).known == {B: HM} and View(game, B).known == {A: HM}


def test_handmaid_protects_until_its_players_next_turn() -> None:
    game = rigged(3, [HM, G, PR], [SPY, G, G, SPY])
    game.apply(Play(HM))
    assert game.protected[A]
    refuse(game, Play(G, A, SPY), Rule.HANDMAID)
    assert all(getattr(m, "target", None) != A for m in game.legal_actions())
    game.apply(Play(G, C, KG))
    game.apply(Play(G, B, KG))
    assert game.to_move == A and not game.protected[A]


def test_all_others_protected_card_played_without_effect_and_prince_on_self() -> None:
    game = rigged(2, [HM, G], [PN, PN], face_up=(KG, CT, CH))
    game.apply(Play(HM))
    # B holds Guard and Prince; A is protected: the Guard chooses nobody, the Prince B only.
    assert set(game.legal_actions()) == {Play(G), Play(PN, B)}
    refuse(game, Play(G, A, PS), Rule.HANDMAID)
    refuse(game, Play(PN, A), Rule.HANDMAID)
    game.apply(Play(G))
    assert game.active == [True, True] and game.discards[B] == [G]


def test_card_with_a_valid_target_must_choose_one() -> None:
    game = rigged(3, [G, PR, BA], [KG])
    refuse(game, Play(KG), Rule.NO_TARGET)
    refuse(game, Play(KG, A), Rule.TARGET)
    refuse(game, Play(KG, D), Rule.TARGET)


def test_prince_makes_the_target_discard_and_draw() -> None:
    game = rigged(3, [PN, BA, G], [HM, SPY])
    game.apply(Play(PN, B))
    # B's new card comes first; B then draws for its own turn.
    assert game.discards[B] == [BA] and game.hands[B][0] == SPY and game.to_move == B


def test_prince_on_the_princess_knocks_her_holder_out() -> None:
    game = rigged(3, [PN, PS, G], [HM])
    game.apply(Play(PN, B))
    assert not game.active[B] and game.discards[B] == [PS] and game.hands[B] == []


def test_prince_on_self_discards_own_other_card() -> None:
    game = rigged(3, [PN, PS, G], [HM, SPY])
    game.apply(Play(PN, A))
    assert game.discards[A] == [PN, HM] and game.hands[A] == [SPY]


def test_princess_played_knocks_out_its_player() -> None:
    game = rigged(3, [PS, G, G], [HM])
    game.apply(Play(PS))
    assert not game.active[A] and game.discards[A] == [PS, HM]


def test_king_trades_hands_and_both_know() -> None:
    game = rigged(3, [KG, BA, G], [HM])
    game.apply(Play(KG, B))
    assert game.hands[A] == [BA] and game.hands[B][0] == HM
    assert View(game, A).known == {B: HM} and View(game, B).known == {A: BA}
    assert View(game, C).known == {}


@pytest.mark.parametrize("other", [KG, PN])
def test_countess_is_forced_with_king_or_prince(other: int) -> None:
    game = rigged(3, [CT, G, G], [other])
    assert game.legal_actions() == (Play(CT),)
    refuse(game, Play(other, B) if other == KG else Play(other, A), Rule.COUNTESS)


def test_countess_is_not_forced_by_other_cards() -> None:
    game = rigged(3, [CT, G, G], [PS])
    assert set(game.legal_actions()) == {Play(CT), Play(PS)}


def test_chancellor_keeps_one_and_returns_two_in_the_chosen_order() -> None:
    game = rigged(3, [CH, G, G], [BA, PS, HM, SPY])
    game.apply(Play(CH, None))
    assert game.phase is Phase.CHANCELLOR and sorted(game.hands[A]) == [BA, HM, PS]
    assert Keep(HM, (PS, BA)) in game.legal_actions()
    assert len(game.legal_actions()) == 6
    refuse(game, Keep(HM, (PS,)), Rule.CHANCELLOR)
    refuse(game, Keep(KG, (PS, BA)), Rule.CHANCELLOR)
    refuse(game, Play(BA, B), Rule.CHANCELLOR)
    size = len(game.pile)
    game.apply(Keep(HM, (PS, BA)))
    # The Princess went under the deck, not to a discard: its holder stays in.
    assert game.active[A] and game.hands[A] == [HM]
    assert game.pile[:2] == [BA, PS]  # pile is stored top last: Baron lowest, placed last
    assert len(game.pile) == size + 2 - 1  # B has drawn for its turn
    assert View(game, A).returned == (PS, BA) and View(game, B).history[-1] == "K?"


def test_keep_only_answers_a_chancellor() -> None:
    game = rigged(3, [G, G, G], [HM])
    refuse(game, Keep(G, (HM,)), Rule.CHANCELLOR)


def test_played_card_must_be_in_hand_and_turn_order_holds() -> None:
    game = rigged(3, [G, PR, BA], [HM])
    refuse(game, Play(KG, B), Rule.PLAY_FROM_HAND)
    before = snapshot(game)
    with pytest.raises(IllegalActionError) as info:
        game.apply(Play(HM), B)
    assert info.value.rule is Rule.TURN_ORDER and snapshot(game) == before


def test_out_of_round_player_cannot_be_chosen_and_is_skipped() -> None:
    game = rigged(3, [G, PR, BA], [HM, G])
    game.apply(Play(G, B, PR))
    assert game.to_move == C
    refuse(game, Play(G, B, HM), Rule.TARGET)


# ----- end of a round, next round, end of the game -----

def test_last_player_standing_wins_the_round_and_starts_the_next() -> None:
    game = rigged(2, [G, PR], [HM], face_up=(KG, CT, CH))
    game.apply(Play(G, B, PR))
    result = game.results[-1]
    assert result.reason is EndReason.LAST_STANDING and result.winners == (A,)
    assert game.tokens == [1, 0] and game.phase is Phase.DEAL
    assert game.first_choices == (A,)
    refuse(game, Deal(B, full_deck("standard")), Rule.FIRST_PLAYER)


def _spy_round(game: Game | None = None) -> Game:
    """A plays a Spy, B misses with a Guard, A's Guard knocks B out."""
    game = rigged(2, [SPY, PR], [G, G, HM], face_up=(KG, CT, CH), game=game)
    game.apply(Play(SPY))
    game.apply(Play(G, A, HM))
    game.apply(Play(G, B, PR))
    return game


def test_spy_token_to_the_only_player_still_in_who_showed_one() -> None:
    game = _spy_round()
    result = game.results[-1]
    assert result.winners == (A,) and result.spy == A
    assert game.tokens == [2, 0]


def test_spy_of_a_player_knocked_out_does_not_count() -> None:
    game = rigged(3, [SPY, SPY, G], [PR, HM, G, BA])
    game.apply(Play(SPY))
    game.apply(Play(SPY))
    game.apply(Play(G, A, PR))  # C: A is out with its Spy shown
    game.apply(Play(BA, C))  # B's Handmaid beats C's Guard: B is the last one in
    result = game.results[-1]
    assert result.winners == (B,) and result.spy == B
    assert game.tokens == [0, 2, 0]


def _one_move_rounds(game: Game, rounds: int) -> Game:
    """``rounds`` rounds of a 2-player game, one move each: the player who starts plays the
    Princess and is out, so the other wins the round and starts the next one."""
    for _ in range(rounds):
        (starter,) = game.first_choices
        rigged(2, [PS, G] if starter == A else [G, PS], [G], first=starter, game=game)
        game.apply(Play(PS))
    return game


# A 2-player round that A starts and that ends in a tie when the deck runs out, both players
# holding a Baron (the rules' example ex-tie-deck-end).
TIE_DEAL = "DA890065145622347111131"
TIE_MOVES = "1>B=0 5>A 5>A 2>A 2>B 4 7 1>A=7 1>B=9 1>A=9 1>B=8 4 1"


def test_several_winners_of_the_game_at_once() -> None:
    # Every position is reached by play. One winner: at 4 tokens each, A's round and Spy
    # token make 6, and B stays at 4.
    game = _one_move_rounds(Game(players=2), 8)
    assert game.tokens == [4, 4] and game.first_choices == (A,)
    _spy_round(game)
    assert game.outcome is not None and game.outcome.winners == (A,)
    assert game.tokens == [6, 4]
    # Two winners: at 5 tokens each (one short of 6), a round shared at the end of the deck
    # takes both to the target in the same round.
    game2 = _one_move_rounds(Game(players=2), 10)
    assert game2.tokens == [5, 5] and game2.phase is Phase.DEAL
    assert game2.first_choices == (A,) and game2.target_tokens == 6
    for move in [TIE_DEAL, *TIE_MOVES.split()]:
        game2.apply(parse_move(move))
    result = game2.results[-1]
    assert result.reason is EndReason.DECK_EMPTY and result.winners == (A, B)
    assert game2.outcome is not None and game2.outcome.winners == (A, B)
    assert game2.outcome.tokens == (6, 6) and game2.phase is Phase.OVER
    refuse(game2, Deal(A, full_deck("standard")), Rule.GAME_OVER)
