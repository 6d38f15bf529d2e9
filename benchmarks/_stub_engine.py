"""A stand-in for ``hanamikoji`` with the API the benchmark calls; for harness tests only.

It is not Hanamikoji: a round just hands every geisha's marker to a random side or leaves it
where it is, then applies the real win check (4 geishas or 11 charm points). Its speed and
round counts say nothing about the engine. Used only with ``games_per_second.py --stub``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum, IntEnum

__version__ = "stub"
CHARMS = (2, 2, 2, 3, 3, 4, 5)


class Player(IntEnum):
    A = 0
    B = 1


class Edition(Enum):
    EMPERORS4 = "emperors4"
    EMPERORS4_3_ROUNDS = "emperors4-3-rounds"
    KOSMOS = "kosmos"


@dataclass
class Outcome:
    winner: Player | None


class RandomPlayer:
    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)


class Game:
    def __init__(self, edition: Edition = Edition.EMPERORS4, seed: int | None = None) -> None:
        self.edition = edition
        self.rng = random.Random(seed)
        self.round_number = 0
        self.favor: list[Player | None] = [None] * len(CHARMS)


def _winner(game: Game) -> Player | None:
    for player in Player:
        mine = [c for c, f in zip(CHARMS, game.favor, strict=True) if f is player]
        if len(mine) >= 4 or sum(mine) >= 11:
            return player  # the stub ignores the 4-geishas vs 11-points case
    return None


def play(game: Game, players: tuple[RandomPlayer, RandomPlayer]) -> Outcome:
    while True:
        game.round_number += 1
        for g in range(len(CHARMS)):
            roll = players[g % 2].rng.random()
            if roll < 0.4:
                game.favor[g] = Player.A
            elif roll < 0.8:
                game.favor[g] = Player.B
        winner = _winner(game)
        if winner is not None:
            return Outcome(winner)
        if game.edition is not Edition.EMPERORS4 and game.round_number == 3:
            return Outcome(None)
