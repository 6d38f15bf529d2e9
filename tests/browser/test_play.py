"""The Play page in a real browser: whole games against the engine through the page's own
controls, the outcome it shows checked against the CPython engine's for the downloaded
record; a reload resumes the game; a shared link reopens the same position; damaged records
and links are refused in the page's language and the page keeps working; Stop and New game
while the engine thinks; an engine that cannot start forgets no saved game. For each game's
Play page (Love Letter's other tests: test_play_loveletter.py): the progress bar on a phone
while the runtime downloads, and New game pressed before the engine's module arrives."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import Tab, first_held, hold, open_tab
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from gamekit.hanamikoji import session
from hanamikoji import Game, Record, timeline
from rulesite.sources.locales import Locales

REPO = Path(__file__).resolve().parents[2]
LIVE_TIMEOUT_MS = 60_000  # booting Pyodide on a busy 2-core machine, with margin
GAME_SECONDS = 240  # a whole game at the default level, on a busy machine


def text_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def shown(page: Page, selector: str) -> str:
    return " ".join(page.locator(selector).inner_text().split())


def board(page: Page) -> str:
    """The board's markup as inserted (innerHTML writes a no-break space as an entity)."""
    return page.inner_html(".rs-play-board").replace("&nbsp;", "\u00a0")


def state(page: Page) -> str:
    return str(page.get_attribute("#rs-play", "data-state"))


def wait_state(page: Page, *states: str, timeout: int = LIVE_TIMEOUT_MS) -> str:
    selector = ", ".join(f'#rs-play[data-state="{s}"]' for s in states)
    page.wait_for_selector(selector, timeout=timeout)
    return state(page)


def new_game(page: Page, edition: str, seat: str, level: str = "default") -> None:
    page.select_option('select[name="edition"]', edition)
    page.select_option('select[name="level"]', level)
    page.check(f'input[name="seat"][value="{seat}"]')
    page.click('[data-act="new"]')
    wait_state(page, "play", "thinking")


def one_decision(page: Page) -> None:
    """The reader's decision, made with the page's controls: an offer answered on the board,
    or the first unused marker and the first cards the page lets them pick, then Play (or
    the first split of a Competition)."""
    offer = page.locator('.rs-play-board [data-part^="offer-"][role="button"]')
    if offer.count():
        offer.first.click()
        return
    page.locator('.hk-play-marker:not([aria-disabled="true"])').first.click()
    while not page.locator(".rs-play-panel [data-move]").count():
        page.locator('.rs-play-board [data-part^="hand-"][role="button"]'
                     ':not([aria-disabled="true"])[aria-pressed="false"]').first.click()
    page.locator(".rs-play-panel [data-move]").first.click()


def play_to_end(page: Page) -> None:
    deadline = time.monotonic() + GAME_SECONDS
    while time.monotonic() < deadline:
        now = wait_state(page, "play", "deal", "over", "failed", "stopped")
        assert now not in ("failed", "stopped"), shown(page, ".rs-play-status")
        if now == "over":
            return
        if now == "deal":
            page.click('[data-act="deal"]')
        else:
            one_decision(page)
        page.wait_for_selector('#rs-play:not([data-state="busy"])')
    raise AssertionError("the game did not end in time")


def downloaded_record(page: Page) -> str:
    with page.expect_download() as download:
        page.click('[data-act="download"]')
    return Path(download.value.path()).read_text(encoding="utf-8")


@pytest.fixture
def tab(chromium: Browser) -> Any:
    opened = open_tab(chromium, {"viewport": {"width": 390, "height": 844}})
    yield opened
    opened.context.close()


def start(tab: Tab, site_url: str, lang: str, fragment: str = "") -> Page:
    # Preload forced: a 390 px window counts as a phone, where the page waits for New game.
    tab.page.goto(f"{site_url}/{lang}/play/?rs-preload=1{fragment}")
    return tab.page


@pytest.mark.parametrize(("lang", "edition", "seat"), [("en", "emperors4", "A"),
                                                       ("fr", "kosmos", "B")])
def test_a_whole_game_ends_with_the_engines_outcome(tab: Tab, site_url: str, locales: Locales,
                                                    lang: str, edition: str,
                                                    seat: str) -> None:
    ui = locales.languages[lang].ui
    page = start(tab, site_url, lang)
    wait_state(page, "idle")
    new_game(page, edition, seat)
    play_to_end(page)
    record = Record.loads(downloaded_record(page))
    assert record.edition.value == edition
    game = record.replay()
    assert game.outcome is not None
    # The page says who won and why exactly as the engine's outcome reads in this language.
    steps = [step.to_json() for step in timeline(record)]
    expected = text_of(session._explain.Explainer(ui).final(steps))
    why = shown(page, ".rs-play-panel .rs-play-why")
    assert why.startswith(expected), (why, expected)
    winners = [p.name for p in game.outcome.winners]
    key = ("play.you_shared" if len(winners) == 2 else "play.nobody" if not winners
           else "play.you_won" if winners == [seat] else "play.you_lost")
    assert shown(page, ".rs-play-result") == " ".join(ui[key].split())  # as shown() reads it
    tab.assert_clean(site_url)


# Inside the screen, under Material's sticky header: the part is seen without scrolling.
ON_SCREEN = """(selector) => {
  const part = document.querySelector(selector);
  if (!part) return null;
  const box = part.getBoundingClientRect();
  const header = document.querySelector(".md-header");
  const top = header ? header.getBoundingClientRect().bottom : 0;
  return box.height > 0 && box.top >= top - 1 && box.bottom <= innerHeight + 1;
}"""
DECISION_PARTS = (".rs-play-board .hk-far .hk-side-name", ".rs-play-board .hk-row",
                  ".rs-play-board .hk-near .hk-hand")


def on_one_screen(page: Page, confirm: str) -> None:
    """The other seat's side, the geishas, the reader's hand and the control that confirms
    their decision are all on screen at once, once the page has scrolled them into view
    (smoothly, when the controls fall below the screen: play.js keepInView)."""
    parts = [*DECISION_PARTS, confirm]
    try:
        # A smooth scroll on a busy 2-core machine running two test workers can take
        # seconds: the wait is for it to end, not a speed limit.
        page.wait_for_function(f"(parts) => parts.every(({ON_SCREEN}))", arg=parts,
                               timeout=15_000)
    except PlaywrightTimeoutError:
        off = [s for s in parts if not page.evaluate(ON_SCREEN, s)]
        raise AssertionError((off, page.evaluate("scrollY"))) from None


def test_a_whole_game_as_player_b_on_a_phone_keeps_each_decision_on_one_screen(
        chromium: Browser, site_url: str) -> None:
    tab = open_tab(chromium, {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                              "has_touch": True, "device_scale_factor": 2})
    try:
        page = tab.page
        page.goto(f"{site_url}/en/play/")
        wait_state(page, "idle")
        new_game(page, "emperors4", "B", level="easy")
        # New game brought the board to the screen: nothing to scroll to find it.
        page.wait_for_function(f"({ON_SCREEN})('.rs-play-board .hk-far .hk-side-name')")
        decisions = 0
        deadline = time.monotonic() + GAME_SECONDS
        while time.monotonic() < deadline:
            now = wait_state(page, "play", "deal", "over", "failed", "stopped")
            assert now not in ("failed", "stopped"), shown(page, ".rs-play-status")
            if now == "over":
                break
            if now == "deal":
                page.click('[data-act="deal"]')
                page.wait_for_selector('#rs-play:not([data-state="busy"])')
                continue
            # The reader's own side is the one nearest them, below the geishas.
            assert page.locator('.rs-play-board [data-part="side-B"].hk-near').count() == 1
            offer = page.locator(".rs-play-panel [data-move]")
            if page.locator('.rs-play-board [data-part^="offer-"][role="button"]').count():
                on_one_screen(page, ".rs-play-panel [data-move]")
                offer.first.dispatch_event("click")
            else:
                page.locator('.hk-play-marker:not([aria-disabled="true"])').first \
                    .dispatch_event("click")
                while not page.locator(".rs-play-panel [data-move]").count():
                    page.locator('.rs-play-board [data-part^="hand-"][role="button"]'
                                 ':not([aria-disabled="true"])[aria-pressed="false"]').first \
                        .dispatch_event("click")
                on_one_screen(page, ".rs-play-panel [data-move]")
                # "… with 2, 6, and 7: press Play" (a Competition's splits say no cards):
                # the last chip keeps the colon on its line.
                assert not page.locator(".rs-play-panel .rs-btn-run[data-move]").count() \
                    or page.evaluate("""() => {
                  const chips = document.querySelectorAll(".rs-play-status .hk-chip");
                  const last = chips[chips.length - 1];
                  return Boolean(last && last.parentElement.matches(".rs-nobr")
                    && /[:\\uff1a]$/.test(last.parentElement.textContent)); }""")
                page.locator(".rs-play-panel [data-move]").first.dispatch_event("click")
            decisions += 1
            page.wait_for_selector('#rs-play:not([data-state="busy"])')
        else:
            raise AssertionError("the game did not end in time")
        assert decisions >= 4  # a round at least: four actions, and the answers to offers
        # Material's "Back to top" never covers the board here: the page goes without it.
        page.evaluate("window.scrollBy(0, -200)")
        assert page.evaluate("""() => { const top = document.querySelector(".md-top");
            return top === null || getComputedStyle(top).display === "none"; }""")
        tab.assert_clean(site_url)
    finally:
        tab.context.close()


def test_a_reload_resumes_the_game(tab: Tab, site_url: str) -> None:
    page = start(tab, site_url, "ja")
    wait_state(page, "idle")
    new_game(page, "emperors4-3-rounds", "A", level="easy")
    wait_state(page, "play")
    one_decision(page)
    wait_state(page, "play")
    one_decision(page)
    wait_state(page, "play", "deal")
    before = board(page)
    # The engine's hand and face-down cards are backs with no value on the reader's board.
    engine_side = page.locator('.rs-play-board [data-part="side-B"]')
    assert engine_side.locator(".hk-card:not(.hk-back)").count() == 0
    assert engine_side.locator(".hk-peek").count() == 0
    steps = page.locator(".rs-play-steps > li").count()
    assert steps >= 5  # start, deal, and two turns of each player at least
    listed = page.inner_text(".rs-play-steps")
    page.reload()
    wait_state(page, "play", "deal")
    # The same position from the same seat, and the same steps: the save holds every move
    # as A saw it (tests/browser/test_security.py checks that it holds none of B's cards).
    assert board(page) == before
    resumed = page.locator(".rs-play-steps > li").count()
    assert resumed == steps and page.inner_text(".rs-play-steps") == listed
    one_decision(page)  # and the game goes on from there
    wait_state(page, "play", "deal", "over")
    assert page.locator(".rs-play-steps > li").count() > resumed
    tab.assert_clean(site_url)


def reloaded_without_an_engine(tab: Tab) -> str:
    """The Play page of a game in progress reloaded with an engine that cannot start, then
    with one that can: the first says so and keeps the save in this browser, which the
    second resumes. The save, as it was before."""
    page = tab.page
    saved = str(page.evaluate("JSON.stringify(localStorage)"))
    broken = "**/assets/examples/worker.js"
    tab.context.route(broken, lambda route: route.fulfill(
        body='throw new Error("no engine in this test");', content_type="text/javascript"))
    page.reload()
    wait_state(page, "failed")  # said, and the save is kept for the next visit
    assert page.evaluate("JSON.stringify(localStorage)") == saved
    tab.context.unroute(broken)
    page.reload()
    wait_state(page, "play")
    return saved


def test_an_engine_that_cannot_start_forgets_no_saved_game(tab: Tab, site_url: str) -> None:
    page = start(tab, site_url, "en")
    wait_state(page, "idle")
    new_game(page, "emperors4-3-rounds", "A", level="easy")
    wait_state(page, "play")
    reloaded_without_an_engine(tab)


def a_record() -> str:
    game = Game(seed=21)
    game.deal()
    for _ in range(9):
        game.apply(game.legal_actions()[-1])
    return str(session.dump(Record.from_game(game)))


def test_a_shared_link_reopens_the_same_position(tab: Tab, site_url: str,
                                                 locales: Locales) -> None:
    ui = locales.languages["fr"].ui
    record = a_record()
    page = start(tab, site_url, "fr", "#" + session.link(record, 6))
    wait_state(page, "review")
    # The same board the CPython engine draws for that step, in French, every card shown.
    replay = session.replay(record, ui)
    index = session.step_of_moves(record, 6)["step"]
    assert board(page) == replay["boards"][index]
    assert shown(page, ".rs-play-counter") == ui["widget.counter"].format(
        step=index, total=len(replay["boards"]) - 1)
    page.click('[data-act="forward"]')
    assert board(page) == replay["boards"][index + 1]
    # Copy a link gives the link of the position shown; it opens that same position.
    tab.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.click('[data-act="share"]')
    link = page.locator(".rs-play-share input").input_value()
    assert link.endswith("#" + session.link(record, 7))
    other = tab.context.new_page()
    other.goto(link)
    wait_state(other, "review")
    assert board(other) == replay["boards"][index + 1]
    # Play on from there: the reader takes the seat to move, the game goes on from 7 moves.
    to_move = Record.loads(record).replay(7).to_move
    assert to_move is not None
    other.click('[data-act="play-on"]')
    wait_state(other, "play", "thinking", "deal")
    seat = to_move.name
    # Downloaded while the game goes on: the position as the reader's seat knows it.
    with other.expect_download() as download:
        other.click('[data-act="download"]')
    played = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    position = Record.loads(record).replay(7).position()
    assert played["seat"] == seat and "hands" not in played["start"]
    opened = Record.loads(session.load(json.dumps(played), ui)["record"]).replay(7)
    assert opened.position().to_json()["table"] == position.to_json()["table"]
    assert "#record=" not in other.url
    said = ui["play.you"].format(player=seat, engine="B" if seat == "A" else "A")
    assert shown(other, ".rs-play-status").startswith(" ".join(said.split()))
    tab.assert_clean(site_url)


def test_step_back_and_forward_are_a_thumbs_size_in_every_language(tab: Tab,
                                                                     site_url: str) -> None:
    """A shared link opens the game's steps on a 390 px phone: Step back and Step forward are
    at least 44 by 44 CSS px in each language (they were 18 px tall text)."""
    link = session.link(a_record(), 6)
    for lang in ("en", "fr", "ja", "id"):
        page = start(tab, site_url, lang, "#" + link)
        wait_state(page, "review")
        for act in ("back", "forward"):
            box = page.locator(f'.rs-play-replay [data-act="{act}"]').bounding_box()
            assert box is not None, (lang, act)
            assert box["width"] >= 44 and box["height"] >= 44, (lang, act, box)
    tab.assert_clean(site_url)


def in_view(page: Page, selector: str) -> bool:
    """Whether the first element of ``selector`` lies whole on the screen."""
    return bool(page.evaluate("""(selector) => { const box = document.querySelector(selector)
        .getBoundingClientRect(); return box.height > 0 && box.top >= 0
        && box.bottom <= innerHeight; }""", selector))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_hand_card_tapped_before_an_action_says_what_comes_first(
        chromium: Browser, site_url: str, locales: Locales, lang: str) -> None:
    """The review of 2026-11-25 (F7): on a phone, a hand card tapped before an action was
    chosen did nothing visible. Now the status line under the board says, in the reader's
    language, to choose an action first, and the action buttons are outlined, both on the
    screen of a 390 px phone; the card stays unpicked."""
    tab = open_tab(chromium, {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                              "has_touch": True})
    try:
        page = start(tab, site_url, lang)
        wait_state(page, "idle")
        new_game(page, "emperors4", "A", level="easy")
        wait_state(page, "play")
        card = page.locator('.rs-play-board [data-part^="hand-A-"]').nth(2)
        assert card.get_attribute("aria-disabled") == "true"  # no action chosen yet
        card.scroll_into_view_if_needed()
        box = card.bounding_box()
        assert box is not None
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        hint = text_of(locales.languages[lang].ui["play.hint.marker_first"])
        page.wait_for_function("(hint) => document.querySelector('.rs-play-status')"
                               ".textContent.includes(hint)", arg=hint)
        assert in_view(page, ".rs-play-status")
        marker = ".hk-play-marker:not([aria-disabled='true'])"
        assert in_view(page, marker)
        assert page.eval_on_selector(marker, "(m) => getComputedStyle(m).outlineStyle") == "solid"
        assert card.get_attribute("aria-pressed") == "false"
        tab.assert_clean(site_url)
    finally:
        tab.context.close()


def test_damaged_links_and_records_are_refused_and_the_page_keeps_working(
        tab: Tab, site_url: str, locales: Locales, tmp_path: Path) -> None:
    ui = locales.languages["id"].ui
    fragment = session.link(a_record())
    damaged = fragment[:-7]  # cut short
    page = start(tab, site_url, "id", "#" + damaged)
    wait_state(page, "idle")
    message = text_of(session.open_link(damaged, ui)["error"]["message"])
    assert shown(page, ".rs-play-error").startswith(message)
    # A record whose third move breaks a rule: refused with the move, its path and the rule.
    record = json.loads(a_record())
    record["moves"][2] = "G" + "7" * 3 if record["moves"][2][0] != "G" else "S7"
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(record), encoding="utf-8")
    page.set_input_files('[data-act="load"]', str(forged))
    refused = session.load(forged.read_text(encoding="utf-8"), ui)["error"]
    page.wait_for_selector(".rs-play-error p")
    assert shown(page, ".rs-play-error").startswith(text_of(refused["message"]))
    assert refused["rule"] and refused["path"] == "$.moves[2]"
    rule = page.locator(".rs-play-error a.rs-play-rule")
    assert (rule.get_attribute("href") or "").endswith(f"#{refused['rule']}")
    # Still working: a new game starts, and a good record file then loads.
    new_game(page, "emperors4", "A", level="easy")
    assert page.locator(".rs-play-error p").count() == 0
    good = tmp_path / "good.json"
    good.write_text(a_record(), encoding="utf-8")
    page.set_input_files('[data-act="load"]', str(good))
    wait_state(page, "review")
    assert page.locator(".rs-play-error p").count() == 0
    tab.assert_clean(site_url)


# Every state the Play page passes through, in order (window.rsStates): a thinking state can
# be shorter than a polling interval on a busy machine, so it is recorded rather than waited
# for. An init script.
RECORD_STATES = """
    window.rsStates = [];
    new MutationObserver(() => {
      const root = document.getElementById("rs-play");
      if (root && root.dataset.state !== window.rsStates.at(-1)) {
        window.rsStates.push(root.dataset.state);
      }
    }).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-state"]});
"""


def click_while_thinking(page: Page, selector: str,
                         decide: Callable[[Page], None] = one_decision) -> None:
    """Clicks ``selector`` at a moment the engine is thinking: the check and the click are one
    step of the page's script, since a move can take less than a polling interval. While the
    reader is to move, they make a decision (``decide``, the game's), until the engine's turn
    is caught."""
    for _ in range(40):
        wait_state(page, "thinking", "play", "deal")
        if page.evaluate("""selector => {
              if (document.getElementById("rs-play").dataset.state !== "thinking") return false;
              document.querySelector(selector).click();
              return true;
            }""", selector):
            return
        if state(page) == "play":
            decide(page)
        elif state(page) == "deal":
            page.click('[data-act="deal"]')
        page.wait_for_selector('#rs-play:not([data-state="busy"])')
    raise AssertionError("the engine was never caught thinking")


def test_stop_and_new_game_while_the_engine_thinks(tab: Tab, site_url: str,
                                                   locales: Locales) -> None:
    ui = locales.languages["en"].ui
    page = tab.page
    page.add_init_script(RECORD_STATES)
    start(tab, site_url, "en")
    wait_state(page, "idle")
    new_game(page, "emperors4", "B", level="strong")  # the engine starts
    click_while_thinking(page, '[data-act="stop"]')
    wait_state(page, "stopped")
    assert shown(page, ".rs-play-status") == ui["play.status.stopped"]
    mark = page.evaluate("window.rsStates.length")
    page.click('[data-act="resume"]')
    # Resume: the engine thinks again and carries on.
    page.wait_for_function("mark => window.rsStates.slice(mark).includes('thinking')", arg=mark,
                           timeout=LIVE_TIMEOUT_MS)
    # New game at any time: the search in progress is dropped, the new game starts and no late
    # answer of the old one lands on it.
    page.select_option('select[name="edition"]', "kosmos")
    page.select_option('select[name="level"]', "easy")
    page.check('input[name="seat"][value="A"]')
    click_while_thinking(page, '[data-act="new"]')
    wait_state(page, "play")
    page.wait_for_timeout(1500)
    assert state(page) == "play"
    assert page.locator(".rs-play-steps > li").count() == 2  # start and deal
    tab.assert_clean(site_url)


# Each game's Play page, in English, and a level of its opponents.
PLAY_PAGES = pytest.mark.parametrize(("play", "level"), [("play/", "easy"),
                                                         ("love-letter/play/", "random")],
                                     ids=["hanamikoji", "loveletter"])


@PLAY_PAGES
def test_on_a_phone_the_runtime_loads_as_the_play_page_opens_with_a_progress_bar(
        tab: Tab, site_url: str, play: str, level: str) -> None:
    page = tab.page
    # The runtime's largest file held until the page is up, as on a slow connection: on the
    # loopback the whole download can end before the page's module listens to it.
    wasm = "pyodide.asm.wasm"
    held = hold(tab, wasm)
    # Each value and maximum the bar shows while it is shown, recorded as they change: the
    # rest of the download can end between two polls.
    page.add_init_script("""
        window.rsBar = [];
        new MutationObserver(() => {
          const bar = document.querySelector(".rs-play-progress");
          if (bar && !bar.hidden) window.rsBar.push([bar.value, bar.max]);
        }).observe(document, {subtree: true, attributes: true,
                              attributeFilter: ["hidden", "value", "max"]});
    """)
    # A reader who opens the Play page came to play: the download starts at once, on a 390 px
    # phone too (a rules page on a phone loads nothing: test_runtime_loading.py).
    page.goto(f"{site_url}/en/{play}")
    page.wait_for_selector('#rs-play[data-state="idle"][data-engine="loading"]')
    first_held(page, held, wasm).continue_()  # once the worker has asked for it
    # The bar follows the bytes the worker receives (megabytes), then goes once the engine
    # is up.
    page.wait_for_selector('#rs-play[data-engine="ready"] .rs-play-progress[hidden]',
                           state="attached", timeout=LIVE_TIMEOUT_MS)
    bar = page.evaluate("window.rsBar")
    assert any(top > 1e6 and 0 < value <= top for value, top in bar), bar
    # No tap yet, and the worker has fetched the runtime.
    assert [url for url in tab.requests if "pyodide" in url and ".wasm" in url]
    page.click('[data-act="new"]')
    wait_state(page, "play", "thinking")
    tab.assert_clean(site_url)


@PLAY_PAGES
def test_new_game_pressed_before_the_engine_module_arrives_starts_the_game(
        tab: Tab, site_url: str, play: str, level: str) -> None:
    # On a slow connection the reader may press New game while play.js still waits for the
    # engine's module: the press must start the game once it arrives, never reload the page
    # with the settings in its address (the CI failure this test comes from).
    engine = "assets/examples/runtime.js"
    held = hold(tab, engine)
    page = tab.page
    # Not "load": the page's start.js (async) holds it until the engine module arrives.
    page.goto(f"{site_url}/en/{play}", wait_until="domcontentloaded")
    # start.js, then play.js (it has run by now), asked for the engine module.
    arriving = first_held(page, held, engine)
    page.select_option('select[name="level"]', level)
    page.click('[data-act="new"]')
    page.wait_for_timeout(300)  # a native form submission would navigate by now
    assert page.url == f"{site_url}/en/{play}" and state(page) == "static"
    arriving.continue_()
    assert wait_state(page, "play", "thinking")
    assert page.url == f"{site_url}/en/{play}"
    tab.assert_clean(site_url)
