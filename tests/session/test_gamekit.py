"""gamekit's flat API, as the worker calls it (worker.js PREPARE): the registry finds the game,
a run gives the same steps, words and boards as the plug-in's own functions, a page reaches
only the session functions the plug-in lists, and the engine zip ships gamekit compiled."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import gamekit
import hanamikoji
from gamekit import runner
from gamekit.hanamikoji import PLUGIN, board, explain, session
from rulesite.runtime.stdlib import engine_files
from rulesite.sources.locales import load as load_locales

REPO = Path(__file__).resolve().parents[2]
EN = load_locales(REPO / "locales").languages["en"].ui
CODE = "game = Game(seed=3, auto_deal=True)\ngame.apply(game.legal_actions()[0])\n"


def test_registry_names_each_game_once_in_the_sites_order() -> None:
    assert list(gamekit.GAMES) == ["hanamikoji", "loveletter"]
    assert gamekit.plugin("hanamikoji") is PLUGIN
    assert gamekit.plugin(None) is PLUGIN  # pages that pass no ID: the site's first game
    assert gamekit.plugin("loveletter").engine == "loveletter"
    with pytest.raises(KeyError, match=r"unknown game 'chess'.*hanamikoji.*loveletter"):
        gamekit.plugin("chess")


@pytest.mark.parametrize(("game", "other"), [("hanamikoji", "loveletter"),
                                             ("loveletter", "hanamikoji")])
def test_a_page_imports_its_own_game_only(game: str, other: str) -> None:
    """The worker of a page of one game imports that game's plug-in and engine, not the
    other's (a cold start pays for one engine), while the registry still lists both."""
    code = (f"import sys, gamekit; gamekit.plugin({game!r}); "
            f"print(list(gamekit.GAMES), {game!r} in sys.modules, {other!r} in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=REPO).stdout.split()
    assert out == ["['hanamikoji',", "'loveletter']", "True", "False"], out


def test_run_is_the_plugins_own_functions() -> None:
    result = gamekit.run("hanamikoji", CODE, EN)
    steps = runner.run(CODE, PLUGIN)["steps"]
    assert result["steps"] == steps and len(steps) >= 3
    assert result["texts"] == explain.explain(steps, EN)["texts"]
    assert result["boards"] == board.boards(steps, EN)
    record = hanamikoji.Record.from_json(json.loads(result["record"]))
    assert [s.to_json() for s in hanamikoji.timeline(record)] == steps


def test_run_refuses_what_is_not_the_games_game() -> None:
    assert gamekit.run(None, "game = 3\n", EN)["error"] == {"kind": "not_game", "type": "int"}
    assert gamekit.run(None, "x = 1\n", EN)["error"] == {"kind": "no_game"}


def test_call_reaches_only_the_listed_session_functions() -> None:
    record = gamekit.call("hanamikoji", "new_game", ["kosmos", 5])["record"]
    assert record == session.new_game("kosmos", 5)["record"]
    # conceal is a session function, but not one a page may call
    assert hasattr(session, "conceal") and "conceal" not in PLUGIN.calls
    refused = gamekit.call("hanamikoji", "conceal", [record, "A"])
    assert refused == {"error": {"kind": "call", "message": "unknown function 'conceal'"}}
    broken = gamekit.call("hanamikoji", "link", [])  # a bug's exception is said, not raised
    assert broken["error"]["kind"] == "call" and broken["error"]["message"].startswith(
        "TypeError")


def test_engine_zip_carries_gamekit_and_no_command_line() -> None:
    names = set(engine_files())
    assert {"gamekit/__init__.py", "gamekit/plugin.py", "gamekit/runner.py",
            "gamekit/hanamikoji/__init__.py", "gamekit/hanamikoji/session.py"} <= names
    assert "hanamikoji/_game.py" in names
    assert not [n for n in names if n.startswith(("hanamikoji/_cli/", "hanamikoji/__main__"))]
    assert "gamekit/hanamikoji/tables.py" not in names  # build time only (BuildTables)
    assert gamekit.plugin("hanamikoji").tables["geishas"]  # the builder still reads it


def test_the_distribution_lists_every_package() -> None:
    """pyproject.toml names each package of the engines and of gamekit: one left out is
    missing from the wheel (the Pyodide suite installs the engine from it)."""
    listed = set(tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
                 ["tool"]["setuptools"]["packages"])
    found = {init.parent.relative_to(REPO).as_posix().replace("/", ".")
             for top in ("hanamikoji", "loveletter", "gamekit")
             for init in (REPO / top).rglob("__init__.py")}
    assert listed == found
