"""A game in progress as one seat may know it (the *concealed record*), and back to a whole
game that agrees with everything that seat saw.

:func:`conceal` writes, for each move, the move as the seat saw it (``View.history``: a deal
as ``D`` and its starting seat, another player's Chancellor choice as ``K?``) and what the seat
saw it do (:func:`observations`): its own hand after the move, the cards the move laid face
up (a Guard's hit, a Baron's loser, a Prince's discard, a knocked-out hand, the face-up cards
of a 2-player deal), the cards of other players the seat knows after it (its Priest, Baron,
King) and the hands shown at the end of a round at an empty deck.

:func:`resume` reads it back: every card the seat never placed (other hands, the deck's order,
the set-aside card, other players' Chancellor choices) is dealt afresh at random, round by
round, by a bounded search over the hidden cards in the order the round uses them. A card is
fixed only when a fact fixes it (a hit, a discard, a look), or narrowed (a Guard's miss, a
Baron's winner, a King or Prince played beside a card that cannot be the Countess); the rest
are dealt at the round's end from what is left. The whole game found is then replayed by the
engine and concealed again: it must give back the very record read.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from itertools import permutations
from typing import Any, NamedTuple

from loveletter._cards import SEATS, Card, Variant, full_deck
from loveletter._errors import (
    IllegalActionError,
    NotationError,
    RecordError,
    RecordProblem,
)
from loveletter._game import EndReason, Game
from loveletter._moves import Deal, Keep, Move, Play, parse_move
from loveletter._record import VERSION, Record, read_table
from loveletter._view import View

FORMAT = "loveletter-concealed"
MAX_MOVES = 5_000
"""Moves of a concealed record read at most (a game of 6 players lasts a few hundred)."""
SEARCH_LIMIT = 20_000
"""Positions the search visits at most for a whole game before it gives up
(:class:`ResumeLimitError`); a round of a played game needs a few dozen, rarely a few
hundred."""

_SEEN = re.compile(r"([0-9]{0,3})/((?:U[0-9]{3})?(?:[A-F][0-9]{1,2})*)/((?:[A-F][0-9])*)"
                   r"/((?:[A-F][0-9])*)")
_PAIRS = re.compile(r"([A-FU])([0-9]+)")


class Resumed(NamedTuple):
    """What :func:`resume` gives back: the whole game, its seat and the concealed record it
    was checked against (``conceal(record, seat)``, JSON-ready: the record read, in the
    engine's own spelling), so that a caller who keeps it need not replay the game again."""

    record: Record
    seat: int
    concealed: dict[str, Any]


class ResumeLimitError(RecordError):
    """A concealed record the search could not make whole within its bound
    (:data:`SEARCH_LIMIT` positions for the whole game): it may or may not be consistent."""


# --- writing ------------------------------------------------------------------------------

def _cards(cards: Sequence[int]) -> str:
    return "".join(map(str, cards))


def observations(record: Record, seat: int) -> tuple[list[str], Game]:
    """What ``seat`` saw each move of ``record`` do, one string a move,
    ``hand/laid/known/shown``: its hand after the move, in the order it got the cards (a card
    received with a King is told from the one drawn after it); the cards laid face up by it beyond
    the card played, by seat (``B5``), or for a deal ``U`` and a 2-player round's face-up
    cards; the other players' cards the seat knows after it (``C2``); the hands shown when
    the move ended a round at an empty deck (``A3B7``). Returns them and the game replayed."""
    game = Game(record.players, record.variant)
    out = []
    for move in record.moves:
        actor = game.to_move
        before = [len(d) for d in game.discards]
        rounds = len(game.results)
        game.apply(move)
        if isinstance(move, Deal):
            laid = "U" + _cards(game.face_up) if game.face_up else ""
        else:
            parts = []
            for p, pile in enumerate(game.discards):
                extra = pile[before[p]:]
                if p == actor and isinstance(move, Play):
                    extra = extra[1:]
                if extra:
                    parts.append(SEATS[p] + _cards(extra))
            laid = "".join(parts)
        known = "".join(SEATS[p] + str(c) for p, c in sorted(game.known[seat].items()))
        shown = ""
        if len(game.results) > rounds and game.results[-1].reason is EndReason.DECK_EMPTY:
            shown = "".join(SEATS[p] + str(h) for p, h in enumerate(game.results[-1].hands)
                            if h is not None)
        out.append(f"{_cards(game.hands[seat])}/{laid}/{known}/{shown}")
    return out, game


def conceal(record: Record, seat: int) -> dict[str, Any]:
    """The concealed record of ``record`` for ``seat`` (JSON-ready): ``format``,
    ``version``, ``players``, ``variant``, ``seat`` (a letter), ``history`` (the moves as the
    seat saw them) and ``seen`` (:func:`observations`)."""
    seen, game = observations(record, seat)
    return {"format": FORMAT, "version": VERSION, "players": record.players,
            "variant": record.variant.value, "seat": SEATS[seat],
            "history": list(View(game, seat).history), "seen": seen}


# --- reading: the checks --------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class _Seen:
    hand: tuple[int, ...]
    laid: dict[str, tuple[int, ...]]
    known: dict[int, int]
    shown: dict[int, int]


def _read_seen(text: object, path: str, players: int) -> _Seen | RecordProblem:
    if not isinstance(text, str) or not (m := _SEEN.fullmatch(text)):
        return RecordProblem(path, "expected what the seat saw: 'hand/laid/known/shown'")
    hand = tuple(int(c) for c in m[1])
    laid = {k: tuple(int(c) for c in v) for k, v in _PAIRS.findall(m[2])}
    known = {SEATS.index(k): int(v) for k, v in _PAIRS.findall(m[3])}
    shown = {SEATS.index(k): int(v) for k, v in _PAIRS.findall(m[4])}
    seats = [k for k in laid if k != "U"] + [SEATS[p] for p in (*known, *shown)]
    if any(SEATS.index(s) >= players for s in seats):
        return RecordProblem(path, f"names a seat beyond {SEATS[players - 1]}")
    if len(_PAIRS.findall(m[2])) != len(laid) or len(_PAIRS.findall(m[3])) != len(known) \
            or len(_PAIRS.findall(m[4])) != len(shown):
        return RecordProblem(path, "names a seat twice in one part")
    return _Seen(hand, laid, known, shown)


_HIDDEN_KEEP = "K?"
_Entry = tuple[str, int] | Move  # ("D", seat) for a deal, ("K", 0) for a hidden keep


def _read(data: object, source: str) -> tuple[int, Variant, int, list[_Entry], list[_Seen]]:
    if not isinstance(data, Mapping):
        raise RecordError([RecordProblem("$", "a concealed record is a JSON object")],
                          source=source)
    problems: list[RecordProblem] = []
    variant, read_players = read_table(data, FORMAT, {"seat", "history", "seen"}, problems)
    players = read_players or 2  # the seat is then checked against two seats
    seat_text = data.get("seat")
    seat = 0
    if not isinstance(seat_text, str) or len(seat_text) != 1 \
            or seat_text not in SEATS[:players]:
        problems.append(RecordProblem("$.seat", f"expected a seat from A to "
                                                f"{SEATS[players - 1]}, got {seat_text!r}"))
    else:
        seat = SEATS.index(seat_text)
    history, seen = data.get("history"), data.get("seen")
    if not isinstance(history, list) or not history or len(history) > MAX_MOVES:
        problems.append(RecordProblem("$.history", f"expected a list of 1 to {MAX_MOVES} "
                                                   "moves as the seat saw them"))
        history = []
    if not isinstance(seen, list) or len(seen) != len(history):
        problems.append(RecordProblem("$.seen", "expected one entry for each move of the "
                                                "history"))
        seen = []
    entries: list[_Entry] = []
    for i, text in enumerate(history):
        path = f"$.history[{i}]"
        if isinstance(text, str) and re.fullmatch(r"D[A-F]", text):
            if SEATS.index(text[1]) >= players:
                problems.append(RecordProblem(path, f"no seat {text[1]} at this table"))
            entries.append(("D", SEATS.index(text[1])))
            continue
        if text == _HIDDEN_KEEP:
            entries.append(("K", 0))
            continue
        try:
            move = parse_move(text)
        except NotationError as error:
            problems.append(RecordProblem(path, str(error)))
            continue
        if isinstance(move, Deal):
            problems.append(RecordProblem(path, "a deal is written 'D' and the seat that "
                                                "starts: its cards are not the seat's to see"))
            continue
        if isinstance(move, Play) and move.target is not None and move.target >= players:
            problems.append(RecordProblem(path, f"no seat {SEATS[move.target]} at this table"))
        entries.append(move)
    views: list[_Seen] = []
    for i, text in enumerate(seen):
        read = _read_seen(text, f"$.seen[{i}]", players)
        if isinstance(read, RecordProblem):
            problems.append(read)
        else:
            views.append(read)
    if problems:
        raise RecordError(problems, source=source)
    return players, variant, seat, entries, views


# --- reading: the search --------------------------------------------------------------------

class _Dead(Exception):
    """No position agrees with what the seat saw at this entry; ``why`` says what."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


@dataclass(slots=True)
class _State:
    """One round as the search has it: cards are tokens (their place in the deal); a
    token's card is known (``value``) or narrowed to ``allowed`` (a bit per card)."""

    value: list[int | None]
    allowed: list[int]
    left: list[int]
    hands: list[list[int]]
    pile: list[int]  # top last, as the engine's
    set_aside: int | None
    active: list[bool]
    to_move: int | None
    choosing: bool = False  # a Chancellor's choice is due
    over: bool = False
    keeps: dict[int, tuple[int, tuple[int, ...]]] = field(default_factory=dict)

    def copy(self) -> _State:
        return _State(list(self.value), list(self.allowed), list(self.left),
                      [list(h) for h in self.hands], list(self.pile), self.set_aside,
                      list(self.active), self.to_move, self.choosing, self.over,
                      dict(self.keeps))

    def bind(self, token: int, card: int) -> bool:
        """Fix ``token`` to ``card`` if that agrees with what is known; False otherwise."""
        held = self.value[token]
        if held is not None:
            return held == card
        if not 0 <= card <= 9 or not self.allowed[token] >> card & 1 or not self.left[card]:
            return False
        self.value[token] = card
        self.left[card] -= 1
        return self._feasible()

    def narrow(self, token: int, mask: int) -> bool:
        """Keep only the cards of ``mask`` for ``token``; False if none is left."""
        held = self.value[token]
        if held is not None:
            return bool(mask >> held & 1)
        self.allowed[token] &= mask
        return self._feasible()

    def _feasible(self) -> bool:
        free = sum(1 << c for c in range(10) if self.left[c])
        return all(v is not None or a & free for v, a in zip(self.value, self.allowed,
                                                             strict=True))


_ALL = (1 << 10) - 1


def _above(card: int) -> int:
    return _ALL & ~((1 << (card + 1)) - 1)


class _Round:
    """The search of one round: ``entries`` from its deal on, ``seen`` alongside."""

    def __init__(self, players: int, variant: Variant, seat: int, entries: list[_Entry],
                 seen: list[_Seen], start: int, rng: random.Random, limit: int) -> None:
        self.players, self.seat, self.entries, self.seen = players, seat, entries, seen
        self.start, self.rng, self.limit = start, rng, limit
        self.deck = full_deck(variant)
        self.visits = 0
        self.deepest = (-1, "")

    def solve(self) -> tuple[Deal, dict[int, Keep]]:
        """A deal and the hidden Chancellor choices that agree with every entry."""
        kind, first = self.entries[0]  # type: ignore[misc]
        assert kind == "D"
        found = self._search(None, 0)
        if found is None:
            at, why = self.deepest
            raise RecordError([RecordProblem(f"$.seen[{self.start + at}]",
                                             f"no deal of the hidden cards agrees with what "
                                             f"the seat saw: {why}")], source="concealed record")
        cards = [v for v in found.value if v is not None]
        assert len(cards) == len(found.value)  # _fill dealt every token
        keeps = {self.start + i: Keep(cards[k], tuple(cards[b] for b in bottom))
                 for i, (k, bottom) in found.keeps.items()}
        return Deal(first, tuple(cards)), keeps

    def _search(self, state: _State | None, i: int) -> _State | None:
        self.visits += 1
        if self.visits > self.limit:
            raise ResumeLimitError([RecordProblem(
                f"$.history[{self.start}]",
                f"the game could not be rebuilt within {self.limit:,} positions")],
                source="concealed record")
        if i == len(self.entries):
            assert state is not None
            return self._fill(state)
        try:
            nexts = self._step(state, i)
        except _Dead as dead:
            if i >= self.deepest[0]:
                self.deepest = (i, dead.why)
            return None
        self.rng.shuffle(nexts)
        for nxt in nexts:
            found = self._search(nxt, i + 1)
            if found is not None:
                return found
        return None

    def _fill(self, state: _State) -> _State | None:
        """Every token still free dealt at random from the cards left, within its bounds."""
        free = [t for t, v in enumerate(state.value) if v is None]
        self.rng.shuffle(free)
        free.sort(key=lambda t: bin(state.allowed[t]).count("1"))  # the narrowest first

        def deal(k: int) -> bool:
            if k == len(free):
                return True
            self.visits += 1
            if self.visits > self.limit:
                return False
            token = free[k]
            cards = [c for c in range(10) if state.left[c] and state.allowed[token] >> c & 1]
            # Weighted by how many copies are left, as a shuffle would deal them.
            cards = sorted(cards, key=lambda c: self.rng.random() ** (1 / state.left[c]),
                           reverse=True)
            for card in cards:
                state.value[token] = card
                state.left[card] -= 1
                if deal(k + 1):
                    return True
                state.left[card] += 1
                state.value[token] = None
            return False

        return state if deal(0) else None

    # --- one entry --------------------------------------------------------------------

    def _step(self, state: _State | None, i: int) -> list[_State]:
        """Every position after entry ``i`` that agrees with what the seat saw (each way the
        hidden cards may have gone); raises :class:`_Dead` saying why when none does."""
        found: list[_State] = []
        why = "no card agrees with it"
        for branch in self._branches(state, i):
            try:
                positions = branch()
            except _Dead as dead:
                why = dead.why
                continue
            for position in positions:
                try:
                    found += self._settle(position, self.seen[i])
                except _Dead as dead:
                    why = dead.why
        if not found:
            raise _Dead(why)
        return found

    def _branches(self, state: _State | None, i: int) -> Iterator[Callable[[], list[_State]]]:
        """The ways entry ``i`` may have gone from ``state``, each a function giving the
        positions after it (or raising :class:`_Dead`)."""
        entry, seen = self.entries[i], self.seen[i]
        if isinstance(entry, tuple) and entry[0] == "D":
            if i:
                raise _Dead("a deal while the round is under way")
            yield lambda: [self._deal(entry[1])]
            return
        assert state is not None
        if state.over:
            raise _Dead("a move after the round's end")
        me = state.to_move
        assert me is not None
        keep = isinstance(entry, Keep) or entry == ("K", 0)
        if state.choosing != keep:
            raise _Dead("the Chancellor's choice is due" if state.choosing
                        else "a Chancellor's choice with no Chancellor played")
        if isinstance(entry, tuple):
            if me == self.seat:
                raise _Dead("the seat's own Chancellor choice is hidden from it")
            for kept in state.hands[me]:
                rest = [t for t in state.hands[me] if t != kept]
                for order in permutations(rest):
                    yield partial(self._hidden_keep, state, me, i, kept, order)
            return
        if isinstance(entry, Keep):
            if me != self.seat:
                raise _Dead("another player's Chancellor choice is shown")
            yield partial(self._own_keep, state, me, entry, seen)
            return
        assert isinstance(entry, Play)  # _read refused a whole deal
        hand = state.hands[me]
        if len(hand) != 2:
            raise _Dead("a play by a player without two cards")
        if None not in (state.value[hand[0]], state.value[hand[1]]) \
                and state.value[hand[0]] == state.value[hand[1]]:
            yield partial(self._play, state, me, entry, seen, 0)  # the same cards either way
        else:
            yield partial(self._play, state, me, entry, seen, 0)
            yield partial(self._play, state, me, entry, seen, 1)

    def _own_keep(self, state: _State, me: int, entry: Keep, seen: _Seen) -> list[_State]:
        after = state.copy()
        tokens = list(after.hands[me])
        order: list[int] = []
        for card in (entry.card, *entry.bottom):
            match = [t for t in tokens if after.value[t] == card]
            if not match:
                raise _Dead("a Chancellor's choice of cards not in hand")
            tokens.remove(match[0])
            order.append(match[0])
        if tokens:
            raise _Dead("a Chancellor's choice that keeps more than one card")
        after.hands[me] = [order[0]]
        for t in order[1:]:
            after.pile.insert(0, t)
        after.choosing = False
        self._end_turn(after, me, seen)
        return [after]

    def _hidden_keep(self, state: _State, me: int, i: int, kept: int,
                     order: tuple[int, ...]) -> list[_State]:
        after = state.copy()
        after.hands[me] = [kept]
        for t in order:
            after.pile.insert(0, t)
        after.keeps[i] = (kept, order)
        after.choosing = False
        self._end_turn(after, me, self.seen[i])
        return [after]

    def _deal(self, first: int) -> _State:
        n = len(self.deck)
        left = [0] * 10
        mask = 0
        for c in self.deck:
            left[c] += 1
            mask |= 1 << c
        state = _State([None] * n, [mask] * n, left, [[] for _ in range(self.players)], [],
                       0, [True] * self.players, first)
        face = self.seen[0].laid.get("U", ())
        nxt = 1
        if self.players == 2:
            if len(face) != 3:
                raise _Dead("a 2-player round lays three cards face up")
            for k, card in enumerate(face):
                if not state.bind(1 + k, card):
                    raise _Dead("face-up cards the deck does not hold")
            nxt = 4
        elif face:
            raise _Dead("cards face up in a round of more than 2 players")
        if set(self.seen[0].laid) - {"U"}:
            raise _Dead("cards laid face up by a deal")
        for k in range(self.players):
            state.hands[(first + k) % self.players].append(nxt + k)
        nxt += self.players
        state.pile = list(range(n - 1, nxt - 1, -1))
        state.hands[first].append(state.pile.pop())
        return state

    def _play(self, state: _State, me: int, move: Play, seen: _Seen, k: int) -> list[_State]:
        """``me`` plays ``move`` with the ``k``-th card of its hand."""
        hand = state.hands[me]
        token, other = hand[k], hand[1 - k]
        s = state.copy()
        if not s.bind(token, move.card):
            raise _Dead(f"{SEATS[me]}'s card played")
        if me != self.seat and move.card in (Card.KING, Card.PRINCE) \
                and not s.narrow(other, _ALL & ~(1 << Card.COUNTESS)):
            raise _Dead("the Countess beside a King or Prince")
        s.hands[me] = [other]
        return self._effect(s, me, move, seen)

    def _out(self, state: _State, p: int) -> None:
        state.hands[p] = []
        state.active[p] = False

    def _effect(self, s: _State, me: int, move: Play, seen: _Seen) -> list[_State]:
        laid = dict(seen.laid)
        card, t = Card(move.card), move.target

        def reveal(p: int, token: int) -> None:
            cards = laid.pop(SEATS[p], None)
            if cards is None or len(cards) != 1 or not s.bind(token, cards[0]):
                raise _Dead(f"what {SEATS[p]}'s card showed")

        if card is Card.PRINCESS:
            reveal(me, s.hands[me][0])
            self._out(s, me)
        elif card is Card.GUARD and t is not None and s.active[t] and s.hands[t]:
            target = s.hands[t][0]
            if SEATS[t] in laid:
                if move.guess is None:
                    raise _Dead("a Guard without a guess")
                reveal(t, target)
                if s.value[target] != move.guess:
                    raise _Dead("a Guard's hit on another card than named")
                self._out(s, t)
            elif move.guess is not None and not s.narrow(target, _ALL & ~(1 << move.guess)):
                raise _Dead("a Guard's miss on the card it named")
        elif card is Card.PRIEST and t is not None and me == self.seat and s.hands[t]:
            # Bound now: the player looked at may draw before the look is compared.
            if t not in seen.known or not s.bind(s.hands[t][0], seen.known[t]):
                raise _Dead(f"the seat's look at {SEATS[t]}'s card")
        elif card is Card.BARON and t is not None and s.hands[t]:
            mine, theirs = s.hands[me][0], s.hands[t][0]
            if self.seat in (me, t):  # the seat saw the other card, unless it was laid
                other, token = (t, theirs) if me == self.seat else (me, mine)
                told = seen.known.get(other)
                if SEATS[other] not in laid and (told is None or not s.bind(token, told)):
                    raise _Dead(f"the seat's comparison with {SEATS[other]}'s card")
            if SEATS[me] in laid:
                reveal(me, mine)
                if not s.narrow(theirs, _above(s.value[mine] or 0)):
                    raise _Dead("a Baron's comparison")
                self._out(s, me)
            elif SEATS[t] in laid:
                reveal(t, theirs)
                if not s.narrow(mine, _above(s.value[theirs] or 0)):
                    raise _Dead("a Baron's comparison")
                self._out(s, t)
            else:
                if laid:
                    raise _Dead("cards laid face up that the move does not lay")
                return self._tie(s, me, mine, theirs, seen)
        elif card is Card.PRINCE and t is not None and s.hands[t]:
            token = s.hands[t][0]
            reveal(t, token)
            s.hands[t] = []
            if s.value[token] == Card.PRINCESS:
                self._out(s, t)
            elif s.pile:
                s.hands[t].append(s.pile.pop())
            elif s.set_aside is not None:
                s.hands[t].append(s.set_aside)
                s.set_aside = None
            else:
                raise _Dead("a Prince with no card left to draw")
        elif card is Card.KING and t is not None and s.hands[t]:
            s.hands[me], s.hands[t] = s.hands[t], s.hands[me]
        elif card is Card.CHANCELLOR and s.pile:
            for _ in range(min(2, len(s.pile))):
                s.hands[me].append(s.pile.pop())
            s.choosing = True
        if laid:
            raise _Dead("cards laid face up that the move does not lay")
        if not s.choosing:
            self._end_turn(s, me, seen)
        return [s]

    def _tie(self, s: _State, me: int, mine: int, theirs: int, seen: _Seen) -> list[_State]:
        """A Baron's tie: both cards the same, each card that may be."""
        found = []
        for c in range(10):
            after = s.copy()
            if after.bind(mine, c) and after.bind(theirs, c):
                try:
                    self._end_turn(after, me, seen)
                except _Dead:
                    continue
                found.append(after)
        if not found:
            raise _Dead("a Baron's tie")
        return found

    def _end_turn(self, s: _State, me: int, seen: _Seen) -> None:
        alive = [p for p in range(self.players) if s.active[p]]
        if len(alive) == 1:
            s.over, s.to_move = True, None
            if seen.shown:
                raise _Dead("hands shown though one player was left")
        elif not s.pile:
            s.over, s.to_move = True, None
            if set(seen.shown) != set(alive):
                raise _Dead("the hands shown at the deck's end")
            for p in alive:
                if not s.bind(s.hands[p][0], seen.shown[p]):
                    raise _Dead(f"{SEATS[p]}'s hand shown at the deck's end")
        else:
            if seen.shown:
                raise _Dead("hands shown before the round's end")
            nxt = (me + 1) % self.players
            while not s.active[nxt]:
                nxt = (nxt + 1) % self.players
            s.to_move = nxt
            s.hands[nxt].append(s.pile.pop())

    def _settle(self, s: _State, seen: _Seen) -> list[_State]:
        """``s`` with the seat's own hand and its looks fixed as ``seen`` says, every way."""
        for p, card in seen.known.items():
            hand = s.hands[p]
            if len(hand) == 1 and not s.bind(hand[0], card):
                raise _Dead(f"the seat's knowledge of {SEATS[p]}'s card")
        mine = s.hands[self.seat]
        if len(mine) != len(seen.hand):
            raise _Dead("the number of cards in the seat's hand")
        for token, card in zip(mine, seen.hand, strict=True):
            if not s.bind(token, card):
                raise _Dead("the seat's own hand")
        return [s]


# --- reading: the whole game -----------------------------------------------------------------

def resume(data: object, rng: random.Random | None = None, *, limit: int = SEARCH_LIMIT,
           source: str = "concealed record") -> Resumed:
    """A whole game agreeing with the concealed record ``data`` (parsed JSON), its seat, and
    the concealed record of that game for that seat, which the check found equal to ``data``
    (:class:`Resumed`).

    >>> game = Game(players=3, seed=2)
    >>> game.deal()
    >>> game.apply(game.legal_actions()[0])
    >>> data = conceal(Record.from_game(game), 1)
    >>> record, seat, again = resume(data, random.Random(0))
    >>> seat, View(record.replay(), 1).key() == View(game, 1).key(), again == data
    (1, True, True)

    Raises:
        RecordError: naming the first field, move or observation that is wrong (its JSON
            path), or that no deal of the hidden cards agrees with.
        ResumeLimitError: when a round could not be rebuilt within ``limit`` positions.
    """
    rng = rng or random.SystemRandom()
    players, variant, seat, entries, seen = _read(data, source)
    starts = [i for i, e in enumerate(entries) if isinstance(e, tuple) and e[0] == "D"]
    if not starts or starts[0] != 0:
        raise RecordError([RecordProblem("$.history[0]", "a history starts with a deal")],
                          source=source)
    moves: list[Move] = []
    visits = 0  # the bound holds for the whole game, so that many rounds cannot add up
    for k, start in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(entries)
        search = _Round(players, variant, seat, entries[start:end], seen[start:end], start,
                        rng, limit)
        search.visits = visits
        deal, keeps = search.solve()
        visits = search.visits
        moves.append(deal)
        for i in range(start + 1, end):
            entry = entries[i]
            moves.append(keeps[i] if isinstance(entry, tuple) else entry)
    game = Game(players, variant)
    for i, move in enumerate(moves):
        try:
            game.apply(move)
        except IllegalActionError as error:
            raise RecordError([RecordProblem(f"$.history[{i}]", str(error), error.rule.value)],
                              source=source) from None
    record = Record(players, variant, tuple(moves))
    again = conceal(record, seat)
    assert isinstance(data, Mapping)  # _read checked it
    for key in ("history", "seen"):
        for i, (ours, theirs) in enumerate(zip(again[key], data[key], strict=True)):
            if ours != theirs:
                raise RecordError([RecordProblem(f"$.{key}[{i}]", "does not follow from the "
                                                 "moves before it")], source=source)
    return Resumed(record, seat, again)
