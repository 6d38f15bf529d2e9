"""What one player may know: their own cards and everything face up, nothing more."""

from __future__ import annotations

from hanamikoji._actions import Competition, Deal, Gift, Move, Secret, TradeOff
from hanamikoji._game import Game, Marker
from hanamikoji._outcome import Outcome, RoundScore
from hanamikoji._types import Edition, Phase, Player


class View:
    """One player's view of a game. It reads the live game: it changes as the game does.

    It never shows the opponent's hand, Secret or Trade-off cards, the removed card, nor the
    order of the draw pile.

    >>> game = Game(seed=1, auto_deal=True)
    >>> view = View(game, "B")
    >>> view.hand == game.hand("B"), view.opponent_hand_size
    (True, 7)
    """

    __slots__ = ("_game", "player")

    def __init__(self, game: Game, player: Player | str) -> None:
        self._game = game
        self.player: Player = Player.parse(player)

    @property
    def edition(self) -> Edition:
        """The edition the game follows."""
        return self._game.edition

    @property
    def round_number(self) -> int:
        """The current round, from 1."""
        return self._game.round_number

    @property
    def phase(self) -> Phase:
        """What the game waits for."""
        return self._game.phase

    @property
    def to_move(self) -> Player | None:
        """Who decides now."""
        return self._game.to_move

    @property
    def starting_player(self) -> Player:
        """Who started this round."""
        return self._game.starting_player

    @property
    def hand(self) -> tuple[int, ...]:
        """This player's hand, sorted."""
        return self._game.hand(self.player)

    @property
    def opponent_hand_size(self) -> int:
        """How many cards the opponent holds (not which)."""
        return self._game._sizes[self.player.other]

    @property
    def draw_pile_size(self) -> int:
        """How many cards are left to draw."""
        return len(self._game._pile)

    @property
    def secret(self) -> int | None:
        """This player's own Secret card."""
        return self._game.secret(self.player)

    @property
    def tradeoff(self) -> tuple[int, ...]:
        """This player's own Trade-off cards."""
        return self._game.tradeoff(self.player)

    def used_markers(self, player: Player | str) -> Marker:
        """The markers a player has used this round (markers are face up on the table)."""
        return self._game.used_markers(player)

    def table(self, player: Player | str) -> tuple[int, ...]:
        """The item cards face up on a player's side."""
        return self._game.table(player)

    def items(self, player: Player | str, geisha: int) -> int:
        """How many of a geisha's item cards lie face up on a player's side."""
        return self._game.items(player, geisha)

    def favor(self, geisha: int) -> Player | None:
        """Where a geisha's victory marker stands."""
        return self._game.favor(geisha)

    @property
    def favors(self) -> tuple[Player | None, ...]:
        """Where each geisha's victory marker stands, geishas 1 to 7."""
        return self._game.favors

    @property
    def pending(self) -> Gift | Competition | None:
        """The Gift or Competition on the table, waiting for a pick (it is face up)."""
        return self._game.pending

    @property
    def rounds(self) -> tuple[RoundScore, ...]:
        """Every scoring so far (Secrets are revealed at scoring)."""
        return self._game.rounds

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, if it did."""
        return self._game.outcome

    def legal_actions(self) -> tuple[Move, ...]:
        """This player's legal decisions now (empty when it is not their decision)."""
        if self._game.to_move is not self.player:
            return ()
        return self._game.legal_actions()

    @property
    def history(self) -> tuple[str, ...]:
        """Every move in notation as this player saw it.

        The opponent's Secret and Trade-off show as ``S?`` and ``T??``; a deal shows as
        ``D`` followed by this player's own six cards.
        """
        game = self._game
        me = self.player
        out = []
        for move, who in zip(game._moves, game._actors, strict=True):
            if type(move) is Deal:
                out.append("D" + "".join(map(str, sorted(_dealt(move, who, me)))))
            elif who != me and type(move) is Secret:
                out.append("S?")
            elif who != me and type(move) is TradeOff:
                out.append("T??")
            else:
                out.append(str(move))
        return tuple(out)

    def __repr__(self) -> str:
        return f"<View of {self.player} in {self._game!r}>"


def _dealt(deal: Deal, starting: int, me: Player) -> tuple[int, ...]:
    return deal.deck[1:7] if starting == me else deal.deck[7:13]
