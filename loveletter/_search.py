"""A search opponent that decides from its own :class:`View` only.

It is determinized Monte Carlo search: each iteration deals the cards it cannot see at
random, consistently with everything its view shows (its hand, the discards, the face-up
cards, the cards it knows others hold, how many cards each hand and the deck hold), picks a
decision by UCB1, and plays the round out with the heuristic player. The decision with the
best average of tokens won this round is chosen. A Guard's guesses are first narrowed to
the known card or the two likeliest unseen ones. It does not use the order of the cards it
put under the deck with a Chancellor, nor what a missed Guard guess rules out.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from loveletter._cards import Card, guesses
from loveletter._game import Game, Phase
from loveletter._moves import Move, Play
from loveletter._players import HeuristicPlayer, unseen
from loveletter._view import View


class SearchPlayer:
    """Information-set search from its own view: same view and seed, same decision.

    >>> from loveletter import Game, play, RandomPlayer
    >>> game = Game(players=2, seed=4)
    >>> outcome = play(game, (SearchPlayer(iterations=20, seed=1), RandomPlayer(seed=2)))
    >>> len(outcome.winners) >= 1
    True
    """

    def __init__(self, iterations: int = 200, *, seed: int | None = None,
                 exploration: float = 1.0) -> None:
        if iterations < 1:
            raise ValueError(f"iterations: {iterations} must be at least 1")
        self.iterations = iterations
        self.exploration = exploration
        self._rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Move]) -> Move:
        """The decision with the best average result over sampled deals."""
        legal = _candidates(view, legal)
        if len(legal) == 1:
            return legal[0]
        rng = self._rng
        policy = HeuristicPlayer(seed=rng.randrange(2**32))
        visits = [0] * len(legal)
        totals = [0.0] * len(legal)
        for i in range(self.iterations):
            world = sample_world(view, rng)
            if i < len(legal):
                k = i
            else:
                log_n = math.log(i)
                k = max(range(len(legal)), key=lambda j: totals[j] / visits[j]
                        + self.exploration * math.sqrt(log_n / visits[j]))
            totals[k] += _rollout(world, legal[k], view.player, policy)
            visits[k] += 1
        return legal[max(range(len(legal)), key=lambda j: (visits[j], totals[j]))]


def _candidates(view: View, legal: Sequence[Move]) -> Sequence[Move]:
    """The decisions worth searching: a Guard names, for each player it may choose, only the
    card that player is known to hold or the two likeliest unseen cards (a Guard has up to 45
    decisions; searching them all would spread the budget thin)."""
    pool = unseen(view)
    known = view.known
    keep: list[Move] = []
    for move in legal:
        if not (isinstance(move, Play) and move.card == Card.GUARD and move.target is not None):
            keep.append(move)
            continue
        t = move.target
        if t in known:
            best: tuple[int, ...] = (known[t],)
        else:
            ranked = sorted((g for g in guesses(view.variant) if pool[g]),
                            key=lambda g: (-pool[g], -g))
            best = tuple(ranked[:2])
        if move.guess in best or not best:
            keep.append(move)
    return keep or legal


def sample_world(view: View, rng: random.Random) -> Game:
    """A full game consistent with ``view``: hidden cards dealt at random.

    Only what the view shows is read; the hidden hands, the set-aside card and the deck's
    order come from ``rng``.
    """
    game = Game(view.players, view.variant)
    me = view.player
    pool = sorted(unseen(view).elements())
    rng.shuffle(pool)
    known = view.known
    game.round_number = view.round_number
    game.phase = view.phase
    game.to_move = view.to_move
    game.first_player = view.first_player
    game.tokens = list(view.tokens)
    game.face_up = view.face_up
    game.discards = [list(d) for d in view.discards]
    game.active = list(view.active)
    game.protected = list(view.protected)
    game.known = [{} for _ in range(view.players)]
    game.known[me] = dict(known)
    hands: list[list[int]] = []
    for p, size in enumerate(view.hand_sizes):
        if p == me:
            hands.append(list(view.hand))
        elif size == 0:
            hands.append([])
        elif p in known:  # the known card, and on their turn the one they drew
            hands.append([known[p]] + [pool.pop() for _ in range(size - 1)])
        else:
            hands.append([pool.pop() for _ in range(size)])
    game.hands = hands
    game.set_aside = pool.pop() if view.set_aside_present else None
    game.pile = pool
    assert len(pool) == view.deck_size
    return game


def _rollout(game: Game, move: Move, me: int, policy: HeuristicPlayer) -> float:
    """Play ``move`` and the round out; the tokens ``me`` won in it (a shared win counts
    in full)."""
    start = game.tokens[me]
    rounds = len(game.results)
    game.apply(move)
    views = [View(game, p) for p in range(game.players)]
    while len(game.results) == rounds:
        p = game.to_move
        assert p is not None and game.phase in (Phase.PLAY, Phase.CHANCELLOR)
        game.apply(policy.choose(views[p], game.legal_actions()))
    return float(game.tokens[me] - start)
