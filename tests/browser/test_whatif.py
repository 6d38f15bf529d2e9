""""What if?" and Share in the live examples, in a real browser (Debian's Chromium, the real
site under its sub-path).

From a step of an example the reader plays another legal move (offered as choices on the board
by the engine), lets the computer play to the end, and the outcome shown is the engine's own for
the record the share link carries (replayed here by the CPython engine); the example's line
comes back in one click; the whole path works from the keyboard on a phone, where asking "what
if?" is what starts the runtime; without the runtime the failure is said in the page's language,
the steps still work and a step's share link still names that position; a step shared from an
example opens on the Play page with the same board.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from conftest import Tab, no_engine, open_tab, wait_until
from playwright.sync_api import Browser, Locator, Page, expect
from test_accessibility import axe_problems, sideways

from gamekit.hanamikoji import explain as explainer
from hanamikoji import Record, timeline
from rulesite.pages import examples
from rulesite.sources.locales import Locales

LIVE_TIMEOUT_MS = 60_000  # booting Pyodide on a busy 2-core machine, with margin


@pytest.fixture
def tab(chromium: Browser, request: pytest.FixtureRequest) -> Iterator[Tab]:
    options = getattr(request, "param", {})
    opened = open_tab(chromium, {"viewport": {"width": 1280, "height": 900}, **options})
    yield opened
    opened.context.close()


def widget(page: Page, example_id: str) -> Locator:
    return page.locator(f"[id='{example_id}'] .rs-ex")


def ready(page: Page, example_id: str, step: int | None = None) -> None:
    """Waits until the what-if line is on screen and idle (at ``step``, if given)."""
    at = "" if step is None else f"[data-step='{step}']"
    page.wait_for_selector(f"[id='{example_id}'] .rs-ex[data-whatif='1']{at}"
                           ":not([data-wi-busy='1'])", timeout=LIVE_TIMEOUT_MS)


def shared(box: Locator) -> tuple[Record, int, str]:
    """Clicks Share: the record and the step the link carries, and the link itself."""
    box.locator("[data-share]").click()
    link = box.locator("[data-share]").get_attribute("data-link") or ""
    fields = dict(part.split("=", 1) for part in urlsplit(link).fragment.split("&"))
    text = base64.urlsafe_b64decode(fields["record"] + "=" * (-len(fields["record"]) % 4))
    return Record.from_json(json.loads(text.decode("utf-8"))), int(fields["step"]), link


def built(example_id: str, locales: Locales) -> dict[str, Any]:
    return examples.compute(example_id, locales.structure.examples[example_id].spec["code"])


def same_html(page: Page, live: str, html: str) -> None:
    expected = page.evaluate(
        "html => { const t = document.createElement('template'); t.innerHTML = html;"
        " return t.innerHTML; }", html)
    assert live == expected


@pytest.mark.parametrize("tab", [{"permissions": ["clipboard-read", "clipboard-write"]}],
                         indirect=True)
def test_a_what_if_line_reaches_the_engines_outcome(tab: Tab, site_url: str,
                                                    locales: Locales) -> None:
    """Step 38 of the three-round Kosmos game: B offers 25 / 35 and A took 25. Take 35
    instead, let the computer finish, and compare with the engine replaying the link; back
    on the example, the step's own link opens the same board on the Play page."""
    page, example = tab.page, "ex-marker-three-rounds"
    ui = locales.languages["en"].ui
    original = Record.from_json(json.loads(built(example, locales)["record"]))
    page.goto(f"{site_url}/en/scoring/#{example}-step-38")
    box = widget(page, example)
    box.and_(page.locator("[data-state='live']")).wait_for()
    outcome_before = box.locator(".rs-ex-outcome").inner_html()
    box.locator("[data-wi=start]").click()
    ready(page, example)
    # The choices on the board are the engine's legal answers, nothing else.
    moves = sum(1 for step in timeline(original)[1:39] if step.move is not None)
    legal = {str(m) for m in original.replay(moves).legal_actions()}
    assert set(box.locator("[data-choice]").evaluate_all(
        "parts => parts.map(p => p.dataset.choice)")) == legal == {"P25", "P35"}
    assert not axe_problems(page, f"[id='{example}']")
    box.locator("[data-choice='P35']").click()
    assert box.locator("[data-choice='P35']").get_attribute("aria-pressed") == "true"
    box.locator("[data-wi=play]").click()
    ready(page, example, 39)
    box.locator("[data-wi=computer]").click()  # plays on until the end (here: forced moves)
    page.wait_for_function(
        """id => { const root = document.querySelector(`[id='${id}'] .rs-ex`);
                   return root.dataset.wiBusy !== "1"
                     && root.querySelector("[data-wi=stop]").hidden; }""",
        arg=example, timeout=LIVE_TIMEOUT_MS)
    # The long list scrolls itself (not the page) to keep the current step, the last, in sight.
    page.wait_for_function(
        """id => { const list = document.querySelector(`[id='${id}'] .rs-ex-steps`);
                   const item = list.querySelector("li[aria-current=step]");
                   const [a, b] = [list, item].map((e) => e.getBoundingClientRect());
                   return item === list.lastElementChild && list.scrollHeight > list.clientHeight
                     && b.top >= a.top - 1 && b.bottom <= a.bottom + 1; }""",
        arg=example, timeout=5_000)

    record, step, link = shared(box)
    assert link.startswith(f"{site_url}/en/play/#record=")
    assert step == len(record.moves)
    assert record.moves[:moves] == original.moves[:moves]
    assert str(record.moves[moves]) == "P35"
    expect(box.locator(".rs-share-status")).to_have_text(ui["share.copied"])
    assert page.evaluate("navigator.clipboard.readText()") == link
    # The outcome on screen is the engine's, for the line the link carries.
    game = record.replay()
    assert game.outcome is not None
    steps = [s.to_json() for s in timeline(record)]
    words = explainer.explain(steps, ui)
    same_html(page, box.locator(".rs-ex-outcome").inner_html(), words["outcome"])
    assert box.locator(".rs-ex-steps > li").count() == len(steps)
    assert box.locator(".rs-ex-steps > li.rs-wi-step").count() == len(steps) - 39
    # Only the example's own steps can be cited; on the reader's line, the example's Cite names
    # the step the line left from (the line itself has its Share link).
    assert box.locator(".rs-ex-steps > li.rs-wi-step .rs-cite").count() == 0
    assert box.locator(".rs-ex-steps > li[id] > .rs-cite-step").count() == 39
    title = page.locator(f"[id='{example}']").locator("xpath=preceding-sibling::*[1]")
    title.locator(".rs-example-title .rs-cite-button").click()
    page.locator(".rs-cite-menu:not([hidden]) button[data-copy='link']").click()
    page.wait_for_function("link => navigator.clipboard.readText().then(t => t !== link)",
                           arg=link)
    assert page.evaluate("navigator.clipboard.readText()").endswith(f"#{example}-step-38")

    # "What if?" again, from a step of the reader's own line: it still leaves the example at 38.
    box.locator(".rs-ex-steps > li[value='40']").click()
    box.locator("[data-wi=start]").click()
    ready(page, example, 40)
    assert box.locator(".rs-ex-steps > li.rs-wi-step").count() == 2
    assert box.locator(".rs-wi-head").inner_text() == ui["whatif.heading"].format(step=38)

    box.locator("[data-wi=original]").click()  # one click back to the example
    assert box.get_attribute("data-step") == "38"
    assert box.locator(".rs-ex-steps > li.rs-wi-step").count() == 0
    assert box.locator(".rs-ex-steps > li").count() == len(timeline(original))
    assert box.locator(".rs-ex-outcome").inner_html() == outcome_before
    assert box.locator(".rs-wi").is_hidden()

    # The example's step 38, shared, opens on the Play page with the same board.
    record, step, link = shared(box)
    assert record == original and step == moves
    play = tab.context.new_page()
    play.goto(link)
    play.wait_for_selector('#rs-play[data-state="review"]', timeout=LIVE_TIMEOUT_MS)
    assert play.inner_html(".rs-play-board") == box.locator(".rs-ex-board").inner_html()
    tab.assert_clean(site_url)


@pytest.mark.parametrize("tab", [{"viewport": {"width": 390, "height": 800}, "has_touch": True,
                                  "is_mobile": True, "color_scheme": "dark"}], indirect=True)
def test_what_if_by_keyboard_on_a_phone(tab: Tab, site_url: str, locales: Locales) -> None:
    """French, 390 px: the phone loads no runtime until the reader asks "what if?"; then
    Tab and Enter alone pick B's other card from A's Gift and play it."""
    page, example = tab.page, "ex-gift"
    ui = locales.languages["fr"].ui
    page.goto(f"{site_url}/fr/round/#{example}-step-1")
    box = widget(page, example)
    box.and_(page.locator("[data-state='live']")).wait_for()
    page.wait_for_timeout(1500)  # longer than policy.js's dwell: a desktop would load now
    assert not [url for url in tab.requests if "/pyodide/" in url]

    box.locator("[data-act=back]").focus()
    focused = ""
    for _ in range(6):
        page.keyboard.press("Tab")
        focused = page.evaluate("document.activeElement.dataset.wi || ''")
        if focused == "start":
            break
    assert focused == "start"
    page.keyboard.press("Enter")
    ready(page, example)
    # The what-if line shows from the build's starts at once; the runtime is on its way (the
    # engine "loading"), its first request a moment later under load.
    wait_until(lambda: any("/pyodide/" in url for url in tab.requests),
               "the runtime was not asked for", timeout_s=LIVE_TIMEOUT_MS / 1000, page=page,
               every_s=0.1)
    # Focus is on the board's first choice: the Gift's first card, a 2.
    assert page.evaluate("document.activeElement.dataset.choice") == "P2"
    assert box.locator(".rs-wi-prompt").inner_text() == \
        ui["whatif.choose_pick"].replace("{player}", "B")
    page.keyboard.press("Enter")
    assert box.locator("[data-choice='P2']").get_attribute("aria-pressed") == "true"
    for _ in range(6):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.wi || ''") == "play":
            break
    page.keyboard.press("Enter")
    ready(page, example, 2)
    # Focus went on to B's turn: a choice on the new board, still inside the widget.
    assert page.evaluate("Boolean(document.activeElement.closest('.rs-ex-board [data-choice]'))")
    record, step, _ = shared(box)
    assert [str(m) for m in record.moves] == ["G267", "P2"] and step == 2
    last = box.locator(".rs-ex-steps > li").last
    assert "rs-wi-step" in (last.get_attribute("class") or "")
    assert ui["whatif.yours"] in last.inner_text()
    assert sideways(page) == 0
    assert not axe_problems(page, f"[id='{example}']")
    tab.assert_clean(site_url)


def test_without_the_runtime_steps_and_share_links_still_work(tab: Tab, site_url: str,
                                                              locales: Locales) -> None:
    """The runtime cannot be downloaded: "what if?" still offers the moves the build computed,
    playing on says the failure in Indonesian, the widget keeps stepping, and a step's share
    link carries the example's record and that step."""
    page, example = tab.page, "ex-marker-three-rounds"
    ui = locales.languages["id"].ui
    tab.context.route(re.compile(r".*/assets/pyodide/[0-9a-f]+/pyodide\.asm\.wasm(\.gz)?$"),
                      lambda route: route.abort())
    page.goto(f"{site_url}/id/scoring/#{example}-step-20")
    box = widget(page, example)
    box.and_(page.locator("[data-state='live']")).wait_for()
    box.locator("[data-wi=start]").click()
    ready(page, example, 20)
    assert box.locator(".rs-wi-live [data-choice]").count()
    box.locator("[data-wi=computer]").click()
    page.wait_for_selector(f"[id='{example}'] .rs-ex[data-wi-error='1']", timeout=LIVE_TIMEOUT_MS)
    assert box.locator(".rs-wi-error").inner_text() == ui["whatif.failed"]
    box.locator("[data-wi=original]").click()
    assert box.locator(".rs-wi").is_hidden()
    box.locator("[data-act=back]").click()
    assert box.get_attribute("data-step") == "19"

    record, step, link = shared(box)
    assert link.startswith(f"{site_url}/id/play/#record=")
    original = Record.from_json(json.loads(built(example, locales)["record"]))
    assert record == original
    steps = timeline(original)
    assert step == sum(1 for s in steps[1:20] if s.move is not None)
    assert timeline(Record(record.edition, record.moves[:step], record.start))[-1].board == \
        steps[19].board
    foreign = [url for url in tab.requests if not url.startswith(f"{site_url}/")]
    assert not foreign


# What "what if?" shows at a step: the board with its choices, the steps, the outcome, the
# panel's words and the choices a game draws beside its board.
WHATIF_STATE = """id => {
  const root = document.querySelector(`[id='${id}'] .rs-ex`);
  const html = (s) => root.querySelector(s).innerHTML;
  return { step: root.dataset.step, board: html(".rs-ex-board"), steps: html(".rs-ex-steps"),
           outcome: html(".rs-ex-outcome"), head: html(".rs-wi-head"),
           prompt: html(".rs-wi-prompt"), area: html(".rs-wi-choose"),
           deal: !root.querySelector("[data-wi=deal]").hidden,
           choices: [...root.querySelectorAll(
             ".rs-wi-live [data-choice], .rs-wi-choose [data-choice]")]
             .map((part) => part.dataset.choice) };
}"""
RUNTIME_WASM = re.compile(r".*/assets/pyodide/[0-9a-f]+/pyodide\.asm\.wasm(\.gz)?$")


def whatif_states(page: Page, example: str, steps: list[int] | None) -> dict[int, Any]:
    """"What if?" at each of ``steps`` (None: every step where it can start), then back."""
    box = widget(page, example)
    count = box.locator(".rs-ex-steps > li").count()
    states = {}
    for step in range(count) if steps is None else steps:
        box.locator(f".rs-ex-steps > li[value='{step}']").click()
        if box.locator("[data-wi=start]").is_disabled():
            assert steps is None, f"no what if? at step {step}"
            continue
        box.locator("[data-wi=start]").click()
        ready(page, example)
        states[step] = page.evaluate(WHATIF_STATE, example)
        box.locator("[data-wi=original]").click()
    return states


@pytest.mark.parametrize(("lang", "address", "example", "steps"), [
    ("en", "end/", "ex-8-vs-11", None),
    # 13 and 14: the line kept ends with a round's scoring, in words of its own (the example's
    # scoring step goes on to the next round, which the line has not dealt).
    ("ja", "scoring/", "ex-marker-three-rounds", [0, 13, 14, 38]),
    ("fr", "love-letter/cards/", "ex-spy-token", None),
])
def test_what_if_offers_the_builds_moves_before_the_engine_starts(
        chromium: Browser, site_url: str, lang: str, address: str, example: str,
        steps: list[int] | None) -> None:
    """With the runtime held back, "what if?" shows the line and the moves to pick from at
    once, from the build's file; the same at every step as the engine gives it once it runs
    (the file refused, in a second tab)."""
    url = f"{site_url}/{lang}/{address}#{example}-step-0"
    early = open_tab(chromium, {"viewport": {"width": 1280, "height": 900}})
    held: list[Any] = []
    early.context.route(RUNTIME_WASM, lambda route: held.append(route))
    early.page.goto(url)
    widget(early.page, example).and_(early.page.locator("[data-state='live']")).wait_for()
    before = whatif_states(early.page, example, steps)
    # Moves to pick from, or the next round's deal to ask for.
    assert before and all(state["choices"] or state["deal"] for state in before.values())
    # A deal is asked for by its button alone: no player is asked to choose then.
    assert not [(step, state["prompt"]) for step, state in before.items()
                if state["deal"] and state["prompt"]]
    assert any(state["choices"] for state in before.values())
    # The engine never got its runtime: the moves came from the build.
    assert held and widget(early.page, example).get_attribute("data-engine") == "loading"
    assert [u for u in early.requests if f"/{examples.STARTS}{example}." in u]
    for route in held:
        route.abort()
    early.context.close()

    engine = open_tab(chromium, {"viewport": {"width": 1280, "height": 900}})
    engine.context.route(re.compile(rf".*/{examples.STARTS}.*\.json$"),
                         lambda route: route.abort())
    engine.page.goto(url)
    widget(engine.page, example).and_(engine.page.locator("[data-engine='ready']")).wait_for(
        timeout=LIVE_TIMEOUT_MS)
    after = whatif_states(engine.page, example, steps)
    assert after == before
    # Its only console errors are the refused files' (asked for again at each "what if?").
    assert engine.errors and set(engine.errors) == {"Failed to load resource: net::ERR_FAILED"}
    assert all(u.startswith(f"{site_url}/") for u in engine.requests)
    engine.context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])  # the languages whose nouns agree with a count
def test_a_pick_under_way_counts_its_cards_in_the_languages_plural(
        chromium: Browser, site_url: str, locales: Locales, lang: str) -> None:
    """The what-if line says how far a pick has gone: the Secret's one card in the singular
    ("0 of 1 card", « 0 sur 1 carte »: it read "cards chosen, 0 of 1"), the Gift's three in
    the plural. The moves come from the build's file: the engine is not started."""
    ui = locales.languages[lang].ui
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    no_engine(context)
    page, example = context.new_page(), "ex-marker-three-rounds"
    page.goto(f"{site_url}/{lang}/scoring/#{example}-step-1")
    box = widget(page, example)
    box.and_(page.locator("[data-state='live']")).wait_for()
    box.locator("[data-wi=start]").click()
    ready(page, example)
    for marker, name, cards, form in (("S", "widget.secret", 1, "one"),
                                      ("G", "widget.gift", 3, "other")):
        box.locator(f"[data-choice='{marker}']").click()
        count = ui["count.cards"][form].replace("{n}", str(cards))
        expected = ui["whatif.choosing"].format(marker=ui[name], chosen=0, count=count)
        assert box.locator(".rs-wi-choice").inner_text() == expected
    context.close()
