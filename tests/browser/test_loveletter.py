"""Love Letter's pages in a real browser (Debian's Chromium, the real site on 127.0.0.1).

Its live examples run in the page's worker (the engine named by the page, ``loveletter``) and
give exactly the build-time steps, words, boards and outcome, in English and in Japanese;
a step is chosen from the keyboard; an error names its line in the page's language and the
widget keeps working; "what if?" plays another move for whichever seat is to move, refuses a
move the rules forbid naming the rule, lets the computer finish the round, and its Share
link opens that line on the Play page, which refuses a forged one; in French and Indonesian
too, a refusal is in the page's language; a what-if module that does not arrive is said as
such, the steps still working; nothing leaves the origin. Its pages without examples loading
nothing of Pyodide are in test_examples.py, the accessibility and 320 px checks of its pages
in test_accessibility.py, its side-by-side pages in test_teachers.py.

The tests of one language share one tab booted on the Cards page (most of the examples, one
per card effect), as a reader stepping through them would: Pyodide boots once per language.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from conftest import Tab, no_engine, open_tab
from playwright.sync_api import Browser, Locator, Page
from test_accessibility import focused
from test_examples import (
    LIVE_TIMEOUT_MS,
    STEP_HTML,
    built,
    engines,
    fill,
    normalised,
    run_and_wait,
    wait_live,
    widget,
)

import gamekit
from gamekit.loveletter import session
from loveletter import Record, parse_move
from rulesite.pages import examples
from rulesite.sources.locales import Locales, load

REPO = Path(__file__).resolve().parents[2]
FOLDER = "love-letter/"
LIVE_LANGS = ("en", "ja")  # a Latin script and a CJK one; every language: tests/site
CARDS = "cards"  # the page of the card effects, where the tab boots


@cache
def ll() -> Locales:
    return load(REPO / "locales", "loveletter")


def example_ids(page_id: str) -> list[str]:
    """The examples of ``page_id``, in page order."""
    structure = ll().structure
    return [block.id for page in structure.pages if page.id == page_id
            for section in page.sections for block in section.blocks
            if block.kind == "example"]


def shown_code(example_id: str, lang: str) -> str:
    """The example's code as a ``lang`` page shows it: comments in that language."""
    text = ll().languages[lang].text["examples"][example_id]
    return examples.localize(ll().structure.examples[example_id].spec["code"],
                             text.get("comments", {}))


@dataclass
class Booted:
    """One language's tab, its engine started on the Cards page."""

    tab: Tab
    lang: str
    site_url: str

    def on(self, page_id: str) -> Page:
        """The tab on Love Letter's ``page_id``, opened only if it is not there already."""
        url = f"{self.site_url}/{self.lang}/{FOLDER}{page_id}/"
        if self.tab.page.url.split("#")[0] != url:
            self.tab.page.goto(url)
        return self.tab.page


@pytest.fixture(scope="module", params=LIVE_LANGS)
def booted(request: pytest.FixtureRequest, chromium: Browser, site_url: str) -> Iterator[Booted]:
    opened = open_tab(chromium, {"viewport": {"width": 1280, "height": 900}})
    state = Booted(opened, request.param, site_url)
    page = state.on(CARDS)
    wait_live(page, example_ids(CARDS)[0])
    yield state
    opened.context.close()


@pytest.fixture
def tab(booted: Booted) -> Tab:
    """The booted tab (conftest.py reports its engine's state if a test fails)."""
    return booted.tab


def test_examples_replay_live_as_built(booted: Booted, tab: Tab) -> None:
    lang, page = booted.lang, booted.on(CARDS)
    ids = example_ids(CARDS)
    assert len(ids) >= 10  # every card effect and its edge cases
    static = built(page, ids)
    # The page names the game whose engine the worker imports; one worker for the page.
    assert page.evaluate(
        "JSON.parse(document.getElementById('rs-config').textContent).game") == "loveletter"
    assert len(engines(page)) == 1
    for example_id in ids:
        wait_live(page, example_id)  # the engine in the page replayed it: the same timeline
        data = static[example_id]["data"]
        assert (data["lang"], data["id"]) == (lang, example_id)
        last = len(data["result"]["steps"]) - 1
        box = widget(page, example_id)
        # Drawn by the worker for the last step: the board the build drew.
        page.evaluate(f"location.hash = '#{example_id}-step-{last}'")
        page.wait_for_selector(f"[id='{example_id}'] .rs-ex[data-step='{last}']")
        assert box.locator(".rs-ex-board").inner_html() == normalised(
            page, static[example_id]["board"]), example_id
        assert box.locator(".rs-ex-steps > li").count() == last + 1
        # Editable, its comments in the page's language; "what if?" offered at every step.
        assert box.locator("textarea").input_value() == shown_code(example_id, lang)
        assert box.locator("textarea").get_attribute("readonly") is None
        assert box.locator("[data-wi=start]").is_visible()
    # Run replays the code in the browser: the same words and outcome as the build's.
    for example_id in (ids[0], "ex-priest"):  # the Spy; a look only its player may know
        run_and_wait(page, example_id)
        box = widget(page, example_id)
        assert box.get_attribute("data-live") == "verified"
        assert box.get_attribute("data-error") in ("", None)
        live = box.locator(".rs-ex-steps > li").evaluate_all(STEP_HTML)
        assert live == [normalised(page, html) for html in static[example_id]["steps"]]
        assert box.locator(".rs-ex-outcome").inner_html() == normalised(
            page, static[example_id]["outcome"])
    tab.assert_clean(booted.site_url)


def test_steps_by_keyboard(booted: Booted, tab: Tab) -> None:
    page = booted.on(CARDS)
    ui = ll().languages[booted.lang].ui
    example = "ex-guard"  # four steps: the game, the deal, a miss, a hit
    root = widget(page, example)
    wait_live(page, example)
    assert root.locator(".rs-ex-steps > li").count() == 4
    # The step buttons: Back from the last step to the first; focus then moves to Forward.
    page.evaluate(f"location.hash = '#{example}-step-3'")
    page.wait_for_selector(f"[id='{example}'] .rs-ex[data-step='3']")
    root.locator("[data-act=back]").focus()
    for _ in range(3):
        page.keyboard.press("Enter")
    assert root.get_attribute("data-step") == "0"
    assert focused(page) == "forward"
    page.keyboard.press("Enter")
    assert root.get_attribute("data-step") == "1"
    # Tab reaches "what if?" and Share, then the list of steps, where arrows, Home and End
    # choose a step and the live region says which.
    stops = []
    for _ in range(8):
        page.keyboard.press("Tab")
        stops.append(focused(page))
        if stops[-1].startswith(f"{example}-step-"):
            break
    assert stops[-1] == f"{example}-step-1", stops
    assert {"start", "share"} <= set(stops), stops
    page.keyboard.press("ArrowDown")
    assert (root.get_attribute("data-step"), focused(page)) == ("2", f"{example}-step-2")
    counter = ui["widget.counter"].format(step=2, total=3)
    assert (root.locator("[aria-live]").text_content() or "").startswith(f"{counter}. ")
    page.keyboard.press("Home")
    assert (root.get_attribute("data-step"), focused(page)) == ("0", f"{example}-step-0")
    page.keyboard.press("End")
    assert root.get_attribute("data-step") == "3"
    assert root.locator(f"[id='{example}-step-3']").get_attribute("aria-current")
    tab.assert_clean(booted.site_url)


def test_an_error_names_its_line_in_the_page_language(booted: Booted, tab: Tab) -> None:
    page = booted.on(CARDS)
    ui = ll().languages[booted.lang].ui
    example = "ex-guard"
    code = shown_code(example, booted.lang)
    # Naming the Guard with a Guard breaks a rule: the engine says which, on which line.
    broken = code.replace('parse_move("1>B=7")', 'parse_move("1>B=1")')
    assert broken != code
    error = gamekit.run("loveletter", broken, ui)["error"]
    line = next(n for n, text in enumerate(broken.splitlines(), 1) if "1>B=1" in text)
    assert error["line"] == line
    wait_live(page, example)
    box = widget(page, example)
    box.locator("textarea").fill(broken)
    run_and_wait(page, example)
    message = box.locator(".rs-ex-error").inner_text()
    assert message == fill(ui["error.line"], line=line,
                           error=f"{error['type']}: {error['message']}")
    # The widget keeps working: restored, the code runs and gives the page's steps again.
    box.locator("[data-act=reset]").click()
    run_and_wait(page, example)
    assert box.locator(".rs-ex-error").is_hidden()
    assert box.get_attribute("data-live") == "verified"
    tab.assert_clean(booted.site_url)


def test_what_if_plays_any_seat_refuses_a_rule_and_shares_its_line(booted: Booted,
                                                                  tab: Tab) -> None:
    """"What if?" at step 1 of the Guard's example: A names B's card instead (a hit), the
    computer deals and plays the next round to its end, Share's link opens that line on the
    Play page (a forged one is refused there, in the reader's language), and the example's
    line is one click away; at step 1 of the Countess's example the King is refused with its
    rule."""
    lang, page = booted.lang, booted.on(CARDS)
    ui = ll().languages[lang].ui
    example = "ex-guard"
    record = examples.compute(example, ll().structure.examples[example].spec["code"],
                              "loveletter")["record"]
    original = Record.from_json(json.loads(record))
    box = what_if_at(page, example, 1)
    steps_before = len(original.moves) + 1  # back to the example: all of its steps again
    # A's choices are the engine's: its hand's two cards, then B, then the cards to name.
    legal = session.position(cut_at(record, 1), ui)["legal"]
    assert legal == ["1>B=0", "1>B=2", "1>B=3", "1>B=4", "1>B=5", "1>B=6", "1>B=7", "1>B=8",
                     "1>B=9", "3>B"]
    choices = box.locator(".rs-wi-choose [data-choice]")
    assert choices.evaluate_all("bs => bs.map(b => b.dataset.choice)") == ["card:1", "card:3"]
    assert box.locator(".rs-wi-prompt").inner_text() == fill(
        ui["ll.whatif.ask"], player="A", ask=ui["ll.play.ask.card"])
    box.locator("[data-choice='card:1']").click()
    assert choices.evaluate_all("bs => bs.map(b => b.dataset.choice)") == [
        "card:1", "card:3", "target:B"]
    box.locator("[data-choice='target:B']").click()
    guesses = [m.split("=")[1] for m in legal if m.startswith("1>")]
    assert choices.evaluate_all("bs => bs.map(b => b.dataset.choice)") == [
        "card:1", "card:3", "target:B", *(f"guess:{g}" for g in guesses)]
    assert box.locator("[data-wi=play]").is_disabled()
    box.locator("[data-choice='guess:2']").click()  # B's card: a hit
    move = fill(ui["ll.whatif.guess"], player="A", card=ui["ll.card.1"], target="B",
                guess=ui["ll.card.2"])
    assert box.locator(".rs-wi-choice").inner_text() == fill(ui["whatif.chosen"], move=move)
    box.locator("[data-wi=play]").click()
    whatif_ready(page, example, 2)
    mine = session.dump(Record(original.players, original.variant,
                               (*original.moves[:1], parse_move("1>B=2"))))
    words = session.replay(mine, ui)
    assert box.locator(".rs-ex-steps > li.rs-wi-step").count() == 1
    assert box.locator(".rs-ex-steps > li.rs-wi-step").inner_text().endswith(
        text_of(page, words["steps"][2]["html"]))
    # The round is over: the computer deals the next one and plays it to its end.
    assert box.locator("[data-wi=play]").is_hidden()
    assert box.locator("[data-wi=computer]").inner_text() == ui["ll.whatif.computer"]
    box.locator("[data-wi=computer]").click()
    page.wait_for_function(
        """id => { const root = document.querySelector(`[id='${id}'] .rs-ex`);
                   return root.dataset.wiBusy !== "1"
                     && root.querySelector("[data-wi=stop]").hidden; }""",
        arg=example, timeout=LIVE_TIMEOUT_MS)
    assert box.get_attribute("data-wi-error") in ("", None)
    # Share: the line's record, checked here by the engine, at its last step.
    box.locator("[data-share]").click()
    link = box.locator("[data-share]").get_attribute("data-link") or ""
    assert link.startswith(f"{booted.site_url}/{lang}/{FOLDER}play/#record=")
    fields = dict(part.split("=", 1) for part in urlsplit(link).fragment.split("&"))
    text = base64.urlsafe_b64decode(fields["record"] + "=" * (-len(fields["record"]) % 4))
    line = Record.from_json(json.loads(text))
    assert line.moves[:2] == (*original.moves[:1], parse_move("1>B=2"))
    assert int(fields["step"]) == len(line.moves) > 3
    game = line.replay()
    assert game.round_number == 2 and game.to_move is None  # round 2 played to its end
    assert box.locator(".rs-ex-steps > li").count() == len(line.moves) + 1
    assert box.locator("[data-wi=deal]").is_visible()  # the reader deals round 3
    other = tab.context.new_page()
    try:
        other.goto(link)
        other.wait_for_selector('#rs-play[data-state="review"]', timeout=LIVE_TIMEOUT_MS)
        assert other.inner_html(".rs-play-board") == box.locator(".rs-ex-board").inner_html()
        assert other.locator(".rs-play-steps > li").count() == len(line.moves) + 1
        # The same link with a move no rule allows (naming the Guard): refused, saying why.
        forged = json.loads(text)
        forged["moves"][1] = "1>B=1"
        data = base64.urlsafe_b64encode(json.dumps(forged).encode()).decode().rstrip("=")
        other.goto(f"{booted.site_url}/{lang}/{FOLDER}play/#record={data}&step=2")
        other.wait_for_selector(".rs-play-error p", timeout=LIVE_TIMEOUT_MS)
        error = " ".join(other.locator(".rs-play-error").inner_text().split())
        assert " ".join(ui["ll.illegal.guard-guess"].split()) in error
        assert other.locator("#rs-play").get_attribute("data-state") == "idle"
    finally:
        other.close()
    # One click back to the example's line, at the step the reader left it.
    box.locator("[data-wi=original]").click()
    assert box.get_attribute("data-step") == "1"
    assert box.get_attribute("data-source") != "whatif"
    assert box.locator(".rs-ex-steps > li").count() == steps_before
    assert box.locator(".rs-wi").is_hidden()

    # The Chancellor's example at its choice: the card to keep, then the order of the others.
    example = "ex-chancellor"
    box = what_if_at(page, example, 2)
    choices = box.locator(".rs-wi-choose [data-choice]")
    assert choices.evaluate_all("bs => bs.map(b => b.dataset.choice)") == [
        "keep:2", "keep:3", "keep:9"]
    box.locator("[data-choice='keep:2']").click()  # not the example's Princess
    assert choices.evaluate_all("bs => bs.map(b => b.dataset.choice)")[3:] == [
        "order:K2/93", "order:K2/39"]
    box.locator("[data-choice='order:K2/39']").click()
    box.locator("[data-wi=play]").click()
    whatif_ready(page, example, 3)
    kept = session.play(cut_at(examples.compute(
        example, ll().structure.examples[example].spec["code"], "loveletter")["record"], 2),
        "K2/39", ui)["record"]
    assert box.locator(".rs-ex-steps > li.rs-wi-step").inner_text().endswith(
        text_of(page, session.replay(kept, ui)["steps"][3]["html"]))
    box.locator("[data-wi=original]").click()

    # The Countess's example: with the King beside her, only the Countess may be played.
    example = "ex-countess-forced"
    box = what_if_at(page, example, 1)
    only = fill(ui["ll.whatif.play"], player="A", card=ui["ll.card.8"])
    assert box.locator(".rs-wi-prompt").inner_text() == fill(ui["whatif.only_move"], move=only)
    king = box.locator("[data-choice='card:7']")
    assert king.get_attribute("aria-disabled") == "true"  # offered, marked
    king.dispatch_event("click")  # aria-disabled: Playwright would wait for it to be enabled
    whatif_ready(page, example, 1)
    error = box.locator(".rs-wi-error")
    label = ui["ll.play.rule"].format(number=ll().structure.numbers["countess-forced"])
    assert " ".join(error.inner_text().split()) == " ".join(
        ui["ll.illegal.countess-forced"].split()) + " " + label
    assert (error.locator("a.rs-wi-rule").get_attribute("href") or "").endswith(
        "#countess-forced")
    assert box.locator(".rs-ex-steps > li").count() == 2  # nothing was played
    box.locator("[data-wi=play]").click()  # the Countess
    whatif_ready(page, example, 2)
    assert box.get_attribute("data-wi-error") in ("", None)
    box.locator("[data-wi=original]").click()
    tab.assert_clean(booted.site_url)


@pytest.mark.parametrize("lang", ["fr", "id"])
def test_what_if_refuses_a_move_in_the_pages_language_then_plays_a_legal_one(
        chromium: Browser, site_url: str, lang: str) -> None:
    """French and Indonesian (the tests above run in English and Japanese): at step 1 of the
    Countess's example, the King is refused with that language's statement of the rule it
    breaks, the one the engine names; nothing is played; then the Countess plays."""
    ui = ll().languages[lang].ui
    example = "ex-countess-forced"
    record = examples.compute(example, ll().structure.examples[example].spec["code"],
                              "loveletter")["record"]
    refused = session.play(cut_at(record, 1), "7>B", ui)["error"]
    assert refused["rule"] == "countess-forced"
    tab = open_tab(chromium, {"viewport": {"width": 1280, "height": 900}})
    try:
        page = tab.page
        page.goto(f"{site_url}/{lang}/{FOLDER}{CARDS}/")
        box = what_if_at(page, example, 1)
        king = box.locator("[data-choice='card:7']")
        assert king.get_attribute("aria-disabled") == "true"
        king.dispatch_event("click")  # aria-disabled: Playwright would wait for it
        page.wait_for_selector(f"[id='{example}'] .rs-ex[data-wi-error='1']",
                               timeout=LIVE_TIMEOUT_MS)
        # The refusal's own words, then the link to the rule it names, labelled as the Play
        # page labels it.
        rule = box.locator(".rs-wi-error a.rs-wi-rule")
        label = ui["ll.play.rule"].format(number=ll().structure.numbers["countess-forced"])
        assert rule.inner_text() == label
        said = " ".join(box.locator(".rs-wi-error").inner_text().split())
        assert said.removesuffix(" " + label) == " ".join(
            text_of(page, refused["message"]).split()) == " ".join(
            ui["ll.illegal.countess-forced"].split())
        assert box.locator(".rs-ex-steps > li").count() == 2  # nothing was played
        # The link goes to the rule, on this page, and leaves the example as it was.
        rule.click()
        page.wait_for_url(re.compile(r".*#countess-forced$"))
        assert page.locator("[id='countess-forced']").is_visible()
        assert box.locator(".rs-wi-error a.rs-wi-rule").is_visible()
        only = fill(ui["ll.whatif.play"], player="A", card=ui["ll.card.8"])
        assert box.locator(".rs-wi-prompt").inner_text() == fill(ui["whatif.only_move"],
                                                                 move=only)
        box.locator("[data-wi=play]").click()  # the Countess
        whatif_ready(page, example, 2)
        assert box.get_attribute("data-wi-error") in ("", None)
        played = session.play(cut_at(record, 1), "8", ui)["record"]
        assert box.locator(".rs-ex-steps > li.rs-wi-step").inner_text().endswith(
            text_of(page, session.replay(played, ui)["steps"][2]["html"]))
        tab.assert_clean(site_url)
    finally:
        tab.context.close()


def test_a_chooser_that_does_not_arrive_is_said_and_the_steps_still_work(
        chromium: Browser, site_url: str) -> None:
    """The game's what-if module (gamekit.Plugin.whatif) cannot be downloaded: "what if?"
    says so in the page's language, not as the engine's failure, and the example's steps
    still move back and forth. The engine is kept from starting: the module fails first."""
    ui = ll().languages["id"].ui
    example = "ex-guard"
    tab = open_tab(chromium, {"viewport": {"width": 1280, "height": 900}})
    try:
        no_engine(tab.context)
        tab.context.route(re.compile(r".*/assets/play/loveletter/whatif\.js(\?.*)?$"),
                          lambda route: route.abort())
        page = tab.page
        page.goto(f"{site_url}/id/{FOLDER}{CARDS}/#{example}-step-1")
        box = widget(page, example)
        box.and_(page.locator("[data-state='live']")).wait_for()
        box.locator("[data-wi=start]").click()
        page.wait_for_selector(f"[id='{example}'] .rs-ex[data-wi-error='1']",
                               timeout=LIVE_TIMEOUT_MS)
        assert box.locator(".rs-wi-error").inner_text() == ui["whatif.chooser_failed"]
        assert any(url.endswith("/assets/play/loveletter/whatif.js") for url in tab.requests)
        # The example's own steps, still there and still working.
        box.locator("[data-wi=original]").click()
        assert box.locator(".rs-wi").is_hidden()
        assert box.get_attribute("data-step") == "1"
        box.locator("[data-act=forward]").click()
        assert box.get_attribute("data-step") == "2"
        box.locator("[data-act=back]").click()
        box.locator("[data-act=back]").click()
        assert box.get_attribute("data-step") == "0"
        assert not [url for url in tab.requests if not url.startswith(f"{site_url}/")]
    finally:
        tab.context.close()


def cut_at(record: str, moves: int) -> str:
    """The record (JSON text) of its first ``moves`` moves."""
    data = json.loads(record)
    data["moves"] = data["moves"][:moves]
    return json.dumps(data)


def what_if_at(page: Page, example_id: str, step: int) -> Locator:
    """The example's widget, once live, with "what if?" asked at ``step`` and ready."""
    wait_live(page, example_id)
    box = widget(page, example_id)
    page.evaluate(f"location.hash = '#{example_id}-step-{step}'")
    page.wait_for_selector(f"[id='{example_id}'] .rs-ex[data-step='{step}']")
    box.locator("[data-wi=start]").click()
    whatif_ready(page, example_id, step)
    return box


def whatif_ready(page: Page, example_id: str, step: int) -> None:
    """Waits until the what-if line is on screen at ``step`` and idle."""
    page.wait_for_selector(f"[id='{example_id}'] .rs-ex[data-whatif='1'][data-step='{step}']"
                           ":not([data-wi-busy='1'])", timeout=LIVE_TIMEOUT_MS)


def text_of(page: Page, html: str) -> str:
    """The text a browser shows for ``html``."""
    return str(page.evaluate(
        "html => { const t = document.createElement('template'); t.innerHTML = html;"
        " return t.content.textContent; }", html)).strip()


def test_the_end_pages_example_replays_live_as_built(booted: Booted, tab: Tab) -> None:
    """Last: it leaves the Cards page (the tie at the end of the deck)."""
    page = booted.on("end")
    ids = example_ids("end")
    assert ids
    static = built(page, ids)
    for example_id in ids:
        wait_live(page, example_id)
        run_and_wait(page, example_id)
        box = widget(page, example_id)
        assert box.get_attribute("data-live") == "verified"
        assert box.locator(".rs-ex-steps > li").evaluate_all(STEP_HTML) == [
            normalised(page, html) for html in static[example_id]["steps"]]
        assert box.locator(".rs-ex-outcome").inner_html() == normalised(
            page, static[example_id]["outcome"])
    tab.assert_clean(booted.site_url)
