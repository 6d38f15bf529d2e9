"""Golden playthroughs: three whole random games, every step written down and diffed.

Each line is one step: its number, the round, the phase, who decides, how many legal
decisions there are, that player's hand, and the move made (a deal is drawn by the game's
own generator). Scorings and the outcome follow the moves they come after.

A difference means the engine's behaviour changed (dealing, legal moves, their order,
scoring or the end of the game). If the change is intended, regenerate the files and review
the diff before committing:

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/engine/test_playthrough.py
"""

from __future__ import annotations

import difflib
import os
import random
from pathlib import Path

import pytest

from hanamikoji import Edition, Game, Phase

GOLDEN = Path(__file__).parent / "golden"
# Seeds chosen for long games: 4 rounds under the standard rules; the 3-round limit reached
# under the optional rule (more charm wins) and in the Kosmos edition (no winner).
CASES = [
    (54, Edition.EMPERORS4),
    (19, Edition.EMPERORS4_3_ROUNDS),
    (117, Edition.KOSMOS),
]


def playthrough(seed: int, edition: Edition) -> str:
    """The text of a whole game: ``Game(edition, seed=seed)`` with decisions drawn from
    ``random.Random(seed)`` (``randrange`` over the legal decisions, in their order)."""
    game = Game(edition, seed=seed)
    rng = random.Random(seed)
    lines = [
        f"# Hanamikoji playthrough: seed {seed}, edition {edition.value}",
        "# step, round, phase, who decides (- at a deal), number of legal decisions,"
        " that player's hand (. when empty), move",
    ]
    step = 0
    while not game.is_over():
        phase, to_move, rounds = game.phase, game.to_move, len(game.rounds)
        round_number = game.round_number
        legal = game.legal_actions()
        hand = "".join(map(str, game.hand(to_move))) or "." if to_move is not None else "-"
        if phase is Phase.DEAL:
            move = game.deal()
        else:
            move = legal[rng.randrange(len(legal))]
            game.apply(move)
        who = to_move.name if to_move is not None else "-"
        lines.append(
            f"{step:3d} r{round_number} {phase.name:<16} {who} {len(legal):3d} {hand:<7} {move}"
        )
        step += 1
        if len(game.rounds) > rounds:
            score = game.rounds[-1]
            favors = "".join(p.name if p is not None else "." for p in score.favors)
            moved = "".join(map(str, score.moved)) or "-"
            secrets = "".join(str(s) if s is not None else "-" for s in score.secrets)
            lines.append(
                f"    scoring round {score.round_number}: secrets {secrets} favors {favors}"
                f" moved {moved} geishas {score.geishas[0]}-{score.geishas[1]}"
                f" charm {score.charm[0]}-{score.charm[1]}"
            )
    lines.append(f"outcome: {game.outcome}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("seed", "edition"), CASES, ids=[f"seed_{s}" for s, _ in CASES])
def test_playthrough_matches_golden_file(seed: int, edition: Edition) -> None:
    path = GOLDEN / f"playthrough_seed_{seed}.txt"
    text = playthrough(seed, edition)
    if os.environ.get("UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(keepends=True),
                text.splitlines(keepends=True),
                str(path),
                "this engine",
                n=2,
            )
        )
        pytest.fail(f"{path.name} differs (UPDATE_GOLDEN=1 to accept, see the docstring):\n{diff}")


def test_playthroughs_are_whole_games() -> None:
    for seed, edition in CASES:
        text = (GOLDEN / f"playthrough_seed_{seed}.txt").read_text(encoding="utf-8")
        assert text.startswith(f"# Hanamikoji playthrough: seed {seed}, edition {edition.value}")
        assert text.count("scoring round") >= 3 and "\noutcome: " in text
