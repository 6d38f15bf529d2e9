"""``python -m hanamikoji simulate``: many games between computer players, counted."""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable
from typing import TextIO

from hanamikoji import (
    Edition,
    Game,
    Player,
    Reason,
    play,
)
from hanamikoji._cli.board import (
    EDITION_LABELS,
    REASON_LABELS,
    _isatty,
)
from hanamikoji._cli.common import (
    AGENTS,
    EXIT_INTERRUPTED,
    EXIT_OK,
)


class Progress:
    """Progress of a long run on a stream: one updating line every ``interval`` seconds on a
    terminal, otherwise a line at each quarter reached after ``min_seconds``."""

    def __init__(
        self,
        total: int,
        stream: TextIO,
        *,
        clock: Callable[[], float] = time.perf_counter,
        interval: float = 0.5,
        min_seconds: float = 1.0,
    ) -> None:
        self.total = total
        self._stream = stream
        self._tty = _isatty(stream)
        self._clock = clock
        self._interval = interval
        self._min_seconds = min_seconds
        self._start = self._last = clock()
        self._quarter = 1
        self._shown = 0  # length of the line on a terminal
        self._lines = 0

    def _text(self, done: int, now: float) -> str:
        elapsed = now - self._start
        rate = done / elapsed if elapsed > 0 else 0.0
        text = f"{done}/{self.total} games ({100 * done // self.total}%), {rate:,.0f} games/s"
        if rate and done < self.total:
            text += f", about {math.ceil((self.total - done) / rate):,} s left"
        return text

    def update(self, done: int) -> None:
        now = self._clock()
        if self._tty:
            if now - self._last >= self._interval:
                self._last = now
                text = self._text(done, now)
                self._stream.write("\r" + text.ljust(self._shown))
                self._stream.flush()
                self._shown = len(text)
            return
        while self._quarter < 4 and 4 * done >= self._quarter * self.total:
            if now - self._start >= self._min_seconds:
                self._stream.write(self._text(done, now) + "\n")
                self._lines += 1
            self._quarter += 1

    def finish(self) -> None:
        if self._shown:
            self._stream.write("\r" + " " * self._shown + "\r")
            self._stream.flush()
        elif self._lines:
            self._stream.write(self._text(self.total, self._clock()) + "\n")


def simulate(
    players: tuple[str, str],
    games: int,
    *,
    seed: int,
    edition: Edition = Edition.EMPERORS4,
    swap_seats: bool = True,
    progress: Progress | None = None,
) -> dict[str, object]:
    """Play ``games`` games and return the statistics (a JSON-ready dictionary).

    Player 1 plays A (and starts the first round) in games 1, 3, 5, ... and B in the others
    unless ``swap_seats`` is false. Everything but ``timing`` depends on ``seed`` only.
    """
    master = random.Random(seed)
    wins = [[0, 0], [0, 0]]  # wins[player index][seat]
    shared = no_winner = 0
    reasons = dict.fromkeys(Reason, 0)
    rounds_total = rounds_max = 0
    start = time.perf_counter()
    for index in range(games):
        game_seed, seed_1, seed_2 = (master.getrandbits(64) for _ in range(3))
        agents = (AGENTS[players[0]](seed_1), AGENTS[players[1]](seed_2))
        swapped = swap_seats and index % 2 == 1
        outcome = play(Game(edition, seed=game_seed), agents[::-1] if swapped else agents)
        reasons[outcome.reason] += 1
        rounds_total += outcome.round_number
        rounds_max = max(rounds_max, outcome.round_number)
        if outcome.shared:
            shared += 1
        elif outcome.winner is None:
            no_winner += 1
        else:
            seat = outcome.winner
            wins[seat ^ swapped][seat] += 1
        if progress is not None:
            progress.update(index + 1)
    seconds = time.perf_counter() - start
    return {
        "games": games,
        "edition": edition.value,
        "seed": seed,
        "seats": "alternate" if swap_seats else "fixed",
        "players": [
            {
                "name": name,
                "wins": sum(wins[i]),
                "wins_as_A": wins[i][Player.A],
                "wins_as_B": wins[i][Player.B],
            }
            for i, name in enumerate(players)
        ],
        "shared": shared,
        "no_winner": no_winner,
        "reasons": {reason.value: reasons[reason] for reason in Reason},
        "rounds": {"average": round(rounds_total / games, 3), "max": rounds_max},
        "timing": {
            "seconds": round(seconds, 3),
            "games_per_second": round(games / seconds, 1) if seconds > 0 else None,
        },
    }


def _simulation_table(stats: dict[str, object]) -> list[str]:
    games = stats["games"]
    players = stats["players"]
    reasons = stats["reasons"]
    rounds = stats["rounds"]
    timing = stats["timing"]
    assert isinstance(games, int) and isinstance(players, list)
    assert isinstance(reasons, dict) and isinstance(rounds, dict) and isinstance(timing, dict)

    def pct(n: int) -> str:
        return f"{100 * n / games:5.1f}%"

    edition = EDITION_LABELS[Edition.parse(str(stats["edition"]))]
    seats = (
        "players swap seats each game (player 1 is A in games 1, 3, 5, ...)"
        if stats["seats"] == "alternate"
        else "player 1 is A (starts round 1) in every game"
    )
    lines = [
        f"{games} games · {edition} · seed {stats['seed']}",
        seats[0].upper() + seats[1:] + ".",
        "",
        f"{'':<24}{'wins':>7}{'%':>7}{'as A':>8}{'as B':>8}",
    ]
    for number, player in enumerate(players, 1):
        label = f"player {number}: {player['name']}"
        lines.append(
            f"{label:<24}{player['wins']:>7} {pct(player['wins'])}"
            f"{player['wins_as_A']:>8}{player['wins_as_B']:>8}"
        )
    for label, key in (("shared victory", "shared"), ("no winner", "no_winner")):
        count = stats[key]
        assert isinstance(count, int)
        if count or stats["edition"] != Edition.EMPERORS4.value:
            lines.append(f"{label:<24}{count:>7} {pct(count)}")
    lines += ["", f"{'how the games ended':<36}{'games':>7}{'%':>7}"]
    for reason in Reason:
        count = reasons[reason.value]
        if count:
            lines.append(f"{REASON_LABELS[reason]:<36}{count:>7} {pct(count)}")
    speed = timing["games_per_second"]
    lines += [
        "",
        f"Rounds per game: {rounds['average']:.2f} on average, {rounds['max']} at most.",
        f"Time: {timing['seconds']:.2f} s"
        + (f", {speed:,.0f} games per second." if speed else "."),
    ]
    return lines


def _simulate_command(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    progress = None if args.quiet else Progress(args.games, sys.stderr)
    try:
        stats = simulate(
            args.players,
            args.games,
            seed=seed,
            edition=Edition.parse(args.edition),
            swap_seats=not args.fixed_seats,
            progress=progress,
        )
    except KeyboardInterrupt:
        print("\nInterrupted.", file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        if progress is not None:
            progress.finish()
    if args.json:
        print(json.dumps(stats, indent=2))
    else:
        print("\n".join(_simulation_table(stats)))
    return EXIT_OK
