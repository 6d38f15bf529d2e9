"""Live examples in a real browser (Debian's Chromium, the real site on 127.0.0.1).

Every example, in every language, is replayed by the engine running in Pyodide in the page's
worker and must give exactly the build-time result, boards included (board.py draws them in
the worker as at build time, the browser only inserts them); edited code runs; errors name
their line in the page's language; runaway code is stopped by the time limit or the Stop
button and the widget keeps working; deep links open a step; nothing leaves the origin;
pages without examples load nothing of Pyodide; on a phone every control of the step bar is a
44 px target.

Uses the session fixtures of tests/browser/conftest.py (``site_url``, ``chromium``,
``locales``) and opens its own contexts, which also record the worker's console.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import Tab, first_held, hold, no_engine, open_tab, release
from playwright.sync_api import Browser, Locator, Page

from gamekit import runner
from gamekit.hanamikoji import PLUGIN as HANAMIKOJI
from gamekit.hanamikoji import explain as explainer
from rulesite.pages import examples
from rulesite.sources.locales import Locales

LANGS = ("en", "fr", "ja", "id")
LIVE_TIMEOUT_MS = 45_000  # booting Pyodide on a busy 2-core machine, with margin
TIME_LIMIT_S = 5


@pytest.fixture
def tab(chromium: Browser, request: pytest.FixtureRequest) -> Iterator[Tab]:
    options = getattr(request, "param", {})
    opened = open_tab(chromium, {"viewport": {"width": 1280, "height": 900}, **options})
    yield opened
    opened.context.close()


def pages_with_examples(locales: Locales) -> dict[str, list[str]]:
    pages: dict[str, list[str]] = {}
    for example_id in locales.structure.examples:
        pages.setdefault(locales.structure.page_of[example_id], []).append(example_id)
    return pages


def widget(page: Page, example_id: str) -> Locator:
    return page.locator(f"[id='{example_id}'] .rs-ex")


def wait_live(page: Page, example_id: str, verdict: str = "verified") -> None:
    page.locator(f"[id='{example_id}']").scroll_into_view_if_needed()
    page.wait_for_selector(f"[id='{example_id}'] .rs-ex[data-live='{verdict}']",
                           timeout=LIVE_TIMEOUT_MS)


def runs(page: Page, example_id: str) -> int:
    return int(widget(page, example_id).get_attribute("data-runs") or 0)


def run_and_wait(page: Page, example_id: str, *, timeout: float = LIVE_TIMEOUT_MS) -> None:
    """Click Run and wait until the run has ended (a result or an error is shown)."""
    box = widget(page, example_id)
    before = runs(page, example_id)
    box.locator("[data-act=run]").click()
    page.wait_for_function(
        """([id, before]) => {
             const root = document.querySelector(`[id='${id}'] .rs-ex`);
             return root.dataset.running !== "1"
               && (Number(root.dataset.runs || 0) > before || root.dataset.error === "1");
           }""", arg=[example_id, before], timeout=timeout)


def normalised(page: Page, html: str) -> str:
    """``html`` as the browser serialises it (for comparing markup with the live DOM)."""
    return str(page.evaluate(
        "html => { const t = document.createElement('template'); t.innerHTML = html;"
        " return t.innerHTML; }", html))


# A step's words as the page built them: without the Cite control cite.js adds to each step.
STEP_HTML = """items => items.map((li) => {
    const copy = li.cloneNode(true);
    copy.querySelectorAll('.rs-cite').forEach((n) => n.remove());
    return copy.innerHTML;
})"""


def built(page: Page, example_ids: list[str]) -> dict[str, dict[str, Any]]:
    """What the page held before any script ran: each example's board, steps and outcome."""
    return dict(page.evaluate(
        """async (ids) => {
             const html = await (await fetch(location.href)).text();
             const doc = new DOMParser().parseFromString(html, "text/html");
             const out = {};
             for (const id of ids) {
               const root = doc.querySelector(`[id='${id}'] .rs-ex`);
               out[id] = {
                 board: root.querySelector(".rs-ex-board").innerHTML,
                 steps: [...root.querySelectorAll(".rs-ex-steps > li")].map((li) => li.innerHTML),
                 outcome: root.querySelector(".rs-ex-outcome").innerHTML,
                 data: JSON.parse(root.querySelector(".rs-ex-data").textContent),
               };
             }
             return out;
           }""", example_ids))


def expected_words(code: str, ui: dict[str, str]) -> dict[str, Any]:
    """What CPython makes of ``code``: the runner's result with the words of each step."""
    result: dict[str, Any] = runner.run(code, HANAMIKOJI)
    if "steps" in result:
        result.update(explainer.explain(result["steps"], ui))
    return result


def shown_code(locales: Locales, example_id: str, lang: str) -> str:
    """The example's code as a ``lang`` page shows it: comments in that language."""
    text = locales.languages[lang].text["examples"][example_id]
    return examples.localize(locales.structure.examples[example_id].spec["code"],
                             text.get("comments", {}))


def engines(page: Page) -> list[str]:
    """The page's engine workers (Material's search runs in a worker of its own)."""
    return [w.url for w in page.workers if w.url.endswith("/assets/examples/worker.js")]


def fill(template: str, **fields: object) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: str(fields[m.group(1)]), template)


# --- build time (no browser) ---------------------------------------------------------------

@pytest.mark.parametrize(("code", "where"), [
    ('game = Game()\n\ngame.apply("S9")', "line 3: NotationError: 'S9'"),
    ("game = Game(\n", "line 1: SyntaxError"),
    ('def f():\n    raise ValueError("boom")\ngame = Game()\nf()\n', "line 2: ValueError: boom"),
    ("x = 1", "the code must leave a Game in the variable `game`"),
    ("game = 3", "`game` must be a Game, not int"),
])
def test_a_failing_example_stops_the_build_naming_it_and_the_line(
        locales: Locales, code: str, where: str) -> None:
    with pytest.raises(examples.ExampleError) as caught:
        examples.render("ex-broken", "en", spec={"rule": "gift-placement", "code": code},
                        ui=locales.languages["en"].ui)
    assert str(caught.value).startswith(f"structure.yml: examples.ex-broken.code: {where}")


def test_widget_fragment_is_one_safe_element(locales: Locales) -> None:
    code = 'game = Game(seed=1)\n\n# </script> and <b>&amp;</b>\ngame.deal()\n'
    seen: set[str] = set()  # the page's shared blocks
    html, again = (examples.render("ex-safe", "ja", spec={"rule": "gift-placement", "code": code},
                                   ui=locales.languages["ja"].ui, shared=seen) for _ in "12")
    assert "\n" not in html  # no blank line for Markdown to stop at
    # Its data, then what the page's examples share, only with the page's first example.
    assert html.count("</script>") == 2 and html.endswith("</script></div>")
    assert again.count("</script>") == 1 and again.endswith("</script></div>")
    assert "&lt;/script&gt;" in html  # in the textarea
    assert 'id="ex-safe-step-0"' in html and 'id="ex-safe-step-1"' in html


# --- every example, every language --------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_every_example_replays_live_as_built(tab: Tab, site_url: str, locales: Locales,
                                             lang: str) -> None:
    page = tab.page
    for page_id, ids in pages_with_examples(locales).items():
        page.goto(f"{site_url}/{lang}/{page_id}/")
        static = built(page, ids)
        for example_id in ids:
            wait_live(page, example_id)
            data = static[example_id]["data"]
            assert data["lang"] == lang and data["id"] == example_id
            last = len(data["result"]["steps"]) - 1
            box = widget(page, example_id)
            # The step list and the outcome are the build's, and the board the browser draws
            # for the last step is the one the build drew.
            page.evaluate(f"location.hash = '#{example_id}-step-{last}'")
            page.wait_for_function(
                f"document.querySelector(\"[id='{example_id}'] .rs-ex\").dataset.step"
                f" === '{last}'")
            assert box.locator(".rs-ex-board").inner_html() == normalised(
                page, static[example_id]["board"]), example_id
            assert box.locator(".rs-ex-steps > li").count() == last + 1
            # Editable now, and the label says so; the comments are in the page's language.
            assert box.locator(".rs-ex-code-label").inner_text() == \
                locales.languages[lang].ui["widget.code_live"]
            assert box.locator("textarea").input_value() == shown_code(locales, example_id, lang)
            assert box.locator("textarea").get_attribute("readonly") is None
        # Run replays the unedited code in the browser: same words, same outcome.
        first = ids[0]
        run_and_wait(page, first)
        box = widget(page, first)
        assert box.get_attribute("data-live") == "verified"
        assert box.get_attribute("data-error") in ("", None)
        live_steps = box.locator(".rs-ex-steps > li").evaluate_all(STEP_HTML)
        assert live_steps == [normalised(page, html) for html in static[first]["steps"]]
        assert box.locator(".rs-ex-outcome").inner_html() == normalised(
            page, static[first]["outcome"])
    tab.assert_clean(site_url)


# --- editing, errors, runaway code -----------------------------------------------------------

def edited_8_vs_11(code: str) -> str:
    """A takes geisha 5's card from B's Gift: nobody reaches a goal, round 3 follows."""
    edited = code.replace('game.apply("P3")', 'game.apply("P5")')
    assert edited != code
    return edited


@pytest.mark.waits
def test_edited_code_runs_in_the_browser(tab: Tab, site_url: str, locales: Locales) -> None:
    page = tab.page
    ui = locales.languages["en"].ui
    code = shown_code(locales, "ex-8-vs-11", "en")
    page.goto(f"{site_url}/en/end/")
    wait_live(page, "ex-8-vs-11")
    box = widget(page, "ex-8-vs-11")
    before_outcome = box.locator(".rs-ex-outcome").inner_html()
    box.locator("textarea").fill(edited_8_vs_11(code))
    assert box.locator("[data-act=reset]").is_visible()
    run_and_wait(page, "ex-8-vs-11")
    expected = expected_words(edited_8_vs_11(code), ui)
    assert box.get_attribute("data-live") == "edited"
    assert box.locator(".rs-ex-outcome").inner_html() == normalised(page, expected["outcome"])
    assert box.locator(".rs-ex-outcome").inner_html() != before_outcome
    assert box.locator(".rs-ex-steps > li").evaluate_all(STEP_HTML) == [
        normalised(page, text) for text in expected["texts"]]
    # The new game replays by itself from its first step to its last, then stops.
    last = len(expected["steps"]) - 1
    page.wait_for_selector(f"[id='ex-8-vs-11'] .rs-ex[data-step='{last}']", timeout=15_000)
    page.wait_for_selector("[id='ex-8-vs-11'] [data-act=play][aria-pressed='false']")
    assert "Round 3" not in box.locator(".rs-board-head").inner_text()
    assert box.locator(".hk-col.hk-moved").count() == len(
        expected["steps"][-1]["scoring"]["moved"])
    # Restoring the code brings the page's steps back; running it gives the same again.
    box.locator("[data-act=reset]").click()
    assert box.locator("textarea").input_value() == code
    assert box.locator(".rs-ex-outcome").inner_html() == before_outcome
    assert box.get_attribute("data-live") == "verified"
    assert box.locator("[data-act=reset]").is_hidden()
    run_and_wait(page, "ex-8-vs-11")
    assert box.get_attribute("data-live") == "verified"
    assert box.locator(".rs-ex-outcome").inner_html() == before_outcome
    tab.assert_clean(site_url)


@pytest.mark.parametrize("lang", LANGS)
def test_error_names_its_line_in_the_page_language(tab: Tab, site_url: str, locales: Locales,
                                                   lang: str) -> None:
    page = tab.page
    ui = locales.languages[lang].ui
    code = shown_code(locales, "ex-8-vs-11", lang)
    broken = code.replace('game.apply("S6")', 'game.apply("G2x7")')
    error = runner.run(broken, HANAMIKOJI)["error"]
    line = next(n for n, text in enumerate(broken.splitlines(), 1) if "G2x7" in text)
    assert error["line"] == line
    page.goto(f"{site_url}/{lang}/end/")
    wait_live(page, "ex-8-vs-11")
    box = widget(page, "ex-8-vs-11")
    box.locator("textarea").fill(broken)
    run_and_wait(page, "ex-8-vs-11")
    message = box.locator(".rs-ex-error").inner_text()
    assert message == fill(ui["error.line"], line=line,
                           error=f"{error['type']}: {error['message']}")
    assert message.startswith(fill(ui["error.line"], line=line, error="NotationError"))
    # The widget keeps working: the restored code runs and the error goes away.
    box.locator("[data-act=reset]").click()
    run_and_wait(page, "ex-8-vs-11")
    assert box.locator(".rs-ex-error").is_hidden()
    assert box.get_attribute("data-live") == "verified"
    tab.assert_clean(site_url)


def test_runaway_code_is_stopped_and_the_widget_recovers(tab: Tab, site_url: str,
                                                         locales: Locales) -> None:
    page = tab.page
    ui = locales.languages["fr"].ui
    page.goto(f"{site_url}/fr/end/")
    wait_live(page, "ex-8-vs-11")
    box = widget(page, "ex-8-vs-11")
    textarea = box.locator("textarea")

    # An endless loop hits the time limit; the page stays responsive meanwhile.
    textarea.fill("while True:\n    pass\n")
    started = time.monotonic()
    box.locator("[data-act=run]").click()
    page.wait_for_selector("[id='ex-8-vs-11'] .rs-ex[data-running='1']")
    ticks = page.evaluate("""() => new Promise((done) => {
        let n = 0; const t0 = performance.now();
        const id = setInterval(() => { n++; if (performance.now() - t0 > 1000) {
          clearInterval(id); done(n); } }, 50); })""")
    assert ticks >= 10, f"the page froze: {ticks} timer ticks in 1 s"
    page.wait_for_selector("[id='ex-8-vs-11'] .rs-ex[data-error='1']", timeout=30_000)
    elapsed = time.monotonic() - started
    assert TIME_LIMIT_S <= elapsed < TIME_LIMIT_S + 10, elapsed
    assert box.locator(".rs-ex-error").inner_text() == fill(ui["error.timeout"],
                                                            seconds=TIME_LIMIT_S)

    # The Stop button ends a run at once, once it runs in the fresh engine...
    page.wait_for_selector("[id='ex-8-vs-11'] .rs-ex[data-engine='ready']",
                           timeout=LIVE_TIMEOUT_MS)
    box.locator("[data-act=run]").click()
    page.wait_for_selector("[id='ex-8-vs-11'] .rs-ex[data-engine='running']")
    # The next engine's worker held back until the end of the next step: it starts in about a
    # second, which a loaded machine's clicks took (the Run below found it running).
    worker = "assets/examples/worker.js"
    held = hold(tab, worker)
    box.locator("[data-act=stop]").click()
    page.wait_for_selector("[id='ex-8-vs-11'] .rs-ex:not([data-running='1'])")
    assert box.locator(".rs-ex-error").inner_text() == ui["error.stopped"]
    # ... or while it waits for the engine to start again.
    first_held(page, held, worker, timeout_s=LIVE_TIMEOUT_MS / 1000)
    box.locator("[data-act=run]").click()
    assert box.get_attribute("data-engine") == "restarting"
    box.locator("[data-act=stop]").click()
    page.wait_for_selector("[id='ex-8-vs-11'] .rs-ex:not([data-running='1'])")
    assert box.locator(".rs-ex-error").inner_text() == ui["error.stopped"]
    release(tab, worker, held)

    # A fresh engine runs the example again.
    box.locator("[data-act=reset]").click()
    run_and_wait(page, "ex-8-vs-11")
    assert box.locator(".rs-ex-error").is_hidden()
    assert box.get_attribute("data-live") == "verified"
    tab.assert_clean(site_url)


# --- links, loading, no JavaScript ------------------------------------------------------------

def test_deep_link_opens_a_step_and_stepping_updates_the_address(tab: Tab, site_url: str) -> None:
    page = tab.page
    page.goto(f"{site_url}/en/end/#ex-8-vs-11-step-1")
    page.wait_for_selector("[id='ex-8-vs-11'] .rs-ex[data-step='1']", timeout=LIVE_TIMEOUT_MS)
    box = widget(page, "ex-8-vs-11")
    title = page.locator("[id='ex-8-vs-11']").locator("xpath=preceding-sibling::div[1]")
    top = title.bounding_box()
    assert top is not None and 0 <= top["y"] < 900 / 2, "the example is not on screen"
    wait_live(page, "ex-8-vs-11")
    history, scroll = page.evaluate("[history.length, scrollY]")
    box.locator("[data-act=forward]").click()
    assert page.evaluate("location.hash") == "#ex-8-vs-11-step-2"
    assert page.evaluate("[history.length, scrollY]") == [history, scroll]
    assert box.get_attribute("data-step") == "2"
    assert "aria-current" in box.locator("[id='ex-8-vs-11-step-2']").evaluate(
        "li => li.getAttributeNames().join(' ')")
    # A link to another step of the same example moves the widget there.
    page.evaluate("location.hash = '#ex-8-vs-11-step-0'")
    page.wait_for_selector("[id='ex-8-vs-11'] .rs-ex[data-step='0']")
    tab.assert_clean(site_url)


@pytest.mark.parametrize("path", ["en/", "en/glossary/", "ja/notation/",
                                  # Love Letter's: its home, a rules page of figures, its book
                                  "en/love-letter/", "fr/love-letter/basics/",
                                  "id/love-letter/book/"])
def test_pages_without_examples_load_nothing_of_pyodide(tab: Tab, site_url: str,
                                                       path: str) -> None:
    page = tab.page
    page.goto(f"{site_url}/{path}")
    page.wait_for_load_state("networkidle")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_timeout(1500)
    assert any(url.endswith("/assets/examples/boot.js") for url in tab.requests)
    loaded = [url for url in tab.requests
              if "/assets/pyodide/" in url or "/assets/py/" in url
              # The boards' stylesheets (every game's) draw figures without any script.
              or (re.search(r"/assets/examples/(?!boot\.js$)[^/]+$", url) is not None
                  and not url.endswith(".css"))]
    assert not loaded, loaded
    assert not engines(page)
    tab.assert_clean(site_url)


def test_example_far_below_starts_nothing_until_scrolled_near(tab: Tab, site_url: str) -> None:
    page = tab.page
    page.goto(f"{site_url}/en/round/")  # its first example is several screens down
    top = page.evaluate("document.querySelector('.rs-example').getBoundingClientRect().top")
    assert top > 900 * 3, f"the test needs an example far below the top of en/round/ ({top})"
    page.wait_for_timeout(1500)
    assert not engines(page)
    assert not [url for url in tab.requests if "/assets/pyodide/" in url]
    page.locator(".rs-example").first.scroll_into_view_if_needed()
    page.wait_for_selector(".rs-ex[data-live='verified']", timeout=LIVE_TIMEOUT_MS)
    assert len(engines(page)) == 1
    tab.assert_clean(site_url)


@pytest.mark.parametrize("tab", [{"java_script_enabled": False}], indirect=True)
def test_examples_read_without_javascript(tab: Tab, site_url: str, locales: Locales) -> None:
    page = tab.page
    page.goto(f"{site_url}/ja/end/")
    ui = locales.languages["ja"].ui
    for example_id in pages_with_examples(locales)["end"]:
        box = widget(page, example_id)
        assert box.locator(".rs-board .hk-geisha").count() == 7
        assert box.locator(".hk-col").evaluate_all(
            "cols => cols.map((c) => c.querySelector('.hk-geisha-num').textContent)") == [
            str(g) for g in range(1, 8)]
        steps = box.locator(".rs-ex-steps > li")
        assert steps.count() >= 2
        assert steps.first.get_attribute("id") == f"{example_id}-step-0"
        assert box.locator(".rs-ex-outcome").inner_text().strip()
        assert box.locator(".rs-ex-bar").is_hidden()
        assert box.locator("textarea").get_attribute("readonly") is not None
        # A read-only box: the label does not invite editing; the comments are Japanese.
        assert box.locator(".rs-ex-code-label").inner_text() == ui["widget.code"]
        assert box.locator("textarea").input_value() == shown_code(locales, example_id, "ja")
        assert box.locator(".rs-ex-runbar").is_hidden()
        # The outcome is said once, below the steps, not again in the last step.
        outcome = box.locator(".rs-ex-outcome").inner_text().strip()
        assert outcome not in steps.last.inner_text()
        assert fill(ui["widget.round"], round="") in box.locator(".rs-board-head").inner_text()
    # What an example suggests trying with "What if…?" is not offered: there is no button.
    suggestions = page.locator(".rs-example-try")
    assert suggestions.count() > 0
    assert suggestions.filter(visible=True).count() == 0
    assert "もしも" not in page.locator(".md-content").inner_text()
    tab.assert_clean(site_url)


@pytest.mark.parametrize(("file", "broken"), [
    ("pyodide.asm.wasm.gz", "aborted"), ("pyodide.asm.mjs.gz", "aborted"),
    ("python_stdlib.zip.gz", "404"),
])
def test_widget_without_an_engine_still_shows_the_build(tab: Tab, site_url: str,
                                                        locales: Locales, file: str,
                                                        broken: str) -> None:
    """If the runtime cannot be downloaded, the page says so and still replays the
    build-time steps; Run explains that the engine is missing instead of waiting for ever."""
    page = tab.page
    ui = locales.languages["id"].ui
    tab.context.route(re.compile(r".*/assets/pyodide/[0-9a-f]+/" + re.escape(file) + "$"),
                      lambda route: route.abort() if broken == "aborted"
                      else route.fulfill(status=404, body="not found"))
    page.goto(f"{site_url}/id/end/")
    wait_live(page, "ex-8-vs-11", verdict="failed")
    box = widget(page, "ex-8-vs-11")
    assert box.locator(".rs-ex-status").inner_text() == ui["widget.status_failed"]
    assert box.get_attribute("data-engine") == "failed"
    box.locator("[data-act=restart]").click()  # the widget opens on the last step
    box.locator("[data-act=forward]").click()
    box.locator("[data-act=forward]").click()
    assert box.get_attribute("data-step") == "2"
    assert box.get_attribute("data-source") == "build"
    run_and_wait(page, "ex-8-vs-11")
    assert box.locator(".rs-ex-error").inner_text().startswith(
        fill(ui["error.engine"], error=""))
    foreign = [url for url in tab.requests if not url.startswith(f"{site_url}/")]
    assert not foreign, foreign
    # The worker reports the broken download to the page, and nothing reaches the console.
    assert not tab.errors, tab.errors


PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.mark.parametrize("tab", [PHONE], indirect=True)
@pytest.mark.parametrize("lang", LANGS)
def test_step_controls_are_a_thumbs_size_on_a_phone(tab: Tab, site_url: str, lang: str) -> None:
    """Restart, step back, play and step forward, and the buttons beside them (What if?,
    Share, Run, Stop) are at least 44 by 44 CSS px on a 390 px phone (they were 42 by 37):
    an example of each game, in each language. The widget's built steps are enough; the
    engine does not start."""
    no_engine(tab.context)
    page = tab.page
    for path in ("round/", "love-letter/cards/"):
        page.goto(f"{site_url}/{lang}/{path}")
        example = page.locator(".rs-example[data-example] .rs-ex").first
        example.scroll_into_view_if_needed()
        example.and_(page.locator("[data-state='live']")).wait_for(timeout=LIVE_TIMEOUT_MS)
        sizes = example.locator(".rs-ex-bar button:visible, .rs-ex-runbar button:visible"
                                ).evaluate_all("""buttons => buttons.map((b) => {
            const box = b.getBoundingClientRect();
            return [b.dataset.act || b.textContent.trim(), box.width, box.height]; })""")
        acts = {name for name, _, _ in sizes}
        assert {"restart", "back", "play", "forward"} <= acts, (path, acts)
        small = [(name, round(w, 1), round(h, 1)) for name, w, h in sizes if w < 44 or h < 44]
        assert not small, (path, small)


# Where the steps list and Run are on the page, and the status's text.
PLACES = """(root) => [root.querySelector(".rs-ex-steps"), root.querySelector("[data-act=run]")]
    .map((part) => part.getBoundingClientRect().top + scrollY)
    .concat([root.querySelector(".rs-ex-status").textContent])"""


@pytest.mark.parametrize(("lang", "path", "example_id", "width", "preload"), [
    ("fr", "love-letter/cards/", "ex-guard", 320, "0"), ("en", "end/", "ex-8-vs-11", 1280, "1")])
def test_the_engine_starting_moves_nothing_under_the_readers_finger(
        chromium: Browser, site_url: str, lang: str, path: str, example_id: str,
        width: int, preload: str) -> None:
    """The status line's messages ("Starting…", then "Verified live…") take a room kept for
    the longest: once the engine has said anything, the steps and Run stay where the reader
    saw them (they moved down a line, or three on a 320 px phone in French). Where the engine
    starts on its own, a second after the example shows (a desktop: ?rs-preload=1), the room
    is there from the start; where it waits for the reader (a phone: ?rs-preload=0, here the
    reader going to the code), the empty line takes no room until then."""
    tab = open_tab(chromium, {"viewport": {"width": width, "height": 800}})
    try:
        page = tab.page
        page.goto(f"{site_url}/{lang}/{path}?rs-preload={preload}")
        box = widget(page, example_id)
        box.scroll_into_view_if_needed()
        box.and_(page.locator("[data-state='live']")).wait_for(timeout=LIVE_TIMEOUT_MS)
        status = box.locator(".rs-ex-status")
        if preload == "0":
            assert status.evaluate("(s) => [s.textContent, s.offsetHeight]") == ["", 0]
            box.locator(".rs-ex-editor").focus()
            box.and_(page.locator(":not([data-engine='idle'])")).wait_for()
            assert status.inner_text()
        *before, _ = box.evaluate(PLACES)
        wait_live(page, example_id)
        *after, said = box.evaluate(PLACES)
        assert said.startswith(("Verified", "Vérifié")), said
        assert after == before
        tab.assert_clean(site_url)
    finally:
        tab.context.close()
