"""The real site, built once per session and served on 127.0.0.1, and Debian's Chromium
driven by Playwright (its own browser download does not work here: `make browser`).

The tests drive Chromium's headless shell (Debian's chromium-headless-shell): the same Blink
and V8 as the browser, without the browser's own window and interface, as Playwright runs
headless tests by default. It spends about a fifth less CPU on the same tests (999 CPU s
against 782 for tests/browser, `pytest --cpu-times`). The browser's interface fetches a
page's icon, which the shell does not; the one test that follows that request across an
update runs the whole browser (:func:`full_chromium`, tests/browser/test_offline.py; that file
took 149 CPU s so, against 182 when all of it ran in the whole browser)."""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Error,
    Page,
    Playwright,
    Route,
    sync_playwright,
)
from run_once import SUB_PATH, run_folder, served_by_controller, served_folder, start_server

from rulesite.sources.locales import Locales, load

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium-headless-shell")
FULL_CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--no-first-run", "--disable-quic",
        # Chromium's own background look-ups go nowhere; a page's request still shows up.
        "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
        # Wasm stays in V8's baseline compiler (Liftoff): each Pyodide boot otherwise spends
        # 3 to 4 CPU seconds optimising the interpreter's hot functions in the background, more
        # than the short runs a test makes win back (tests/browser/test_examples.py: 263 CPU s
        # with tier-up, 217 without, under load). The same wasm, the same results; only how
        # fast it runs changes (the speed readers get: benchmarks/browser_examples.py).
        "--js-flags=--liftoff-only"]


# Printed page geometry (docs/assets/site/teach.css), for the print and figure tests.
PX_PER_MM = 96 / 25.4  # CSS px
HANDOUT_WIDTH = 210 - 2 * 10  # A4 inside the quick reference's margins (@page handout), in mm


@pytest.fixture(scope="session")
def locales() -> Locales:
    return load(REPO / "locales")


@pytest.fixture(scope="session")
def site_url(request: pytest.FixtureRequest, real_site: Path, deployed_url: str,
             tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of the real site (the build shared with tests/site), served under the same
    sub-path and port as where it was built to live, as on GitHub Pages: every browser test
    then checks that links, search and the runtime work under a sub-path. In an xdist run the
    controller serves it (tests/conftest.py); in a plain run, this process does."""
    if served_by_controller(request.config):
        yield deployed_url.rstrip("/")
        return
    assert urlsplit(deployed_url).path.strip("/") == SUB_PATH
    server = start_server(served_folder(run_folder(tmp_path_factory)),
                          urlsplit(deployed_url).port or 0)
    yield deployed_url.rstrip("/")
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as started:
        yield started


def launch(playwright: Playwright, executable: Path) -> Browser:
    """Chromium at ``executable``, whose contexts keep the tests' defaults (below)."""
    assert executable.exists(), f"{executable} is missing: run `make browser`"
    browser = playwright.chromium.launch(executable_path=str(executable), args=ARGS)
    # The site's Content-Security-Policy forbids inline scripts and eval, which the tests'
    # own tools use (axe-core added as a script tag, wait_for_function with a string).
    # Contexts bypass it unless a test asks otherwise: tests/browser/test_security.py
    # runs every page type under the policy (bypass_csp=False) and fails on a violation.
    new_context = browser.new_context

    def context_for_tests(**options: Any) -> BrowserContext:
        options.setdefault("bypass_csp", True)
        # The site's service worker (rulesite/runtime/offline.py) would fetch the whole
        # language in the background of every test; test_offline.py lets it run.
        options.setdefault("service_workers", "block")
        return new_context(**options)

    browser.new_context = context_for_tests  # type: ignore[method-assign]
    return browser


@pytest.fixture(scope="session")
def chromium(playwright: Playwright) -> Iterator[Browser]:
    """Chromium's headless shell, for every test but the few that need the browser's
    interface (see the module's docstring)."""
    browser = launch(playwright, CHROMIUM)
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def full_chromium(playwright: Playwright) -> Iterator[Browser]:
    """The whole Chromium browser, launched only in a test process that asks for it."""
    browser = launch(playwright, FULL_CHROMIUM)
    yield browser
    browser.close()


@dataclass
class Watched:
    """A browser context that records every request and every console error."""

    context: BrowserContext
    page: Page
    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def foreign(self, site_url: str) -> list[str]:
        return [url for url in self.requests
                if not url.startswith((f"{site_url}/", "data:", "blob:"))]

    def new_page(self) -> Page:
        """Another tab of the context, watched too."""
        return self.context.new_page()


@dataclass
class Tab:
    """A fresh browser context (fresh profile), recording requests and console errors of the
    page and of its workers."""

    context: BrowserContext
    page: Page
    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list, repr=False)  # every message, for reports

    def assert_clean(self, site_url: str) -> None:
        foreign = [url for url in self.requests
                   if not url.startswith((f"{site_url}/", "data:", "blob:"))]
        assert not foreign, f"requests outside the site: {foreign}"
        assert not self.errors, f"console errors: {self.errors}"


def open_tab(chromium: Browser, options: dict[str, Any], init_script: str | None = None) -> Tab:
    """A :class:`Tab` in a new context made with ``options``; close its context when done."""
    context = chromium.new_context(**options)
    if init_script:
        context.add_init_script(init_script)
    opened = Tab(context, context.new_page())
    context.on("request", lambda r: opened.requests.append(r.url))
    # Context-level console events include dedicated workers' messages.
    context.on("console", lambda m: opened.errors.append(m.text) if m.type == "error" else None)
    context.on("console", lambda m: opened.console.append(f"{m.type}: {m.text}"))
    # "Failed to load resource" does not say which: the report names it.
    context.on("requestfailed", lambda r: opened.console.append(
        f"request failed: {r.url} ({r.failure})"))
    opened.page.on("pageerror", lambda e: opened.errors.append(str(e)))
    OPENED.append(opened)
    return opened


# The tabs the running test opened with open_tab, for its report should it fail (below).
OPENED: list[Tab] = []


def pytest_runtest_setup(item: pytest.Item) -> None:
    OPENED.clear()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "engine: the test's pages start the live examples' engine (the `watched` "
        "fixture otherwise keeps it from starting: no_engine)")


def no_engine(context: BrowserContext) -> None:
    """The live examples' widgets go live but their engine never starts: for tests about
    something else, so that a desktop page with an example in view does not boot Pyodide
    (about 7 CPU seconds) in the background, competing for the CPU with what the test
    checks. The tests about the engine (test_examples.py, test_whatif.py, test_play.py,
    test_runtime_loading.py, test_security.py) let it start.

    The page's Worker constructor gets an empty script instead of the engine's worker.js
    (the tests' contexts bypass the page's policy, which would refuse a blob
    worker). Not by intercepting the request: routing a context turns its HTTP cache off, and
    every page then fetched and compiled its scripts and styles again, 0.6 s a page instead
    of 0.1 to 0.2."""
    context.add_init_script(NO_ENGINE)


NO_ENGINE = """(() => {
  const Real = window.Worker;
  if (!Real) return;
  const idle = URL.createObjectURL(new Blob(["// the engine is not started in this test\\n"],
                                            {type: "text/javascript"}));
  window.Worker = class extends Real {
    constructor(url, options) {
      super(/\\/assets\\/examples\\/worker\\.js([?#].*)?$/.test(String(url)) ? idle : url, options);
    }
  };
})();"""


def wait_until(done: Callable[[], object], what: str | Callable[[], object], *,
               timeout_s: float, page: Page | None = None, every_s: float = 0.25) -> None:
    """Ask ``done`` every ``every_s`` seconds until it answers true; fail after ``timeout_s``
    with ``what`` (called then, if a function: what was still missing). For what
    ``page.wait_for_function`` cannot wait on: the test's own records, a promise's answer.
    With a ``page``, it waits through Playwright: a synchronous test hears a page's requests
    and messages only while it calls into Playwright."""
    deadline = time.monotonic() + timeout_s
    while not done():
        if time.monotonic() >= deadline:
            pytest.fail(f"timed out after {timeout_s} s: {what() if callable(what) else what}")
        if page is None:
            time.sleep(every_s)
        else:
            page.wait_for_timeout(every_s * 1000)


def _held_pattern(address: str) -> re.Pattern[str]:
    return re.compile(f".*/{re.escape(address)}[^/]*$")


def hold(tab: Tab, address: str) -> list[Route]:
    """The requests for ``address`` (a file's path, which its query may follow), held
    unanswered (as on a slow connection) until the test continues them (or :func:`release`)."""
    held: list[Route] = []
    tab.context.route(_held_pattern(address), lambda route: held.append(route))
    return held


def release(tab: Tab, address: str, held: list[Route]) -> None:
    """Stop holding ``address`` and let what :func:`hold` held go on (a request whose page or
    worker is gone meanwhile is dropped)."""
    tab.context.unroute(_held_pattern(address))
    for route in held:
        with contextlib.suppress(Error):
            route.continue_()


def first_held(page: Page, held: list[Route], address: str, timeout_s: float = 60) -> Route:
    """The first request :func:`hold` held, once the page has asked."""
    wait_until(lambda: held, f"nothing asked for {address}", timeout_s=timeout_s, page=page,
               every_s=0.05)
    return held[0]


def scroll_and_settle(page: Page, y: int, fading: str) -> None:
    """Scroll to ``y`` and return once Material has answered the scroll (two frames: it starts
    its fades from its scroll handler) and the transitions it started under ``fading`` (the
    header, the back-to-top button) have run their course. A fade caught half-way is neither
    its start nor its end, which tests on a loaded machine caught (a contrast axe failed, a
    button neither shown nor hidden)."""
    page.evaluate(SETTLE, [y, fading])


SETTLE = """async ([y, selector]) => { window.scrollTo({top: y, behavior: "instant"});
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const part = document.querySelector(selector);
  await Promise.all((part ? part.getAnimations({subtree: true}) : [])
    .map((a) => a.finished.catch(() => null))); }"""


@pytest.fixture
def watched(chromium: Browser, request: pytest.FixtureRequest) -> Iterator[Watched]:
    """A fresh context (desktop size, English browser unless the test is parametrized),
    without the examples' engine unless the test is marked ``engine``."""
    options = getattr(request, "param", {})
    context = chromium.new_context(viewport={"width": 1280, "height": 900}, **options)
    if request.node.get_closest_marker("engine") is None:
        no_engine(context)
    seen = Watched(context, context.new_page())

    def watch(page: Page) -> None:  # every tab of the context, present and future
        # The message's own address names what failed ("Failed to load resource" does not).
        page.on("console", lambda m: seen.errors.append(
            f"{page.url}: {m.text} ({m.location.get('url', '')})") if m.type == "error" else None)
        page.on("pageerror", lambda e: seen.errors.append(f"{page.url}: {e}"))

    watch(seen.page)
    context.on("page", watch)
    # Context-level events include the search worker's requests.
    context.on("request", lambda r: seen.requests.append(r.url))
    yield seen
    context.close()


# What the page and its engine were doing when a browser test failed: a wait that times out
# says only that it waited, so the report adds each open page's engine and widget states, the
# start-up marks and the last console messages (the pages', their workers' and the service
# worker's), of the test's `tab` or else of every tab it opened with open_tab (whose pages
# the test may have closed already: their messages are kept).
PAGE_STATE = """() => ({
  url: location.href,
  states: [...document.querySelectorAll("[data-engine], [data-state], [data-live]")].slice(0, 12)
    .map((el) => `${el.id || el.className}: ${JSON.stringify({ ...el.dataset })}`),
  status: [...document.querySelectorAll(".rs-ex-status, .rs-play-status, .rs-ex-error")]
    .map((el) => el.textContent.trim()).filter(Boolean).slice(0, 8),
  marks: performance.getEntriesByType("mark").filter((m) => m.name.startsWith("rs-"))
    .map((m) => `${m.name} @${Math.round(m.startTime)} ${JSON.stringify(m.detail || "")}`),
})"""


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    tab = getattr(item, "funcargs", {}).get("tab")
    tabs = [tab] if isinstance(tab, Tab) else list(OPENED)
    if report.when == "call" and report.failed and tabs:
        lines = []
        for opened in tabs:
            for page in opened.context.pages:
                try:
                    lines.append(repr(page.evaluate(PAGE_STATE)))
                except Exception as error:  # a closed or crashed page: say so
                    lines.append(f"{page.url}: {error}")
            lines += opened.console[-30:]
        report.sections.append(("page state at failure", "\n".join(lines)))
    return report
