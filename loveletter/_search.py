"""A search opponent that decides from its own :class:`View` only.

It is determinized Monte Carlo search. Each sample deals the cards it cannot see at
random, consistently with everything its view shows (its hand, the discards, the face-up
cards, the cards it knows others hold and what they know of its own, the cards it put under
the deck with a Chancellor, how many cards each hand and the deck hold), then plays the
round out with the heuristic player after each decision open to it, on that same deal and
with the same luck. The decision that won the most tokens over the samples is chosen. A
Guard's guesses are first narrowed to the known card or the two likeliest unseen ones. It
does not infer hands from what other players chose to play, nor from what a missed Guard
guess rules out.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from loveletter._cards import Card, guesses
from loveletter._game import Game, Phase
from loveletter._moves import Move, Play
from loveletter._players import HeuristicPlayer, best_moves, unseen
from loveletter._view import View


class SearchPlayer:
    """Information-set search from its own view: same view and seed, same decision.

    Args:
        iterations: rollouts per decision at most (each sampled deal is played out once
            after every decision searched: a choice among ``n`` decisions samples about
            ``iterations / n`` deals).
        seed: seed of the player's own random generator.
        time_limit: optional limit in seconds per decision; the search stops at whichever of
            ``iterations`` and ``time_limit`` comes first, once every decision has been
            tried on one deal. A time limit makes play depend on the machine's speed;
            iterations alone are reproducible.

    >>> from loveletter import Game, play, RandomPlayer
    >>> game = Game(players=2, seed=4)
    >>> outcome = play(game, (SearchPlayer(iterations=20, seed=1), RandomPlayer(seed=2)))
    >>> len(outcome.winners) >= 1
    True
    """

    def __init__(self, iterations: int = 200, *, seed: int | None = None,
                 time_limit: float | None = None) -> None:
        if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
            raise ValueError(f"iterations: expected a positive whole number, got {iterations!r}")
        if time_limit is not None and not time_limit > 0:
            raise ValueError(f"time_limit: expected a positive number of seconds, got {time_limit}")
        self.iterations = iterations
        self.time_limit = time_limit
        self._rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Move]) -> Move:
        """The decision with the best average of tokens won over sampled deals, each deal
        played out after every decision (paired: the same hidden cards and the same luck in
        the rollout, so that the comparison measures the decisions, not the deals); ties go
        to the heuristic's preference."""
        candidates = _candidates(view, legal)
        if len(candidates) == 1:
            return candidates[0]
        rng = self._rng
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        judge = HeuristicPlayer(seed=0).score
        order = sorted(candidates, key=lambda move: -judge(view, move))  # stable: reproducible
        visits = [0] * len(order)
        totals = [0.0] * len(order)
        left = self.iterations
        while left > 0:
            if deadline is not None and visits[-1] and time.perf_counter() >= deadline:
                break
            world = sample_world(view, rng)
            luck = rng.randrange(2**32)
            # The last deal may be cut short by the budget: the heuristic's favourites first.
            for k, move in enumerate(order[:left]):
                totals[k] += _rollout(world.copy(), move, view.player, luck)
                visits[k] += 1
            left -= min(left, len(order))
        return order[max(range(len(order)),
                         key=lambda k: (totals[k] / max(visits[k], 1), -k))]


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

    Only what the view shows is read: the cards it cannot place go at random to the hidden
    hands, the set-aside card and the deck, except the cards it put under the deck with a
    Chancellor, which lie where it put them; the other players know what the view says
    they know of its hand (so that a rollout's Guard uses it as theirs would).
    """
    game = Game(view.players, view.variant)
    me = view.player
    left = unseen(view)
    bottom: list[int | None] = []
    for card in view.deck_bottom:
        if card is not None and left[card] > 0:
            left[card] -= 1
            bottom.append(card)
        else:
            bottom.append(None)
    pool = sorted(left.elements())
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
    for other, card in view.seen_by.items():
        game.known[other][me] = card
    game.seen_for_sure[me] = set(view.seen_by)
    game.returned[me] = list(view.returned)
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
    # The pile's top is its end: the known bottom first, the rest of the pool above it.
    game.pile = [pool.pop() if card is None else card for card in bottom] + pool
    assert len(game.pile) == view.deck_size
    return game


def _rollout(game: Game, move: Move, me: int, luck: int) -> float:
    """Play ``move`` and the round out, everyone by the heuristic (its ties settled by
    ``luck`` and the number of moves: the same luck, the same rollout); the tokens ``me`` won
    in it (a shared win counts in full)."""
    start = game.tokens[me]
    rounds = len(game.results)
    game.apply(move)
    views = [View(game, p) for p in range(game.players)]
    while len(game.results) == rounds:
        p = game.to_move
        assert p is not None and game.phase in (Phase.PLAY, Phase.CHANCELLOR)
        best = best_moves(views[p], game.legal_actions())
        game.apply(best[(luck + len(game.moves)) % len(best)])
    return float(game.tokens[me] - start)
