"""Shared by tests/site and tests/browser: the real rulebook, built once per run the way the
Pages workflow builds it, for a site that lives under a sub-path of its host (shared by the
run's processes: tests/run_once.py)."""

from __future__ import annotations

import itertools
import subprocess
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from cpu_times import CpuTimes
from run_once import (
    SUB_PATH,
    URL_KEY,
    build_real_site,
    free_port,
    run_folder,
    served_by_controller,
    served_folder,
    start_building_real_site,
    start_server,
)

_served: dict[str, ThreadingHTTPServer] = {}  # the xdist controller's server, by address


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """xdist controller, once per worker: every worker gets the same deployed address, served
    from here (the controller lives until the last worker is done, so no browser test loses
    the server while another worker ends its session)."""
    if not _served:
        run = node.config._tmp_path_factory.getbasetemp()  # what run_folder() gives workers
        port = free_port()
        _served[f"http://127.0.0.1:{port}/{SUB_PATH}/"] = start_server(served_folder(run), port)
    node.workerinput[URL_KEY] = next(iter(_served))


_background: list[subprocess.Popen[bytes]] = []  # gw0's build of the real site


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """gw0 leaves no build behind: it waits for it (the other worker may still need the
    site), unless the run was interrupted."""
    for process in _background:
        if exitstatus == pytest.ExitCode.INTERRUPTED:
            process.terminate()
        process.wait()
    _background.clear()


def pytest_unconfigure(config: pytest.Config) -> None:
    for server in _served.values():
        server.shutdown()
        server.server_close()
    _served.clear()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--cpu-times", metavar="FILE", type=Path, default=None,
                     help="append each test's CPU seconds, its browsers' included, to FILE "
                          "as JSON lines (tests/cpu_times.py; read it with "
                          "`python tests/cpu_times.py FILE`)")


def pytest_configure(config: pytest.Config) -> None:
    out = config.getoption("--cpu-times")
    if out is not None:  # the xdist controller runs no test: only the workers write
        worker = getattr(config, "workerinput", {}).get("workerid", "main")
        config.pluginmanager.register(CpuTimes(out.resolve(), worker), "cpu_times")
    config.addinivalue_line(
        "markers",
        "long: one of the longest tests (it boots Pyodide under node); an xdist run hands "
        "these out first among the tests that need the same site, so that none of them starts "
        "late and leaves the other process idle at the end")
    config.addinivalue_line(
        "markers",
        "waits: a test that mostly waits on the page's own pace (the Play page's pause between "
        "opponents' moves, say); an xdist run spreads these over the browser tests that need "
        "the same site, so that the cores are not left idle while several of them wait at once "
        "(not those of a module grouped for its module-scoped fixture, which run in its turn)")


def _needs(item: pytest.Item) -> int:
    """0: no built site, 1: the fixture site only, 2: the real site."""
    names = set(item.fixturenames)
    return 2 if names & {"real_site", "site_url", "any_site"} else int("fixture_site" in names)


def _spread_waiting(items: list[pytest.Item]) -> list[pytest.Item]:
    """``items`` with the tests marked ``waits`` spread evenly over the first two thirds of
    the browser tests (those that use ``site_url``) that need the same site. The scheduler
    hands tests out about in their order: four such tests of one module at once left the two
    cores half idle for some 40 s, and one handed out among the many short tests that come
    last ran alone at the end."""
    spread: list[pytest.Item] = []
    for _, kind in itertools.groupby(items, key=_needs):
        group = list(kind)
        waiting = [item for item in group if item.get_closest_marker("waits")]
        rest = [item for item in group if not item.get_closest_marker("waits")]
        browser = [at for at, item in enumerate(rest) if "site_url" in item.fixturenames]
        if not waiting or not browser:
            spread += group
            continue
        step = len(browser) * 2 / 3 / (len(waiting) + 1)
        places = [browser[round(k * step)] for k in range(1, len(waiting) + 1)]
        for place, item in reversed(list(zip(places, waiting, strict=True))):
            rest.insert(place, item)
        spread += rest
    return spread


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """In an xdist run: the tests that need no built site first (the ``long`` ones first of
    all), those that need the real one last, while the first worker builds it in the
    background (``_background``); and, under `--dist loadgroup`, the tests of a module that
    sets something up once per module (a live server with its own build, say) in one worker,
    so it is set up once per run. Every other test goes to whichever worker is free."""
    url = served_by_controller(config)
    if url is None:
        return
    # Stable: the order within each kind is kept.
    items.sort(key=lambda item: (_needs(item), item.get_closest_marker("long") is None))
    items[:] = _spread_waiting(items)
    worker = getattr(config, "workerinput", {}).get("workerid")
    if worker == "gw0" and items and _needs(items[-1]) == 2:
        run = run_folder(config._tmp_path_factory)  # type: ignore[attr-defined]
        _background.append(start_building_real_site(run, url))
    for item in items:
        info = getattr(item, "_fixtureinfo", None)
        defs = info.name2fixturedefs if info is not None else {}
        if any(found and found[-1].scope == "module" for found in defs.values()):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))


@pytest.fixture(scope="session")
def deployed_url(request: pytest.FixtureRequest) -> str:
    """Where the test build says it will live: under a sub-path, as a GitHub Pages project
    site, on the loopback port tests/browser serves it on (so the page's absolute links,
    canonical and hreflang, stay on the site's own origin)."""
    return served_by_controller(request.config) or f"http://127.0.0.1:{free_port()}/{SUB_PATH}/"


@pytest.fixture(scope="session")
def real_site(tmp_path_factory: pytest.TempPathFactory, deployed_url: str) -> Path:
    """The real rulebook of locales/, built as `SITE_URL=<deployed_url> make site` builds it,
    once per run."""
    return build_real_site(run_folder(tmp_path_factory), deployed_url)
