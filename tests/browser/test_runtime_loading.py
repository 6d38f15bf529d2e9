"""The live examples as readers get them: on a phone, with Save-Data or on a slow connection
nothing of the Python runtime loads until the reader runs code; a step link survives on a phone
and through a language switch; the first paint is the same with and without JavaScript; Play
moves at once. (Speed and bytes: benchmarks/browser_examples.py, `make bench-browser`.)"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from conftest import Tab, open_tab
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

LIVE_TIMEOUT_MS = 45_000  # booting Pyodide on a busy 2-core machine, with margin
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
         "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
RUNTIME = re.compile(r"/assets/(pyodide|py)/|/assets/examples/worker\.js$")


def runtime(reader: Tab) -> list[str]:
    """Requests for the Python runtime (the page's and its workers')."""
    return [url for url in reader.requests if RUNTIME.search(url)]


@pytest.fixture
def reader(chromium: Browser, request: pytest.FixtureRequest) -> Iterator[Tab]:
    options = dict(getattr(request, "param", PHONE))
    opened = open_tab(chromium, options, options.pop("init_script", None))
    yield opened
    opened.context.close()


def box_of(page: Page, example_id: str) -> str:
    return f"[id='{example_id}'] .rs-ex"


def read_whole_page(page: Page) -> None:
    """Scroll from top to bottom like a reader, pausing on the way."""
    height = page.evaluate("document.documentElement.scrollHeight")
    for y in range(0, height, 300):
        page.evaluate(f"window.scrollTo(0, {y})")
        page.wait_for_timeout(60)
    page.wait_for_timeout(2500)  # longer than policy.js's DWELL_MS


def test_a_phone_fetches_no_runtime_until_the_reader_runs(reader: Tab, site_url: str) -> None:
    page = reader.page
    page.goto(f"{site_url}/en/end/")
    read_whole_page(page)
    box = box_of(page, "ex-8-vs-11")
    page.wait_for_selector(f"{box}[data-state='live']")
    # Stepping through the page's own steps needs no engine.
    page.locator(f"{box} [data-act=restart]").tap()
    page.locator(f"{box} [data-act=forward]").tap()
    assert page.get_attribute(box, "data-step") == "1"
    assert page.get_attribute(box, "data-engine") == "idle"
    assert page.locator(f"{box} .rs-ex-status").inner_text() == ""
    assert runtime(reader) == [], runtime(reader)
    # Run is what loads it.
    page.locator(f"{box} [data-act=run]").tap()
    page.wait_for_selector(f"{box}[data-runs='1']", timeout=LIVE_TIMEOUT_MS)
    assert any("/assets/pyodide/" in url for url in runtime(reader))
    assert page.get_attribute(box, "data-live") == "verified"
    assert not reader.errors, reader.errors


def connection(**fields: object) -> str:
    """An init script giving the page this navigator.connection."""
    values = {"saveData": False, "effectiveType": "4g", "downlink": 50, "rtt": 50, **fields}
    js = ", ".join(f"{k}: {str(v).lower() if isinstance(v, bool) else repr(v)}"
                   for k, v in values.items())
    return ("Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, "
            f"get: () => ({{ {js}, addEventListener() {{}} }}) }});")


@pytest.mark.parametrize("reader", [
    {**DESKTOP, "init_script": connection(saveData=True)},
    {**DESKTOP, "init_script": connection(effectiveType="3g", downlink=1.5, rtt=300)},
    {**DESKTOP, "init_script": connection(type="cellular")},
], indirect=True, ids=["save-data", "slow", "metered"])
def test_save_data_slow_or_metered_fetch_nothing_ahead(reader: Tab, site_url: str) -> None:
    page = reader.page
    page.goto(f"{site_url}/en/scoring/")
    read_whole_page(page)
    box = box_of(page, "ex-tie-keeps-marker")
    page.locator(box).scroll_into_view_if_needed()
    page.locator(f"{box} .rs-ex-board").hover()  # intent does not count here either
    page.wait_for_timeout(1500)
    assert runtime(reader) == [], runtime(reader)
    # Starting to edit the code is asking for the engine.
    page.locator(f"{box} textarea").focus()
    page.wait_for_selector(f"{box}[data-live='verified']", timeout=LIVE_TIMEOUT_MS)
    assert runtime(reader)


@pytest.mark.parametrize("reader", [{**DESKTOP, "init_script": connection()}], indirect=True)
def test_a_good_desktop_connection_loads_when_an_example_is_in_view(reader: Tab,
                                                                   site_url: str) -> None:
    page = reader.page
    page.goto(f"{site_url}/en/round/")  # its first example is several screens down
    page.wait_for_timeout(2000)
    assert runtime(reader) == []
    page.locator(".rs-example").first.scroll_into_view_if_needed()
    page.wait_for_selector(".rs-ex[data-live='verified']", timeout=LIVE_TIMEOUT_MS)


def test_a_step_link_survives_on_a_phone_and_a_language_switch(reader: Tab,
                                                               site_url: str) -> None:
    page = reader.page
    link = "#ex-marker-three-rounds-step-5"
    box = box_of(page, "ex-marker-three-rounds")
    page.goto(f"{site_url}/en/scoring/{link}")
    page.wait_for_selector(f"{box}[data-step='5']")
    page.wait_for_timeout(3000)  # the theme's address-bar tracking used to rewrite it by now
    assert page.evaluate("location.hash") == link
    page.mouse.wheel(0, 60)  # a small scroll within the example keeps it too
    page.wait_for_timeout(1000)
    assert page.evaluate("location.hash") == link
    page.hover(".md-header__option .md-select")
    page.click('a.md-select__link[hreflang="fr"]')
    page.wait_for_url(f"{site_url}/fr/scoring/{link}")
    page.wait_for_selector(f"{box}[data-step='5']")
    page.wait_for_timeout(3000)
    assert page.evaluate("location.hash") == link
    title = page.locator("[id='ex-marker-three-rounds']").bounding_box()
    assert title is not None and title["y"] < 844, "the example is not on screen"
    assert runtime(reader) == []  # a phone: still nothing of the runtime
    assert not reader.errors, reader.errors


@pytest.mark.parametrize("reader", [DESKTOP], indirect=True)
def test_tracking_still_follows_the_reader_away_from_a_step_link(reader: Tab,
                                                                 site_url: str) -> None:
    page = reader.page
    page.goto(f"{site_url}/en/scoring/#ex-marker-three-rounds-step-5")
    page.wait_for_selector(f"{box_of(page, 'ex-marker-three-rounds')}[data-step='5']")
    page.wait_for_load_state("networkidle")
    page.evaluate("window.scrollTo(0, 0)")
    # Material tracks the address 250 ms after the page's offset last moved and skips the
    # first such offset: scrolls that fall in that window (a loaded machine's page settles
    # late) are not tracked. A reader scrolling on is: a few wheel turns, the example far away.
    for _ in range(5):
        page.mouse.wheel(0, 40)
        try:
            page.wait_for_function("!location.hash.includes('-step-')", timeout=2_000)
            return
        except PlaywrightTimeoutError:
            continue
    pytest.fail(f"the address kept the step link: {page.evaluate('location.href')}")


@pytest.mark.parametrize("reader", [DESKTOP], indirect=True)
def test_the_board_shows_the_last_step_before_and_after_the_widget_loads(
        reader: Tab, site_url: str) -> None:
    page = reader.page
    page.goto(f"{site_url}/en/end/")
    box = box_of(page, "ex-8-vs-11")
    static = page.evaluate(
        """async (box) => {
             const html = await (await fetch(location.href)).text();
             const root = new DOMParser().parseFromString(html, "text/html").querySelector(box);
             const t = document.createElement("template");
             t.innerHTML = root.querySelector(".rs-ex-board").innerHTML;
             return { board: t.innerHTML,
                      last: root.querySelectorAll(".rs-ex-steps > li").length - 1 };
           }""", box)
    page.wait_for_selector(f"{box}[data-state='live']")
    assert page.get_attribute(box, "data-step") == str(static["last"])
    assert page.locator(f"{box} .rs-ex-board").inner_html() == static["board"]


@pytest.mark.parametrize("reader", [DESKTOP], indirect=True)
def test_play_shows_the_next_step_on_the_click(reader: Tab, site_url: str) -> None:
    page = reader.page
    page.goto(f"{site_url}/en/end/")
    box = box_of(page, "ex-8-vs-11")
    page.wait_for_selector(f"{box}[data-state='live']")
    # From the last step, Play starts again from the first at once; from any other step it
    # shows the next one at once, in the click itself.
    steps = page.evaluate(
        """(box) => {
             const root = document.querySelector(box);
             const play = root.querySelector("[data-act=play]");
             const seen = [root.dataset.step];
             play.click(); seen.push(root.dataset.step);  // play from the last step
             play.click();                                // pause
             play.click(); seen.push(root.dataset.step);  // play again: the next one
             play.click();
             return seen;
           }""", box)
    assert steps[1:] == ["0", "1"] and steps[0] != "0", steps


def random_draw(reader: Tab, site_url: str, query: str) -> tuple[str, list[str]]:
    """Open an example page with ``query``, start the engine and return what Python's
    ``random`` draws first in that worker, and the runtime files fetched."""
    page = reader.page
    page.goto(f"{site_url}/en/end/{query}")
    page.locator("[id='ex-8-vs-11']").scroll_into_view_if_needed()  # widgets wake near view
    page.wait_for_selector(f"{box_of(page, 'ex-8-vs-11')}[data-state='live']")
    answer = page.evaluate(
        """async () => {
             const boot = document.querySelector("script[src*='examples/boot.js']").src;
             const e = await (await import(boot)).engine();
             e.start();
             return e.run("import random\\nprint(random.getrandbits(64))", {});
           }""")
    assert answer["ok"], answer
    return answer["result"]["output"], runtime(reader)


@pytest.mark.parametrize(("reader", "snapshot"), [
    (PHONE, True), (DESKTOP, False), ({**PHONE, "init_script": connection(saveData=True)}, False),
], indirect=["reader"], ids=["phone", "desktop", "phone-save-data"])
def test_phones_start_from_the_snapshot_desktops_without(reader: Tab, site_url: str,
                                                        snapshot: bool) -> None:
    _, files = random_draw(reader, site_url, "")
    assert any(url.endswith("/runtime-snapshot.bin.gz") for url in files) == snapshot, files
    # Examples run and are verified live either way.
    page = reader.page
    box = box_of(page, "ex-8-vs-11")
    page.locator(f"{box} [data-act=run]").click()
    page.wait_for_selector(f"{box}[data-live='verified']", timeout=LIVE_TIMEOUT_MS)
    assert not reader.errors, reader.errors


def test_workers_started_from_the_snapshot_share_no_randomness(chromium: Browser,
                                                               site_url: str) -> None:
    draws = []
    for _ in range(2):
        tab = open_tab(chromium, dict(DESKTOP))
        try:
            draw, files = random_draw(tab, site_url, "?rs-snapshot=1")
            assert any(url.endswith("/runtime-snapshot.bin.gz") for url in files), files
            assert re.fullmatch(r"\d+\n?", draw), draw
            draws.append(draw)
        finally:
            tab.context.close()
    assert draws[0] != draws[1], draws


@pytest.mark.parametrize("reader", [DESKTOP], indirect=True)
def test_a_call_marked_first_goes_ahead_of_the_runs_waiting(reader: Tab, site_url: str) -> None:
    """What if? asks with first: true, so a reader does not wait for the examples' checks
    that the engine's start queued."""
    page = reader.page
    page.goto(f"{site_url}/en/end/?rs-preload=0")
    order = page.evaluate(
        """async () => {
             const boot = document.querySelector("script[src*='examples/boot.js']").src;
             const e = await (await import(boot)).engine();
             const order = [];
             const runs = [1, 2].map((n) => e.run(`n = ${n}`, {})
               .then(() => order.push(`run ${n}`)));
             const call = e.call("new_game", ["emperors4", 7], { first: true })
               .then((answer) => order.push(answer.ok && answer.result.record ? "call" : "failed"));
             await Promise.all([...runs, call]);
             return order;
           }""")
    assert order == ["call", "run 1", "run 2"], order
