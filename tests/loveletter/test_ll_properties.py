"""Properties over random games: every card accounted for at every step, nobody targets a
protected or eliminated player, the round ends exactly when the rules say, illegal moves
change nothing; and the rare edge cases, found in seeded random games."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from loveletter import (
    Card,
    Deal,
    EndReason,
    Game,
    IllegalActionError,
    Keep,
    Phase,
    Play,
    RandomPlayer,
    Rule,
    Variant,
    View,
    guesses,
)


def _state(game: Game) -> tuple[object, ...]:
    return (game.phase, game.to_move, [list(h) for h in game.hands],
            [list(d) for d in game.discards], list(game.pile), game.set_aside,
            list(game.active), list(game.protected), list(game.tokens), len(game.moves))


def _check_step(game: Game, rng: random.Random) -> None:
    """Play one decision of ``game`` at random, checking every invariant around it."""
    if game.phase is Phase.DEAL:
        game.deal()
        deal = game.moves[-1]
        assert isinstance(deal, Deal)
        if game.round_number > 1:  # the last round's winner starts; after a tie, one of them
            assert deal.first in game.results[-1].winners
        assert game.to_move == deal.first
        return
    me = game.to_move
    assert me is not None
    # every card is somewhere, exactly once
    assert game.cards_in_round() == Counter(game.deck)
    # hand sizes: the player to move holds 2 (3 during a Chancellor), others 1, the out 0
    for p in range(game.players):
        size = len(game.hands[p])
        if not game.active[p]:
            assert size == 0
        elif p == me:
            assert size in ((2,) if game.phase is Phase.PLAY else (2, 3))
        else:
            assert size == 1
    legal = game.legal_actions()
    assert legal
    for move in legal:
        game.check(move)
        if isinstance(move, Play) and move.target is not None:
            t = move.target
            assert game.active[t] and not game.protected[t]
            assert t != me or move.card == Card.PRINCE
    # a random ill-formed decision is refused and changes nothing
    bogus = Play(rng.randrange(10), rng.choice([None, *range(game.players)]),
                 rng.choice([None, *range(10)]))
    if bogus not in legal:
        before = _state(game)
        try:
            game.apply(bogus)
        except IllegalActionError:
            assert _state(game) == before
        else:
            raise AssertionError(f"{bogus} was accepted but is not among the legal moves")
    move = rng.choice(legal)
    rounds, tokens = len(game.results), list(game.tokens)
    game.apply(move)
    alive = [p for p in range(game.players) if game.active[p]]
    if len(game.results) > rounds:
        r = game.results[-1]
        # the round ends only when one player is left or the deck is empty after a turn
        if r.reason is EndReason.LAST_STANDING:
            assert alive == list(r.winners)
            assert r.hands == (None,) * game.players  # the last one standing shows nothing
        else:
            assert game.pile == [] and len(alive) >= 2
            best = max(game.hands[p][0] for p in alive)
            assert r.winners == tuple(p for p in alive if game.hands[p][0] == best)
        spies = [p for p in alive if Card.SPY in game.discards[p]]
        assert r.spy == (spies[0] if len(spies) == 1 else None)
        gained = [a - b for a, b in zip(game.tokens, tokens, strict=True)]
        assert gained == [(p in r.winners) + (p == r.spy) for p in range(game.players)]
        assert game.cards_in_round() == Counter(game.deck)
    elif game.phase is Phase.PLAY:
        # the round goes on: two or more players in, and the next player could draw
        assert len(alive) >= 2
        assert game.to_move is not None and game.active[game.to_move]
        assert len(game.hands[game.to_move]) == 2


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6), classic=st.booleans())
def test_random_games_keep_every_rule(seed: int, players: int, classic: bool) -> None:
    variant = Variant.CLASSIC if classic and players <= 4 else Variant.STANDARD
    game = Game(players, variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(5000):
        if game.phase is Phase.OVER:
            break
        _check_step(game, rng)
    assert game.outcome is not None
    assert set(game.outcome.winners) == {
        p for p in range(players) if game.tokens[p] >= game.target_tokens}
    assert all(m.guess in guesses(variant) for m in game.moves
               if isinstance(m, Play) and m.guess is not None)


def test_edge_cases_happen_and_follow_the_rules() -> None:
    """Seeded random games reach every edge case the rulebook spells out; each is checked
    where it happens (and the test fails if one never happens)."""
    seen: Counter[str] = Counter()
    for seed in range(400):
        players = 2 + seed % 5
        game = Game(players, seed=seed)
        agents = [RandomPlayer(seed=seed * 10 + p) for p in range(players)]
        while game.phase is not Phase.OVER:
            if game.phase is Phase.DEAL:
                game.deal()
                continue
            me = game.to_move
            assert me is not None
            move = agents[me].choose(View(game, me), game.legal_actions())
            pile, aside = len(game.pile), game.set_aside
            others = [p for p in range(players) if p != me and game.active[p]]
            if isinstance(move, Play) and move.card == Card.PRINCE and pile == 0:
                t = move.target
                assert t is not None
                game.apply(move)
                if game.discards[t][-1] != Card.PRINCESS:
                    assert game.results[-1].hands[t] == aside and game.set_aside is None
                    seen["prince on an empty deck"] += 1
                continue
            if isinstance(move, Play) and move.card == Card.CHANCELLOR and pile <= 1:
                game.apply(move)
                if pile == 1:
                    assert game.phase is Phase.CHANCELLOR and len(game.hands[me]) == 2
                    assert all(len(k.bottom) == 1 for k in game.legal_actions()
                               if isinstance(k, Keep))
                    seen["chancellor with one card"] += 1
                else:
                    assert game.phase is not Phase.CHANCELLOR
                    seen["chancellor with no card"] += 1
                continue
            if (isinstance(move, Play) and move.card in (Card.GUARD, Card.KING)
                    and others and all(game.protected[p] for p in others)):
                assert move.target is None
                seen["everyone else protected"] += 1
            game.apply(move)
            if game.phase in (Phase.DEAL, Phase.OVER) and game.results:
                r = game.results[-1]
                if (r.reason is EndReason.DECK_EMPTY and len(r.winners) > 1
                        and game.phase is Phase.DEAL):
                    # every tied player may start the next round, and nobody else
                    assert game.first_choices == r.winners
                    for loser in set(range(players)) - set(r.winners):
                        try:
                            game.copy().apply(Deal(loser, game.deck))
                        except IllegalActionError as error:
                            assert error.rule is Rule.FIRST_PLAYER
                        else:
                            raise AssertionError("a player who did not tie started a round")
                        seen["tie at the end of the deck, another player refused"] += 1
                    seen["tie at the end of the deck"] += 1
                spies = [p for p in range(players) if Card.SPY in game.discards[p]
                         and game.active[p]]
                if len(spies) > 1:
                    assert r.spy is None
                    seen["two spies, no token"] += 1
        assert game.outcome is not None
        if len(game.outcome.winners) > 1:
            seen["several winners"] += 1
    for case in ("prince on an empty deck", "chancellor with one card",
                 "chancellor with no card", "everyone else protected",
                 "tie at the end of the deck", "tie at the end of the deck, another player refused",
                 "two spies, no token", "several winners"):
        assert seen[case] > 0, f"{case} never happened in 400 games: {dict(seen)}"
