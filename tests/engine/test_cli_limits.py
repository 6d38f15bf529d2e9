"""``python -m hanamikoji replay`` with hostile files (review 2026-11-25, F6): the site's
limits, the first problems and a count, control characters escaped, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hanamikoji.__main__ import main
from hanamikoji._record import MAX_CHARS, MAX_PROBLEMS


def replay(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["replay", str(path)])
    out = capsys.readouterr()
    return code, out.out + out.err


@pytest.mark.parametrize(("name", "text", "said"), [
    ("deep.json", "[" * 100_000 + "]" * 100_000, "nested more than"),
    ("deepish.json", "[" * 3_000 + "]" * 3_000, "nested more than"),
    ("bigint.json", '{"version": ' + "9" * 5_000 + "}", "a number is too long"),
    ("dup.json", '{"moves": [], "moves": []}', "appears twice"),
    ("huge.json", json.dumps({"moves": ["S1"] * 300_000}), "too long"),
])
def test_hostile_files_are_refused_without_a_traceback(
        name: str, text: str, said: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    code, out = replay(path, capsys)
    assert code != 0 and "Traceback" not in out
    assert said in out and "damaged record" in out


@pytest.mark.cpython_only  # Pyodide's file system has no /dev/zero
def test_an_endless_file_is_not_read_whole(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = replay(Path("/dev/zero"), capsys)
    assert code != 0 and "Traceback" not in out and "too long" in out


def test_only_the_first_problems_are_listed(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "manybad.json"
    record = {"format": "hanamikoji-record", "version": 1, "edition": "emperors4",
              "moves": ["X"] * 1_500}
    path.write_text(json.dumps(record), encoding="utf-8")
    code, out = replay(path, capsys)
    assert code != 0
    problems = [line for line in out.splitlines() if line.startswith("  $.moves[")]
    assert len(problems) == MAX_PROBLEMS
    assert f"and {1_500 - MAX_PROBLEMS} more" in out


def test_control_characters_in_keys_reach_no_terminal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "ansi.json"
    path.write_text(json.dumps({"\u001b[41mkey": 1, "\u001b]52;c;aGk=\u0007": 2}),
                    encoding="utf-8")
    code, out = replay(path, capsys)
    assert code != 0
    assert "\x1b" not in out and "\x07" not in out
    assert "$.\\x1b[41mkey: unknown field" in out


def test_the_limit_is_the_sites(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "spaces.json"
    path.write_text(" " * (MAX_CHARS * 4 + 1), encoding="utf-8")
    code, out = replay(path, capsys)
    assert code != 0 and "too long" in out


def test_a_byte_order_mark_is_read_as_the_page_reads_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Review F12: the page accepted a leading BOM and the command line refused it."""
    from hanamikoji import Game, Record

    game = Game(seed=4)
    game.deal()
    path = tmp_path / "bom.json"
    path.write_text("\ufeff" + Record.from_game(game).dumps(), encoding="utf-8")
    code, out = replay(path, capsys)
    assert code == 0 and "damaged" not in out and "Traceback" not in out


def test_a_round_beyond_the_maximum_is_a_located_problem(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Review F9: any round number was read; past ``MAX_ROUND`` it is now refused."""
    from hanamikoji._constants import MAX_ROUND

    path = tmp_path / "far.json"
    path.write_text(json.dumps({"format": "hanamikoji-record", "version": 1,
                                "edition": "emperors4", "moves": [],
                                "start": {"round": 10**30, "starting": "A", "favors": ""}}),
                    encoding="utf-8")
    code, out = replay(path, capsys)
    assert code != 0 and "Traceback" not in out
    assert f"$.start.round: expected a round number up to {MAX_ROUND}" in out
