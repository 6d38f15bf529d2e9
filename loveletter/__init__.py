"""Love Letter: a complete rules engine for the card game by Seiji Kanai, 2019 edition.

Standard library only. Cards are their printed numbers, 0 (Spy) to 9 (Princess); seats are
0 to 5 (written A to F), in turn order. ``loveletter/FACTS.md`` lists every rule with its ID
and its source, where the Indonesian rulebook reads otherwise and what the publisher leaves
open.

>>> from loveletter import Game, RandomPlayer, play
>>> game = Game(players=4, seed=2026)
>>> outcome = play(game, [RandomPlayer(seed=s) for s in range(4)])
>>> all(game.tokens[w] >= game.target_tokens for w in outcome.winners)
True
"""

from loveletter._cards import (
    PLAYER_COUNTS,
    SEATS,
    TOKENS_TO_WIN,
    Card,
    Variant,
    card_counts,
    full_deck,
    guesses,
)
from loveletter._errors import (
    IllegalActionError,
    LoveLetterError,
    NotationError,
    RecordError,
    RecordProblem,
    Rule,
    SetupError,
)
from loveletter._game import EndReason, Game, Outcome, Phase, RoundResult, legal_actions
from loveletter._moves import MOVE_PATTERN, Deal, Keep, Move, Play, parse_move
from loveletter._players import Agent, HeuristicPlayer, RandomPlayer, play, unseen
from loveletter._record import Record
from loveletter._resume import Resumed, ResumeLimitError, conceal, resume
from loveletter._search import SearchPlayer, sample_world
from loveletter._transcript import transcript
from loveletter._view import View

__version__ = "0.1.0"

__all__ = [
    "MOVE_PATTERN",
    "PLAYER_COUNTS",
    "SEATS",
    "TOKENS_TO_WIN",
    "Agent",
    "Card",
    "Deal",
    "EndReason",
    "Game",
    "HeuristicPlayer",
    "IllegalActionError",
    "Keep",
    "LoveLetterError",
    "Move",
    "NotationError",
    "Outcome",
    "Phase",
    "Play",
    "RandomPlayer",
    "Record",
    "RecordError",
    "RecordProblem",
    "ResumeLimitError",
    "Resumed",
    "RoundResult",
    "Rule",
    "SearchPlayer",
    "SetupError",
    "Variant",
    "View",
    "card_counts",
    "conceal",
    "full_deck",
    "guesses",
    "legal_actions",
    "parse_move",
    "play",
    "resume",
    "sample_world",
    "transcript",
    "unseen",
]
