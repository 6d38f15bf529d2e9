"""The site offline, in a real browser with its service worker (rulesite/runtime/sw.js): after
a visit, every page of the reader's language opens with no connection (Playwright's offline
mode, which covers the page's workers), search finds, a live example runs and a game is
played; a live example run once, a "what if?" or a game on the Play page goes on offline the
next day, with nothing asked ahead; a language never visited gets its own offline page; a
phone, Save-Data or a slow connection keeps no runtime unasked; each language installs as an
app; and a new build deployed over the old one is announced once, in the page's language,
and taken over whole (at the next navigation, or at once when the reader accepts), never a
page of one build with another build's files or engine, nor a reload under a reader whose
work it would lose."""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import re
import shutil
import subprocess
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from conftest import Tab, open_tab, wait_until
from playwright.sync_api import Browser, Error, Page, Request, Response, Route
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from run_once import SUB_PATH, build_fixture_site, run_folder, start_server
from test_play import new_game, one_decision, wait_state
from test_play_loveletter import new_game as ll_new_game
from test_runtime_loading import connection
from test_whatif import ready, shared

import gamekit
from rulesite.pages import examples
from rulesite.runtime import assets, offline, stdlib, wasm
from rulesite.sources.locales import Locales

LIVE_TIMEOUT_MS = 90_000  # Pyodide from the cache on a busy 2-core machine, with margin
KEEP_TIMEOUT_MS = 180_000  # a whole language and the runtime fetched on a busy machine
EXAMPLE = "[id='ex-8-vs-11'] .rs-ex"  # the live example the runtime tests run, on en/end/


def build_of(site: Path) -> dict[str, Any]:
    """The build's list, as the worker reads it."""
    source = (site / offline.WORKER).read_text(encoding="utf-8")
    found = re.search(r"const BUILD = (\{.*?\});\n", source)
    assert found, "sw.js holds no build list"
    return dict(json.loads(found.group(1)))


def kept(page: Page) -> list[str]:
    """The URLs the service worker keeps in its build's cache, and the engine's worker in
    its runtime cache."""
    return list(page.evaluate("""async () => {
        const names = (await caches.keys())
          .filter((n) => n.startsWith("hk-offline-") || n === "hk-runtime");
        const out = [];
        for (const name of names) {
          for (const request of await (await caches.open(name)).keys()) out.push(request.url);
        }
        return out;
      }"""))


def wait_kept(page: Page, ending: str, timeout_s: float = 60) -> None:
    """Waits until a URL ending with ``ending`` is kept (page.wait_for_function takes an async
    predicate's promise as a true answer, so it would not wait)."""
    wait_until(lambda: any(url.endswith(ending) for url in kept(page)),
               f"nothing ending with {ending} kept", timeout_s=timeout_s, page=page, every_s=0.5)


def controlled(page: Page) -> None:
    page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=30_000)


def keep_label(ui: dict[str, Any], entries: list[Any], point: str) -> str:
    """"Keep everything for offline use" in ``ui``'s language with the size of ``entries``,
    as the page writes it (Intl.NumberFormat: one decimal at most, after ``point``: "13 MB",
    "12.4 MB"; "1,5 Mo" in French)."""
    megabytes = f"{sum(e[2] for e in entries) / 1e6:.1f}".removesuffix(".0")
    size = ui["offline.size"].format(size=megabytes.replace(".", point))
    return str(ui["offline.keep"].format(size=size))


def desktop_runtime(build: dict[str, Any]) -> list[list[Any]]:
    """The runtime's files a desktop keeps, those it starts from: each game's own engine, not
    the phones' snapshot nor every game's engine it was made with (policy.js, offline.py)."""
    return [e for e in build["runtime"] if e[0].rsplit("/", 1)[-1] not in build["snapshot"]["with"]]


@pytest.fixture
def online(chromium: Browser) -> Iterator[Tab]:
    """A desktop tab with the service worker allowed, under the site's policy."""
    opened = open_tab(chromium, {"viewport": {"width": 1280, "height": 900},
                                 "service_workers": "allow", "bypass_csp": False})
    yield opened
    opened.context.close()


def ran(page: Page, box: str, runs: int = 1) -> None:
    """Waits until the example widget ``box`` (a selector) has run ``runs`` times, or has
    shown an error; fails with the error, or with what the widget showed at the timeout."""
    try:
        page.wait_for_selector(f"{box}:is([data-runs='{runs}'], [data-error='1'])",
                               timeout=LIVE_TIMEOUT_MS)
    except PlaywrightTimeoutError:
        raise AssertionError(f"no run in {LIVE_TIMEOUT_MS // 1000} s: " + page.evaluate(
            """(box) => { const root = document.querySelector(box);
            return root ? JSON.stringify({...root.dataset, status:
              root.querySelector(".rs-ex-status")?.textContent}) : "no widget"; }""",
            box)) from None
    widget = page.locator(box)
    assert widget.get_attribute("data-error") != "1", widget.inner_text()
    assert widget.get_attribute("data-runs") == str(runs)


def run_once(page: Page, url: str, example: str) -> None:
    """Opens ``url`` and runs its live example ``example`` once, without an error."""
    page.goto(f"{url}?rs-preload=1")
    box = page.locator(f"[id='{example}'] .rs-ex")
    box.scroll_into_view_if_needed()
    box.locator("[data-act=run]").click()
    ran(page, f"[id='{example}'] .rs-ex")


def test_a_visited_language_works_offline(online: Tab, site_url: str, real_site: Path,
                                          locales: Locales) -> None:
    page = online.page
    build = build_of(real_site)
    page.goto(f"{site_url}/en/")
    controlled(page)
    page.goto(f"{site_url}/en/round/")
    # Keep everything: the size it shows is the language's and the runtime's.
    button = page.locator(".rs-keep__button")
    runtime = desktop_runtime(build)
    assert len(runtime) == len(build["runtime"]) - 2
    assert button.inner_text() == keep_label(locales.languages["en"].ui,
                                             build["languages"]["en"] + runtime, ".")
    button.click()
    page.wait_for_selector(".rs-keep [role=status]:has-text('Kept on this device')",
                           timeout=KEEP_TIMEOUT_MS)
    paths = {url.removeprefix(f"{site_url}/") for url in kept(page)}
    wanted = {e[0] for e in build["languages"]["en"] + runtime}
    assert wanted <= paths, sorted(wanted - paths)[:5]
    assert not [e for e in build["runtime"] if e[0] in paths and e not in runtime]
    # Another language: its offline page only (and the sitemap Material asks for beside
    # each hreflang alternate, a few hundred bytes).
    others = {p for p in paths if p.startswith(("fr/", "ja/", "id/"))
              and not p.endswith(("/offline.html", "/sitemap.xml"))}
    assert not others, others

    # Offline another day: nothing left in the browser's own cache (the host's max-age), so
    # everything below, the runtime's loader included, comes from what was kept.
    online.context.new_cdp_session(page).send("Network.clearBrowserCache")
    online.context.set_offline(True)
    pages = [e[0] for e in build["languages"]["en"] if e[0].endswith("/")]
    # Both games' pages, their books and the Play page.
    assert {"en/", "en/love-letter/", "en/book/", "en/love-letter/book/", "en/play/"} <= set(pages)
    for path in pages:
        page.goto(f"{site_url}/{path}")
        assert page.locator("meta[name=rs-build]").get_attribute("content") == build["id"]
        assert page.locator("h1").count() >= 1, path
    # Search, from the kept index.
    page.goto(f"{site_url}/en/glossary/")
    page.locator("label.md-search__icon, .md-search__input").first.click()
    page.locator("input.md-search__input").fill("geisha")
    page.locator("input.md-search__input").press("End")
    page.wait_for_selector(".md-search-result__item", timeout=20_000)
    # A live example runs on the kept runtime.
    run_once(page, f"{site_url}/en/end/", "ex-8-vs-11")
    # A game on the Play page: dealt and a first decision answered by the engine.
    page.goto(f"{site_url}/en/play/?rs-preload=1")
    new_game(page, "emperors4", "A")
    wait_state(page, "play", timeout=LIVE_TIMEOUT_MS)
    one_decision(page)
    wait_state(page, "play", "deal", "over", timeout=LIVE_TIMEOUT_MS)
    # The other game too, on the same kept runtime (its pages start its own engine zip): a
    # live example, and a game of three on its Play page until the reader is to play.
    run_once(page, f"{site_url}/en/love-letter/cards/", "ex-guard")
    page.goto(f"{site_url}/en/love-letter/play/?rs-preload=1")
    ll_new_game(page, 3)
    wait_state(page, "play", "over", timeout=LIVE_TIMEOUT_MS)
    # A language never visited: its offline page, in that language.
    for lang in ("fr", "ja"):
        page.goto(f"{site_url}/{lang}/round/")
        assert page.locator("html").get_attribute("lang") == lang
        assert page.locator("h1").inner_text() == locales.languages[lang].ui["offline.title"]
    foreign = [url for url in online.requests if not url.startswith(f"{site_url}/")
               and not url.startswith(("data:", "blob:"))]
    assert not foreign, foreign
    violations = [e for e in online.errors if "Content Security Policy" in e]
    assert not violations, violations


def test_a_desktop_visit_keeps_its_whole_language_unasked(
        chromium: Browser, deployed: tuple[str, Path], locales: Locales) -> None:
    """A desktop reader who opened one page and asked for nothing has every page of that
    language offline afterwards (fetched once the page was idle), under the site's policy,
    and only that language (the others: their offline pages)."""
    url, folder = deployed
    build = build_of(folder)
    tab, _ = update_tab(chromium, url, bypass_csp=False)
    try:
        page = tab.page
        wanted = {e[0] for e in build["languages"]["en"]}
        wait_all_kept(page, url, wanted)
        paths = {u.removeprefix(f"{url}/") for u in kept(page)}
        others = {p for p in paths if p.startswith(("fr/", "ja/", "id/"))
                  and not p.endswith(("/offline.html", "/sitemap.xml"))}
        assert not others, others

        tab.context.set_offline(True)
        pages = sorted(p for p in wanted if p.endswith("/"))
        assert len(pages) >= 10, pages
        for path in pages:
            page.goto(f"{url}/{path}")
            assert build_on(page) == build["id"], path
            assert page.locator("h1").count() >= 1, path
        page.goto(f"{url}/fr/basics/")
        assert page.locator("h1").inner_text() == locales.languages["fr"].ui["offline.title"]
        violations = [e for e in tab.errors if "Content Security Policy" in e]
        assert not violations, violations
    finally:
        tab.context.close()


# A phone, a desktop whose reader asked to save data (Chromium's Data Saver, as the page
# reads it: navigator.connection.saveData) and a desktop on a slow connection (as the page
# reads it: navigator.connection.effectiveType): pages kept as visited, no runtime unasked.
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
LEAN = {"phone": ({"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                   "has_touch": True}, None),
        "save-data": (DESKTOP, None),
        "slow": (DESKTOP, connection(effectiveType="3g", downlink=1.5, rtt=300))}


@pytest.mark.parametrize("device", sorted(LEAN))
def test_a_phone_save_data_or_slow_connection_keeps_pages_as_visited_and_no_runtime(
        chromium: Browser, site_url: str, real_site: Path, device: str) -> None:
    options, init_script = LEAN[device]
    tab = open_tab(chromium, {**options, "service_workers": "allow"}, init_script)
    try:
        page = tab.page
        if device == "save-data":
            session = tab.context.new_cdp_session(page)
            session.send("Emulation.setDataSaverOverride", {"dataSaverEnabled": True})
        build = build_of(real_site)
        page.goto(f"{site_url}/en/round/")
        assert page.evaluate("navigator.connection.saveData") is (device == "save-data")
        controlled(page)
        # The first page came before the worker: kept once the page has told the worker.
        wait_kept(page, "/en/round/")
        # A desktop's pointer on an example would start the runtime ahead (policy.js);
        # saving data, it waits for the reader to run or edit code.
        page.locator(".rs-example").first.hover()
        page.wait_for_timeout(1500)
        page.goto(f"{site_url}/en/glossary/")
        wait_kept(page, "/en/glossary/")
        wait_kept(page, "/en/search/search_index.json")
        paths = {url.removeprefix(f"{site_url}/") for url in kept(page)}
        pages = {p for p in paths if p.endswith("/")}
        assert pages == {"en/round/", "en/glossary/"}, pages
        # The examples' what-if starts come when the reader asks "what if?", as pages do.
        starts = {e[0] for e in build["languages"]["en"] if f"/{examples.STARTS}" in e[0]}
        assert starts and not paths & starts, f"{device}: what-if starts kept unasked"
        runtime = {e[0] for e in build["runtime"]}
        assert not paths & runtime, f"{device}: runtime bytes kept unasked"
        assert not [url for url in tab.requests if "/assets/pyodide/" in url
                    or "/assets/py/" in url], f"{device}: the runtime downloaded unasked"
    finally:
        tab.context.close()


def test_a_live_example_run_once_runs_again_offline_the_next_day(
        chromium: Browser, site_url: str, real_site: Path) -> None:
    """A phone reader runs a live example and asks for nothing more (no "Keep everything"):
    the next day (the browser's own cache, which keeps the site's files ten minutes on GitHub
    Pages, emptied), with no connection, the page opens and its example runs again, from
    what the service worker kept of the page and the engine's worker of the runtime it used."""
    options, _ = LEAN["phone"]
    tab = open_tab(chromium, {**options, "service_workers": "allow"})
    try:
        page = tab.page
        page.goto(f"{site_url}/en/end/")
        controlled(page)
        wait_kept(page, "/en/end/")
        box = page.locator(EXAMPLE)
        box.scroll_into_view_if_needed()
        box.locator("[data-act=run]").click()
        ran(page, EXAMPLE)
        # Kept: every file of the runtime this phone started from (the snapshot and every
        # game's engine it was made with, the loader too; no game's own engine, which a start
        # without the snapshot fetches instead), and of the pages, the one visited only.
        build = build_of(real_site)
        for path, _, _ in build["runtime"]:
            if path.rsplit("/", 1)[-1] not in build["snapshot"]["without"]:
                wait_kept(page, path)
        paths = {url.removeprefix(f"{site_url}/") for url in kept(page)}
        assert build["snapshot"]["without"]
        assert not [p for p in paths if p.rsplit("/", 1)[-1] in build["snapshot"]["without"]]
        assert {p for p in paths if p.endswith("/")} == {"en/end/"}, paths

        tab.context.new_cdp_session(page).send("Network.clearBrowserCache")
        tab.context.set_offline(True)
        page.reload()
        box.scroll_into_view_if_needed()
        box.locator("[data-act=run]").click()
        ran(page, EXAMPLE)
    finally:
        tab.context.close()


def next_day_offline(tab: Tab) -> None:
    """The next day with no connection: nothing left in the browser's own cache (the host's
    max-age), and Playwright's offline mode for the pages and their workers."""
    tab.context.new_cdp_session(tab.page).send("Network.clearBrowserCache")
    tab.context.set_offline(True)


def wait_all_kept(page: Page, url: str, paths: set[str], timeout_s: float = 60) -> None:
    """Waits until every path of ``paths`` (from the site's root) is kept."""
    def missing() -> set[str]:
        return paths - {u.removeprefix(f"{url}/") for u in kept(page)}

    wait_until(lambda: not missing(), lambda: f"not kept: {sorted(missing())[:5]}",
               timeout_s=timeout_s, page=page, every_s=0.5)


def visit_kept(build: dict[str, Any], path: str) -> set[str]:
    """What a lean visit of the English page ``path`` keeps (sw.js): the page, and the
    language's files but its other pages and the what-if starts."""
    return {e[0] for e in build["languages"]["en"] if e[0] == path or not (
        e[0].endswith(("/", ".html")) or f"/{examples.STARTS}" in e[0])}


def runtime_used(build: dict[str, Any], phone: bool, game: str = "hanamikoji") -> set[str]:
    """The runtime's files a page of ``game`` loads: on a phone, from the snapshot (every
    game's engine with it), else its game's own engine (policy.js, offline.py)."""
    skip = build["snapshot"]["without" if phone else "with"]
    other = {assets.game_engine(g) for g in gamekit.GAMES if g != game}
    return {e[0] for e in build["runtime"] if e[0].rsplit("/", 1)[-1] not in {*skip, *other}}


WHATIF = "ex-gift"  # on en/round/: at step 1, B picks one card of A's gift (test_whatif.py)


def whatif_move(page: Page) -> None:
    """"What if?" at step 1 of :data:`WHATIF` (on its page): B picks the 2 instead, and
    the engine answers with the next step's board and the moves it allows."""
    box = page.locator(f"[id='{WHATIF}'] .rs-ex")
    box.and_(page.locator("[data-state='live']")).wait_for()
    box.locator(".rs-ex-steps > li[value='1']").click()  # wherever its address left it
    box.locator("[data-wi=start]").click()
    ready(page, WHATIF, 1)
    box.locator("[data-choice='P2']").click()
    box.locator("[data-wi=play]").click()
    # The engine's answer, or its failure (data-wi-error), whichever comes first.
    page.wait_for_selector(f"[id='{WHATIF}'] .rs-ex:is([data-wi-error='1'], [data-step='2']"
                           ":not([data-wi-busy='1']))", timeout=LIVE_TIMEOUT_MS)
    assert box.get_attribute("data-wi-error") != "1", box.locator(".rs-wi-error").inner_text()
    assert box.get_attribute("data-engine") == "ready"
    record, step, _ = shared(box)
    assert [str(m) for m in record.moves] == ["G267", "P2"] and step == 2
    assert "rs-wi-step" in (box.locator(".rs-ex-steps > li").last.get_attribute("class") or "")
    assert box.locator(".rs-wi-live [data-choice]").count()


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_what_if_runs_offline_the_next_day(chromium: Browser, site_url: str, real_site: Path,
                                           device: str) -> None:
    """A desktop reader who ran a live example, or a phone reader who only asked "what if?"
    (never Run nor "Keep everything"): the next day, with no connection, the page opens, and
    "what if?" at a step of an example plays the move picked and shows the engine's answer,
    from what was kept of the page, the what-if starts and the runtime used."""
    phone = device == "phone"
    options = LEAN["phone"][0] if phone else DESKTOP
    tab = open_tab(chromium, {**options, "service_workers": "allow"})
    try:
        page = tab.page
        page.goto(f"{site_url}/en/round/#{WHATIF}-step-1")
        controlled(page)
        if phone:
            whatif_move(page)
        else:
            box = page.locator(f"[id='{WHATIF}'] .rs-ex")
            # Its Run button shows once the widget is live: wait for that as long as for the
            # engine (a click waits Playwright's 30 s only).
            box.and_(page.locator("[data-state='live']")).wait_for(timeout=LIVE_TIMEOUT_MS)
            box.locator("[data-act=run]").click()
            ran(page, f"[id='{WHATIF}'] .rs-ex")
        # The page and its language's files, the example's what-if starts (on a phone,
        # fetched at its "what if?"; on a desktop, with the whole language once idle) and the
        # runtime this device started from.
        build = build_of(real_site)
        starts = {e[0] for e in build["languages"]["en"]
                  if f"/{examples.STARTS}{WHATIF}." in e[0]}
        assert starts
        wait_all_kept(page, site_url, visit_kept(build, "en/round/") | starts
                      | runtime_used(build, phone))

        next_day_offline(tab)
        page.reload()
        whatif_move(page)
    finally:
        tab.context.close()


SAVED_MOVES = """() => { const saved = JSON.parse(localStorage.getItem("hk-play-game"));
  return saved ? JSON.parse(saved.record).moves.length : -1; }"""


def move_answered(page: Page) -> None:
    """The reader's decision on the Play page, taken by the engine: one more move at least
    in the game as saved for a reload (play/store.js; the computer's answer too, unless the
    reader answered its offer), and the reader to play again."""
    before = int(page.evaluate(SAVED_MOVES))
    assert before >= 0, "no game saved"
    one_decision(page)
    page.wait_for_function(f"({SAVED_MOVES})() > {before}", timeout=LIVE_TIMEOUT_MS)
    wait_state(page, "play", timeout=LIVE_TIMEOUT_MS)


def test_a_game_played_online_goes_on_offline_the_next_day(
        chromium: Browser, site_url: str, real_site: Path) -> None:
    """A reader who only played on the Play page (no live example, nothing asked ahead):
    the next day, with no connection, the page opens on their game, and their next move is
    answered by the engine, from the runtime kept when it was used."""
    tab = open_tab(chromium, {**DESKTOP, "service_workers": "allow"})
    try:
        page = tab.page
        page.goto(f"{site_url}/en/play/")
        controlled(page)
        new_game(page, "emperors4", "A")
        wait_state(page, "play", timeout=LIVE_TIMEOUT_MS)
        move_answered(page)
        build = build_of(real_site)
        wait_all_kept(page, site_url, visit_kept(build, "en/play/")
                      | runtime_used(build, phone=False))
        moves = page.evaluate(SAVED_MOVES)

        next_day_offline(tab)
        page.reload()
        wait_state(page, "play", timeout=LIVE_TIMEOUT_MS)  # the game resumed
        assert page.evaluate(SAVED_MOVES) == moves
        move_answered(page)
    finally:
        tab.context.close()


def serve_copy(site: Path, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """``site`` copied to a folder of its own and served under the sub-path: its URL and its
    folder, to deploy build 2 over."""
    root = tmp_path / "host"
    shutil.copytree(site, root / SUB_PATH)
    server = start_server(root, 0)
    yield f"http://127.0.0.1:{server.server_address[1]}/{SUB_PATH}", root / SUB_PATH
    server.shutdown()
    server.server_close()


@pytest.fixture
def deployed(tmp_path_factory: pytest.TempPathFactory,
             tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """Build 1, the fixture rulebook's (no Python runtime): see serve_copy()."""
    yield from serve_copy(build_fixture_site(run_folder(tmp_path_factory)), tmp_path)


@pytest.fixture
def deployed_real(real_site: Path, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """Build 1, the real rulebook's (with the runtime, for the Play page): see serve_copy()."""
    yield from serve_copy(real_site, tmp_path)


RULE_BEFORE = "build-one-text"
RULE_AFTER = "build-two-text"
LANGS = ["en", "fr", "ja", "id"]
FOOTER = re.compile(r'(rs-version">\s*<a href="[^"]*">)([^<]*)(</a>)')


def redeploy(folder: Path, locales: Locales, change: tuple[str, str], version: str) -> str:
    """The build in ``folder`` with a rule's text changed on its pages and in its search
    indexes (``change``: before, after), and every footer saying ``version``, listed again by
    the builder's own step (rulesite.runtime.offline.write: offline pages, manifests, build
    ID, worker). Returns the new build's ID."""
    for page in [*folder.rglob("*.html"), *folder.glob("*/search/search_index.json")]:
        text = page.read_text(encoding="utf-8")
        new = FOOTER.sub(lambda m: m.group(1) + re.sub(r"\d+\.\d+", version, m.group(2))
                         + m.group(3), text.replace(*change))
        if new != text:
            page.write_text(new, encoding="utf-8")
    root = (folder / "index.html").read_text(encoding="utf-8")
    written = offline.write(folder, {lang: locales.languages[lang].ui for lang in LANGS},
                            {lang: {"hanamikoji": version} for lang in LANGS}, root)
    (folder / "index.html").write_text(written, encoding="utf-8")
    return str(build_of(folder)["id"])


Answer = tuple[str, str, str | None]
"""An answer of a service worker (status 200): the tab that asked, the URL and the build it
is stamped with (None: not a file of a build, as the handover page)."""


@dataclass
class Answers:
    """Every answer of the service workers to a context, in the order of their requests (a
    late answer to an earlier request is not taken for a later one's), each with the tab
    that asked: ``names`` names the pages (the test adds each tab it opens); "none" for a
    request no page asked (a worker's own)."""

    names: dict[Page, str]
    asked: int = 0  # requests so far: a mark for since()
    orders: dict[Request, int] = field(default_factory=dict)
    served: list[tuple[int, Answer]] = field(default_factory=list)
    # Navigations that failed (the browser's error page), but those a later one cut short.
    failed: list[tuple[str, str | None]] = field(default_factory=list)

    def request(self, request: Request) -> None:
        self.orders[request] = self.asked
        self.asked += 1

    def request_failed(self, request: Request) -> None:
        if request.is_navigation_request() and request.failure != "net::ERR_ABORTED":
            self.failed.append((request.url, request.failure))

    def response(self, response: Response) -> None:
        if not (response.from_service_worker and response.status == 200):
            return
        try:
            tab = self.names.get(response.request.frame.page, "none")
        except Error:  # a service worker's own request has no frame
            tab = "none"
        order = self.orders.get(response.request, self.asked)
        self.served.append((order, (tab, response.url, response.headers.get("x-rs-build"))))

    def since(self, mark: int) -> list[Answer]:
        """The answers to the requests made from ``mark`` on, in the order of the requests."""
        return [answer for order, answer in sorted(self.served, key=lambda s: s[0])
                if order >= mark]

    def wait_icon(self, page: Page, mark: int, tab: str, missing: str,
                  build: str | None = None) -> None:
        """Waits until the site's icon was served to ``tab`` (of ``build``, if given), asked
        for from ``mark`` on."""
        wait_until(lambda: any(t == tab and u.endswith("/favicon.svg") and build in (None, b)
                               for t, u, b in self.since(mark)), missing, timeout_s=30, page=page)


def update_tab(chromium: Browser, url: str, **options: Any) -> tuple[Tab, Answers]:
    """A desktop tab with the service worker allowed, its context's answers recorded (the
    first tab named "page"), on the home page at ``url`` once the worker controls it;
    ``options``: the context's others (bypass_csp=False: under the site's policy)."""
    tab = open_tab(chromium, {"viewport": {"width": 1280, "height": 900},
                              "service_workers": "allow", **options})
    answers = Answers({tab.page: "page"})
    tab.context.on("request", answers.request)
    tab.context.on("response", answers.response)
    tab.context.on("requestfailed", answers.request_failed)
    try:
        tab.page.goto(f"{url}/en/")
        controlled(tab.page)
    except BaseException:
        tab.context.close()
        raise
    return tab, answers


def build_on(page: Page) -> str | None:
    return page.locator("meta[name=rs-build]").get_attribute("content")


def install_build_two(page: Page, url: str, folder: Path, locales: Locales,
                      change: tuple[str, str] = ("", "")) -> str:
    """Deploys build 2 (version 9.9, no text changed unless ``change``: see redeploy())
    over ``folder``; the next navigation of ``page`` finds it, and it installs and waits.
    Returns its ID once it waits."""
    two = redeploy(folder, locales, change, "9.9")
    page.goto(f"{url}/en/")
    wait_until(lambda: page.evaluate("navigator.serviceWorker.getRegistration()"
                                     ".then((r) => Boolean(r && r.waiting))"),
               "build 2 did not install", timeout_s=90, page=page)
    return two


def test_a_new_build_is_announced_once_and_taken_over_whole(
        full_chromium: Browser, deployed: tuple[str, Path], locales: Locales) -> None:
    """Follows each page's icon across the update to see which build answers it: the whole
    browser, whose interface asks for the icon (the headless shell asks for none:
    tests/browser/conftest.py)."""
    url, folder = deployed
    # Build 1: its home page says RULE_BEFORE in its first paragraph (as a rule's text would).
    home = folder / "en" / "index.html"
    home.write_text(re.sub(r"<p>", f"<p>{RULE_BEFORE} ", home.read_text(encoding="utf-8"),
                           count=1), encoding="utf-8")
    one = redeploy(folder, locales, ("", ""), "1.1")

    tab, answers = update_tab(full_chromium, url)
    try:
        page = tab.page
        page.reload()
        assert build_on(page) == one and RULE_BEFORE in page.content()
        other = tab.context.new_page()  # a second tab of build 1, left open
        answers.names[other] = "other"
        other.goto(f"{url}/en/glossary/")
        assert build_on(other) == one

        two = redeploy(folder, locales, (RULE_BEFORE, RULE_AFTER), "9.9")
        assert two != one
        # The next navigation finds the new worker, which installs and waits: the page is
        # still build 1's, whole, and says once that the rules were updated.
        asked = answers.asked
        page.goto(f"{url}/en/")
        # Told once: in one of the two tabs, whichever hears of it first.
        told = locales.languages["en"].ui["offline.updated"].format(version="9.9")
        wait_until(lambda: page.locator(".rs-update").count()
                   or other.locator(".rs-update").count(),
                   "the reader was not told of build 2", timeout_s=60, page=page)
        page.wait_for_timeout(1000)
        bars = [tab for tab in (page, other) if tab.locator(".rs-update").count()]
        assert len(bars) == 1, "told in both tabs"
        assert bars[0].locator(".rs-update span").inner_text() == told
        assert build_on(page) == one and RULE_BEFORE in page.content()
        changelog = bars[0].locator(".rs-update a")
        assert changelog.inner_text() == locales.languages["en"].ui["offline.changelog"]
        assert (changelog.get_attribute("href") or "").endswith("changelog/")
        # Scrolled to the end, the bar covers none of the footer (its Keep button).
        bars[0].evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        footer, bar = (bars[0].locator(s).evaluate("(e) => e.getBoundingClientRect().toJSON()")
                       for s in (".md-footer", ".rs-update"))
        assert footer["bottom"] <= bar["top"], (footer, bar)
        # Chromium fetches a page's icon once the page has loaded, at low priority (late
        # under load): build 1's, for build 1's page.
        answers.wait_icon(page, asked, "page", "build 1's page got no icon")
        assert {b for _, _, b in answers.since(0)} == {one}, answers.since(0)

        # The navigation after: build 2, whole (its page, its scripts and styles).
        asked = answers.asked
        page.goto(f"{url}/en/")
        page.wait_for_load_state("load")
        assert build_on(page) == two
        assert RULE_AFTER in page.content() and RULE_BEFORE not in page.content()
        assert "9.9" in page.locator(".rs-version").inner_text()
        assert page.locator(".rs-update").count() == 0  # told once: build 2 says nothing
        # The other tab reloads itself into build 2 rather than run on with build 1.
        other.wait_for_function(f"document.querySelector('meta[name=rs-build]')?"
                                f".content === '{two}'", timeout=30_000)
        assert not answers.failed, answers.failed  # never the browser's error page
        # Each page's icon too, once Chromium has asked for it.
        answers.wait_icon(page, asked, "page", "build 2's page got no icon")
        # Each tab held to its own build. The page: the old worker's answer to its navigation
        # is a page without files that asks again (sw.js); all the rest is build 2's.
        served = answers.since(asked)
        mixed = [s for s in served if s[0] == "page" and s[2] != two
                 and s != ("page", f"{url}/en/", None)]
        assert [s for s in served if s[0] == "page"] and not mixed, mixed
        # The other tab: build 1's until it reloads (its own files, asked for while build 1's
        # worker still answered it, as its icon again), then build 2's only.
        answers.wait_icon(other, asked, "other", "the reloaded tab got no icon", two)
        served = answers.since(asked)
        reloaded = served.index(("other", f"{url}/en/glossary/", two))
        mixed = [s for s in served[:reloaded] if s[0] == "other" and s[2] != one]
        mixed += [s for s in served[reloaded:] if s[0] == "other" and s[2] != two]
        # No answer that no tab asked for is build 1's either.
        mixed += [s for s in served if s[0] not in ("page", "other") and s[2] != two]
        assert not mixed, mixed
        # Only build 2's cache is left.
        caches = page.evaluate("caches.keys()")
        assert caches == [f"{offline.CACHE_PREFIX}{two}"], caches
    finally:
        tab.context.close()


SEARCHED = "quokka"  # a word of the home page's first paragraph only (added by the test)


def search(page: Page, word: str) -> str:
    """Searches ``word`` on ``page``; the text of the results."""
    page.locator("label.md-search__icon, .md-search__input").first.click()
    field = page.locator("input.md-search__input")
    field.fill(word)
    field.press("End")
    page.wait_for_selector(".md-search-result__item", timeout=20_000)
    return page.locator(".md-search-result__list").inner_text()


def test_search_in_a_tab_of_the_old_build_finds_that_builds_text(
        chromium: Browser, deployed: tuple[str, Path], locales: Locales) -> None:
    """A tab of build 1 stays open while build 2 (its home page's first paragraph changed, in
    the page and in the search index) installs and waits: a search there finds build 1's
    text, from build 1's index; once build 2 has taken over, build 2's text."""
    url, folder = deployed
    home = folder / "en" / "index.html"
    first = f"<p>{SEARCHED} {RULE_BEFORE} "
    home.write_text(home.read_text(encoding="utf-8").replace("<p>", first, 1), encoding="utf-8")
    index = folder / "en" / "search" / "search_index.json"
    data = json.loads(index.read_text(encoding="utf-8"))
    [doc] = [d for d in data["docs"] if d["location"] == ""]
    doc["text"] = doc["text"].replace("<p>", first, 1)
    index.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    one = redeploy(folder, locales, ("", ""), "1.1")
    tab, answers = update_tab(chromium, url)
    try:
        page = tab.page
        wait_kept(page, "/en/search/search_index.json")  # with the whole language, once idle
        two = install_build_two(page, url, folder, locales, (RULE_BEFORE, RULE_AFTER))
        assert build_on(page) == one
        # Search starts when the reader reaches for it (searchstart.js): the index is asked
        # for now, while build 2 waits, and build 1's worker gives build 1's.
        asked = answers.asked
        found = search(page, SEARCHED)
        assert RULE_BEFORE in found and RULE_AFTER not in found, found
        address = f"{url}/en/search/search_index.json"
        assert ("page", address, one) in answers.since(asked), answers.since(asked)

        page.goto(f"{url}/en/")  # build 2 takes over
        page.wait_for_function(f"document.querySelector('meta[name=rs-build]')?"
                               f".content === '{two}'", timeout=30_000)
        asked = answers.asked
        found = search(page, SEARCHED)
        assert RULE_AFTER in found and RULE_BEFORE not in found, found
        assert [s for s in answers.since(asked) if s[1] == address] == [("page", address, two)]
    finally:
        tab.context.close()


def test_a_tab_holding_the_readers_edits_is_not_reloaded_under_them(
        chromium: Browser, deployed: tuple[str, Path], locales: Locales) -> None:
    """When build 2 takes over, an open tab of build 1 whose example code the reader edited
    stays as it is, with its edit, says that the rules were updated and switches when the
    reader asks (the tab without edits reloads by itself: the test above)."""
    url, folder = deployed
    one = redeploy(folder, locales, ("", ""), "1.1")
    tab, answers = update_tab(chromium, url)
    try:
        page = tab.page
        edited = tab.context.new_page()
        answers.names[edited] = "edited"
        edited.goto(f"{url}/en/basics/")
        assert build_on(edited) == one
        box = edited.locator("textarea.rs-ex-editor").first
        box.scroll_into_view_if_needed()
        # Editable once its widget is live (widget.js).
        edited.wait_for_function("(box) => !box.readOnly", arg=box.element_handle())
        box.press("End")
        box.type("\n# the reader's note")
        work = box.input_value()

        two = install_build_two(page, url, folder, locales)
        page.goto(f"{url}/en/")  # build 2 takes over
        assert build_on(page) == two
        told = locales.languages["en"].ui["offline.updated"].format(version="9.9")
        edited.wait_for_selector(f".rs-update span:text-is('{told}')", timeout=30_000)
        taken = answers.asked
        edited.wait_for_timeout(1500)  # time for a reload, were one to come
        assert build_on(edited) == one and box.input_value() == work
        # It stays with what it loaded: the new worker gives it none of build 2's files.
        refused = edited.evaluate("""() => fetch("../assets/site/cite.js")
            .then(() => "served", () => "refused")""")
        assert refused == "refused"
        assert not [s for s in answers.since(taken) if s[0] == "edited"], answers.since(taken)
        # The reader switches when ready: build 2, whole.
        button = edited.locator(".rs-update button")
        assert button.inner_text() == locales.languages["en"].ui["offline.reload"]
        button.click()
        edited.wait_for_function(f"document.querySelector('meta[name=rs-build]')?"
                                 f".content === '{two}'", timeout=30_000)
        assert not answers.failed, answers.failed  # never the browser's error page
        served = answers.since(taken)
        reloaded = served.index(("edited", f"{url}/en/basics/", two))
        mixed = [s for s in served[reloaded:] if s[0] == "edited" and s[2] != two]
        assert not mixed, mixed
    finally:
        tab.context.close()


def test_the_handover_page_asks_again_while_the_new_build_still_waits(
        chromium: Browser, deployed: tuple[str, Path], locales: Locales) -> None:
    """A navigation while build 2 waits gets the old worker's page without files, which asks
    build 2 to take over and, should build 2 still be waiting 5 s later (here: build 1's
    worker is still busy with another tab's request, so build 2 cannot take over), asks for
    its address again rather than wait on a blank tab; once build 1's worker is free, the
    page is build 2's, whole."""
    url, folder = deployed
    redeploy(folder, locales, ("", ""), "1.1")
    # Under the site's policy: the page without files runs its script by its hash only.
    tab, answers = update_tab(chromium, url, bypass_csp=False)
    try:
        page = tab.page
        busy = tab.context.new_page()  # a tab of build 1 whose request keeps its worker busy
        answers.names[busy] = "busy"
        busy.goto(f"{url}/en/glossary/")
        two = install_build_two(page, url, folder, locales)
        # A request of the busy tab that build 1's worker passes to the network, held there.
        held: list[Route] = []
        tab.context.route("**/held-by-the-test", lambda route: held.append(route))
        busy.evaluate("() => { fetch('../../held-by-the-test').catch(() => undefined); }")
        wait_until(lambda: held, "the busy tab's request did not reach the network",
                   timeout_s=30, page=page, every_s=0.1)
        asked = answers.asked
        handover = ("page", f"{url}/en/", None)
        page.goto(f"{url}/en/", wait_until="commit")
        wait_until(lambda: answers.since(asked).count(handover) >= 2,
                   lambda: ("the page without files did not ask for its address again",
                            answers.since(asked)), timeout_s=15, page=page)
        assert page.evaluate("navigator.serviceWorker.getRegistration()"
                             ".then((r) => Boolean(r && r.waiting))"), "build 2 took over already"
        # Build 1's worker is free: build 2 takes over and the page is build 2's, whole.
        held[0].fulfill(status=404, body="not found")
        # (Not wait_for_function: it evaluates a string, which the policy forbids.)
        page.locator(f"meta[name=rs-build][content='{two}']").wait_for(state="attached",
                                                                     timeout=30_000)
        served = answers.since(asked)
        mixed = [s for s in served if s[0] == "page" and s[2] != two and s != handover]
        assert not mixed, mixed
        violations = [e for e in tab.errors if "Content Security Policy" in e]
        assert not violations, violations
    finally:
        tab.context.close()


# A rule of the fixture rulebook far down its page (its last), as a teacher links to it.
LINKED_RULE = ("en/basics/", "deal-hands")


def test_a_link_to_a_rule_followed_while_a_new_build_waits_lands_on_that_rule(
        chromium: Browser, deployed: tuple[str, Path], locales: Locales) -> None:
    """A student follows a link to one rule while build 2 waits: through the old worker's
    page without files, they land on that rule of build 2's page, not at the top of it (a
    reload there restored the blank page's scroll over the link's #fragment, once the page had
    loaded), and the address is the link's."""
    url, folder = deployed
    path, rule = LINKED_RULE
    tab, answers = update_tab(chromium, url)
    try:
        page = tab.page
        two = install_build_two(page, url, folder, locales)
        asked, entries = answers.asked, page.evaluate("history.length")
        page.goto(f"{url}/{path}#{rule}")
        page.locator(f"meta[name=rs-build][content='{two}']").wait_for(state="attached",
                                                                     timeout=30_000)
        assert ("page", f"{url}/{path}", None) in answers.since(asked), "no handover"
        page.wait_for_load_state("load")
        # The browser restores a reload's scroll once the page has loaded: time for it.
        page.wait_for_timeout(1000)
        top, offset, height = page.evaluate(f"""() => {{
            const rule = document.getElementById("{rule}");
            return [rule.getBoundingClientRect().top, rule.offsetTop, innerHeight]; }}""")
        assert offset > height, "the rule is on the page's first screen: nothing to check"
        assert 0 <= top < height / 2, f"the rule is {top:.0f} px from the top of the screen"
        assert page.url == f"{url}/{path}#{rule}"
        # The page without files left no entry of its own: Back leads where it led before.
        assert page.evaluate("history.length") == entries + 1
    finally:
        tab.context.close()


# A module added to the compiled engines (with_engine): which build's engine a worker loaded.
MARK = "hk_deploy"


def marked_snapshot(engines: bytes, work: Path) -> bytes:
    """The runtime's memory snapshot, made as the builder makes it (stdlib.snapshot: its
    script, the runtime and standard library the site ships) from ``engines`` (every game's
    engines, gzipped as shipped), with :data:`MARK` imported too: a run from it prints its
    build's mark without importing anything (:data:`FROM_SNAPSHOT`); gzipped as shipped."""
    source = stdlib.SNAPSHOT_SCRIPT.read_text(encoding="utf-8")
    assert source.count("\ngc.collect()\n") == 1, "snapshot.mjs: its imports have changed"
    work.mkdir(parents=True, exist_ok=True)
    script, engine, out = work / "snapshot.mjs", work / "engines.zip", work / "snapshot.bin"
    script.write_text(source.replace("\ngc.collect()\n", f"\nimport {MARK}\ngc.collect()\n"),
                      encoding="utf-8")
    engine.write_bytes(gzip.decompress(engines))
    pyodide = stdlib.REPO / "node_modules" / "pyodide"
    subprocess.run(["node", script, wasm.runtime(pyodide), stdlib.reduced_zip(pyodide), engine,
                    out], check=True, capture_output=True)
    return gzip.compress(out.read_bytes(), compresslevel=9, mtime=0)


def with_engine(folder: Path, mark: str, game: str = "hanamikoji",
                snapshot: Path | None = None) -> str:
    """Gives the build in ``folder`` an engine of its own: its compiled engines (every game's,
    and each game's own) with a module :data:`MARK` saying ``mark`` (``BUILD``), in a folder
    named by their content as the builder names it (the snapshot beside them copied, valid
    for desktops only; with ``snapshot``, a folder to work in, one made with these engines:
    marked_snapshot()), the old folder gone as a deploy removes it, every page pointing to it
    with their SHA-256. Returns the path from the site's root of the one a desktop page of
    ``game`` starts with (assets.game_engine); the build is listed again by redeploy()."""
    [old] = folder.glob(f"assets/py/*/{assets.ENGINE}")
    changes, made = [], {}
    for path in sorted(old.parent.glob("*.zip.gz")):
        packed = path.read_bytes()
        before = zipfile.ZipFile(io.BytesIO(gzip.decompress(packed)))
        data = io.BytesIO()
        with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as zipped:
            for info in before.infolist():
                if info.filename != f"{MARK}.py":
                    zipped.writestr(info, before.read(info))
            zipped.writestr(f"{MARK}.py", f"BUILD = {mark!r}\n")
        made[path.name] = gzip.compress(data.getvalue(), mtime=0)
        changes.append((hashlib.sha256(packed).hexdigest(),
                        hashlib.sha256(made[path.name]).hexdigest()))
    if snapshot is not None:
        packed = (old.parent / assets.SNAPSHOT).read_bytes()
        made[assets.SNAPSHOT] = marked_snapshot(made[assets.ENGINE], snapshot)
        changes.append((hashlib.sha256(packed).hexdigest(),
                        hashlib.sha256(made[assets.SNAPSHOT]).hexdigest()))
    name = hashlib.sha256(b"".join(made.values())).hexdigest()[:12]
    shutil.copytree(old.parent, old.parent.with_name(name))
    for file, engine in made.items():
        old.parent.with_name(name).joinpath(file).write_bytes(engine)
    shutil.rmtree(old.parent)
    changes.insert(0, (f"py/{old.parent.name}/", f"py/{name}/"))
    for page in folder.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        if changes[0][0] in text:
            for change in changes:
                text = text.replace(*change)
            page.write_text(text, encoding="utf-8")
    return f"assets/py/{name}/{assets.game_engine(game)}"


# Which build's engine a worker imported (with_engine), and which build's snapshot it started
# from ("none": one made without the mark, or no snapshot).
FROM_ENGINE = f"import {MARK}\nprint({MARK}.BUILD)\n"
FROM_SNAPSHOT = f'import sys\nprint(getattr(sys.modules.get("{MARK}"), "BUILD", "none"))\n'


def engine_run(page: Page, line: str = FROM_ENGINE) -> str:
    """Runs the end page's live example with ``line`` first, which prints which build's
    engine the page's Python worker loaded, and returns what it printed."""
    box = page.locator(EXAMPLE)
    box.scroll_into_view_if_needed()
    # Checked against the build's result once the engine is up ("verified"; "edited" after a
    # run of the code changed below).
    page.wait_for_selector(f"{EXAMPLE}:is([data-live='verified'], [data-live='edited'])",
                           timeout=LIVE_TIMEOUT_MS)
    runs = int(box.get_attribute("data-runs") or 0)
    code = box.locator("textarea").input_value()
    if not code.startswith(line):
        box.locator("textarea").fill(line + code)
    box.locator("[data-act=run]").click()
    ran(page, EXAMPLE, runs + 1)
    return box.locator(".rs-ex-output").inner_text().strip()


def test_a_new_engine_never_runs_with_the_other_builds_pages(
        chromium: Browser, deployed_real: tuple[str, Path], locales: Locales) -> None:
    """Build 2 comes with another engine (its compiled engines differ, so their folder's name
    does) while a page of build 1 runs its live example: that page runs build 1's engine to the
    end, build 2's worker keeps build 2's engine at install (the runtime is in use), and once
    the page switches to build 2 it runs build 2's engine, offline too; build 1's engine leaves
    the device once build 2's has started."""
    url, folder = deployed_real
    engine_one = with_engine(folder, "one")
    one = redeploy(folder, locales, ("", ""), "1.1")
    tab, answers = update_tab(chromium, url)
    try:
        page = tab.page
        reader = tab.context.new_page()
        answers.names[reader] = "reader"
        reader.goto(f"{url}/en/end/?rs-preload=1")
        assert build_on(reader) == one
        assert engine_run(reader) == "one"
        wait_kept(reader, engine_one)  # by the engine's worker, once checked

        engine_two = with_engine(folder, "two")
        assert engine_two != engine_one
        two = install_build_two(page, url, folder, locales)
        # Build 2 waits with its engine kept (the runtime is in use); build 1's stays for the
        # pages of build 1 still open.
        paths = {u.removeprefix(f"{url}/") for u in kept(page)}
        assert {engine_one, engine_two} <= paths, sorted(p for p in paths if "/py/" in p)
        assert engine_run(reader) == "one"

        page.goto(f"{url}/en/")  # build 2 takes over
        assert build_on(page) == two
        # The reader's tab holds edited code: it stays, told, and still runs build 1's engine.
        told = locales.languages["en"].ui["offline.updated"].format(version="9.9")
        reader.wait_for_selector(f".rs-update span:text-is('{told}')", timeout=30_000)
        assert build_on(reader) == one
        assert engine_run(reader) == "one"

        # Switched offline: build 2's page and build 2's engine, from this device.
        tab.context.set_offline(True)
        asked = answers.asked
        reader.locator(".rs-update button").click()
        reader.wait_for_function(f"document.querySelector('meta[name=rs-build]')?"
                                 f".content === '{two}'", timeout=30_000)
        assert not answers.failed, answers.failed  # never the browser's error page
        assert engine_run(reader) == "two"
        # Every answer build 2's, but the runtime's loader: a file of build 2's runtime (named
        # by its content, kept for any build's pages that use it).
        runtime = {f"{url}/{e[0]}" for e in build_of(folder)["runtime"]}
        mixed = [s for s in answers.since(asked) if s[0] == "reader" and s[2] != two
                 and not (s[2] is None and s[1] in runtime)]
        assert not mixed, mixed
        # Build 2's engine started: build 1's is gone from the device.
        wait_until(lambda: not any(u.endswith(engine_one) for u in kept(reader)),
                   "build 1's engine is still kept", timeout_s=30, page=reader)
        assert any(u.endswith(engine_two) for u in kept(reader))
    finally:
        tab.context.close()


def from_snapshot(page: Page) -> bool:
    """Whether the page's engine started from the snapshot (worker.js: "restored")."""
    return bool(page.evaluate("""() => "restored" in
        (performance.getEntriesByName("rs-engine-ready").at(-1)?.detail || {})"""))


def test_a_phone_runs_the_new_builds_snapshot_with_its_pages(
        chromium: Browser, deployed_real: tuple[str, Path], locales: Locales,
        tmp_path: Path) -> None:
    """A phone ran a live example in build 1, from build 1's snapshot; build 2 comes with
    another engine and a snapshot made with it: once build 2 has taken over, the phone runs
    the example from build 2's snapshot, offline the next day too (kept when build 2
    installed, the runtime being in use), and never asks for build 1's."""
    url, folder = deployed_real
    one = build_of(folder)
    [snapshot_one] = [e[0] for e in one["runtime"] if e[0].endswith(f"/{assets.SNAPSHOT}")]
    tab, answers = update_tab(chromium, url, **LEAN["phone"][0])
    try:
        page = tab.page
        page.goto(f"{url}/en/end/?rs-preload=1")
        assert build_on(page) == one["id"]
        assert engine_run(page, FROM_SNAPSHOT) == "none" and from_snapshot(page)
        wait_kept(page, snapshot_one)  # by the engine's worker, once checked

        with_engine(folder, "two", snapshot=tmp_path / "snapshot")
        two = install_build_two(page, url, folder, locales)
        [snapshot_two] = [e[0] for e in build_of(folder)["runtime"]
                          if e[0].endswith(f"/{assets.SNAPSHOT}")]
        assert snapshot_two != snapshot_one
        # Every file of build 2's runtime a phone starts from, kept by build 2's worker as it
        # installed (the runtime being in use), before the connection goes: not only its
        # snapshot.
        wait_all_kept(page, url, runtime_used(build_of(folder), phone=True))

        next_day_offline(tab)
        asked, requests = answers.asked, len(tab.requests)
        page.goto(f"{url}/en/end/?rs-preload=1")  # build 2 takes over
        page.wait_for_function(f"document.querySelector('meta[name=rs-build]')?"
                               f".content === '{two}'", timeout=30_000)
        assert engine_run(page, FROM_SNAPSHOT) == "two" and from_snapshot(page)
        runtime = {f"{url}/{e[0]}" for e in build_of(folder)["runtime"]}
        mixed = [s for s in answers.since(asked) if s[0] == "page" and s[2] != two
                 and not (s[2] is None and s[1] in runtime)
                 and s != ("page", f"{url}/en/end/?rs-preload=1", None)]
        assert not mixed, mixed
        old = snapshot_one.rsplit("/", 1)[0]
        assert not [r for r in tab.requests[requests:] if f"/{old}/" in r]
    finally:
        tab.context.close()


# The browser's storage refuses the Play page's game (full, as over quota or in some private
# modes): store.js's save() fails and marks the page (data-rs-unsaved).
FULL_STORAGE = """(() => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (key === "hk-play-game") throw new DOMException("full", "QuotaExceededError");
    return setItem.call(this, key, value);
  };
})();"""


def test_a_play_tab_whose_game_could_not_be_saved_is_not_reloaded_under_it(
        chromium: Browser, deployed_real: tuple[str, Path], locales: Locales) -> None:
    """When build 2 takes over, an open Play tab of build 1 whose game this browser could not
    save (a reload would lose it) stays as it is, says that the rules were updated, and its
    game goes on (a saved game resumes after the reload instead: play/store.js)."""
    url, folder = deployed_real
    one = str(build_of(folder)["id"])
    tab, _ = update_tab(chromium, url)
    try:
        page = tab.page
        tab.context.add_init_script(FULL_STORAGE)
        play = tab.context.new_page()
        play.goto(f"{url}/en/play/?rs-preload=1")
        assert build_on(play) == one
        new_game(play, "emperors4", "A")
        wait_state(play, "play", timeout=LIVE_TIMEOUT_MS)
        assert play.locator("html[data-rs-unsaved]").count() == 1, "the failed save is not marked"
        board = play.locator(".rs-play-board").inner_html()

        two = install_build_two(page, url, folder, locales)
        page.goto(f"{url}/en/")  # build 2 takes over
        assert build_on(page) == two
        # Told, or reloaded (which the test fails on).
        play.wait_for_function(f"""() => document.querySelector('.rs-update')
            || document.querySelector('meta[name=rs-build]')?.content !== '{one}'""",
                               timeout=30_000)
        assert build_on(play) == one, "the Play tab was reloaded under its reader"
        told = locales.languages["en"].ui["offline.updated"].format(version="9.9")
        assert play.locator(".rs-update span").inner_text() == told
        play.wait_for_timeout(1500)  # time for a reload, were one to come
        assert build_on(play) == one, "the Play tab was reloaded under its reader"
        assert play.locator(".rs-play-board").inner_html() == board
        # Its game goes on, on the engine it loaded.
        one_decision(play)
        wait_state(play, "play", "deal", "over", timeout=LIVE_TIMEOUT_MS)
    finally:
        tab.context.close()


def test_a_french_reader_is_told_in_french_and_switches_when_they_accept(
        chromium: Browser, deployed: tuple[str, Path], locales: Locales) -> None:
    """On a French page, "Keep everything for offline use" and the news of build 2 (its
    version, the changelog) are in French; "Show the new version" switches the page to build
    2 at once, whole, without the reader navigating."""
    url, folder = deployed
    ui = locales.languages["fr"].ui
    build = build_of(folder)
    tab, answers = update_tab(chromium, url)
    try:
        page = tab.page
        page.goto(f"{url}/fr/")
        # The size in French (a decimal comma, "Mo"): the language's files and the runtime.
        runtime = desktop_runtime(build)
        assert page.locator(".rs-keep__button").inner_text() == \
            keep_label(ui, build["languages"]["fr"] + runtime, ",")

        two = redeploy(folder, locales, ("", ""), "9.9")
        page.goto(f"{url}/fr/")  # finds build 2, which installs and waits
        page.wait_for_selector(".rs-update", timeout=60_000)
        assert build_on(page) == build["id"]
        assert page.locator(".rs-update span").inner_text() == \
            ui["offline.updated"].format(version="9.9")
        changelog = page.locator(".rs-update a")
        assert changelog.inner_text() == ui["offline.changelog"]
        assert (changelog.get_attribute("href") or "").endswith("/fr/changelog/")
        button = page.locator(".rs-update button")
        assert button.inner_text() == ui["offline.reload"]
        asked = answers.asked
        button.click()
        page.wait_for_function(f"document.querySelector('meta[name=rs-build]')?"
                               f".content === '{two}'", timeout=30_000)
        assert not answers.failed, answers.failed  # never the browser's error page
        assert page.url == f"{url}/fr/" and page.locator(".rs-update").count() == 0
        mixed = [s for s in answers.since(asked) if s[0] == "page" and s[2] != two]
        assert not mixed, mixed
    finally:
        tab.context.close()


def test_each_language_installs_as_an_app(chromium: Browser, deployed: tuple[str, Path],
                                          locales: Locales) -> None:
    """Chromium reads each language's web app manifest without an error, with its name, start
    page and colours, and finds nothing in it, its icons or the worker that keeps the site
    from being added to a home screen (but the test's own private profile: "in-incognito")."""
    url, _ = deployed
    tab, _ = update_tab(chromium, url)
    try:
        page = tab.page
        session = tab.context.new_cdp_session(page)
        for lang in LANGS:
            page.goto(f"{url}/{lang}/")
            manifest = session.send("Page.getAppManifest")
            assert manifest["url"] == f"{url}/{lang}/{offline.MANIFEST}", manifest["url"]
            assert manifest["errors"] == [], (lang, manifest["errors"])
            data = json.loads(manifest["data"])
            assert data["name"] == locales.languages[lang].ui["site.name"] and data["lang"] == lang
            assert data["start_url"] == "./" and data["display"] == "standalone"
            assert data["theme_color"] == offline.THEME
            assert data["background_color"] == offline.BACKGROUND
            errors = {e["errorId"] for e in
                      session.send("Page.getInstallabilityErrors")["installabilityErrors"]}
            assert errors <= {"in-incognito"}, (lang, errors)
    finally:
        tab.context.close()
