"""The game: deal, turns, card effects, the end of a round and of the game."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from enum import StrEnum
from itertools import permutations

from loveletter._cards import (
    SEATS,
    TOKENS_TO_WIN,
    Card,
    Variant,
    check_players,
    full_deck,
    guesses,
)
from loveletter._errors import IllegalActionError, Rule, SetupError
from loveletter._moves import Deal, Keep, Move, Play

_TARGETS_OTHER = frozenset({Card.GUARD, Card.PRIEST, Card.BARON, Card.KING})


class Phase(StrEnum):
    """What the game waits for."""

    DEAL = "deal"
    """The deal of a round."""
    PLAY = "play"
    """The player to move holds two cards and plays one."""
    CHANCELLOR = "chancellor"
    """The player to move played a Chancellor and keeps one card of those in hand."""
    OVER = "over"
    """The game has ended."""


class EndReason(StrEnum):
    """How a round ended."""

    LAST_STANDING = "last-standing"
    """Every other player was out of the round."""
    DECK_EMPTY = "deck-empty"
    """The deck was empty after a turn: the highest card in hand won (all tied players win)."""


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How one round ended: its winners, who got the Spy's token, and the hands shown."""

    number: int
    reason: EndReason
    winners: tuple[int, ...]
    spy: int | None
    """The one player still in the round who played or discarded a Spy, if exactly one."""
    hands: tuple[int | None, ...]
    """Each player's card shown at the end of the deck (``None`` for a player out of the
    round, and for everyone when the round ended with one player left: nobody shows then)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the game ended: every player who reached the token target wins."""

    winners: tuple[int, ...]
    tokens: tuple[int, ...]
    rounds: int


class Game:
    """A game of Love Letter for 2 to 6 players, seats 0 (A) to 5 (F) in turn order.

    >>> game = Game(players=3, seed=7)
    >>> game.deal()
    >>> game.phase, len(game.hand(game.to_move))
    (<Phase.PLAY: 'play'>, 2)
    """

    def __init__(
        self,
        players: int = 2,
        variant: Variant | str = Variant.STANDARD,
        *,
        seed: int | None = None,
        first: int = 0,
    ) -> None:
        self.variant: Variant = Variant.parse(variant)
        check_players(players, self.variant)
        self.players: int = players
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
            raise SetupError(f"first: {first!r} is not a seat of this game "
                             f"(0 to {players - 1})")
        self.target_tokens: int = TOKENS_TO_WIN[players]
        self.deck: tuple[int, ...] = full_deck(self.variant)
        self._rng = random.Random(seed)
        self.tokens: list[int] = [0] * players
        self.round_number = 0
        self.phase = Phase.DEAL
        self.to_move: int | None = None
        self._next_first: tuple[int, ...] = (first,)
        self.results: list[RoundResult] = []
        self.outcome: Outcome | None = None
        self.moves: list[Move] = []
        self.actors: list[int | None] = []
        self._reset_round()

    def _reset_round(self) -> None:
        n = self.players
        self.pile: list[int] = []  # the draw pile, top last (pop() draws)
        self.set_aside: int | None = None
        self.face_up: tuple[int, ...] = ()
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.discards: list[list[int]] = [[] for _ in range(n)]
        self.active: list[bool] = [True] * n
        self.protected: list[bool] = [False] * n
        self.first_player: int = 0
        # What each player knows of another's card (Priest, Baron, King), while it holds.
        self.known: list[dict[int, int]] = [{} for _ in range(n)]
        # Of those who know a player's card, the ones that player can be sure of (its view's
        # seen_by), and the ones every player can be sure of: whoever saw it looked at the
        # card, and its holder has not played since (then others cannot tell whether it
        # played the card seen). A King passes the latter on with the card.
        self.seen_for_sure: list[set[int]] = [set() for _ in range(n)]
        self.seen_by_all: list[set[int]] = [set() for _ in range(n)]
        # Cards each player put under the deck with a Chancellor, in order.
        self.returned: list[list[int]] = [[] for _ in range(n)]

    # ----- reading -----

    def hand(self, player: int) -> tuple[int, ...]:
        """A player's hand, sorted (every card: this is the referee's view)."""
        return tuple(sorted(self.hands[player]))

    @property
    def first_choices(self) -> tuple[int, ...]:
        """The seats that may start the next round: the last round's winners (before the
        first round, the seat given to the constructor, though a deal may name any)."""
        return self._next_first

    def legal_actions(self) -> tuple[Move, ...]:
        """Every decision open to the player to move now (empty at a deal or when over)."""
        if self.phase is Phase.PLAY:
            assert self.to_move is not None
            return self._plays(self.to_move)
        if self.phase is Phase.CHANCELLOR:
            assert self.to_move is not None
            return _keeps(self.hands[self.to_move])
        return ()

    def valid_targets(self, player: int, card: int) -> tuple[int, ...]:
        """The players ``player``'s card may choose now (the Prince always has itself)."""
        others = tuple(
            p for p in range(self.players)
            if p != player and self.active[p] and not self.protected[p]
        )
        if card == Card.PRINCE:
            return tuple(sorted((*others, player)))
        if card in _TARGETS_OTHER:
            return others
        return ()

    def _plays(self, player: int) -> tuple[Move, ...]:
        hand = self.hands[player]
        cards = sorted(set(hand))
        if Card.COUNTESS in hand and (Card.KING in hand or Card.PRINCE in hand):
            cards = [Card.COUNTESS]
        out: list[Move] = []
        names = guesses(self.variant)
        for card in cards:
            targets = self.valid_targets(player, card)
            if card == Card.GUARD and targets:
                out += [Play(card, t, g) for t in targets for g in names]
            elif targets:
                out += [Play(card, t) for t in targets]
            else:
                out.append(Play(card))
        return tuple(out)

    # ----- acting -----

    def deal(self) -> None:
        """Shuffle with the game's own generator and deal the next round."""
        deck = list(self.deck)
        self._rng.shuffle(deck)
        first = self._rng.choice(self._next_first)
        self.apply(Deal(first, tuple(deck)))

    def apply(self, move: Move, player: int | None = None) -> None:
        """Apply one decision. ``player``, if given, must be the one to decide.

        Raises:
            IllegalActionError: naming the rule broken; the game is left unchanged.
        """
        self.check(move, player)
        actor = self.to_move
        if isinstance(move, Deal):
            self._deal(move)
        elif isinstance(move, Play):
            assert actor is not None
            self._play(actor, move)
        else:
            assert actor is not None
            self._keep(actor, move)
        self.moves.append(move)
        self.actors.append(actor)

    def check(self, move: Move, player: int | None = None) -> None:
        """Raise :class:`IllegalActionError` if ``move`` is not legal now; change nothing."""

        def fail(message: str, rule: Rule) -> None:
            raise IllegalActionError(f"{move}: {message}", action=move, rule=rule)

        if self.phase is Phase.OVER:
            fail("the game is over", Rule.GAME_OVER)
        if isinstance(move, Deal):
            if self.phase is not Phase.DEAL:
                fail("a round is under way: it has already been dealt", Rule.DEAL_FIRST)
            if sorted(move.deck) != list(self.deck):
                fail(f"a deal holds every card of the {self.variant.value} deck once",
                     Rule.SETUP_DECK)
            # The table chooses who starts the first round; later rounds, the last winners.
            allowed = range(self.players) if self.round_number == 0 else self._next_first
            if move.first not in allowed:
                seats = ", ".join(SEATS[s] for s in allowed)
                fail(f"the round must be started by {seats}", Rule.FIRST_PLAYER)
            return
        if self.phase is Phase.DEAL:
            fail("the round has not been dealt yet", Rule.DEAL_FIRST)
        assert self.to_move is not None
        if player is not None and player != self.to_move:
            fail(f"it is {SEATS[self.to_move]}'s decision, not "
                 f"{SEATS[player] if 0 <= player < len(SEATS) else player}'s",
                 Rule.TURN_ORDER)
        hand = self.hands[self.to_move]
        if isinstance(move, Keep):
            if self.phase is not Phase.CHANCELLOR:
                fail("a Keep answers only a Chancellor", Rule.CHANCELLOR)
            given = Counter((move.card, *move.bottom))
            if given != Counter(hand):
                fail(f"keep one of {_cards(hand)} and put all the others under the deck",
                     Rule.CHANCELLOR)
            return
        if self.phase is Phase.CHANCELLOR:
            fail("the Chancellor's choice comes first: keep one card", Rule.CHANCELLOR)
        if move.card not in hand:
            fail(f"the card is not in the hand {_cards(hand)}", Rule.PLAY_FROM_HAND)
        if (move.card != Card.COUNTESS and Card.COUNTESS in hand
                and (Card.KING in hand or Card.PRINCE in hand)):
            fail("the Countess must be played with a King or Prince", Rule.COUNTESS)
        me = self.to_move
        card = Card(move.card)
        valid = self.valid_targets(me, card)
        if card not in _TARGETS_OTHER and card is not Card.PRINCE:
            if move.target is not None:
                fail(f"the {card.title} chooses no player", Rule.TARGET)
        elif move.target is None:
            if valid:
                fail(f"the {card.title} must choose one of "
                     f"{', '.join(SEATS[s] for s in valid)}", Rule.NO_TARGET)
        elif move.target not in valid:
            t = move.target
            if not 0 <= t < self.players:
                fail(f"there is no seat {SEATS[t] if t < len(SEATS) else t}", Rule.TARGET)
            if t == me:
                fail(f"the {card.title} must choose another player", Rule.TARGET)
            if not self.active[t]:
                fail(f"{SEATS[t]} is out of the round", Rule.TARGET)
            fail(f"{SEATS[t]} is protected by the Handmaid", Rule.HANDMAID)
        if card is Card.GUARD and move.target is not None:
            if move.guess not in guesses(self.variant):
                fail("the Guard names a card of the deck other than the Guard",
                     Rule.GUARD_GUESS)
        elif move.guess is not None:
            fail("only a Guard that chooses a player names a card", Rule.GUARD_GUESS)

    def _deal(self, move: Deal) -> None:
        self._reset_round()
        self.round_number += 1
        cards = list(move.deck)
        self.set_aside = cards.pop(0)
        if self.players == 2:
            self.face_up, cards = tuple(cards[:3]), cards[3:]
        for i in range(self.players):
            self.hands[(move.first + i) % self.players].append(cards.pop(0))
        self.pile = cards[::-1]
        self.first_player = move.first
        self.phase = Phase.PLAY
        self._begin_turn(move.first)

    def _begin_turn(self, player: int) -> None:
        self.to_move = player
        self.protected[player] = False  # the Handmaid protects until its player's next turn
        self.hands[player].append(self.pile.pop())

    def _knock_out(self, player: int) -> None:
        self.discards[player] += self.hands[player]
        self.hands[player] = []
        self.active[player] = False
        self.protected[player] = False
        self._forget(player)

    def _forget(self, player: int) -> None:
        for k in self.known:
            k.pop(player, None)
        self.seen_for_sure[player] = set()
        self.seen_by_all[player] = set()

    def _seen(self, viewer: int, holder: int) -> None:
        """``viewer`` looked at ``holder``'s card, as every player saw (Priest, Baron)."""
        self.known[viewer][holder] = self.hands[holder][0]
        self.seen_for_sure[holder].add(viewer)
        self.seen_by_all[holder].add(viewer)

    def _play(self, me: int, move: Play) -> None:
        card = Card(move.card)
        self.hands[me].remove(card)
        self.discards[me].append(card)
        # Another player's knowledge of my card holds only if I played a different card: if I
        # played the known one, nobody else can tell whether I drew its twin.
        for viewer, k in enumerate(self.known):
            if viewer != me and k.get(me) == card:
                del k[me]
                self.seen_for_sure[me].discard(viewer)
        self.seen_by_all[me] = set()
        t = move.target
        if card is Card.PRINCESS:
            self._knock_out(me)
        elif card is Card.GUARD and t is not None:
            if self.hands[t][0] == move.guess:
                self._knock_out(t)
        elif card is Card.PRIEST and t is not None:
            self._seen(me, t)
        elif card is Card.BARON and t is not None:
            mine, theirs = self.hands[me][0], self.hands[t][0]
            self._seen(me, t)
            self._seen(t, me)
            if mine < theirs:
                self._knock_out(me)
            elif theirs < mine:
                self._knock_out(t)
        elif card is Card.HANDMAID:
            self.protected[me] = True
        elif card is Card.PRINCE and t is not None:
            self._prince(t)
        elif card is Card.KING and t is not None:
            self.hands[me], self.hands[t] = self.hands[t], self.hands[me]
            for k in self.known:
                a, b = k.pop(me, None), k.pop(t, None)
                if b is not None:
                    k[me] = b
                if a is not None:
                    k[t] = a
            self.known[me][t] = self.hands[t][0]
            self.known[t][me] = self.hands[me][0]
            self.known[me].pop(me, None)
            self.known[t].pop(t, None)
            # Each now holds the other's card: whoever every player saw look at that card
            # knows it still, and so does the one who gave it.
            to_me = (self.seen_by_all[t] - {me}) | {t}
            to_them = (self.seen_by_all[me] - {t}) | {me}
            self.seen_for_sure[me], self.seen_by_all[me] = set(to_me), to_me
            self.seen_for_sure[t], self.seen_by_all[t] = set(to_them), to_them
        elif card is Card.CHANCELLOR and self.pile:
            for _ in range(min(2, len(self.pile))):
                self.hands[me].append(self.pile.pop())
            self._forget(me)
            self.phase = Phase.CHANCELLOR
            return
        self._end_turn(me)

    def _prince(self, t: int) -> None:
        dropped = self.hands[t].pop()
        self.discards[t].append(dropped)
        self._forget(t)
        if dropped == Card.PRINCESS:
            self._knock_out(t)
            return
        if self.pile:
            self.hands[t].append(self.pile.pop())
        else:
            # An empty deck: the Prince's player draws the card set aside face down.
            assert self.set_aside is not None
            self.hands[t].append(self.set_aside)
            self.set_aside = None

    def _keep(self, me: int, move: Keep) -> None:
        self.hands[me] = [move.card]
        for c in move.bottom:
            self.pile.insert(0, c)
        self.returned[me] += move.bottom
        self.phase = Phase.PLAY
        self._end_turn(me)

    def _end_turn(self, me: int) -> None:
        alive = [p for p in range(self.players) if self.active[p]]
        if len(alive) == 1:
            self._end_round(EndReason.LAST_STANDING, (alive[0],))
        elif not self.pile:
            best = max(self.hands[p][0] for p in alive)
            self._end_round(EndReason.DECK_EMPTY,
                            tuple(p for p in alive if self.hands[p][0] == best))
        else:
            nxt = (me + 1) % self.players
            while not self.active[nxt]:
                nxt = (nxt + 1) % self.players
            self._begin_turn(nxt)

    def _end_round(self, reason: EndReason, winners: tuple[int, ...]) -> None:
        spies = [p for p in range(self.players)
                 if self.active[p] and Card.SPY in self.discards[p]]
        spy = spies[0] if len(spies) == 1 else None
        for p in winners:
            self.tokens[p] += 1
        if spy is not None:
            self.tokens[spy] += 1
        # Hands are shown only when the deck runs out; the last player standing shows nothing.
        shown = reason is EndReason.DECK_EMPTY
        hands = tuple(self.hands[p][0] if shown and self.active[p] else None
                      for p in range(self.players))
        self.results.append(RoundResult(self.round_number, reason, winners, spy, hands))
        self.to_move = None
        self._next_first = winners
        champions = tuple(p for p in range(self.players)
                          if self.tokens[p] >= self.target_tokens)
        if champions:
            self.phase = Phase.OVER
            self.outcome = Outcome(champions, tuple(self.tokens), self.round_number)
        else:
            self.phase = Phase.DEAL

    # ----- accounting -----

    def cards_in_round(self) -> Counter[int]:
        """Every card of the round wherever it lies (hands, discards, pile, set aside, face
        up): the whole deck while a round is under way."""
        where: Counter[int] = Counter(self.pile)
        where.update(self.face_up)
        if self.set_aside is not None:
            where[self.set_aside] += 1
        for h in self.hands:
            where.update(h)
        for d in self.discards:
            where.update(d)
        return where

    def copy(self) -> Game:
        """An independent copy (its generator included)."""
        new = Game.__new__(Game)
        new.__dict__.update(self.__dict__)
        new._rng = random.Random.__new__(random.Random)  # no seeding from the OS: it is set
        new._rng.setstate(self._rng.getstate())
        new.tokens = list(self.tokens)
        new.results = list(self.results)
        new.moves = list(self.moves)
        new.actors = list(self.actors)
        new.pile = list(self.pile)
        new.hands = [list(h) for h in self.hands]
        new.discards = [list(d) for d in self.discards]
        new.active = list(self.active)
        new.protected = list(self.protected)
        new.known = [dict(k) for k in self.known]
        new.seen_for_sure = [set(s) for s in self.seen_for_sure]
        new.seen_by_all = [set(s) for s in self.seen_by_all]
        new.returned = [list(r) for r in self.returned]
        return new

    def __repr__(self) -> str:
        return (f"<Game {self.players}p {self.variant.value} round {self.round_number} "
                f"{self.phase.value} tokens {self.tokens}>")


def _cards(hand: list[int]) -> str:
    return "".join(map(str, sorted(hand))) or "(empty)"


def _keeps(hand: list[int]) -> tuple[Move, ...]:
    out: list[Move] = []
    seen: set[Keep] = set()
    for i, kept in enumerate(hand):
        rest = hand[:i] + hand[i + 1:]
        for order in permutations(rest):
            k = Keep(kept, tuple(order))
            if k not in seen:
                seen.add(k)
                out.append(k)
    return tuple(out)


def legal_actions(game: Game) -> tuple[Move, ...]:
    """The decisions open to the player to move (see :meth:`Game.legal_actions`)."""
    return game.legal_actions()
