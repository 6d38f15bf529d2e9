"""CPU seconds per test, with the browsers and node processes a test drives counted in.

On a shared machine a test's wall time says more about the other processes than about the
test; its CPU seconds do not. ``pytest --cpu-times FILE`` (tests/conftest.py) appends one JSON
line per test to FILE: its node ID, the xdist worker, start and end (epoch seconds), and the
CPU seconds the worker's whole process tree spent meanwhile (Chromium, Playwright's driver and
node count: each is a descendant of the worker). A process that ends during the test is
counted once its parent reaps it (the parent's children times), which Chromium and node do.
Not counted: the xdist controller's serving of the site. Counted in whatever tests run
meanwhile: the first worker's background build of the real site (tests/run_once.py), and a
session fixture's setup (a browser launch, a build) in the first test that asks for it.
Read with ``python tests/cpu_times.py FILE``: the totals by file and the longest tests.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

TICK = os.sysconf("SC_CLK_TCK")


def tree_cpu(root: int) -> float:
    """CPU seconds (user and system, own and reaped children's) of ``root`` and every live
    descendant, from /proc (each process's threads list its children)."""
    ticks, todo = 0, [root]
    while todo:
        pid = todo.pop()
        try:
            stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
            for task in os.scandir(f"/proc/{pid}/task"):
                todo += [int(child) for child in
                         Path(task.path, "children").read_text(encoding="ascii").split()]
        except OSError:  # ended while it was read
            continue
        fields = stat[stat.rindex(")") + 2:].split()  # the command name may hold spaces
        ticks += sum(int(value) for value in fields[11:15])  # utime stime cutime cstime
    return ticks / TICK


class CpuTimes:
    """The plugin: one JSON line per test (setup and call, then teardown apart)."""

    def __init__(self, out: Path, worker: str) -> None:
        self.out, self.worker = out, worker
        self.phases: dict[str, float] = {}

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> object:
        self.phases = {}
        start = time.time()
        try:
            return (yield)
        finally:
            line = {"id": item.nodeid, "w": self.worker, "s": start, "e": time.time(),
                    "cpu": round(self.phases.get("setup", 0) + self.phases.get("call", 0), 2),
                    "teardown": round(self.phases.get("teardown", 0), 2)}
            with self.out.open("a", encoding="utf-8") as handle:  # lines from both workers
                handle.write(json.dumps(line) + "\n")

    def _phase(self, name: str) -> Iterator[None]:
        cpu = tree_cpu(os.getpid())
        try:
            yield
        finally:
            self.phases[name] = tree_cpu(os.getpid()) - cpu

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> Iterator[None]:
        return (yield from self._phase("setup"))

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Iterator[None]:
        return (yield from self._phase("call"))

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_teardown(self, item: pytest.Item) -> Iterator[None]:
        # A session's browser closed here may take its processes' CPU with it (orphans that
        # init reaps): a teardown can read negative, so the summary counts it as 0 then.
        return (yield from self._phase("teardown"))


def summary(path: Path, longest: int = 40) -> str:
    """Totals of a --cpu-times file: by module, then the longest tests, in CPU seconds."""
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    by_file: Counter[str] = Counter()
    for row in rows:
        row["cpu"] += max(row.get("teardown", 0), 0)
        by_file[row["id"].split("::")[0]] += row["cpu"]
    lines = [f"{len(rows)} tests, {sum(by_file.values()):.0f} CPU s"]
    lines += [f"{cpu:8.1f}  {name}" for name, cpu in by_file.most_common()]
    lines.append("longest:")
    lines += [f"{row['cpu']:8.1f}  {row['e'] - row['s']:7.1f} s wall  {row['id']}"
              for row in sorted(rows, key=lambda row: -row["cpu"])[:longest]]
    return "\n".join(lines)


if __name__ == "__main__":
    print(summary(Path(sys.argv[1])))
