"""Hanamikoji: a complete rules engine for the two-player card game by Kota Nakayama.

Standard library only. Cards are geisha numbers 1 to 7 in table order (charm 2, 2, 2, 3, 3,
4, 5); players are :attr:`Player.A` (who starts the first round) and :attr:`Player.B`.

>>> from hanamikoji import Game, RandomPlayer, play
>>> game = Game(seed=2026)
>>> outcome = play(game, (RandomPlayer(seed=1), RandomPlayer(seed=2)))
>>> outcome.winner in (Player.A, Player.B, None)
True
"""

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
from hanamikoji._constants import FACTS, GEISHA_CHARMS
from hanamikoji._errors import (
    HanamikojiError,
    IllegalActionError,
    NotationError,
    PositionError,
    RecordError,
    RecordProblem,
    Rule,
)
from hanamikoji._game import Game, Marker, Position, legal_actions
from hanamikoji._outcome import Outcome, Reason, RoundScore
from hanamikoji._players import Agent, GreedyPlayer, RandomPlayer, play
from hanamikoji._record import Record
from hanamikoji._search import MCTSPlayer
from hanamikoji._timeline import Step, board, timeline
from hanamikoji._types import Edition, Phase, Player
from hanamikoji._view import View

__version__ = "0.1.0"

__all__ = [
    "FACTS",
    "FULL_DECK",
    "GEISHAS",
    "GEISHA_CHARMS",
    "Action",
    "Agent",
    "Competition",
    "CompetitionPick",
    "Deal",
    "Edition",
    "Game",
    "Gift",
    "GiftPick",
    "GreedyPlayer",
    "HanamikojiError",
    "IllegalActionError",
    "MCTSPlayer",
    "Marker",
    "Move",
    "NotationError",
    "Outcome",
    "Phase",
    "Player",
    "Position",
    "PositionError",
    "RandomPlayer",
    "Reason",
    "Record",
    "RecordError",
    "RecordProblem",
    "Response",
    "RoundScore",
    "Rule",
    "Secret",
    "Step",
    "TradeOff",
    "View",
    "board",
    "charm",
    "legal_actions",
    "parse_cards",
    "parse_move",
    "play",
    "timeline",
]
