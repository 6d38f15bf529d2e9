"""Fixtures for the site builder: a small valid rulebook to break on purpose, and built sites.

Each site is built once per run, by whichever process asks first (tests/run_once.py); the real
one (``real_site``, in tests/conftest.py) is shared with tests/browser/.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from run_once import assemble_fixture, build_fixture_site, run_folder

REPO = Path(__file__).resolve().parents[2]
LANGS = ("en", "fr", "ja", "id")


@pytest.fixture
def locales(tmp_path: Path) -> Path:
    """A fresh, valid copy of the fixture locales, free to edit."""
    return assemble_fixture(tmp_path / "locales")


@pytest.fixture
def edit() -> Callable[[Path, Callable[[Any], Any]], None]:
    """``edit(path, change)``: load a YAML file, let ``change`` mutate it in place, write it
    back (whatever ``change`` returns is ignored, so ``lambda d: d.pop(key)`` works)."""

    def run(path: Path, change: Callable[[Any], Any]) -> None:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        change(data)
        # libyaml's writer where PyYAML has it: the same text, four times faster (a test
        # writes a 100,000-item value).
        dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
        path.write_text(yaml.dump(data, Dumper=dumper, allow_unicode=True, sort_keys=False),
                        encoding="utf-8")

    return run


@pytest.fixture(scope="session")
def fixture_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture rulebook, built (without the Pyodide runtime)."""
    return build_fixture_site(run_folder(tmp_path_factory))


@pytest.fixture(scope="session", params=["fixture", "real"])
def any_site(request: pytest.FixtureRequest) -> Path:
    """Both sites, for checks every built site must pass."""
    return request.getfixturevalue(f"{request.param}_site")
