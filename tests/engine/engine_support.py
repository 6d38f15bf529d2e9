"""Helpers for the engine tests: state snapshots, scripted positions, random play and a plain
reference implementation of the rules that the engine is compared with move by move.

Everything here reads the engine through its public API only (``hanamikoji`` names), so the
helpers also check that the public API is enough to observe a game completely.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hanamikoji import (
    FULL_DECK,
    GEISHA_CHARMS,
    Competition,
    CompetitionPick,
    Deal,
    Edition,
    Game,
    Gift,
    GiftPick,
    Move,
    Outcome,
    Phase,
    Player,
    Reason,
    RoundScore,
    Secret,
    TradeOff,
)

A, B = Player.A, Player.B
EDITIONS = tuple(Edition)
CHARM = dict(zip(range(1, 8), GEISHA_CHARMS, strict=True))
MARKER_SIZES = {"S": 1, "T": 2, "G": 3, "C": 4}


def cards(text: str) -> tuple[int, ...]:
    """``"1267"`` -> ``(1, 2, 6, 7)`` (kept independent of the engine's own parser)."""
    return tuple(int(ch) for ch in text)


def digits(values: Sequence[int]) -> str:
    return "".join(map(str, values))


# ---------------------------------------------------------------------------- a round by hand

# A round played by hand (round 1, A starts). Deck, from the top: removed 7; A's six 123456;
# B's six 123456; draw pile 7 7 6 5 7 4 6 7.
ROUND_ONE_DECK = "D" + "7" + "123456" + "123456" + "77657467"
# Turn by turn (the card drawn first):
#   1 A draws 7 (1234567): Gift 123, B takes 2.     2 B draws 7 (1234567): Secret 7.
#   3 A draws 6 (45667):   Trade-off 45.             4 B draws 5 (1234556): Competition 12|56,
#                                                      A takes 56.
#   5 A draws 7 (6677):    Secret 7.                 6 B draws 4 (3445): Gift 345, A takes 5.
#   7 A draws 6 (6667):    Competition 66|67,        8 B draws 7 (47): Trade-off 47.
#                          B takes 66.
ROUND_ONE = "G123 P2 S7 T45 C12-56 P56 S7 G345 P5 C66-67 P66 T47".split()  # noqa: SIM905
# At scoring: A's side 1 3 5 5 6 6 7 + Secret 7; B's side 2 1 2 3 4 6 6 + Secret 7.
# Geisha by geisha (A-B): 1-1 tie, 0-2 B, 1-1 tie, 0-1 B, 2-0 A, 2-2 tie, 2-1 A.
ROUND_ONE_SCORE = RoundScore(
    round_number=1,
    secrets=(7, 7),
    items=((1, 0, 1, 0, 2, 2, 2), (1, 2, 1, 1, 0, 2, 1)),
    favors=(None, B, None, B, A, None, A),
    moved=(2, 4, 5, 7),
    geishas=(2, 2),
    charm=(8, 5),
)


def round_one(upto: int | None = None) -> Game:
    """A new game, the hand-made deal, and the first ``upto`` moves of ROUND_ONE."""
    game = Game()
    game.deal(ROUND_ONE_DECK)
    for move in ROUND_ONE[:upto]:
        game.apply(move)
    return game


# ---------------------------------------------------------------------------- snapshots


def snapshot(game: Game) -> dict[str, Any]:
    """Everything the public API tells about a game, as comparable values."""
    state: dict[str, Any] = {
        "edition": game.edition,
        "round": game.round_number,
        "phase": game.phase,
        "to_move": game.to_move,
        "starting": game.starting_player,
        "favors": game.favors,
        "geishas": (game.geishas(A), game.geishas(B)),
        "charm": (game.charm(A), game.charm(B)),
        "hands": (game.hand(A), game.hand(B)),
        "tables": (game.table(A), game.table(B)),
        "items": tuple((game.items(A, g), game.items(B, g)) for g in range(1, 8)),
        "secrets": (game.secret(A), game.secret(B)),
        "tradeoffs": (game.tradeoff(A), game.tradeoff(B)),
        "used": (game.used_markers(A), game.used_markers(B)),
        "removed": game.removed_card,
        "draw_pile": game.draw_pile,
        "pending": game.pending,
        "moves": game.moves,
        "rounds": game.rounds,
        "outcome": game.outcome,
        "over": game.is_over(),
        "legal": game.legal_actions(),
        "start": game.start,
    }
    if game.phase in (Phase.DEAL, Phase.ACTION):
        state["position"] = game.position()
    return state


def all_cards(game: Game) -> list[int]:
    """Every card the public API can locate during a dealt round (must be the 21 cards)."""
    found: list[int] = []
    for p in Player:
        found += game.hand(p) + game.table(p) + game.tradeoff(p)
        secret = game.secret(p)
        if secret is not None:
            found.append(secret)
    found += game.draw_pile
    if game.removed_card is not None:
        found.append(game.removed_card)
    if game.pending is not None:
        found += game.pending.cards
    return sorted(found)


# ---------------------------------------------------------------------------- random play


def play_random(game: Game, rng: random.Random, *, max_moves: int = 10_000) -> Game:
    """Play ``game`` to its end with uniformly random decisions; deals use the game's own
    generator."""
    for _ in range(max_moves):
        if game.is_over():
            return game
        if game.phase is Phase.DEAL:
            game.deal()
            continue
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    raise AssertionError(f"game not over after {max_moves} moves")


def random_game(seed: int, edition: Edition | str = Edition.EMPERORS4) -> Game:
    """A whole random game, reproducible from ``seed``."""
    return play_random(Game(edition, seed=seed), random.Random(seed))


# ---------------------------------------------------------------------------- positions


def random_position(rng: random.Random, edition: Edition | None = None) -> dict[str, Any]:
    """Keyword arguments for :meth:`Game.from_position`: a random consistent position at an
    action decision, with everything given explicitly (nothing left to the engine's shuffle).

    Round parity sets the starting player (A starts odd rounds), the markers used follow the
    turn order, and each side holds exactly the cards its Gifts and Competitions put there.
    """
    edition = edition or rng.choice(EDITIONS)
    limit = edition.round_limit or 5
    round_number = rng.randint(1, limit)
    first = A if round_number % 2 else B
    second = first.other
    turns_total = rng.randrange(8)  # turns already taken (0 to 7)
    turns = {first: (turns_total + 1) // 2, second: turns_total // 2}
    to_move = first if turns[first] == turns[second] else second
    used = {p: "".join(sorted(rng.sample("STGC", turns[p]), key="STGC".index)) for p in Player}
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    removed = deck.pop()

    def take(n: int) -> str:
        return digits(sorted(deck.pop() for _ in range(n)))

    hands: dict[str, str] = {}
    secrets: dict[str, int] = {}
    tradeoffs: dict[str, str] = {}
    table = {"A": "", "B": ""}
    for p in Player:
        if "S" in used[p]:
            secrets[p.name] = deck.pop()
        if "T" in used[p]:
            tradeoffs[p.name] = take(2)
        if "G" in used[p]:
            table[p.name] += take(2)
            table[p.other.name] += take(1)
        if "C" in used[p]:
            table[p.name] += take(2)
            table[p.other.name] += take(2)
    for p in Player:
        drawn = turns[p] + (1 if p is to_move else 0)
        size = 6 + drawn - sum(MARKER_SIZES[m] for m in used[p])
        hands[p.name] = take(size)
    assert len(deck) == 8 - (turns_total + 1), (len(deck), turns_total)
    favors = "".join(rng.choice("AB.") for _ in range(7)) if round_number > 1 else "......."
    return {
        "edition": edition,
        "round_number": round_number,
        "starting": first,
        "favors": favors,
        "hands": hands,
        "table": {k: digits(sorted(cards(v))) for k, v in table.items()},
        "secrets": secrets,
        "tradeoffs": tradeoffs,
        "used": {p.name: used[p] for p in Player},
        "removed": removed,
        "draw_pile": digits(deck),
    }


@dataclass
class LastTurn:
    """A game at its round's last decision (the second player's Competition) and the two
    moves that end the round: the Competition and the first player's pick."""

    game: Game
    moves: tuple[Move, Move]

    def finish(self) -> Game:
        for move in self.moves:
            self.game.apply(move)
        return self.game


def last_turn(
    sides: Mapping[str, str],
    *,
    edition: Edition | str = Edition.EMPERORS4,
    round_number: int = 1,
    favors: str = ".......",
    secrets: Mapping[str, int] | None = None,
    tradeoffs: Mapping[str, str] | None = None,
    removed: int | None = None,
) -> LastTurn:
    """Set up the last decision of a round so that, once it is played, each side holds
    exactly ``sides["A"]`` / ``sides["B"]`` (8 cards each, Secret included) at scoring.

    The starting player follows round parity (A in odd rounds). The second player has used
    Secret, Trade-off and Gift and holds the four cards of their Competition; the first player
    has used all four markers. The pair each player ends up with is the two highest cards of
    their side after the Secret; the five cards no side holds go under the Trade-off markers
    and into the box (``tradeoffs`` and ``removed`` choose them, else they are split in order).
    """
    first = A if round_number % 2 else B
    second = first.other
    side = {p: sorted(cards(sides[p.name])) for p in Player}
    for p in Player:
        assert len(side[p]) == 8, f"side {p}: 8 cards at scoring, got {side[p]}"
    secret = {p: (secrets or {}).get(p.name, side[p][0]) for p in Player}
    table: dict[Player, list[int]] = {}
    pair: dict[Player, tuple[int, int]] = {}
    for p in Player:
        rest = list(side[p])
        rest.remove(secret[p])
        pair[p] = (rest[-2], rest[-1])
        table[p] = rest[:-2]
    leftover = Counter(FULL_DECK) - Counter(side[A]) - Counter(side[B])
    spare = sorted(leftover.elements())
    assert len(spare) == 5, f"sides use {21 - len(spare)} cards; 16 expected"
    trade = {p: (tradeoffs or {}).get(p.name) for p in Player}
    gone = removed
    pool = list(spare)
    for value in [*(v for v in trade.values() if v), *([gone] if gone else [])]:
        for c in cards(str(value)):
            pool.remove(c)
    for p in Player:
        if trade[p] is None:
            trade[p] = digits(pool[:2])
            del pool[:2]
    if gone is None:
        gone = pool.pop()
    assert not pool
    game = Game.from_position(
        edition=edition,
        round_number=round_number,
        starting=first,
        favors=favors,
        hands={first.name: "", second.name: digits(pair[first] + pair[second])},
        table={p.name: digits(table[p]) for p in Player},
        secrets={p.name: secret[p] for p in Player},
        tradeoffs={p.name: trade[p] or "" for p in Player},
        used={first.name: "STGC", second.name: "STG"},
        removed=gone,
        draw_pile="",
    )
    moves = (Competition((pair[second], pair[first])), CompetitionPick(pair[first]))
    return LastTurn(game, moves)


def score_round(sides: Mapping[str, str], **kwargs: Any) -> Game:
    """Play the last turn set up by :func:`last_turn`; return the game after scoring."""
    return last_turn(sides, **kwargs).finish()


# ---------------------------------------------------------------------------- reference rules


def reference_outcome(
    edition: Edition, round_number: int, favors: Sequence[Player | None]
) -> tuple[Reason, tuple[Player, ...]] | None:
    """The end of the game after a scoring, written straight from the rulebooks."""
    geishas = {p: sum(1 for f in favors if f is p) for p in Player}
    points = {p: sum(CHARM[g] for g, f in enumerate(favors, 1) if f is p) for p in Player}
    by_geishas = {p: geishas[p] >= 4 for p in Player}
    by_charm = {p: points[p] >= 11 for p in Player}
    reached = [p for p in Player if by_geishas[p] or by_charm[p]]
    if len(reached) == 2:
        (charm_side,) = [p for p in Player if by_charm[p]]
        assert by_geishas[charm_side.other] and not by_charm[charm_side.other]
        return Reason.CHARM_BEATS_GEISHAS, (charm_side,)
    if len(reached) == 1:
        (p,) = reached
        if by_geishas[p] and by_charm[p]:
            return Reason.GEISHAS_AND_CHARM, (p,)
        return (Reason.GEISHAS if by_geishas[p] else Reason.CHARM), (p,)
    if edition is Edition.EMPERORS4 or round_number < 3:
        return None
    if edition is Edition.EMPERORS4_3_ROUNDS:
        if geishas[A] != geishas[B]:
            return Reason.LIMIT_MORE_GEISHAS, (max(Player, key=geishas.__getitem__),)
        if points[A] != points[B]:
            return Reason.LIMIT_MORE_CHARM, (max(Player, key=points.__getitem__),)
        return Reason.LIMIT_SHARED, (A, B)
    assert edition is Edition.KOSMOS
    if points[A] != points[B]:
        return Reason.LIMIT_MORE_CHARM, (max(Player, key=points.__getitem__),)
    return Reason.LIMIT_NO_WINNER, ()


@dataclass
class Reference:
    """The rules as plainly as they can be written: lists of cards, one method per step.

    It follows the moves of an engine game and exposes the same observations, so a test can
    compare the two after every move.
    """

    edition: Edition
    round_number: int = 1
    starting: Player = A
    favors: list[Player | None] = field(default_factory=lambda: [None] * 7)
    outcome: tuple[Reason, tuple[Player, ...], int] | None = None
    round_scores: list[tuple[Any, ...]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._new_round()

    def _new_round(self) -> None:
        self.phase = Phase.DEAL
        self.to_move: Player | None = None
        self.hands: dict[Player, list[int]] = {A: [], B: []}
        self.tables: dict[Player, list[int]] = {A: [], B: []}
        self.secrets: dict[Player, int | None] = {A: None, B: None}
        self.tradeoffs: dict[Player, list[int]] = {A: [], B: []}
        self.used: dict[Player, str] = {A: "", B: ""}
        self.pile: list[int] = []  # top card first
        self.removed: int | None = None
        self.turns_taken = 0
        self.offer: tuple[str, Player, Any] | None = None

    @classmethod
    def from_game_start(cls, game: Game) -> Reference:
        """A reference at the same starting point as ``game`` (a fresh game or a position)."""
        ref = cls(game.edition)
        start = game.start
        if start is None:
            return ref
        ref.round_number = start.round_number
        ref.starting = start.starting
        ref.favors = [None if f == "." else Player[f] for f in start.favors]
        if start.dealt:
            for p in Player:
                ref.hands[p] = list(start.hands[p])
                ref.tables[p] = list(start.table[p])
                ref.secrets[p] = start.secrets[p]
                ref.tradeoffs[p] = list(start.tradeoffs[p])
                ref.used[p] = start.used[p]
            ref.pile = list(start.draw_pile)
            ref.removed = start.removed
            ref.turns_taken = len(start.used[0]) + len(start.used[1])
            first = start.starting
            ref.to_move = first if ref.turns_taken % 2 == 0 else first.other
            ref.phase = Phase.ACTION
        return ref

    def _take(self, p: Player, used: Sequence[int]) -> None:
        for c in used:
            assert c in self.hands[p], f"{p} does not hold {c}: {self.hands[p]}"
            self.hands[p].remove(c)

    def _draw(self, p: Player) -> None:
        self.hands[p].append(self.pile.pop(0))
        self.to_move = p
        self.phase = Phase.ACTION

    def _turn_over(self, actor: Player) -> None:
        self.turns_taken += 1
        if self.turns_taken < 8:
            self._draw(actor.other)
        else:
            self._score()

    def apply(self, move: Move) -> None:
        if isinstance(move, Deal):
            assert self.phase is Phase.DEAL
            deck = list(move.deck)
            self.removed = deck[0]
            self.hands[self.starting] = deck[1:7]
            self.hands[self.starting.other] = deck[7:13]
            self.pile = deck[13:]
            self._draw(self.starting)
            return
        actor = self.to_move
        assert actor is not None
        if isinstance(move, (Secret, TradeOff, Gift, Competition)):
            assert self.phase is Phase.ACTION
            letter = {Secret: "S", TradeOff: "T", Gift: "G", Competition: "C"}[type(move)]
            assert letter not in self.used[actor]
            self._take(actor, move.cards)
            self.used[actor] += letter
            if isinstance(move, Secret):
                self.secrets[actor] = move.card
                self._turn_over(actor)
            elif isinstance(move, TradeOff):
                self.tradeoffs[actor] = list(move.cards)
                self._turn_over(actor)
            else:
                self.offer = (letter, actor, move)
                self.to_move = actor.other
                self.phase = Phase.GIFT_PICK if letter == "G" else Phase.COMPETITION_PICK
            return
        assert self.offer is not None
        _, giver, offer = self.offer
        if isinstance(move, GiftPick):
            assert self.phase is Phase.GIFT_PICK and move.card in offer.cards
            kept = list(offer.cards)
            kept.remove(move.card)
            self.tables[actor].append(move.card)
            self.tables[giver] += kept
        else:
            assert isinstance(move, CompetitionPick) and self.phase is Phase.COMPETITION_PICK
            assert move.pair in offer.pairs
            other = offer.pairs[1] if offer.pairs[0] == move.pair else offer.pairs[0]
            self.tables[actor] += move.pair
            self.tables[giver] += other
        self.offer = None
        self._turn_over(giver)

    def _score(self) -> None:
        sides = {p: Counter(self.tables[p]) for p in Player}
        for p in Player:
            if self.secrets[p] is not None:
                sides[p][self.secrets[p]] += 1  # type: ignore[index]
        before = list(self.favors)
        for g in range(1, 8):
            if sides[A][g] > sides[B][g]:
                self.favors[g - 1] = A
            elif sides[B][g] > sides[A][g]:
                self.favors[g - 1] = B
        moved = tuple(g for g in range(1, 8) if self.favors[g - 1] != before[g - 1])
        items = tuple(tuple(sides[p][g] for g in range(1, 8)) for p in Player)
        self.round_scores.append(
            (
                self.round_number,
                (self.secrets[A], self.secrets[B]),
                items,
                tuple(self.favors),
                moved,
            )
        )
        decided = reference_outcome(self.edition, self.round_number, self.favors)
        if decided is not None:
            self.outcome = (*decided, self.round_number)
            # The last round's cards stay where they lie, the Secrets revealed on the sides.
            for p in Player:
                self.tables[p] += [s for s in (self.secrets[p],) if s is not None]
            self.phase = Phase.OVER
            self.to_move = None
            return
        self.round_number += 1
        self.starting = self.starting.other
        self._new_round()

    def observations(self) -> dict[str, Any]:
        """The same observations as :func:`compare_with_reference` reads from the engine."""
        return {
            "round": self.round_number,
            "phase": self.phase,
            "to_move": self.to_move,
            "starting": self.starting,
            "favors": tuple(self.favors),
            "hands": tuple(tuple(sorted(self.hands[p])) for p in Player),
            "tables": tuple(tuple(sorted(self.tables[p])) for p in Player),
            "secrets": (self.secrets[A], self.secrets[B]),
            "tradeoffs": tuple(tuple(sorted(self.tradeoffs[p])) for p in Player),
            "used": tuple("".join(sorted(self.used[p], key="STGC".index)) for p in Player),
            "removed": self.removed,
            "draw_pile": tuple(self.pile),
        }


def engine_observations(game: Game) -> dict[str, Any]:
    """The engine's side of :meth:`Reference.observations`."""
    return {
        "round": game.round_number,
        "phase": game.phase,
        "to_move": game.to_move,
        "starting": game.starting_player,
        "favors": game.favors,
        "hands": (game.hand(A), game.hand(B)),
        "tables": (game.table(A), game.table(B)),
        "secrets": (game.secret(A), game.secret(B)),
        "tradeoffs": (game.tradeoff(A), game.tradeoff(B)),
        "used": (game.used_markers(A).letters, game.used_markers(B).letters),
        "removed": game.removed_card,
        "draw_pile": game.draw_pile,
    }


def outcome_tuple(outcome: Outcome | None) -> tuple[Reason, tuple[Player, ...], int] | None:
    if outcome is None:
        return None
    return outcome.reason, outcome.winners, outcome.round_number


# ---------------------------------------------------------------------------- hidden cards


def hidden_variant(game: Game, viewer: Player, rng: random.Random) -> tuple[list[Move], bool]:
    """The moves of another game that ``viewer`` cannot tell apart from ``game``.

    Only for games from their first deal. Every deck slot is followed through the rounds: the
    slots ``viewer`` never saw (the removed card, the opponent's cards that stayed hidden and
    the undrawn pile; in finished rounds the revealed Secret is seen) get their values
    shuffled among themselves, and the opponent's Secret and Trade-off moves are rewritten to
    the new values of the slots they used. Every move stays legal because each one still
    uses the same slots. Returns the moves and whether any hidden card actually changed.
    """
    assert game.start is None, "hidden_variant needs a game from its first deal"
    replay = Game(game.edition)
    rounds: list[list[tuple[Move, Player | None]]] = []
    for move in game.moves:
        if isinstance(move, Deal):
            rounds.append([])
        rounds[-1].append((move, replay.to_move))
        replay.apply(move)
    out: list[Move] = []
    changed = False
    for index, round_moves in enumerate(rounds):
        last = index == len(rounds) - 1
        finished = not last or replay.is_over() or replay.phase is Phase.DEAL
        starting = A if index % 2 == 0 else B  # a game from its first deal: A starts round 1
        moves, round_changed = _vary_round(round_moves, starting, viewer, finished, rng)
        out += moves
        changed = changed or round_changed
    return out, changed


def _vary_round(
    round_moves: list[tuple[Move, Player | None]],
    starting: Player,
    viewer: Player,
    finished: bool,
    rng: random.Random,
) -> tuple[list[Move], bool]:
    """One round of :func:`hidden_variant`: ``round_moves`` pairs each move with the player
    who decided it (``None`` for the deal)."""
    deal = round_moves[0][0]
    assert isinstance(deal, Deal)
    deck = list(deal.deck)
    hand_slots: dict[Player, list[int]] = {
        starting: list(range(1, 7)),
        starting.other: list(range(7, 13)),
    }
    seen: set[int] = set(hand_slots[viewer])
    pile = iter(range(13, 21))
    secret_slots: set[int] = set()
    rewrites: dict[int, list[int]] = {}  # index of a Secret or Trade-off -> slots it used

    def draw(p: Player) -> None:
        slot = next(pile)
        hand_slots[p].append(slot)
        if p is viewer:
            seen.add(slot)

    draw(starting)
    turns = 0
    for i, (move, actor) in enumerate(round_moves[1:], 1):
        assert actor is not None
        if isinstance(move, (Secret, TradeOff, Gift, Competition)):
            used_slots = []
            for c in move.cards:
                slot = next(s for s in hand_slots[actor] if deck[s] == c)
                hand_slots[actor].remove(slot)
                used_slots.append(slot)
            if isinstance(move, (Gift, Competition)):
                seen.update(used_slots)  # face up
                continue
            rewrites[i] = used_slots
            if isinstance(move, Secret):
                secret_slots.update(used_slots)
            next_player = actor.other
        else:  # a pick ends the giver's turn; the picker plays next
            next_player = actor
        turns += 1
        if turns < 8:
            draw(next_player)
    if finished:
        seen.update(secret_slots)  # revealed at scoring
    hidden = [s for s in range(21) if s not in seen]
    values = [deck[s] for s in hidden]
    rng.shuffle(values)
    new_deck = list(deck)
    for s, v in zip(hidden, values, strict=True):
        new_deck[s] = v
    out: list[Move] = [Deal(tuple(new_deck))]
    for i, (move, _) in enumerate(round_moves[1:], 1):
        if i in rewrites:
            new_cards = tuple(new_deck[s] for s in rewrites[i])
            move = Secret(new_cards[0]) if isinstance(move, Secret) else TradeOff(new_cards)
        out.append(move)
    return out, new_deck != deck


def iter_round_moves(game: Game) -> Iterator[list[Move]]:
    """The moves of ``game`` split by round (each list starts with its deal)."""
    current: list[Move] = []
    for move in game.moves:
        if isinstance(move, Deal) and current:
            yield current
            current = []
        current.append(move)
    if current:
        yield current


# ---------------------------------------------------------------------------- views

VIEW_CALLS: dict[str, tuple[tuple[Any, ...], ...]] = {
    "used_markers": ((A,), (B,)),
    "table": ((A,), (B,)),
    "items": tuple((p, g) for p in Player for g in range(1, 8)),
    "favor": tuple((g,) for g in range(1, 8)),
    "legal_actions": ((),),
}
"""How to call each public method of :class:`View` (every argument it can take)."""


def view_state(view: Any) -> dict[str, Any]:
    """Every public attribute of a View: properties read, methods called with every argument.

    A public attribute this function does not know fails the test, so a new attribute of
    ``View`` cannot escape the hidden-information checks.
    """
    import inspect

    state: dict[str, Any] = {}
    for name in dir(type(view)):
        if name.startswith("_"):
            continue
        static = inspect.getattr_static(type(view), name)
        if isinstance(static, property) or type(static).__name__ == "member_descriptor":
            state[name] = getattr(view, name)
        elif callable(static):
            assert name in VIEW_CALLS, f"View.{name} is new: add its calls to VIEW_CALLS"
            state[name] = {args: getattr(view, name)(*args) for args in VIEW_CALLS[name]}
        else:
            raise AssertionError(f"View.{name}: unexpected kind of attribute {static!r}")
    state["repr()"] = repr(view)
    return state


def position_with_hand(hand: str, used: str = "", *, seed: int = 0) -> Game:
    """A round-1 position where A (the starting player) is to move with ``hand`` after using
    the markers ``used``; B has used the same markers. The other cards are dealt at random
    (from ``seed``) to B's hand, the Secrets, Trade-offs, sides, removed card and pile."""
    rng = random.Random(seed)
    deck = list((Counter(FULL_DECK) - Counter(cards(hand))).elements())
    assert len(deck) + len(hand) == 21, f"{hand!r} is not a set of item cards"
    rng.shuffle(deck)

    def take(n: int) -> str:
        return digits(sorted(deck.pop() for _ in range(n)))

    kwargs: dict[str, Any] = {"hands": {"A": hand}, "secrets": {}, "tradeoffs": {}}
    table: dict[Player | str, str] = {"A": "", "B": ""}  # (from_position's key type)
    for p in ("A", "B"):
        other = "B" if p == "A" else "A"
        if "S" in used:
            kwargs["secrets"][p] = deck.pop()
        if "T" in used:
            kwargs["tradeoffs"][p] = take(2)
        if "G" in used:
            table[p] += take(2)
            table[other] += take(1)
        if "C" in used:
            table[p] += take(2)
            table[other] += take(2)
    kwargs["hands"]["B"] = take(6 + len(used) - sum(MARKER_SIZES[m] for m in used))
    kwargs["removed"] = deck.pop()
    return Game.from_position(
        used={"A": used, "B": used}, table=table, draw_pile=digits(deck), **kwargs
    )
