"""A strong opponent: information-set Monte Carlo tree search over the player's own view.

Each iteration deals the cards the player cannot see (the opponent's hand, Secret and
Trade-off, the removed card and the draw pile) at random among those consistent with the
:class:`View`, then walks one shared tree of decisions down this *determinization* (a move
that the sampled cards make impossible is simply not available in that iteration), plays the
rest of the round out with a light policy and scores it. The tree is rebuilt for every decision.

Two things make a small budget go far (measured in ``benchmarks/players.json``):

* the first decision can have more than a hundred moves, too many to try each a few times, so
  the tree widens progressively: at the root, moves are tried in the order of a quick judgement
  of each (:class:`GreedyPlayer`'s, from the same view), more of them as the iterations add
  up; below it, at random, likewise a few more as the visits add up;
* play-outs are not uniformly random: each action uses a marker chosen at random, a Secret keeps
  a valuable card and a Trade-off drops the least valuable ones (a uniformly random play-out
  spends most actions on Competitions and Gifts, which have the most card combinations).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Final

from hanamikoji._actions import FULL_DECK, Action, Competition, Gift, Move
from hanamikoji._constants import GEISHA_CHARMS, NUM_GEISHAS, WIN_CHARM, WIN_GEISHAS
from hanamikoji._game import _WEIGHT, Game, Marker, _interned
from hanamikoji._players import GreedyPlayer
from hanamikoji._types import Phase, Player
from hanamikoji._view import View

_CHARM: Final = (0, *GEISHA_CHARMS)
_EXPLORE: Final = 0.7  # UCB exploration constant, for rewards between 0 and 1
_WIDEN_START: Final = 4  # root moves open at first; one more each time the visits reach a square
_WIDEN_INNER: Final = 2  # the same below the root, where moves are opened in random order
_RANDOM_ACTION: Final = 0.2  # share of play-out actions chosen uniformly among all legal ones
_NOISE: Final = 1.5  # randomness of a play-out's card values (charm points 2 to 5)
_MARKERS: Final = (1, 2, 4, 8)


class _Node:
    """One decision in the shared tree: statistics of the move that leads here."""

    __slots__ = ("available", "children", "reward", "visits", "who")

    def __init__(self, who: int) -> None:
        self.who = who  # who made the move into this node (rewards are from their side)
        self.visits = 0
        self.available = 0  # iterations in which this move was legal (ISMCTS's UCB)
        self.reward = 0.0
        self.children: dict[Move, _Node] = {}


class MCTSPlayer:
    """An information-set Monte Carlo tree search player: a strong opponent.

    It decides from its :class:`View` only: the cards it cannot see are sampled afresh, in
    every iteration, among those consistent with what it sees. Its own first moves are tried
    best-looking first, and every decision of the tree opens a few more moves as the search
    goes on (progressive widening); rounds are
    played out to their scoring by a light, randomised policy; a round that does not end the
    game is valued by the geishas and charm points each side then holds.

    Args:
        iterations: search iterations per decision (the budget; more is stronger and
            slower). The default, :attr:`DEFAULT_ITERATIONS`, is the level measured in
            ``benchmarks/players.json``; :attr:`STRONG_ITERATIONS` is a stronger one.
        time_limit: optional limit in seconds per decision; the search stops at whichever
            of ``iterations`` and ``time_limit`` comes first. A time limit makes play depend
            on the machine's speed; iterations alone are reproducible.
        seed: seed of the player's own random generator: the same seed, views and legal
            decisions give the same decisions.

    >>> from hanamikoji import Game, RandomPlayer, play
    >>> game = Game(seed=5)
    >>> play(game, (MCTSPlayer(iterations=50, seed=1), RandomPlayer(seed=2))).round_number >= 1
    True
    """

    DEFAULT_ITERATIONS: Final = 400
    """The default budget."""
    STRONG_ITERATIONS: Final = 6400
    """A stronger, sixteen times slower level (the Play page's strong opponent)."""

    def __init__(
        self,
        iterations: int = DEFAULT_ITERATIONS,
        *,
        time_limit: float | None = None,
        seed: int | None = None,
    ) -> None:
        if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
            raise ValueError(f"iterations: expected a positive whole number, got {iterations!r}")
        if time_limit is not None and not time_limit > 0:
            raise ValueError(f"time_limit: expected a positive number of seconds, got {time_limit}")
        self.iterations = iterations
        self.time_limit = time_limit
        self._rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Move]) -> Move:
        """The most visited of ``legal`` after the search."""
        if len(legal) == 1:
            return legal[0]
        rng = self._rng
        me = int(view.player)
        root = _Node(1 - me)
        sample = _Sampler(view)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        # The root's moves in the order they are opened: a quick judgement from the same view
        # (a stable sort: ties keep the engine's order, so the search stays reproducible).
        judge = GreedyPlayer(seed=0)._score
        order = sorted(legal, key=lambda move: -judge(view, move))
        for i in range(self.iterations):
            if deadline is not None and i and time.perf_counter() >= deadline:
                break
            _iterate(root, order, sample(rng), me, rng)
        best = None
        best_key = (-1, -1.0)
        for move in legal:
            node = root.children.get(move)
            if node is not None:
                key = (node.visits, node.reward)
                if key > best_key:
                    best, best_key = move, key
        return best if best is not None else rng.choice(legal)


class _Sampler:
    """Deals the cards hidden from a view, at random, into a full game consistent with it."""

    def __init__(self, view: View) -> None:
        me = view.player
        opp = me.other
        self.me = int(me)
        seen = list(view.hand) + list(view.tradeoff) + list(view.table(me)) + list(view.table(opp))
        if view.secret is not None:
            seen.append(view.secret)
        pending = view.pending
        if pending is not None:
            seen += pending.cards
        unknown = list(FULL_DECK)
        for card in seen:
            unknown.remove(card)
        self.unknown = unknown
        used = [int(view.used_markers(Player.A)), int(view.used_markers(Player.B))]
        self.used = used
        self.opp_hand = view.opponent_hand_size
        self.opp_secret = bool(used[opp] & Marker.SECRET)
        self.opp_tradeoff = bool(used[opp] & Marker.TRADE_OFF)
        self.pile = view.draw_pile_size
        if len(unknown) != self.opp_hand + self.opp_secret + 2 * self.opp_tradeoff + 1 + self.pile:
            raise AssertionError("the view's card counts do not add up")  # an engine bug
        self.hand = _counts(view.hand)
        self.tables = (_counts(view.table(Player.A)), _counts(view.table(Player.B)))
        self.secret = view.secret
        self.tradeoff = view.tradeoff
        self.favors = [-1, *(-1 if f is None else int(f) for f in view.favors)]
        self.pending = pending
        self.phase = view.phase
        self.to_move = int(view.to_move) if view.to_move is not None else -1
        self.edition = view.edition
        self.round_number = view.round_number
        self.starting = int(view.starting_player)
        turns = bin(used[0]).count("1") + bin(used[1]).count("1")
        self.turns = turns - (1 if pending is not None else 0)

    def __call__(self, rng: random.Random) -> Game:
        cards = self.unknown[:]
        rng.shuffle(cards)
        me, opp = self.me, 1 - self.me
        n = self.opp_hand
        game = object.__new__(Game)
        game.edition = self.edition
        game.auto_deal = False
        game.round_number = self.round_number
        game._starting = self.starting
        game._favors = self.favors[:]
        game._moves = []
        game._actors = []
        game._rounds = []
        game._outcome = None
        game._start = None
        game._rng = rng
        game._phase = self.phase
        game._to_move = self.to_move
        hands = [[0] * (NUM_GEISHAS + 1), [0] * (NUM_GEISHAS + 1)]
        hands[me] = self.hand[:]
        for g in cards[:n]:
            hands[opp][g] += 1
        game._hands = hands
        game._hcode = [sum(c * w for c, w in zip(h, _WEIGHT, strict=False)) for h in hands]
        game._sizes = [sum(hands[0]), sum(hands[1])]
        game._table = [self.tables[0][:], self.tables[1][:]]
        game._used = self.used[:]
        secrets: list[int | None] = [None, None]
        tradeoffs: list[tuple[int, ...]] = [(), ()]
        secrets[me] = self.secret
        tradeoffs[me] = self.tradeoff
        at = n
        if self.opp_secret:
            secrets[opp] = cards[at]
            at += 1
        if self.opp_tradeoff:
            tradeoffs[opp] = tuple(sorted(cards[at : at + 2]))
            at += 2
        game._secrets = secrets
        game._tradeoffs = tradeoffs
        game._removed = cards[at]
        game._pile = cards[at + 1 :]
        game._turns = self.turns
        game._pending = self.pending
        return game


def _counts(cards: Sequence[int]) -> list[int]:
    counts = [0] * (NUM_GEISHAS + 1)
    for g in cards:
        counts[g] += 1
    return counts


def _iterate(root: _Node, order: Sequence[Move], game: Game, me: int, rng: random.Random) -> None:
    """One iteration: select and expand down the tree, play out the round, back up.

    At the root only the first moves of ``order`` are open, more as its visits grow, and the
    next of them is tried first; below it, an untried move is chosen at random, and only while
    few of the moves legal in this iteration are open (so that the tree grows deep enough
    for a larger budget to see further, instead of spreading over every move).
    """
    node = root
    path = [root]
    log = math.log
    while game._phase is not Phase.DEAL and game._phase is not Phase.OVER:
        children = node.children
        legal: Sequence[Move]
        if node is root:
            legal = order[: _WIDEN_START + math.isqrt(root.visits)]
            untried = [m for m in legal if m not in children][:1]
        else:
            legal = game.legal_actions()
            untried = [m for m in legal if m not in children]
            if untried and len(legal) - len(untried) >= _WIDEN_INNER + math.isqrt(node.visits):
                untried = []  # enough moves open here for now: choose among them
        if untried:
            move = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
            child = _Node(game._to_move)
            children[move] = child
            for m in legal:
                c = children.get(m)
                if c is not None:
                    c.available += 1
            game.apply(move)
            path.append(child)
            break
        best = None
        best_score = -1.0
        for m in legal:
            c = children.get(m)
            if c is None:  # not yet opened (progressive widening)
                continue
            c.available += 1
            score = c.reward / c.visits + _EXPLORE * math.sqrt(log(c.available) / c.visits)
            if score > best_score:
                best, best_score = m, score
        assert best is not None
        node = children[best]
        game.apply(best)
        path.append(node)
    _rollout(game, rng)
    value = _value(game, me)
    for n in path:
        n.visits += 1
        n.reward += value if n.who == me else 1.0 - value


def _rollout(game: Game, rng: random.Random) -> None:
    """Play the round out: actions by :func:`_playout_action` (now and then any legal action
    at random), answers to a Gift or Competition greedily (a random answer would make every
    offer look better than it is)."""
    while True:
        phase = game._phase
        if phase is Phase.ACTION:
            if rng.random() < _RANDOM_ACTION:
                legal = game.legal_actions()
                game.apply(legal[rng.randrange(len(legal))])
            else:
                game.apply(_playout_action(game, rng))
        elif phase is Phase.GIFT_PICK or phase is Phase.COMPETITION_PICK:
            game.apply(_greedy_pick(game))
        else:
            return


def _playout_action(game: Game, rng: random.Random) -> Action:
    """A play-out's action: a marker at random among the unused ones; a Secret keeps the card
    worth most, a Trade-off drops the two worth least (charm points, halved where the player
    already leads by two, plus noise), a Gift or Competition uses cards at random."""
    p = game._to_move
    used = game._used[p]
    free = [m for m in _MARKERS if not used & m]
    marker = free[rng.randrange(len(free))] if len(free) > 1 else free[0]
    hand = game._hands[p]
    cards = [g for g in range(1, NUM_GEISHAS + 1) for _ in range(hand[g])]
    if marker <= 2:  # Secret or Trade-off
        mine = game._table[p]
        theirs = game._table[1 - p]
        rnd = rng.random
        ranked = sorted(
            cards,
            key=lambda g: _CHARM[g] * (0.5 if mine[g] > theirs[g] + 1 else 1.0) + _NOISE * rnd(),
        )
        chosen = (ranked[-1],) if marker == 1 else tuple(sorted(ranked[:2]))
    else:
        chosen = tuple(sorted(rng.sample(cards, 3 if marker == 4 else 4)))
    actions = _interned(marker, chosen)  # a Competition's cards split in up to three ways
    return actions[rng.randrange(len(actions))] if len(actions) > 1 else actions[0]


def _greedy_pick(game: Game) -> Move:
    """The answer that leaves the taker best placed on the geishas it touches."""
    taker = game._to_move
    mine = game._table[taker]
    theirs = game._table[1 - taker]
    offer = game._pending
    best: Move | None = None
    best_score = -1e9
    for pick in game.legal_actions():
        if type(offer) is Gift:
            took: tuple[int, ...] = (pick.card,)  # type: ignore[union-attr]
            left = list(offer.cards)
            left.remove(pick.card)  # type: ignore[union-attr]
        else:
            assert isinstance(offer, Competition)
            took = pick.pair  # type: ignore[union-attr]
            left = list(offer.pairs[1] if offer.pairs[0] == took else offer.pairs[0])
        score = 0.0
        for g in set(took) | set(left):
            before = mine[g] - theirs[g]
            after = before + took.count(g) - left.count(g)
            score += _CHARM[g] * (max(-1, min(1, after)) - max(-1, min(1, before)))
        if score > best_score:
            best, best_score = pick, score
    assert best is not None
    return best


def _value(game: Game, me: int) -> float:
    """How good the end of a round is for ``me``: 1 a win, 0 a loss, in between an estimate."""
    outcome = game._outcome
    if outcome is not None:
        winners = outcome.winners
        if len(winners) == 1:
            return 1.0 if winners[0] == me else 0.0
        return 0.5
    favors = game._favors
    geishas = [0, 0]
    points = [0, 0]
    for g in range(1, NUM_GEISHAS + 1):
        owner = favors[g]
        if owner >= 0:
            geishas[owner] += 1
            points[owner] += _CHARM[g]
    opp = 1 - me
    # Distance to the nearest goal, each side; a marker held is a head start next round.
    lead = (points[me] - points[opp]) / WIN_CHARM + (geishas[me] - geishas[opp]) / WIN_GEISHAS
    return 1.0 / (1.0 + math.exp(-2.0 * lead))
