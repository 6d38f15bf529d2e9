"""Players: a small interface, a uniformly random player and a heuristic one."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Protocol

from loveletter._cards import Card, Variant, full_deck
from loveletter._game import Game, Outcome, Phase
from loveletter._moves import Keep, Move, Play
from loveletter._view import View


class Agent(Protocol):
    """Anything that can take a decision from what its player may see."""

    def choose(self, view: View, legal: Sequence[Move]) -> Move:
        """Return one of ``legal`` (the decisions open to ``view.player`` now)."""
        ...


class RandomPlayer:
    """Picks uniformly among all legal decisions."""

    def __init__(self, seed: int | None = None) -> None:
        self._choice = random.Random(seed).choice

    def choose(self, view: View, legal: Sequence[Move]) -> Move:
        """A uniformly random element of ``legal``."""
        return self._choice(legal)


def unseen(view: View) -> Counter[int]:
    """The cards this player cannot place: the deck minus their hand, every discard, the
    face-up cards and the cards they know another player holds."""
    # Counted in a list by card number: Counter arithmetic made most of a rollout's time.
    left = list(_deck_counts(view.variant))
    for card in view.hand:
        left[card] -= 1
    for pile in view.discards:
        for card in pile:
            left[card] -= 1
    for card in view.face_up:
        left[card] -= 1
    for card in view.known.values():
        left[card] -= 1
    return Counter({card: n for card, n in enumerate(left) if n > 0})


@cache
def _deck_counts(variant: Variant) -> tuple[int, ...]:
    """How many of each card number, 0 to 9, the variant's deck holds."""
    deck = full_deck(variant)
    return tuple(deck.count(card) for card in range(10))


class HeuristicPlayer:
    """Plays by rules of thumb a careful beginner uses.

    It never throws away the Princess by choice, names with a Guard the card it knows or the
    likeliest unseen one, compares with a Baron only when its other card is strong, protects
    itself with a Handmaid, and keeps its highest card after a Chancellor.
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Move]) -> Move:
        """The decision with the best score; ties broken at random."""
        return self._rng.choice(best_moves(view, legal))

    def score(self, view: View, move: Move) -> float:
        """How much the heuristic likes ``move`` now: the higher, the better."""
        return _score(_context(view), move)


@dataclass(frozen=True, slots=True)
class _Context:
    hand: list[int]
    known: dict[int, int]
    pool: Counter[int]
    total: int
    me: int
    spies_shown: int


def best_moves(view: View, legal: Sequence[Move]) -> list[Move]:
    """The decisions of ``legal`` the heuristic scores highest (ties all kept, in order)."""
    ctx = _context(view)  # once per decision: rollouts call this a lot
    best: list[Move] = []
    best_score = float("-inf")
    for move in legal:
        score = _score(ctx, move)
        if score > best_score + 1e-9:
            best, best_score = [move], score
        elif abs(score - best_score) <= 1e-9:
            best.append(move)
    return best


def _context(view: View) -> _Context:
    """What every score of one decision reads."""
    pool = unseen(view)
    return _Context(list(view.hand), view.known, pool, sum(pool.values()) or 1, view.player,
                    sum(Card.SPY in d for d in view.discards))


def _score(ctx: _Context, move: Move) -> float:
    if isinstance(move, Keep):
        # Keep a high card; send the Princess away only when nothing else is left.
        return float(move.card)
    if not isinstance(move, Play):
        return 0.0
    card = move.card
    hand = ctx.hand
    other = hand[1] if hand[0] == card else hand[0]
    score = other * 0.3  # what stays in hand matters at a showdown
    known, pool, total = ctx.known, ctx.pool, ctx.total
    t = move.target
    if card == Card.PRINCESS:
        return -100.0
    if card == Card.GUARD:
        if t is None:
            return score - 1
        if t in known:
            return score + (10.0 if known[t] == move.guess else -5.0)
        assert move.guess is not None
        return score + 6.0 * pool[move.guess] / total
    if card == Card.PRIEST:
        return score + (0.5 if t is not None and t not in known else -0.5)
    if card == Card.BARON:
        if t is None:
            return score - 1
        if t in known:
            return score + (8.0 if known[t] < other else -8.0)
        wins = sum(n for c, n in pool.items() if c < other)
        loses = sum(n for c, n in pool.items() if c > other)
        return score + 6.0 * (wins - loses) / total
    if card == Card.HANDMAID:
        return score + 1.5
    if card == Card.PRINCE:
        if t == ctx.me:
            return score - (20.0 if other == Card.PRINCESS else 2.0 + other * 0.2)
        if t is not None and known.get(t) == Card.PRINCESS:
            return score + 12.0
        return score + (1.0 if t is not None and known.get(t, 5) >= 5 else 0.0)
    if card == Card.KING:
        if t is not None and t in known:
            return score + (known[t] - other) * 0.8
        return score - 1.0
    if card == Card.CHANCELLOR:
        return score + 0.5
    if card == Card.SPY:
        # The Spy's token comes only to the one player still in who showed one.
        return score + (2.0 if ctx.spies_shown == 0 else 0.5)
    return score  # the Countess, forced or not


def play(game: Game, players: Sequence[Agent], *, max_rounds: int = 200) -> Outcome:
    """Play ``game`` to the end, dealing with the game's own generator; ``players[i]`` sits
    at seat ``i`` and sees only its :class:`View`."""
    if len(players) != game.players:
        raise ValueError(f"play() needs {game.players} players, got {len(players)}")
    views = [View(game, i) for i in range(game.players)]
    while True:
        if game.phase is Phase.OVER:
            assert game.outcome is not None
            return game.outcome
        if game.phase is Phase.DEAL:
            if game.round_number >= max_rounds:
                raise RuntimeError(f"no winner after {max_rounds} rounds")
            game.deal()
            continue
        p = game.to_move
        assert p is not None
        game.apply(players[p].choose(views[p], game.legal_actions()), p)

