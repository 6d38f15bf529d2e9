"""The command line, the doctests, the documented API and FACTS.md's rule IDs."""

from __future__ import annotations

import doctest
import importlib
import inspect
import io
import json
import pkgutil
import re
from pathlib import Path

import pytest

import loveletter
from loveletter import Rule
from loveletter.__main__ import main

FACTS = Path(loveletter.__file__).with_name("FACTS.md")


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_and_replay_round_trip(capsys: pytest.CaptureFixture[str],
                                        tmp_path: Path) -> None:
    code, out, _ = _run(capsys, "simulate", "--players", "3", "--seed", "2", "--json")
    assert code == 0
    path = tmp_path / "game.json"
    path.write_text(out, encoding="utf-8")
    code, text, _ = _run(capsys, "replay", str(path))
    assert code == 0 and text.startswith("# Love Letter, 3 players") and "winners:" in text
    code, again, _ = _run(capsys, "replay", str(path), "--json")
    assert json.loads(again) == json.loads(out)


@pytest.mark.parametrize(("content", "expected"), [
    (b"{", "line 1 column"),
    (b'{"format": "loveletter-record"}', "$.version"),
    (b"\xff\xfe", "not UTF-8"),
])
def test_bad_records_give_one_message_and_status_2(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes,
        expected: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    code, out, err = _run(capsys, "replay", str(path))
    assert code == 2 and out == "" and expected in err and "Traceback" not in err


def test_bad_options_are_named(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "simulate", "--players", "5", "--variant", "classic")
    assert code == 2 and "--players: 5" in err
    code, _, err = _run(capsys, "replay", "/nonexistent/game.json")
    assert code == 2 and "No such file" in err


@pytest.mark.parametrize("name", sorted(
    n for _, n, _ in pkgutil.walk_packages(loveletter.__path__, "loveletter.")))
def test_doctests_pass(name: str) -> None:
    module = importlib.import_module(name)
    out = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for test in doctest.DocTestFinder(exclude_empty=True).find(module, name):
        runner.run(test, out=out.write)
    assert runner.summarize(verbose=False).failed == 0, out.getvalue()


def test_every_public_name_is_documented() -> None:
    for name in loveletter.__all__:
        obj = getattr(loveletter, name)
        if inspect.isclass(obj) or inspect.isfunction(obj):
            assert inspect.getdoc(obj), name


def test_every_rule_id_is_stated_in_facts() -> None:
    headings = re.findall(r"^### ([a-z0-9-]+)$", FACTS.read_text(encoding="utf-8"), re.M)
    assert len(headings) == len(set(headings))
    assert {r.value for r in Rule} <= set(headings)


def test_facts_name_the_indonesian_difference() -> None:
    text = FACTS.read_text(encoding="utf-8")
    baron = text.split("### baron-compare")[1].split("###")[0]
    assert "Indonesian differs" in baron and "nothing happens" in baron
