"""`make test` runs its tests in several processes (pytest-xdist, `--dist loadgroup`), and
tests/conftest.py marks the tests of a module that sets something up once per module (a live
server with a build of its own, a booted engine) with that module's ``xdist_group``: the
scheduler then hands them to one process, and the fixture is set up once per run.

pytest 9.2 with pytest-xdist 3.8 silently stopped grouping (pytest-dev/pytest-xdist#1386):
every test went wherever a process was free, and such fixtures were set up in up to four
processes. Nothing failed; the run only spent more. This test catches the pair of versions
that does so."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

MODULE = '''
import os
import pytest

@pytest.fixture(scope="module")
def once(tmp_path_factory):
    with open(os.environ["SETUPS"], "a", encoding="utf-8") as out:
        out.write(os.environ.get("PYTEST_XDIST_WORKER", "main") + "\\n")

@pytest.mark.xdist_group("shared")
@pytest.mark.parametrize("n", range(8))
def test_grouped(once, n):
    pass

@pytest.mark.parametrize("n", range(8))
def test_free(n):
    pass
'''


def test_a_group_runs_in_one_process_and_its_module_fixture_is_set_up_once(
        tmp_path: Path) -> None:
    (tmp_path / "test_module.py").write_text(MODULE, encoding="utf-8")
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")  # not the project's
    setups = tmp_path / "setups.txt"
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "3", "--dist", "loadgroup", "-v",
         "-p", "no:cacheprovider", "test_module.py"],
        cwd=tmp_path, capture_output=True, text=True, check=False, timeout=300,
        env={**os.environ, "SETUPS": str(setups)})
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    ran = re.findall(r"\[(gw\d+)\] \[ *\d+%\] PASSED \S*::(test_\w+)", proc.stdout)
    assert len(ran) == 16, proc.stdout[-3000:]
    workers = {worker for worker, name in ran if name == "test_grouped"}
    assert len(workers) == 1, f"the group ran in {sorted(workers)}"
    assert len(setups.read_text(encoding="utf-8").split()) == 1
