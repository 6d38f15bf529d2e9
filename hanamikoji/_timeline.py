"""A game as a list of steps, each with the board after it: for replaying and for display.

Every move is a step; so is each round's scoring, which the engine performs by itself after
the last turn of a round. Each step is plain data (:meth:`Step.to_json`), ready for a
program or a browser to draw.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hanamikoji._actions import (
    GEISHAS,
    Competition,
    CompetitionPick,
    Deal,
    Gift,
    GiftPick,
    Move,
    Secret,
    TradeOff,
)
from hanamikoji._game import Game, Marker
from hanamikoji._outcome import Outcome, RoundScore
from hanamikoji._record import Record
from hanamikoji._types import Phase, Player

_KINDS = {
    Deal: "deal",
    Secret: "secret",
    TradeOff: "trade-off",
    Gift: "gift",
    Competition: "competition",
    GiftPick: "gift-pick",
    CompetitionPick: "competition-pick",
}


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a game: what happened, who did it, and the board afterwards.

    ``kind`` is ``start``, ``deal``, ``secret``, ``trade-off``, ``gift``, ``competition``,
    ``gift-pick``, ``competition-pick`` or ``scoring``.
    """

    index: int
    kind: str
    player: Player | None
    move: Move | None
    board: dict[str, object] = field(repr=False)
    scoring: RoundScore | None = field(default=None, repr=False)
    outcome: Outcome | None = None

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dictionary."""
        data: dict[str, object] = {
            "index": self.index,
            "kind": self.kind,
            "player": self.player.name if self.player is not None else None,
            "move": str(self.move) if self.move is not None else None,
            "board": self.board,
        }
        move = self.move
        if isinstance(move, (Secret, TradeOff, Gift)):
            data["cards"] = list(move.cards)
        elif isinstance(move, Competition):
            data["pairs"] = [list(p) for p in move.pairs]
        elif isinstance(move, GiftPick):
            data["cards"] = [move.card]
        elif isinstance(move, CompetitionPick):
            data["cards"] = list(move.pair)
        if self.scoring is not None:
            s = self.scoring
            data["scoring"] = {
                "round": s.round_number,
                "secrets": list(s.secrets),
                "moved": list(s.moved),
                "geishas": list(s.geishas),
                "charm": list(s.charm),
            }
        if self.outcome is not None:
            data["outcome"] = self.outcome.to_json()
        return data


def timeline(game_or_record: Game | Record) -> list[Step]:
    """Replay a game from its start and return every step, with the board after each.

    >>> game = Game(seed=4)
    >>> _ = game.deal()
    >>> game.apply(game.legal_actions()[0])
    >>> [step.kind for step in timeline(game)]
    ['start', 'deal', 'secret']
    """
    record = game_or_record if isinstance(game_or_record, Record) else game_or_record.record()
    game = record.replay(0)
    steps = [Step(0, "start", None, None, board(game))]
    for move in record.moves:
        before = game.copy()
        game.apply(move)
        actor = Player(game._actors[-1])
        scored = len(game.rounds) > len(before.rounds)
        if not scored:
            steps.append(Step(len(steps), _KINDS[type(move)], actor, move, board(game)))
            continue
        score = game.rounds[-1]
        steps.append(
            Step(len(steps), _KINDS[type(move)], actor, move, _before_scoring(before, move, score))
        )
        steps.append(
            Step(
                len(steps),
                "scoring",
                None,
                None,
                _after_scoring(before, move, score, game),
                scoring=score,
                outcome=game.outcome,
            )
        )
    return steps


def board(game: Game) -> dict[str, object]:
    """Everything on the table and in the hands, as plain data (every card shown; a
    display hides what the rules hide: Secret and Trade-off cards, the removed card)."""
    return {
        "round": game.round_number,
        "phase": game.phase.name.lower(),
        "to_move": game.to_move.name if game.to_move is not None else None,
        "starting": game.starting_player.name,
        "favors": _favors(game.favors),
        "players": {
            p.name: {
                "hand": list(game.hand(p)),
                "items": [game.items(p, g) for g in GEISHAS],
                "secret": game.secret(p),
                "tradeoff": list(game.tradeoff(p)),
                "used": game.used_markers(p).letters,
                "geishas": game.geishas(p),
                "charm": game.charm(p),
            }
            for p in Player
        },
        "draw_pile": len(game.draw_pile),
        "removed": game.removed_card,
        "pending": str(game.pending) if game.pending is not None else None,
        "revealed": False,
    }


def _favors(favors: tuple[Player | None, ...]) -> str:
    return "".join(p.name if p is not None else "." for p in favors)


def _before_scoring(before: Game, move: Move, score: RoundScore) -> dict[str, object]:
    """The board once the round's last move is made, just before the Secrets are revealed."""
    data = board(before)
    players = data["players"]
    assert isinstance(players, dict)
    for p in Player:
        side = players[p.name]
        items = list(score.items[p])
        secret = score.secrets[p]
        if secret is not None:
            items[secret - 1] -= 1
        side.update(hand=[], items=items, used=Marker(15).letters, secret=secret)
        if isinstance(move, TradeOff) and before.to_move is p:
            side["tradeoff"] = list(move.cards)
    data.update(phase="scoring", to_move=None, pending=None)
    return data


def _after_scoring(before: Game, move: Move, score: RoundScore, after: Game) -> dict[str, object]:
    """The board with the Secrets revealed and the markers moved."""
    data = _before_scoring(before, move, score)
    players = data["players"]
    assert isinstance(players, dict)
    for p in Player:
        players[p.name].update(
            items=list(score.items[p]),
            geishas=score.geishas[p],
            charm=score.charm[p],
        )
    data.update(
        favors=_favors(score.favors),
        phase="over" if after.phase is Phase.OVER else "scoring",
        revealed=True,
    )
    return data
