"""CONTRIBUTING.md's guide to adding a game cannot go stale silently: every file and folder it
names exists (``<game>`` standing for every registered game, ``<lang>`` for every language),
every Python name it writes out (``gamekit.Plugin.calls``) resolves, every test it names is
defined, every ``make`` target it names is the Makefile's, and README links to it."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import re

import gamekit
from rulesite.build import REPO

GUIDE = REPO / "CONTRIBUTING.md"
LANGS = ("en", "fr", "ja", "id")
SUFFIXES = (".py", ".js", ".mjs", ".css", ".json", ".yml", ".md", ".txt", ".ts", ".toml",
            ".typed")
# A dotted name whose first part is one of the project's packages (gamekit.Plugin.css).
PYTHON_NAME = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")


def _spans(text: str) -> list[str]:
    """The guide's code spans (`...`), in order."""
    return re.findall(r"`([^`\n]+)`", text)


def _path_problem(span: str) -> str | None:
    """What is wrong with a path the guide names (``file.py::test`` names a test in it)."""
    path, _, test = span.partition("::")
    games = list(gamekit.GAMES) if "<game>" in path else [""]
    langs = LANGS if "<lang>" in path else ("",)
    for game in games:
        for lang in langs:
            found = REPO / path.replace("<game>", game).replace("<lang>", lang)
            if not (found.is_dir() if path.endswith("/") else found.exists()):
                return f"{found.relative_to(REPO)} does not exist"
            if test:
                tree = ast.parse(found.read_text(encoding="utf-8"))
                if test not in {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}:
                    return f"{found.relative_to(REPO)} defines no {test}"
    return None


def _name_problem(name: str) -> str | None:
    """What is wrong with a dotted Python name: its longest importable module, then attributes
    (a dataclass's fields count, defaults or not)."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attribute in parts[cut:]:
            fields = {f.name for f in dataclasses.fields(found)} \
                if isinstance(found, type) and dataclasses.is_dataclass(found) else set()
            if attribute in fields:
                return None if attribute == parts[-1] else f"{name}: {attribute} is a field"
            if not hasattr(found, attribute):
                return f"{name}: no {attribute} in {'.'.join(parts[:parts.index(attribute)])}"
            found = getattr(found, attribute)
        return None
    return f"{name}: no module {parts[0]}"


def _problems(text: str) -> tuple[list[str], dict[str, int]]:
    """What is wrong in ``text``, and how many spans of each kind were checked."""
    targets = set(re.findall(r"^([\w-]+):", (REPO / "Makefile").read_text(encoding="utf-8"),
                             re.MULTILINE))
    problems: list[str] = []
    checked = {"path": 0, "name": 0, "make": 0}
    for span in _spans(text):
        if span.startswith("make "):
            checked["make"] += 1
            if span.split()[1] not in targets:
                problems.append(f"`{span}`: the Makefile has no target {span.split()[1]}")
        elif PYTHON_NAME.fullmatch(span) and (REPO / span.split(".")[0] / "__init__.py").is_file():
            checked["name"] += 1
            problem = _name_problem(span)
            if problem:
                problems.append(f"`{span}`: {problem}")
        elif "/" in span or span.endswith(SUFFIXES) or span == "Makefile":
            checked["path"] += 1
            problem = _path_problem(span)
            if problem:
                problems.append(f"`{span}`: {problem}")
    return problems, checked


def test_every_path_name_test_and_target_the_guide_mentions_exists() -> None:
    problems, checked = _problems(GUIDE.read_text(encoding="utf-8"))
    assert not problems, "\n".join(problems)
    # What the guide holds today, so that a change to how spans are read cannot empty it.
    assert checked["path"] >= 40 and checked["name"] >= 15 and checked["make"] >= 4, checked


def test_the_check_finds_what_is_gone() -> None:
    problems, _ = _problems(
        "`gamekit/<game>/rules.py`, `locales/<game>/<lang>/faq.yml`, `gamekit.Plugin.colour`,"
        " `gamekit.plugin.Rulebook`, `tests/session/test_gamekit.py::test_nothing`, "
        "`make deploy`, `gamekit.Plugin.calls`, `docs/assets/play/frame.js`")
    assert [p.split("`")[1] for p in problems] == [
        "gamekit/<game>/rules.py", "locales/<game>/<lang>/faq.yml", "gamekit.Plugin.colour",
        "gamekit.plugin.Rulebook", "tests/session/test_gamekit.py::test_nothing", "make deploy"]


def test_readme_links_to_the_guide() -> None:
    assert "](CONTRIBUTING.md)" in (REPO / "README.md").read_text(encoding="utf-8")
