"""The Love Letter engine inside Pyodide, as the browser will run it: its doctests pass, and
seeded games end exactly as in CPython (same deals, same decisions, same records)."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable

import pytest

from loveletter import Game, HeuristicPlayer, Record, SearchPlayer, play

MARKER = "LOVELETTER_RESULT "
TABLES = ((2, "standard", 1), (5, "standard", 2), (3, "classic", 3))

# Runs inside Pyodide: every module's doctests, then the seeded games' records as one line.
DRIVER = """
import doctest, importlib, json, pkgutil, sys
import loveletter
from loveletter import Game, HeuristicPlayer, Record, SearchPlayer, play

failed = 0
for _, name, _ in pkgutil.walk_packages(loveletter.__path__, "loveletter."):
    if name == "loveletter.__main__":
        continue
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for test in doctest.DocTestFinder(exclude_empty=True).find(module, name):
        runner.run(test, out=sys.stderr.write)
    failed += runner.summarize(verbose=False).failed
records = []
for players, variant, seed in json.loads(sys.argv[1]):
    game = Game(players, variant, seed=seed)
    agents = [SearchPlayer(8, seed=seed), *[HeuristicPlayer(seed=p) for p in range(1, players)]]
    play(game, agents)
    records.append(str(Record.from_game(game)))
print("LOVELETTER_RESULT " + json.dumps({"doctests_failed": failed, "records": records}))
"""


def _cpython_records() -> list[str]:
    out = []
    for players, variant, seed in TABLES:
        game = Game(players, variant, seed=seed)
        agents = [SearchPlayer(8, seed=seed),
                  *[HeuristicPlayer(seed=p) for p in range(1, players)]]
        play(game, agents)
        out.append(str(Record.from_game(game)))
    return out


@pytest.mark.long
def test_loveletter_runs_the_same_in_pyodide(
    run_in_pyodide: Callable[..., subprocess.CompletedProcess[str]],
) -> None:
    proc = run_in_pyodide("-c", DRIVER, json.dumps(TABLES))
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    line = next(x for x in proc.stdout.splitlines() if x.startswith(MARKER))
    result = json.loads(line[len(MARKER):])
    assert result["doctests_failed"] == 0, proc.stderr[-3000:]
    assert result["records"] == _cpython_records()
