"""Players: a small interface, a uniformly random player and a greedy one."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from hanamikoji._actions import (
    Competition,
    CompetitionPick,
    Gift,
    GiftPick,
    Move,
    Secret,
    TradeOff,
    charm,
)
from hanamikoji._game import Game
from hanamikoji._outcome import Outcome
from hanamikoji._types import Phase, Player
from hanamikoji._view import View


class Agent(Protocol):
    """Anything that can take a decision from what its player may see."""

    def choose(self, view: View, legal: Sequence[Move]) -> Move:
        """Return one of ``legal`` (the decisions open to ``view.player`` now)."""
        ...


class RandomPlayer:
    """Picks uniformly among all legal decisions.

    >>> game = Game(seed=3)
    >>> play(game, (RandomPlayer(seed=1), RandomPlayer(seed=2))).winner in (Player.A, Player.B)
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self._choice = random.Random(seed).choice

    def choose(self, view: View, legal: Sequence[Move]) -> Move:
        """A uniformly random element of ``legal``."""
        return self._choice(legal)


class GreedyPlayer:
    """A simple heuristic: play for the geishas it can still win, worth the most charm.

    It values each card by its geisha's charm, more when that geisha is contested, and
    chooses, among the legal decisions, the one that keeps the most value on its side.
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def _value(self, view: View, card: int) -> float:
        mine = view.items(view.player, card)
        theirs = view.items(view.player.other, card)
        owner = view.favor(card)
        value = float(charm(card))
        if mine > theirs + 1:  # already safe: extra cards matter less
            value *= 0.5
        if owner is not None and owner != view.player:
            value *= 1.2  # winning back a marker also takes it from the opponent
        return value

    def choose(self, view: View, legal: Sequence[Move]) -> Move:
        """The decision with the best value; ties broken at random."""
        best: list[Move] = []
        best_score = float("-inf")
        for move in legal:
            score = self._score(view, move)
            if score > best_score + 1e-9:
                best, best_score = [move], score
            elif abs(score - best_score) <= 1e-9:
                best.append(move)
        return self._rng.choice(best)

    def _score(self, view: View, move: Move) -> float:
        def worth(cards: tuple[int, ...]) -> float:
            return sum(self._value(view, c) for c in cards)

        if isinstance(move, Secret):
            return worth(move.cards) * 0.9
        if isinstance(move, TradeOff):
            return -worth(move.cards) * 0.6
        if isinstance(move, Gift):
            low, mid, high = sorted(move.cards, key=lambda c: self._value(view, c))
            # The opponent will take the best card; the giver keeps the two others.
            return worth((low, mid)) - worth((high,)) - 0.2
        if isinstance(move, Competition):
            a, b = (worth(p) for p in move.pairs)
            # The opponent takes the better pair: a balanced split loses least.
            return min(a, b) - max(a, b)
        if isinstance(move, GiftPick):
            return worth((move.card,))
        if isinstance(move, CompetitionPick):
            offer = view.pending
            assert isinstance(offer, Competition)
            other = offer.pairs[1] if offer.pairs[0] == move.pair else offer.pairs[0]
            return worth(move.pair) - worth(other)
        return 0.0


def play(game: Game, players: Sequence[Agent], *, max_rounds: int = 1000) -> Outcome:
    """Play ``game`` to the end: deal with the game's own generator, ask each player in turn.

    ``players[0]`` plays A and ``players[1]`` plays B. Each player sees only its
    :class:`View`. Returns the outcome.
    """
    if len(players) != 2:
        raise ValueError(f"play() needs two players (A and B), got {len(players)}")
    views = (View(game, Player.A), View(game, Player.B))
    choosers = (players[0].choose, players[1].choose)
    while True:
        phase = game.phase
        if phase is Phase.OVER:
            assert game.outcome is not None
            return game.outcome
        if phase is Phase.DEAL:
            if game.round_number > max_rounds:
                raise RuntimeError(f"no winner after {max_rounds} rounds")
            game.deal()
            continue
        p = game._to_move
        game.apply(choosers[p](views[p], game.legal_actions()))
