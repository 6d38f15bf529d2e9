"""What one player may know: their own hand, what their cards showed them, the table."""

from __future__ import annotations

from loveletter._cards import Variant
from loveletter._game import Game, Outcome, Phase, RoundResult
from loveletter._moves import Deal, Keep, Move


class View:
    """One player's view of a game. It reads the live game: it changes as the game does.

    It never shows another player's hand (unless this player's Priest, Baron or King showed
    it and it still holds), the set-aside card, the order of the deck, nor what another
    player kept or returned with a Chancellor.

    >>> game = Game(players=4, seed=3)
    >>> game.deal()
    >>> view = View(game, 0)
    >>> view.hand == game.hand(0), view.deck_size
    (True, 15)
    """

    __slots__ = ("_game", "player")

    def __init__(self, game: Game, player: int) -> None:
        if isinstance(player, bool) or not isinstance(player, int) \
                or not 0 <= player < game.players:
            raise ValueError(f"player: {player!r} is not a seat of this game")
        self._game = game
        self.player = player

    @property
    def players(self) -> int:
        """How many players sit at the table."""
        return self._game.players

    @property
    def variant(self) -> Variant:
        """The deck in use."""
        return self._game.variant

    @property
    def round_number(self) -> int:
        """The current round, from 1."""
        return self._game.round_number

    @property
    def phase(self) -> Phase:
        """What the game waits for."""
        return self._game.phase

    @property
    def to_move(self) -> int | None:
        """Who decides now."""
        return self._game.to_move

    @property
    def first_player(self) -> int:
        """Who started this round."""
        return self._game.first_player

    @property
    def hand(self) -> tuple[int, ...]:
        """This player's own hand, sorted."""
        return self._game.hand(self.player)

    @property
    def known(self) -> dict[int, int]:
        """Other players' cards this player has seen and knows they still hold."""
        return dict(self._game.known[self.player])

    @property
    def returned(self) -> tuple[int, ...]:
        """The cards this player put under the deck with a Chancellor this round, in order."""
        return tuple(self._game.returned[self.player])

    @property
    def seen_by(self) -> dict[int, int]:
        """This player's card as the other players it can be sure of know it, while that
        knowledge holds: a Priest or Baron showed it to them, or a King (they gave it, or
        they had looked at it in the giver's hand, who had not played since: else this
        player cannot tell whether the giver played the card they saw)."""
        me, known = self.player, self._game.known
        return {o: known[o][me] for o in sorted(self._game.seen_for_sure[me])
                if o != me and me in known[o]}

    @property
    def deck_bottom(self) -> tuple[int | None, ...]:
        """The bottom of the deck, lowest card first, as this player knows it: the cards put
        there with a Chancellor this round and not drawn since, its own by value, another
        player's as ``None`` (everyone sees how many go under, not which)."""
        bottom: list[int | None] = []
        for move, who in zip(self._game.moves, self._game.actors, strict=True):
            if isinstance(move, Deal):
                bottom = []
            elif isinstance(move, Keep):
                for card in move.bottom:
                    bottom.insert(0, card if who == self.player else None)
        return tuple(bottom[: len(self._game.pile)])

    @property
    def face_up(self) -> tuple[int, ...]:
        """The three cards set aside face up in a 2-player round."""
        return self._game.face_up

    @property
    def discards(self) -> tuple[tuple[int, ...], ...]:
        """Each player's played and discarded cards, in order (all face up)."""
        return tuple(tuple(d) for d in self._game.discards)

    @property
    def active(self) -> tuple[bool, ...]:
        """Who is still in the round."""
        return tuple(self._game.active)

    @property
    def protected(self) -> tuple[bool, ...]:
        """Who is protected by a Handmaid."""
        return tuple(self._game.protected)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each player holds (not which)."""
        return tuple(len(h) for h in self._game.hands)

    @property
    def deck_size(self) -> int:
        """How many cards are left to draw."""
        return len(self._game.pile)

    @property
    def set_aside_present(self) -> bool:
        """Whether the face-down set-aside card is still there (a Prince may take it)."""
        return self._game.set_aside is not None

    @property
    def tokens(self) -> tuple[int, ...]:
        """Each player's favor tokens."""
        return tuple(self._game.tokens)

    @property
    def target_tokens(self) -> int:
        """How many tokens win the game."""
        return self._game.target_tokens

    @property
    def results(self) -> tuple[RoundResult, ...]:
        """Every finished round (hands are shown at the end of a round)."""
        return tuple(self._game.results)

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, if it did."""
        return self._game.outcome

    def legal_actions(self) -> tuple[Move, ...]:
        """This player's legal decisions now (empty when it is not their decision)."""
        if self._game.to_move != self.player:
            return ()
        return self._game.legal_actions()

    @property
    def history(self) -> tuple[str, ...]:
        """Every move in notation as this player saw it: a deal shows as ``D`` and the
        starting seat, another player's Chancellor choice as ``K?``."""
        out = []
        for move, who in zip(self._game.moves, self._game.actors, strict=True):
            if isinstance(move, Deal):
                out.append(str(move)[:2])
            elif isinstance(move, Keep) and who != self.player:
                out.append("K?")
            else:
                out.append(str(move))
        return tuple(out)

    def key(self) -> tuple[object, ...]:
        """Everything this view shows, as one hashable value: two games with equal keys
        are the same to this player."""
        return (
            self.player, self.players, self.variant, self.round_number, self.phase,
            self.to_move, self.hand, tuple(sorted(self.known.items())), self.returned,
            self.face_up, self.discards, self.active, self.protected, self.hand_sizes,
            tuple(sorted(self.seen_by.items())), self.deck_bottom, self.deck_size,
            self.set_aside_present, self.tokens, self.results, self.history,
        )

    def __repr__(self) -> str:
        return f"<View of seat {self.player} in {self._game!r}>"
