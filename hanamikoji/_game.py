"""The game state: deals, actions, responses, scoring and the end of the game."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import IntFlag
from typing import TYPE_CHECKING, Final

from hanamikoji._actions import (
    FULL_DECK,
    GEISHAS,
    Action,
    Competition,
    CompetitionPick,
    Deal,
    Gift,
    GiftPick,
    Move,
    Response,
    Secret,
    TradeOff,
    charm,
    parse_cards,
    parse_move,
)
from hanamikoji._constants import (
    DRAW_PILE_SIZE,
    GEISHA_CHARMS,
    HAND_SIZE,
    MAX_ROUND,
    NUM_GEISHAS,
    TURNS_PER_PLAYER,
    WIN_CHARM,
    WIN_GEISHAS,
)
from hanamikoji._errors import IllegalActionError, NotationError, PositionError, Rule
from hanamikoji._outcome import Outcome, Reason, RoundScore
from hanamikoji._types import Edition, Phase, Player

if TYPE_CHECKING:
    from hanamikoji._record import Record
    from hanamikoji._view import View


class Marker(IntFlag):
    """The four action markers, as flags (a set of used markers is a ``Marker``)."""

    SECRET = 1
    """Secret: one card face down, scored."""
    TRADE_OFF = 2
    """Trade-off: two cards face down, not scored."""
    GIFT = 4
    """Gift: three cards face up, the opponent takes one."""
    COMPETITION = 8
    """Competition: two pairs face up, the opponent takes one pair."""

    @property
    def letters(self) -> str:
        """The markers as letters ``S``, ``T``, ``G``, ``C`` (the notation's move kinds)."""
        return "".join(letter for letter, m in _MARKER_LETTERS if m & self)

    @classmethod
    def parse(cls, text: str | Iterable[str]) -> Marker:
        """Markers from letters: ``"STG"`` is Secret, Trade-off and Gift."""
        result = cls(0)
        for letter in text:
            for known, m in _MARKER_LETTERS:
                if letter.upper() == known:
                    if result & m:
                        raise NotationError(f"{text!r}: marker {known!r} appears twice")
                    result |= m
                    break
            else:
                raise NotationError(f"{text!r}: {letter!r} is not a marker: expected S, T, G or C")
        return result


_MARKER_LETTERS: Final = (
    ("S", Marker.SECRET),
    ("T", Marker.TRADE_OFF),
    ("G", Marker.GIFT),
    ("C", Marker.COMPETITION),
)
_ALL_MARKERS: Final = 15
_MARKER_CARDS: Final = {1: 1, 2: 2, 4: 3, 8: 4}
_TURNS_PER_ROUND: Final = 2 * TURNS_PER_PLAYER
_CHARM: Final = (0, *GEISHA_CHARMS)  # indexed by geisha number
_WEIGHT: Final = tuple(8**g for g in range(NUM_GEISHAS + 1))  # hand code: base-8 digit per geisha
_NEUTRAL: Final = -1
_OWNER: Final = {-1: None, 0: Player.A, 1: Player.B}


def _multisets(counts: list[int], size: int) -> list[tuple[int, ...]]:
    """Every distinct multiset of ``size`` cards that a hand with these counts holds,
    in ascending order."""
    result: list[tuple[int, ...]] = []

    def extend(prefix: tuple[int, ...], start: int, left: int) -> None:
        if left == 0:
            result.append(prefix)
            return
        for g in range(start, NUM_GEISHAS + 1):
            have = counts[g]
            if have:
                # Take one card of geisha g; later picks start at g again while she has cards.
                used = prefix.count(g) if prefix and prefix[-1] == g else 0
                if used < have:
                    extend((*prefix, g), g, left - 1)

    extend((), 1, size)
    return result


def _make(cls: type, held: tuple[int, ...], **fields: object) -> object:
    """An action built from cards already known to be valid (the checks cost more than the
    whole move)."""
    action: object = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(action, name, value)
    need: dict[int, int] = {}
    for g in held:
        need[g] = need.get(g, 0) + 1
    object.__setattr__(action, "_need", tuple(sorted(need.items())))
    return action


_INTERNED: dict[tuple[int, tuple[int, ...]], tuple[Action, ...]] = {}


def _interned(marker: int, cards: tuple[int, ...]) -> tuple[Action, ...]:
    """The action(s) of one marker over one multiset of cards, built once."""
    key = (marker, cards)
    actions = _INTERNED.get(key)
    if actions is None:
        if marker == 1:
            actions = (_make(Secret, cards, card=cards[0]),)  # type: ignore[assignment]
        elif marker == 2:
            actions = (_make(TradeOff, cards, cards=cards),)  # type: ignore[assignment]
        elif marker == 4:
            actions = (_make(Gift, cards, cards=cards),)  # type: ignore[assignment]
        else:
            a, b, c, d = cards
            splits: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
            for first, second in (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))):
                pairs = (first, second) if first <= second else (second, first)
                if pairs not in splits:
                    splits.append(pairs)
            actions = tuple(_make(Competition, cards, pairs=p) for p in sorted(splits))  # type: ignore[misc]
        _INTERNED[key] = actions  # type: ignore[assignment]
    return actions  # type: ignore[return-value]


_LEGAL_CACHE: dict[int, tuple[Action, ...]] = {}


def _legal_for(counts: list[int], used: int) -> tuple[Action, ...]:
    """All distinct actions for a hand and a set of used markers, in a fixed order."""
    legal: list[Action] = []
    for marker, size in ((1, 1), (2, 2), (4, 3), (8, 4)):
        if not used & marker:
            for cards in _multisets(counts, size):
                legal.extend(_interned(marker, cards))
    return tuple(legal)


def legal_actions(hand: str | Iterable[int], used: Marker | str = "") -> tuple[Action, ...]:
    """The distinct actions a hand allows when the markers ``used`` are already spent.

    The same list, in the same order, as :meth:`Game.legal_actions` gives a player holding
    ``hand`` (cards as digits or numbers) with those markers used (a :class:`Marker` or
    letters ``STGC``), without setting up a whole position.

    >>> [str(a) for a in legal_actions("4467", used="STC")]
    ['G446', 'G447', 'G467']

    Raises:
        NotationError: ``hand`` holds something that is not a card, or more cards of a
            geisha than she has; ``used`` is not a set of markers.
    """
    cards = parse_cards(hand) if isinstance(hand, str) else tuple(hand)
    counts = [0] * (NUM_GEISHAS + 1)
    for g in cards:
        if isinstance(g, bool) or not isinstance(g, int) or not 1 <= g <= NUM_GEISHAS:
            raise NotationError(f"hand: {g!r} is not a card: expected a geisha number 1 to 7")
        counts[g] += 1
        if counts[g] > _CHARM[g]:
            raise NotationError(f"hand: {counts[g]} cards of geisha {g}, she has {_CHARM[g]}")
    markers = used if isinstance(used, Marker) else Marker.parse(used)
    return _legal_for(counts, int(markers))


_PICK_CACHE: dict[Action, tuple[Response, ...]] = {}


def _picks_for(offer: Action) -> tuple[Response, ...]:
    picks = _PICK_CACHE.get(offer)
    if picks is None:
        if type(offer) is Gift:
            picks = tuple(GiftPick(g) for g in sorted(set(offer.cards)))
        else:
            assert type(offer) is Competition
            picks = tuple(CompetitionPick(p) for p in sorted(set(offer.pairs)))
        _PICK_CACHE[offer] = picks
    return picks


@dataclass(frozen=True, slots=True)
class Position:
    """A complete description of a game: at a round's start, at a decision, or at the end.

    Build one with :meth:`Game.from_position`; read one with :meth:`Game.position`. Cards are
    geisha numbers; ``favors`` has one character per geisha, ``A``, ``B`` or ``.``. A position
    whose eight turns are all taken (every marker used, no ``pending`` offer) is the end of
    a round before its scoring: :meth:`Game.from_position` scores it at once.
    """

    round_number: int
    starting: Player
    favors: str
    hands: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    table: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    secrets: tuple[int | None, int | None] = (None, None)
    tradeoffs: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    used: tuple[str, str] = ("", "")
    removed: int | None = None
    draw_pile: tuple[int, ...] = ()
    """Top card first."""
    pending: Gift | Competition | None = None
    """The Gift or Competition waiting for the opponent's pick, if the position is at a pick."""

    @property
    def dealt(self) -> bool:
        """Whether the round's cards are dealt (``False``: the position waits for a deal)."""
        return self.removed is not None

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dictionary; :meth:`from_json` reads it back."""
        data: dict[str, object] = {
            "round": self.round_number,
            "starting": self.starting.name,
            "favors": self.favors,
        }
        if self.dealt:
            data.update(
                hands=_per_player(self.hands),
                table=_per_player(self.table),
                secrets={p.name: self.secrets[p] for p in Player if self.secrets[p] is not None},
                tradeoffs={p.name: _digits(self.tradeoffs[p]) for p in Player if self.tradeoffs[p]},
                used={p.name: self.used[p] for p in Player},
                removed=self.removed,
                draw_pile=_digits(self.draw_pile),
            )
            if self.pending is not None:
                data["pending"] = str(self.pending)
        return data

    @classmethod
    def from_json(
        cls, data: Mapping[str, object], edition: Edition = Edition.EMPERORS4
    ) -> Position:
        """Read a position written by :meth:`to_json` (checked as :meth:`Game.from_position`)."""
        if not isinstance(data, Mapping):
            raise PositionError(f"a position is a JSON object, got {type(data).__name__}")
        known = {
            "round",
            "starting",
            "favors",
            "hands",
            "table",
            "secrets",
            "tradeoffs",
            "used",
            "removed",
            "draw_pile",
            "pending",
        }
        extra = sorted(set(data) - known)
        if extra:
            raise PositionError(f"unknown position field(s): {', '.join(extra)}")
        game = Game.from_position(
            edition=edition,
            round_number=data.get("round", 1),  # type: ignore[arg-type]
            starting=data.get("starting", "A"),  # type: ignore[arg-type]
            favors=data.get("favors", ""),  # type: ignore[arg-type]
            hands=data.get("hands"),  # type: ignore[arg-type]
            table=data.get("table"),  # type: ignore[arg-type]
            secrets=data.get("secrets"),  # type: ignore[arg-type]
            tradeoffs=data.get("tradeoffs"),  # type: ignore[arg-type]
            used=data.get("used"),  # type: ignore[arg-type]
            removed=data.get("removed"),  # type: ignore[arg-type]
            draw_pile=data.get("draw_pile"),  # type: ignore[arg-type]
            pending=data.get("pending"),  # type: ignore[arg-type]
        )
        assert game._start is not None
        return game._start


def _digits(cards: Iterable[int]) -> str:
    return "".join(map(str, cards))


def _per_player(pair: tuple[tuple[int, ...], tuple[int, ...]]) -> dict[str, str]:
    return {p.name: _digits(pair[p]) for p in Player}


class Game:
    """A game of Hanamikoji: the full state, with every card known to the engine.

    A new game waits for its first deal (``phase`` is :attr:`Phase.DEAL`). :meth:`deal`
    shuffles with the game's own random generator (seeded by ``seed``) or takes a given deck;
    with ``auto_deal=True`` every round is dealt that way as soon as it starts.

    >>> game = Game(seed=7, auto_deal=True)
    >>> game.phase, game.to_move, len(game.hand(Player.A)), len(game.hand(Player.B))
    (<Phase.ACTION: 1>, <Player.A: 0>, 7, 6)
    >>> game.apply(game.legal_actions()[0])
    >>> game.to_move
    <Player.B: 1>
    """

    __slots__ = (
        "_actors",
        "_favors",
        "_hands",
        "_hcode",
        "_moves",
        "_outcome",
        "_pending",
        "_phase",
        "_pile",
        "_removed",
        "_rng",
        "_rounds",
        "_secrets",
        "_sizes",
        "_start",
        "_starting",
        "_table",
        "_to_move",
        "_tradeoffs",
        "_turns",
        "_used",
        "auto_deal",
        "edition",
        "round_number",
    )

    def __init__(
        self,
        edition: Edition | str = Edition.EMPERORS4,
        *,
        seed: int | None = None,
        auto_deal: bool = False,
    ) -> None:
        self.edition: Edition = Edition.parse(edition)
        self.auto_deal = auto_deal
        self._rng = random.Random(seed)
        self.round_number = 1
        self._starting = 0
        self._favors: list[int] = [_NEUTRAL] * (NUM_GEISHAS + 1)
        self._moves: list[Move] = []
        self._actors: list[int] = []  # who made each move (a deal: the round's starting player)
        self._rounds: list[RoundScore] = []
        self._outcome: Outcome | None = None
        self._start: Position | None = None
        self._new_round_state()
        if auto_deal:
            self.deal()

    def _new_round_state(self) -> None:
        self._phase = Phase.DEAL
        self._to_move = -1
        self._hands = [[0] * (NUM_GEISHAS + 1), [0] * (NUM_GEISHAS + 1)]
        self._hcode = [0, 0]
        self._sizes = [0, 0]
        self._table = [[0] * (NUM_GEISHAS + 1), [0] * (NUM_GEISHAS + 1)]
        self._used = [0, 0]
        self._secrets: list[int | None] = [None, None]
        self._tradeoffs: list[tuple[int, ...]] = [(), ()]
        self._pile: list[int] = []
        self._removed: int | None = None
        self._turns = 0
        self._pending: Gift | Competition | None = None

    # ------------------------------------------------------------------ reading the state

    @property
    def phase(self) -> Phase:
        """What the game waits for."""
        return self._phase

    @property
    def to_move(self) -> Player | None:
        """The player who must decide now (``None`` at a deal or when the game is over)."""
        return Player(self._to_move) if self._to_move >= 0 else None

    @property
    def starting_player(self) -> Player:
        """The player who starts the current round."""
        return Player(self._starting)

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        return self._outcome

    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._phase is Phase.OVER

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move applied since the start (or since the position it was set up from)."""
        return tuple(self._moves)

    @property
    def rounds(self) -> tuple[RoundScore, ...]:
        """The scoring of every round played so far."""
        return tuple(self._rounds)

    @property
    def pending(self) -> Gift | Competition | None:
        """The Gift or Competition waiting for the opponent's pick."""
        return self._pending

    def hand(self, player: Player | str) -> tuple[int, ...]:
        """The cards in a player's hand, sorted."""
        return _expand(self._hands[Player.parse(player)])

    def table(self, player: Player | str) -> tuple[int, ...]:
        """The item cards face up on a player's side of the geishas, sorted."""
        return _expand(self._table[Player.parse(player)])

    def items(self, player: Player | str, geisha: int) -> int:
        """How many of a geisha's item cards lie face up on a player's side."""
        return self._table[Player.parse(player)][geisha]

    def secret(self, player: Player | str) -> int | None:
        """The card under a player's Secret marker, if any (revealed only at scoring)."""
        return self._secrets[Player.parse(player)]

    def tradeoff(self, player: Player | str) -> tuple[int, ...]:
        """The cards under a player's Trade-off marker (never revealed)."""
        return self._tradeoffs[Player.parse(player)]

    def used_markers(self, player: Player | str) -> Marker:
        """The action markers a player has already used this round."""
        return Marker(self._used[Player.parse(player)])

    @property
    def removed_card(self) -> int | None:
        """The card removed unseen this round (``None`` before the deal)."""
        return self._removed

    @property
    def draw_pile(self) -> tuple[int, ...]:
        """The draw pile, top card first."""
        return tuple(reversed(self._pile))

    def favor(self, geisha: int) -> Player | None:
        """The player whose side a geisha's victory marker is on, or ``None`` (centre)."""
        owner = self._favors[geisha]
        return Player(owner) if owner >= 0 else None

    @property
    def favors(self) -> tuple[Player | None, ...]:
        """:meth:`favor` of geishas 1 to 7."""
        return tuple(self.favor(g) for g in GEISHAS)

    def geishas(self, player: Player | str) -> int:
        """How many geishas' favor a player holds."""
        p = Player.parse(player)
        return sum(1 for g in GEISHAS if self._favors[g] == p)

    def charm(self, player: Player | str) -> int:
        """The charm points of the geishas whose favor a player holds."""
        p = Player.parse(player)
        return sum(_CHARM[g] for g in GEISHAS if self._favors[g] == p)

    # ------------------------------------------------------------------ deciding

    def legal_actions(self) -> tuple[Action, ...] | tuple[Response, ...]:
        """Every distinct decision open to :attr:`to_move`, in a fixed order.

        Actions come Secret, Trade-off, Gift, Competition, each in ascending card order; two
        choices that differ only by which of two identical cards is used are one action. At a
        deal or after the end, the tuple is empty.
        """
        phase = self._phase
        if phase is Phase.ACTION:
            p = self._to_move
            key = self._hcode[p] << 4 | self._used[p]
            legal = _LEGAL_CACHE.get(key)
            if legal is None:
                legal = _LEGAL_CACHE[key] = _legal_for(self._hands[p], self._used[p])
            return legal
        if phase is Phase.GIFT_PICK or phase is Phase.COMPETITION_PICK:
            assert self._pending is not None
            return _picks_for(self._pending)
        return ()

    def apply(self, move: Move | str, player: Player | str | None = None) -> None:
        """Apply a move (an object or its notation). Illegal moves raise and change nothing.

        ``player``, when given, is who sends the move: a program serving two players lets
        the engine refuse a move from the player who is not to decide.

        Raises:
            NotationError: ``move`` is text that is not a well-formed move.
            IllegalActionError: the rules forbid this move now (the error names the rule).
        """
        if isinstance(move, str):
            move = parse_move(move)
        if player is not None and self._to_move >= 0 and Player.parse(player) != self._to_move:
            self._refuse_player(move, Player.parse(player))
        kind = type(move)
        phase = self._phase
        if phase is Phase.ACTION and (
            kind is Secret or kind is TradeOff or kind is Gift or kind is Competition
        ):
            self._act(move)  # type: ignore[arg-type]
        elif kind is GiftPick and phase is Phase.GIFT_PICK:
            self._pick_gift(move)  # type: ignore[arg-type]
        elif kind is CompetitionPick and phase is Phase.COMPETITION_PICK:
            self._pick_competition(move)  # type: ignore[arg-type]
        elif kind is Deal and phase is Phase.DEAL:
            self._deal(move.deck)  # type: ignore[union-attr]
            self._moves.append(move)
            self._actors.append(self._starting)
        else:
            self._refuse_kind(move)

    def deal(self, deck: Deal | str | Iterable[int] | None = None) -> Deal:
        """Start the round: shuffle with the game's generator, or deal the ``deck`` given.

        Returns the :class:`Deal` applied (it is also recorded in :attr:`moves`).
        """
        if self._phase is Phase.OVER:
            self._refuse_over(deck, "deal")
        if self._phase is not Phase.DEAL:
            raise IllegalActionError(
                "the cards are already dealt for this round", action=deck, rule=Rule.DEAL_FIRST
            )
        if deck is None:
            cards = list(FULL_DECK)
            self._rng.shuffle(cards)
            move = object.__new__(Deal)  # the shuffle is a valid deck: skip the check
            object.__setattr__(move, "deck", tuple(cards))
        elif isinstance(deck, Deal):
            move = deck
        elif isinstance(deck, str):
            parsed = parse_move(deck if deck[:1] in ("D", "d") else "D" + deck)
            assert isinstance(parsed, Deal)
            move = parsed
        else:
            move = Deal(tuple(deck))
        self.apply(move)
        return move

    # ------------------------------------------------------------------ internals

    def _refuse_over(self, action: object, text: object) -> None:
        """Refuse anything after the end, citing the rule that ended the game: a goal ends
        it at once (14.3); without one, the edition's round limit (15.2 or 15.4)."""
        assert self._outcome is not None
        if self._outcome.reason in _LIMIT_REASONS:
            kosmos = self.edition is Edition.KOSMOS
            rule = Rule.KOSMOS_ROUND_LIMIT if kosmos else Rule.OPTIONAL_ROUND_LIMIT
            why = f"round {self._outcome.round_number} was the last ({self.edition.value})"
        else:
            rule = Rule.GAME_OVER
            why = "a player reached a winning goal"
        raise IllegalActionError(f"{text}: the game is over, {why}", action=action, rule=rule)

    def _refuse_player(self, move: Move, player: Player) -> None:
        """Refuse a move sent by the player who is not to decide, citing the rule that says
        whose decision it is: a deal during a round breaks the one-deal rule whoever sends
        it; a pick is the offer's receiver's alone (9.2, 10.3); no action may come before
        the pick (6.13); otherwise the players alternate turns (6.1)."""
        phase = self._phase
        kind = type(move)
        rule = Rule.TURN_ORDER
        if kind is Deal:
            rule = Rule.DEAL_FIRST
        elif phase is Phase.GIFT_PICK:
            rule = Rule.GIFT_PICK if kind is GiftPick else Rule.DECISION_KIND
        elif phase is Phase.COMPETITION_PICK:
            rule = Rule.COMPETITION_PICK if kind is CompetitionPick else Rule.DECISION_KIND
        raise IllegalActionError(
            f"{move}: it is player {Player(self._to_move)}'s decision, not player {player}'s",
            action=move,
            rule=rule,
        )

    def _refuse_kind(self, move: object) -> None:
        phase = self._phase
        if not isinstance(
            move, (Secret, TradeOff, Gift, Competition, GiftPick, CompetitionPick, Deal)
        ):
            raise NotationError(f"{move!r} is not a move")
        if phase is Phase.OVER:
            self._refuse_over(move, move)
        if phase is Phase.DEAL:
            raise IllegalActionError(
                f"{move}: round {self.round_number} has not been dealt yet",
                action=move,
                rule=Rule.DEAL_FIRST,
            )
        if isinstance(move, Deal):  # a round has only one deal (4.1)
            raise IllegalActionError(
                f"{move}: the cards are already dealt for round {self.round_number}",
                action=move,
                rule=Rule.DEAL_FIRST,
            )
        expected = {
            Phase.ACTION: f"player {self.to_move} must use an action marker",
            Phase.GIFT_PICK: f"player {self.to_move} must take one card of the Gift "
            f"{self._pending}",
            Phase.COMPETITION_PICK: f"player {self.to_move} must take one pair of the "
            f"Competition {self._pending}",
        }[phase]
        raise IllegalActionError(f"{move}: {expected}", action=move, rule=Rule.DECISION_KIND)

    def _deal(self, deck: tuple[int, ...]) -> None:
        first = self._starting
        second = 1 - first
        hands = self._hands
        for start, p in ((1, first), (1 + HAND_SIZE, second)):
            hand = hands[p]
            code = 0
            for g in deck[start : start + HAND_SIZE]:
                hand[g] += 1
                code += _WEIGHT[g]
            self._hcode[p] = code
            self._sizes[p] = HAND_SIZE
        self._removed = deck[0]
        self._pile = list(deck[: -DRAW_PILE_SIZE - 1 : -1])  # bottom first: pop() draws the top
        self._start_turn(first)

    def _start_turn(self, player: int) -> None:
        g = self._pile.pop()
        self._hands[player][g] += 1
        self._hcode[player] += _WEIGHT[g]
        self._sizes[player] += 1
        self._to_move = player
        self._phase = Phase.ACTION

    def _act(self, action: Action) -> None:
        p = self._to_move
        marker = action.marker
        if self._used[p] & marker:
            raise IllegalActionError(
                f"{action}: player {Player(p)} has already used the "
                f"{_MARKER_NAMES[marker]} marker this round",
                action=action,
                rule=Rule.MARKER_ONCE,
            )
        hand = self._hands[p]
        for g, n in action._need:
            if hand[g] < n:
                raise IllegalActionError(
                    f"{action}: player {Player(p)} holds {hand[g]} card(s) of geisha {g} "
                    f"(hand {_digits(_expand(hand))}), the action needs {n}",
                    action=action,
                    rule=Rule.CARDS_FROM_HAND,
                )
        code = self._hcode[p]
        for g, n in action._need:
            hand[g] -= n
            code -= n * _WEIGHT[g]
        self._hcode[p] = code
        self._sizes[p] -= _MARKER_CARDS[marker]
        self._used[p] |= marker
        self._moves.append(action)
        self._actors.append(p)
        kind = type(action)
        if kind is Secret:
            self._secrets[p] = action.card  # type: ignore[union-attr]
            self._end_turn()
        elif kind is TradeOff:
            self._tradeoffs[p] = action.cards
            self._end_turn()
        else:
            self._pending = action  # type: ignore[assignment]
            self._to_move = 1 - p
            self._phase = Phase.GIFT_PICK if kind is Gift else Phase.COMPETITION_PICK

    def _pick_gift(self, pick: GiftPick) -> None:
        offer = self._pending
        assert offer is not None
        card = pick.card
        if card not in offer.cards:
            raise IllegalActionError(
                f"{pick}: card {card} is not among the offered cards {_digits(offer.cards)}",
                action=pick,
                rule=Rule.GIFT_PICK,
            )
        taker = self._to_move
        giver = 1 - taker
        self._table[taker][card] += 1
        kept = list(offer.cards)
        kept.remove(card)
        giver_side = self._table[giver]
        for g in kept:
            giver_side[g] += 1
        self._moves.append(pick)
        self._actors.append(taker)
        self._pending = None
        self._to_move = giver
        self._end_turn()

    def _pick_competition(self, pick: CompetitionPick) -> None:
        offer = self._pending
        assert isinstance(offer, Competition)
        pair = pick.pair
        first, second = offer.pairs
        if pair == first:
            kept = second
        elif pair == second:
            kept = first
        else:
            raise IllegalActionError(
                f"{pick}: pair {_digits(pair)} is not one of the offered pairs "
                f"{_digits(first)} and {_digits(second)}",
                action=pick,
                rule=Rule.COMPETITION_PICK,
            )
        taker = self._to_move
        giver = 1 - taker
        for g in pair:
            self._table[taker][g] += 1
        for g in kept:
            self._table[giver][g] += 1
        self._moves.append(pick)
        self._actors.append(taker)
        self._pending = None
        self._to_move = giver
        self._end_turn()

    def _end_turn(self) -> None:
        self._turns += 1
        if self._turns < _TURNS_PER_ROUND:
            self._start_turn(1 - self._to_move)
        else:
            self._score()

    def _score(self) -> None:
        table = self._table
        revealed = (self._secrets[0], self._secrets[1])
        for p in (0, 1):
            secret = self._secrets[p]
            if secret is not None:
                table[p][secret] += 1  # revealed: from now on it lies on the side
                self._secrets[p] = None
        side_a, side_b = table
        favors = self._favors
        moved = []
        geishas = [0, 0]
        points = [0, 0]
        for g in range(1, NUM_GEISHAS + 1):
            a = side_a[g]
            b = side_b[g]
            owner = favors[g]
            if a > b:
                if owner != 0:
                    moved.append(g)
                    owner = favors[g] = 0
            elif b > a and owner != 1:
                moved.append(g)
                owner = favors[g] = 1
            if owner >= 0:
                geishas[owner] += 1
                points[owner] += _CHARM[g]
        self._rounds.append(
            RoundScore(
                round_number=self.round_number,
                secrets=revealed,
                items=(tuple(side_a[1:]), tuple(side_b[1:])),
                favors=tuple([_OWNER[f] for f in favors[1:]]),
                moved=tuple(moved),
                geishas=(geishas[0], geishas[1]),
                charm=(points[0], points[1]),
            )
        )
        self._to_move = -1
        outcome = _decide(self.edition, self.round_number, geishas, points)
        if outcome is not None:
            self._outcome = outcome
            self._phase = Phase.OVER
            return
        self.round_number += 1
        self._starting = 1 - self._starting
        self._new_round_state()
        if self.auto_deal:
            self.deal()

    # ------------------------------------------------------------------ positions, copies

    @classmethod
    def from_position(
        cls,
        *,
        edition: Edition | str = Edition.EMPERORS4,
        round_number: int = 1,
        starting: Player | str = Player.A,
        favors: str | Mapping[int, Player | str] = "",
        hands: Mapping[Player | str, str | Iterable[int]] | None = None,
        table: Mapping[Player | str, str | Iterable[int]] | None = None,
        secrets: Mapping[Player | str, int | str | None] | None = None,
        tradeoffs: Mapping[Player | str, str | Iterable[int]] | None = None,
        used: Mapping[Player | str, str] | None = None,
        removed: int | str | None = None,
        draw_pile: str | Iterable[int] | None = None,
        pending: Gift | Competition | str | None = None,
        seed: int | None = None,
        auto_deal: bool = False,
    ) -> Game:
        """Set up a game in the middle, for teaching and for examples.

        Without ``hands`` the position waits for the round's deal. With them, it is the
        decision of the player to move, who has already drawn this turn's card. Cards not
        placed anywhere (the removed card and the draw pile, when not given) are shuffled
        with ``seed``. Turns taken follow from the markers ``used`` (letters ``STGC``).
        With ``pending`` (a Gift or Competition, e.g. ``"G267"``, whose marker is among
        the last mover's ``used``), the position waits for the opponent's pick. With every
        marker used and nothing pending, the round is scored at once.

        >>> game = Game.from_position(
        ...     favors="AA...A.",
        ...     used={"A": "STG", "B": "STG"},
        ...     hands={"A": "4567", "B": "467"},
        ...     table={"A": "126", "B": "127"},
        ...     secrets={"A": 7, "B": 5},
        ...     tradeoffs={"A": "34", "B": "36"},
        ...     seed=1,
        ... )
        >>> game.to_move, game.geishas("A"), game.charm("A")
        (<Player.A: 0>, 3, 8)
        """
        try:
            game = cls(edition, seed=seed, auto_deal=False)
        except NotationError as error:
            raise PositionError(f"edition: {error}") from None
        game.auto_deal = auto_deal
        if isinstance(round_number, bool) or not isinstance(round_number, int) or round_number < 1:
            raise PositionError(f"round_number: {round_number!r} is not a round (1, 2, ...)")
        if round_number > MAX_ROUND:
            shown = round_number if round_number < 10**6 else "a larger number"
            raise PositionError(
                f"round_number: a starting position is in round {MAX_ROUND} at most, got {shown}"
            )
        limit = game.edition.round_limit
        if limit is not None and round_number > limit:
            raise PositionError(
                f"round_number: {game.edition.value} has at most {limit} rounds, got {round_number}"
            )
        game.round_number = round_number
        try:
            game._starting = Player.parse(starting)
        except NotationError as error:
            raise PositionError(f"starting: {error}") from None
        game._favors = [_NEUTRAL, *_parse_favors(favors)]
        if hands is None:
            for name, value in (
                ("table", table),
                ("secrets", secrets),
                ("tradeoffs", tradeoffs),
                ("used", used),
                ("removed", removed),
                ("draw_pile", draw_pile),
                ("pending", pending),
            ):
                if value:
                    raise PositionError(
                        f"{name}: given without hands (a position before the "
                        "deal has only round_number, starting and favors)"
                    )
            game._start = game.position()
            if auto_deal:
                game.deal()
            return game
        _setup_dealt(game, hands, table, secrets, tradeoffs, used, removed, draw_pile, pending)
        game._start = game.position()
        if game._turns == _TURNS_PER_ROUND:
            game._score()
        return game

    def position(self) -> Position:
        """The current position, at any time.

        At a deal it holds only the round, the starting player and the favors; at a decision
        (an action, or a pick with :attr:`Position.pending` set) every card's place. After
        the end it is the last round before its scoring (Secrets still face down, favors as
        they stood), so that :meth:`from_position` scores it again to the same outcome.
        """
        phase = self._phase
        favors = "".join("AB"[f] if f >= 0 else "." for f in self._favors[1:])
        if phase is Phase.DEAL:
            return Position(self.round_number, Player(self._starting), favors)
        hands = (self.hand(Player.A), self.hand(Player.B))
        table = (self.table(Player.A), self.table(Player.B))
        secrets = (self._secrets[0], self._secrets[1])
        if phase is Phase.OVER:
            # Scoring revealed the Secrets onto the table and moved markers: undo both.
            last = self._rounds[-1]
            secrets = last.secrets
            sides = [list(table[0]), list(table[1])]
            for p in (0, 1):
                if secrets[p] is not None:
                    sides[p].remove(secrets[p])  # type: ignore[arg-type]
            table = (tuple(sides[0]), tuple(sides[1]))
            if len(self._rounds) > 1:
                before = self._rounds[-2].favors
                favors = "".join("." if f is None else f.name for f in before)
            else:
                favors = self._start.favors if self._start is not None else "." * NUM_GEISHAS
        return Position(
            self.round_number,
            Player(self._starting),
            favors,
            hands=hands,
            table=table,
            secrets=secrets,
            tradeoffs=(self._tradeoffs[0], self._tradeoffs[1]),
            used=(Marker(self._used[0]).letters, Marker(self._used[1]).letters),
            removed=self._removed,
            draw_pile=self.draw_pile,
            pending=self._pending,
        )

    def view(self, player: Player | str) -> View:
        """What ``player`` may know of this game: the same as ``View(game, player)``."""
        from hanamikoji._view import View

        return View(self, player)

    def record(self) -> Record:
        """The game's record so far: replaying it reproduces this game."""
        from hanamikoji._record import Record

        return Record.from_game(self)

    @property
    def start(self) -> Position | None:
        """The position this game was set up from, or ``None`` for a game from the start."""
        return self._start

    def copy(self) -> Game:
        """An independent copy (its random generator continues from the same state)."""
        other = object.__new__(Game)
        other.edition = self.edition
        other.auto_deal = self.auto_deal
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        other.round_number = self.round_number
        other._starting = self._starting
        other._favors = list(self._favors)
        other._moves = list(self._moves)
        other._actors = list(self._actors)
        other._rounds = list(self._rounds)
        other._outcome = self._outcome
        other._start = self._start
        other._phase = self._phase
        other._to_move = self._to_move
        other._hands = [list(self._hands[0]), list(self._hands[1])]
        other._hcode = list(self._hcode)
        other._sizes = list(self._sizes)
        other._table = [list(self._table[0]), list(self._table[1])]
        other._used = list(self._used)
        other._secrets = list(self._secrets)
        other._tradeoffs = list(self._tradeoffs)
        other._pile = list(self._pile)
        other._removed = self._removed
        other._turns = self._turns
        other._pending = self._pending
        return other

    def __repr__(self) -> str:
        state = f"round {self.round_number}, {self._phase.name.lower()}"
        if self.to_move is not None:
            state += f", {self.to_move} to move"
        return f"<Game {self.edition.value}: {state}>"


_MARKER_NAMES: Final = {1: "Secret", 2: "Trade-off", 4: "Gift", 8: "Competition"}


def _expand(counts: list[int]) -> tuple[int, ...]:
    return tuple(g for g in GEISHAS for _ in range(counts[g]))


_LIMIT_REASONS: Final = frozenset(
    {
        Reason.LIMIT_MORE_GEISHAS,
        Reason.LIMIT_MORE_CHARM,
        Reason.LIMIT_SHARED,
        Reason.LIMIT_NO_WINNER,
    }
)


def _decide(
    edition: Edition, round_number: int, geishas: list[int], points: list[int]
) -> Outcome | None:
    """The outcome after a round's scoring, or ``None`` if the game goes on."""
    goals = [(geishas[p] >= WIN_GEISHAS, points[p] >= WIN_CHARM) for p in (0, 1)]
    reached = [p for p in (0, 1) if any(goals[p])]

    def outcome(reason: Reason, *winners: int) -> Outcome:
        return Outcome(
            reason=reason,
            winners=tuple(Player(w) for w in winners),
            geishas=(geishas[0], geishas[1]),
            charm=(points[0], points[1]),
            round_number=round_number,
        )

    if len(reached) == 2:
        # Seven geishas and 21 points: both players can only reach *different* goals, one
        # 4 geishas and the other 11 points. Charm points win (Kosmos: "more points" wins,
        # which is the same player).
        charm_player = 0 if goals[0][1] else 1
        return outcome(Reason.CHARM_BEATS_GEISHAS, charm_player)
    if reached:
        p = reached[0]
        by_geishas, by_charm = goals[p]
        if by_geishas and by_charm:
            return outcome(Reason.GEISHAS_AND_CHARM, p)
        return outcome(Reason.GEISHAS if by_geishas else Reason.CHARM, p)
    if edition.round_limit is None or round_number < edition.round_limit:
        return None
    if edition is Edition.EMPERORS4_3_ROUNDS and geishas[0] != geishas[1]:
        return outcome(Reason.LIMIT_MORE_GEISHAS, 0 if geishas[0] > geishas[1] else 1)
    if points[0] != points[1]:
        return outcome(Reason.LIMIT_MORE_CHARM, 0 if points[0] > points[1] else 1)
    if edition is Edition.EMPERORS4_3_ROUNDS:
        return outcome(Reason.LIMIT_SHARED, 0, 1)
    return outcome(Reason.LIMIT_NO_WINNER)


def _parse_favors(favors: str | Mapping[int, Player | str]) -> list[int]:
    result = [_NEUTRAL] * NUM_GEISHAS
    if isinstance(favors, str):
        if len(favors) not in (0, NUM_GEISHAS):
            raise PositionError(
                f"favors: {favors!r} must have one character per geisha ({NUM_GEISHAS}), "
                "'A', 'B' or '.'"
            )
        for i, ch in enumerate(favors):
            if ch.upper() in ("A", "B"):
                result[i] = "AB".index(ch.upper())
            elif ch not in ".-":
                raise PositionError(
                    f"favors: {ch!r} at position {i + 1} of {favors!r}: expected 'A', 'B' or '.'"
                )
        return result
    if not isinstance(favors, Mapping):
        raise PositionError(f"favors: expected text like 'AA..B.B' or a mapping, got {favors!r}")
    for geisha, owner in favors.items():
        if geisha not in GEISHAS:
            raise PositionError(f"favors: {geisha!r} is not a geisha number 1 to 7")
        try:
            result[geisha - 1] = Player.parse(owner) if owner is not None else _NEUTRAL
        except NotationError as error:
            raise PositionError(f"favors[{geisha}]: {error}") from None
    return result


def _by_player(name: str, value: Mapping[Player | str, object] | None) -> dict[int, object]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise PositionError(
            f"{name}: expected a mapping like {{'A': ..., 'B': ...}}, got {value!r}"
        )
    result: dict[int, object] = {}
    for key, item in value.items():
        try:
            result[Player.parse(key)] = item
        except NotationError as error:
            raise PositionError(f"{name}: {error}") from None
    return result


def _card_list(name: str, value: object) -> tuple[int, ...]:
    try:
        if isinstance(value, str):
            return parse_cards(value)
        if isinstance(value, int) and not isinstance(value, bool):
            return parse_cards(str(value)) if 1 <= value <= 7 else parse_cards(repr(value))
        if isinstance(value, Iterable):
            cards = tuple(value)
            for c in cards:
                if not isinstance(c, int) or isinstance(c, bool) or not 1 <= c <= NUM_GEISHAS:
                    raise NotationError(f"{c!r} is not a card: expected a geisha number 1 to 7")
            return cards
    except NotationError as error:
        raise PositionError(f"{name}: {error}") from None
    raise PositionError(f"{name}: expected cards like '1267', got {value!r}")


def _setup_dealt(
    game: Game,
    hands: Mapping[Player | str, str | Iterable[int]],
    table: Mapping[Player | str, str | Iterable[int]] | None,
    secrets: Mapping[Player | str, int | str | None] | None,
    tradeoffs: Mapping[Player | str, str | Iterable[int]] | None,
    used: Mapping[Player | str, str] | None,
    removed: int | str | None,
    draw_pile: str | Iterable[int] | None,
    pending: Gift | Competition | str | None = None,
) -> None:
    """Fill a game's round state from a described position, checking every count."""
    hand_of = _by_player("hands", hands)
    table_of = _by_player("table", table)
    secret_of = _by_player("secrets", secrets)
    tradeoff_of = _by_player("tradeoffs", tradeoffs)
    used_of = _by_player("used", used)
    placed: list[tuple[int, str]] = []  # (card, the field that placed it)
    markers = [0, 0]
    for p in (0, 1):
        name = Player(p).name
        try:
            markers[p] = Marker.parse(str(used_of.get(p, "")))
        except NotationError as error:
            raise PositionError(f"used[{name}]: {error}") from None
        hand = _card_list(f"hands[{name}]", hand_of.get(p, ""))
        side = _card_list(f"table[{name}]", table_of.get(p, ""))
        trade = _card_list(f"tradeoffs[{name}]", tradeoff_of.get(p, ""))
        secret_value = secret_of.get(p)
        secret = (
            _card_list(f"secrets[{name}]", secret_value) if secret_value not in (None, "") else ()
        )
        if len(secret) != (1 if markers[p] & Marker.SECRET else 0):
            raise PositionError(
                f"secrets[{name}]: a Secret card is given exactly when the Secret marker is "
                f"used (used[{name}] = {Marker(markers[p]).letters!r}, secret = {secret_value!r})"
            )
        if len(trade) != (2 if markers[p] & Marker.TRADE_OFF else 0):
            raise PositionError(
                f"tradeoffs[{name}]: two Trade-off cards are given exactly when the Trade-off "
                f"marker is used (used[{name}] = {Marker(markers[p]).letters!r}, "
                f"tradeoffs = {_digits(trade)!r})"
            )
        game._secrets[p] = secret[0] if secret else None
        game._tradeoffs[p] = tuple(sorted(trade))
        for g in hand:
            game._hands[p][g] += 1
            game._hcode[p] += _WEIGHT[g]
        game._sizes[p] = len(hand)
        for g in side:
            game._table[p][g] += 1
        game._used[p] = markers[p]
        placed += [(g, f"hands[{name}]") for g in hand]
        placed += [(g, f"table[{name}]") for g in side]
        placed += [(g, f"tradeoffs[{name}]") for g in trade]
        placed += [(g, f"secrets[{name}]") for g in secret]
    turns = [bin(m).count("1") for m in markers]
    first = game._starting
    if turns[first] - turns[1 - first] not in (0, 1):
        raise PositionError(
            f"used: player {Player(first)} starts round {game.round_number}, so they have taken "
            f"as many turns as {Player(1 - first)} or one more; "
            f"got {turns[0]} for A, {turns[1]} for B"
        )
    total_turns = turns[0] + turns[1]
    offer = _parse_pending(pending)
    last_mover = 1 - first if turns[0] == turns[1] else first
    if offer is not None:
        if not markers[last_mover] & offer.marker:
            raise PositionError(
                f"pending: {offer} is player {Player(last_mover)}'s last action, so "
                f"used[{Player(last_mover).name}] must include {Marker(offer.marker).letters!r}, "
                f"got {Marker(markers[last_mover]).letters!r}"
            )
        to_move = 1 - last_mover  # the pick, before that player's draw
        placed += [(g, "pending") for g in offer.cards]
    elif total_turns == _TURNS_PER_ROUND:
        to_move = -1  # the round is over: nobody draws any more
    else:
        to_move = first if turns[0] == turns[1] else 1 - first
    draws = total_turns + (1 if offer is None and to_move >= 0 else 0)
    for p in (0, 1):
        drawn = turns[p] + (1 if p == to_move and offer is None else 0)
        used_cards = sum(_MARKER_CARDS[m] for m in _MARKER_CARDS if markers[p] & m)
        expected = HAND_SIZE + drawn - used_cards
        if game._sizes[p] != expected:
            raise PositionError(
                f"hands[{Player(p).name}]: {expected} cards expected ({HAND_SIZE} dealt + {drawn} "
                f"drawn - {used_cards} used by markers {Marker(markers[p]).letters!r}), "
                f"got {game._sizes[p]}"
            )
    resolved = list(markers)
    if offer is not None:
        resolved[last_mover] &= ~offer.marker  # the offer is not on the table yet
    for p in (0, 1):
        # A side gets 2 cards of its own Gift, 1 of the opponent's, 2 of every Competition.
        own, other = resolved[p], resolved[1 - p]
        expected = (
            2 * bool(own & Marker.GIFT)
            + bool(other & Marker.GIFT)
            + 2 * bool(own & Marker.COMPETITION)
            + 2 * bool(other & Marker.COMPETITION)
        )
        got = sum(game._table[p])
        if got != expected:
            raise PositionError(
                f"table: {expected} cards expected face up on {Player(p).name}'s side "
                f"(2 of its own Gift, 1 of the opponent's, 2 of every Competition; used: "
                f"A {Marker(markers[0]).letters!r}, B {Marker(markers[1]).letters!r}"
                f"{', pending ' + str(offer) if offer is not None else ''}), got {got}"
            )
    pile_size = DRAW_PILE_SIZE - draws
    leftover = list(FULL_DECK)
    for g, _ in placed:
        if g not in leftover:
            where = ", ".join(sorted({field for card, field in placed if card == g}))
            raise PositionError(
                f"{where}: too many cards of geisha {g}: she has {charm(g)} item cards in all"
            )
        leftover.remove(g)
    pile = _card_list("draw_pile", draw_pile) if draw_pile not in (None, "") else None
    gone = _card_list("removed", removed) if removed not in (None, "") else None
    if gone is not None and len(gone) != 1:
        raise PositionError(f"removed: one card is removed each round, got {len(gone)}")
    for name, cards in (("removed", gone), ("draw_pile", pile)):
        for g in cards or ():
            if g not in leftover:
                raise PositionError(f"{name}: no card of geisha {g} is left to place there")
            leftover.remove(g)
    if pile is not None and len(pile) != pile_size:
        raise PositionError(
            f"draw_pile: {pile_size} cards expected after {draws} draws, got {len(pile)}"
        )
    expected_left = (0 if gone else 1) + (0 if pile is not None else pile_size)
    if len(leftover) != expected_left:
        raise PositionError(
            f"the position places {21 - len(leftover)} of the 21 cards; "
            f"{expected_left} should be left for the removed card and the draw pile, "
            f"got {len(leftover)} ({_digits(leftover)})"
        )
    game._rng.shuffle(leftover)
    if gone is None:
        gone = (leftover.pop(),)
    if pile is None:
        pile = tuple(leftover)
    game._removed = gone[0]
    game._pile = list(reversed(pile))
    game._turns = total_turns - (1 if offer is not None else 0)
    game._to_move = to_move
    game._pending = offer
    if offer is None:
        game._phase = Phase.ACTION
    else:
        game._phase = Phase.GIFT_PICK if type(offer) is Gift else Phase.COMPETITION_PICK


def _parse_pending(pending: Gift | Competition | str | None) -> Gift | Competition | None:
    if pending is None or pending == "":
        return None
    try:
        offer = parse_move(pending) if isinstance(pending, str) else pending
    except NotationError as error:
        raise PositionError(f"pending: {error}") from None
    if not isinstance(offer, (Gift, Competition)):
        raise PositionError(f"pending: expected a Gift or a Competition, got {offer!r}")
    return offer


def _check_invariants(game: Game) -> None:
    """Internal consistency (used by the tests): every card is somewhere, exactly once."""
    if game._phase in (Phase.DEAL, Phase.OVER):
        return
    cards = [*list(game._pile), game._removed] if game._removed else list(game._pile)
    for p in (0, 1):
        cards += [*_expand(game._hands[p]), *_expand(game._table[p]), *game._tradeoffs[p]]
        if game._secrets[p] is not None:
            cards.append(game._secrets[p])  # type: ignore[arg-type]
        code = sum(game._hands[p][g] * _WEIGHT[g] for g in GEISHAS)
        assert code == game._hcode[p], "hand code out of date"
        assert sum(game._hands[p]) == game._sizes[p], "hand size out of date"
    if game._pending is not None:
        cards += list(game._pending.cards)
    assert sorted(cards) == list(FULL_DECK), f"cards not conserved: {sorted(cards)}"
