"""What the commands share: exit codes, the user-error type and the computer players."""

from __future__ import annotations

from collections.abc import Callable

from hanamikoji import (
    Agent,
    GreedyPlayer,
    MCTSPlayer,
    RandomPlayer,
)

EXIT_OK = 0
EXIT_UNFINISHED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

AGENTS: dict[str, Callable[[int | None], Agent]] = {
    "greedy": GreedyPlayer,
    "mcts": lambda seed: MCTSPlayer(seed=seed),
    "random": RandomPlayer,
    "strong": lambda seed: MCTSPlayer(MCTSPlayer.STRONG_ITERATIONS, seed=seed),
}
"""The computer players, by the name the options use: ``mcts`` is the search player at its
default budget, ``strong`` the same at its stronger level."""

AGENT_NAMES = {"greedy": "Greedy", "mcts": "MCTS", "random": "Random", "strong": "Strong MCTS"}
"""How the computer players are named on screen."""


class UserError(Exception):
    """A mistake in what the user asked for: printed as one message, no traceback."""

    def __init__(self, message: str, code: int = EXIT_USAGE) -> None:
        super().__init__(message)
        self.code = code
