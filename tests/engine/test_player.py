"""MCTSPlayer: it decides from its view only, plays legal moves, and replays with its seed.

Small budgets keep these fast; its strength is measured by ``make bench-players``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from engine_support import hidden_variant, view_state

from hanamikoji import (
    Agent,
    Edition,
    Game,
    GreedyPlayer,
    MCTSPlayer,
    Move,
    Phase,
    Player,
    RandomPlayer,
    View,
    play,
)

BUDGET = 40


class Checked:
    """Wraps a player: every decision must be one of the legal ones, for the player to move."""

    def __init__(self, player: Agent) -> None:
        self.player = player
        self.decisions = 0

    def choose(self, view: View, legal: Sequence[Move]) -> Move:
        assert view.to_move is view.player and tuple(legal) == view.legal_actions()
        move = self.player.choose(view, legal)
        assert move in legal
        self.decisions += 1
        return move


@pytest.mark.parametrize("edition", list(Edition))
def test_plays_legal_moves_to_the_end(edition: Edition) -> None:
    for seed in range(3):
        player = Checked(MCTSPlayer(BUDGET, seed=seed))
        seats = (player, RandomPlayer(seed=seed)) if seed % 2 else (RandomPlayer(seed), player)
        outcome = play(Game(edition, seed=seed), seats)
        assert outcome.round_number >= 1 and player.decisions >= 4


def test_same_seed_same_game() -> None:
    def moves(seed: int) -> tuple[Move, ...]:
        game = Game(seed=9)
        play(game, (MCTSPlayer(BUDGET, seed=seed), GreedyPlayer(seed=3)))
        return game.moves

    assert moves(1) == moves(1)
    assert any(moves(1) != moves(s) for s in (2, 3, 4))


def test_time_limit_stops_the_search() -> None:
    game = Game(seed=2, auto_deal=True)
    player = MCTSPlayer(10**9, time_limit=0.02, seed=1)
    assert player.choose(View(game, Player.A), game.legal_actions()) in game.legal_actions()


@pytest.mark.parametrize(
    ("args", "kwargs"), [((0,), {}), ((True,), {}), ((1.5,), {}), ((10,), {"time_limit": 0})]
)
def test_bad_budget(args: tuple[object, ...], kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError, match=r"iterations|time_limit"):
        MCTSPlayer(*args, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(("budget", "positions"), [(BUDGET, 40), (300, 8)])
def test_cannot_see_hidden_cards(budget: int, positions: int) -> None:
    """Two games that differ only in cards hidden from the player (the opponent's hand,
    Secret and Trade-off, the removed card, the draw order) give it the same view and, under
    the same seed, the same decision. The larger budget opens more of the tree (progressive
    widening at the root and below it) and plays more play-outs from the sampled cards."""
    rng = random.Random(21)
    compared = changed = 0
    for seed in range(positions):
        game = Game(Edition.KOSMOS, seed=seed)
        stop = rng.randrange(2, 30)
        random_player = RandomPlayer(seed=seed)
        while not game.is_over() and len(game.moves) < stop:
            if game.phase is Phase.DEAL:
                game.deal()
            else:
                game.apply(random_player.choose(View(game, game.to_move), game.legal_actions()))  # type: ignore[arg-type]
        viewer = game.to_move
        if viewer is None or len(game.legal_actions()) < 2:
            continue
        moves, hidden_changed = hidden_variant(game, viewer, rng)
        other = Game(game.edition)
        for move in moves:
            other.apply(move)
        mine, theirs = View(game, viewer), View(other, viewer)
        assert view_state(mine) == view_state(theirs)
        first = MCTSPlayer(budget, seed=seed).choose(mine, game.legal_actions())
        second = MCTSPlayer(budget, seed=seed).choose(theirs, other.legal_actions())
        assert first == second
        compared += 1
        changed += hidden_changed
    # The variants really moved hidden cards.
    assert compared >= positions // 2 and changed >= positions * 3 // 8


def test_beats_random_player() -> None:
    # A sanity check of the search's direction (the benchmark measures the real figures).
    wins = 0
    for seed in range(10):
        me = Player(seed % 2)
        seats: list[Agent] = [RandomPlayer(seed=seed), RandomPlayer(seed=seed)]
        seats[me] = MCTSPlayer(200, seed=seed)
        wins += play(Game(seed=seed), seats).winner is me
    assert wins >= 8
