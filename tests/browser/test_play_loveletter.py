"""Love Letter's Play page in a real browser, on a 390 px phone: whole games against the engine
through the page's own controls (the hand, the choice and "Play" on screen at each decision,
the outcome the CPython engine's for the downloaded record); the other players' cards never in
the page; the Priest's look shown to the reader who played it; a card the rules forbid
refused with its rule; a shared link reopened; a damaged link refused in the page's language;
the variant narrowing the player counts; a game in progress saved in the browser, shared and
downloaded as the reader's seat knows it (none of the other seats' cards), and resumed at the
same decision after a reload or from its link; a link to another game asks before it replaces
the game saved; Stop and New game while the opponents think; an engine that cannot start
forgets no saved game; a 6-player game on a 320 px phone, nothing scrolling sideways. Its
progress bar and New game pressed early: test_play.py, with Hanamikoji's."""

from __future__ import annotations

import base64
import json
import re
import time
from pathlib import Path

import pytest
from conftest import Tab, open_tab
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from test_accessibility import axe_problems, sideways
from test_play import (
    ON_SCREEN,  # inside the screen, under Material's sticky header
    RECORD_STATES,
    click_while_thinking,
    reloaded_without_an_engine,
)

from gamekit.loveletter import session
from loveletter import SEATS, Card, Deal, Game, Record
from rulesite.sources.locales import Locales, load

REPO = Path(__file__).resolve().parents[2]
LIVE_TIMEOUT_MS = 60_000  # booting Pyodide on a busy 2-core machine, with margin
GAME_SECONDS = 300  # a whole game of several rounds on a busy machine
PANEL = ".rs-play-panel"
# Seeds of new_game(2, "standard", seed) whose first deal gives player A, who starts:
# two Priests (PRIEST_SEED), the Countess with a Prince (COUNTESS_SEED). Checked below.
PRIEST_SEED = 5
COUNTESS_SEED = 213


# Session-scoped: nothing in it is the module's own (tests/conftest.py would otherwise ask
# xdist to keep the file's tests, its whole games among them, in one process).
@pytest.fixture(scope="session")
def ll() -> Locales:
    return load(REPO / "locales", "loveletter")


def seeded(*seeds: int) -> str:
    """An init script: the page's first calls for a fresh seed (play.js fresh()) get
    ``seeds`` in turn, so that a test knows the deal; later calls stay random."""
    return ("(() => { const seeds = " + json.dumps(list(seeds)) + ";"
            " const real = crypto.getRandomValues.bind(crypto);"
            " crypto.getRandomValues = (a) => { if (a instanceof Uint32Array && a.length === 1"
            " && seeds.length) { a[0] = seeds.shift(); return a; } return real(a); }; })();")


def phone(chromium: Browser, init_script: str | None = None, width: int = 390) -> Tab:
    return open_tab(chromium, {"viewport": {"width": width, "height": 844}, "is_mobile": True,
                               "has_touch": True, "device_scale_factor": 2}, init_script)


def state(page: Page) -> str:
    return str(page.get_attribute("#rs-play", "data-state"))


def wait_state(page: Page, *states: str, timeout: int = LIVE_TIMEOUT_MS) -> str:
    page.wait_for_selector(", ".join(f'#rs-play[data-state="{s}"]' for s in states),
                           timeout=timeout)
    return state(page)


def shown(page: Page, selector: str) -> str:
    return " ".join(page.locator(selector).inner_text().split())


def words(text: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", text).split())


def open_play(tab: Tab, site_url: str, lang: str = "en", fragment: str = "") -> Page:
    # Preload forced: a 390 px window counts as a phone, where the page waits for New game.
    tab.page.goto(f"{site_url}/{lang}/love-letter/play/?rs-preload=1{fragment}")
    return tab.page


def new_game(page: Page, players: int, variant: str = "standard",
             level: str = "heuristic") -> None:
    page.select_option('select[name="variant"]', variant)
    page.select_option('select[name="players"]', str(players))
    page.select_option('select[name="level"]', level)
    page.click('[data-act="new"]')
    wait_state(page, "play", "thinking", "deal", "over")


def on_one_screen(page: Page, *parts: str) -> None:
    try:
        page.wait_for_function(f"(parts) => parts.every(({ON_SCREEN}))", arg=list(parts),
                               timeout=5000)
    except PlaywrightTimeoutError:
        off = [s for s in parts if not page.evaluate(ON_SCREEN, s)]
        raise AssertionError((off, page.evaluate("scrollY"))) from None


def hidden_cards_hidden(page: Page, ui: dict[str, str]) -> None:
    """The page holds no other player's card it may not show: while a round is played,
    every other hand is card backs but for the one card the reader's Priest, Baron or King
    showed (its label says so); the set-aside card is a back; no record is in the page."""
    html = page.content()
    assert "loveletter-record" not in html and '"moves"' not in html
    assert page.locator('.rs-play-board [data-part="set-aside"] .ll-card:not(.ll-back)') \
        .count() == 0
    if page.get_attribute(".rs-play-board .ll-board", "data-phase") != "play":
        return  # a round's end shows the hands still in: the rules show them
    for hand in page.locator('.rs-play-board [data-part^="hand-"]').all():
        if hand.get_attribute("data-part") == "hand-A":
            continue
        faces = hand.locator(".ll-card:not(.ll-back)").count()
        label = " ".join(hand.locator(".rs-small").inner_text().split())
        assert faces == 0 or (faces == 1 and label == ui["ll.board.hand_seen"]), \
            (label, hand.inner_html())


def decide(page: Page) -> None:
    """The reader's decision with the page's controls: the first open card, player and
    named card (or the card to keep and an order), then "Play"; the hand, the choice and
    "Play" on screen before it is pressed."""
    if page.locator(f"{PANEL} [data-keep]").count():
        page.locator(f"{PANEL} [data-keep]").first.dispatch_event("click")
        if page.locator(f"{PANEL} [data-order]").count():
            page.locator(f"{PANEL} [data-order]").first.dispatch_event("click")
        hand = f"{PANEL} [data-keep]"
    else:
        hand = f"{PANEL} [data-card]"
        page.locator(f'{hand}:not([aria-disabled="true"])').first.dispatch_event("click")
        target = page.locator(f'{PANEL} [data-target]:not([aria-disabled="true"])')
        if target.count():
            target.first.dispatch_event("click")
        if page.locator(f"{PANEL} [data-guess]").count():
            page.locator(f"{PANEL} [data-guess]").last.dispatch_event("click")
    confirm = f"{PANEL} .ll-play-go [data-move]"
    page.wait_for_selector(confirm)
    on_one_screen(page, hand, f"{PANEL} .ll-play-choose [aria-pressed='true']", confirm)
    # The choice laid out (every player to target, every card to name): nothing sideways.
    assert sideways(page) == 0, page.inner_html(PANEL)
    page.locator(confirm).dispatch_event("click")


def play_to_end(page: Page, ui: dict[str, str]) -> int:
    """Plays the reader's seat to the game's end; the number of decisions taken."""
    decisions = 0
    deadline = time.monotonic() + GAME_SECONDS
    while time.monotonic() < deadline:
        now = wait_state(page, "play", "deal", "over", "failed", "stopped")
        assert now not in ("failed", "stopped"), shown(page, ".rs-play-status")
        hidden_cards_hidden(page, ui)
        assert sideways(page) == 0, (now, page.inner_html(".rs-play-board"))
        if now == "over":
            return decisions
        if now == "deal":
            page.click('[data-act="deal"]')
            page.wait_for_selector('#rs-play:not([data-state="deal"])')
            continue
        steps = page.locator(".rs-play-steps > li").count()
        decide(page)
        decisions += 1
        # The move is in the steps (a Chancellor's keep is the reader's next decision).
        page.wait_for_function(
            "(n) => document.querySelectorAll('.rs-play-steps > li').length > n"
            " && document.getElementById('rs-play').dataset.state !== 'busy'",
            arg=steps, timeout=LIVE_TIMEOUT_MS)
    raise AssertionError("the game did not end in time")


def downloaded_record(page: Page) -> str:
    with page.expect_download() as download:
        page.click('[data-act="download"]')
    return Path(download.value.path()).read_text(encoding="utf-8")


# The most players on the smallest phone (320 px), in French (the longest Play page strings).
@pytest.mark.waits
@pytest.mark.parametrize(("players", "variant", "lang", "width"), [
    (4, "standard", "en", 390), (3, "classic", "ja", 390), (6, "standard", "fr", 320)])
def test_a_whole_game_on_a_phone_ends_with_the_engines_outcome(
        chromium: Browser, site_url: str, ll: Locales, players: int, variant: str,
        lang: str, width: int) -> None:
    ui = ll.languages[lang].ui
    tab = phone(chromium, width=width)
    try:
        page = open_play(tab, site_url, lang)
        wait_state(page, "idle")
        new_game(page, players, variant)
        assert play_to_end(page, ui) > 0
        record = Record.loads(downloaded_record(page))
        assert (record.players, record.variant.value) == (players, variant)
        game = record.replay()
        assert game.outcome is not None
        winners = [SEATS[w] for w in game.outcome.winners]
        key = ("ll.play.you_shared" if "A" in winners and len(winners) > 1
               else "ll.play.you_won" if winners == ["A"] else "ll.play.you_lost")
        assert shown(page, ".rs-play-result") == " ".join(ui[key].split())
        # Who won, in the page's language, as the engine's words for that record say it.
        expected = words(session.replay(record.dumps(), ui)["outcome"])
        assert shown(page, f"{PANEL} .rs-play-why").startswith(expected)
        # Each round ran until its end, and the game until a player held the tokens to win.
        assert max(game.tokens) >= game.target_tokens
        tab.assert_clean(site_url)
    finally:
        tab.context.close()


def test_the_priest_shows_the_reader_the_card_it_looks_at(chromium: Browser,
                                                         site_url: str, ll: Locales) -> None:
    record = Record.loads(session.new_game(2, "standard", PRIEST_SEED)["record"])
    game = record.replay()
    assert game.to_move == 0 and Card.PRIEST in game.hands[0]
    seen = game.hands[1][0]  # B's one card, which the Priest shows A
    tab = phone(chromium, seeded(PRIEST_SEED))
    try:
        page = open_play(tab, site_url)
        wait_state(page, "idle")
        new_game(page, 2)
        assert wait_state(page, "play") == "play"
        # Before: B's hand is a card back, in the board and nowhere else in the page.
        assert page.locator('.rs-play-board [data-part="hand-B"] .ll-card:not(.ll-back)') \
            .count() == 0
        page.locator(f'{PANEL} [data-card="2"]').dispatch_event("click")
        page.locator(f'{PANEL} [data-target="B"]').dispatch_event("click")
        # The choice as made, with its pressed states and the move in words: no serious
        # accessibility problem in the application.
        assert not axe_problems(page, "#rs-play")
        page.locator(f"{PANEL} .ll-play-go [data-move]").dispatch_event("click")
        # On the board, in B's hand, while B has still to move (B's turn comes after a pause).
        page.wait_for_selector(f'.rs-play-board [data-part="hand-B"] .ll-c{seen}')
        # In the steps, as A reads them: B's card, named.
        steps = page.locator(".rs-play-steps > li").all_text_contents()  # in a closed <details>
        name = ll.languages["en"].ui[f"ll.card.{seen}"]
        assert any("looks at B" in s and name in s for s in steps), steps
        tab.assert_clean(site_url)
    finally:
        tab.context.close()


def test_a_card_the_rules_forbid_is_refused_with_its_rule(chromium: Browser, site_url: str,
                                                          ll: Locales) -> None:
    record = Record.loads(session.new_game(2, "standard", COUNTESS_SEED)["record"])
    hand = record.replay().hands[0]
    assert Card.COUNTESS in hand and Card.PRINCE in hand
    ui = ll.languages["fr"].ui
    tab = phone(chromium, seeded(COUNTESS_SEED))
    try:
        page = open_play(tab, site_url, "fr")
        wait_state(page, "idle")
        new_game(page, 2)
        wait_state(page, "play")
        prince = page.locator(f'{PANEL} [data-card="5"]')
        assert prince.get_attribute("aria-disabled") == "true"  # offered, marked
        steps = page.locator(".rs-play-steps > li").count()
        prince.dispatch_event("click")
        page.wait_for_selector(".rs-play-error p")
        error = shown(page, ".rs-play-error")
        assert " ".join(ui["ll.illegal.countess-forced"].split()) in error
        number = ll.structure.numbers["countess-forced"]
        link = page.locator(".rs-play-error a.rs-play-rule")
        assert link.inner_text().strip() == ui["ll.play.rule"].replace("{number}", number)
        assert str(link.get_attribute("href")).endswith("#countess-forced")
        # Nothing changed, and the Countess is still there to play.
        assert state(page) == "play" and page.locator(".rs-play-steps > li").count() == steps
        page.locator(f'{PANEL} [data-card="8"]').dispatch_event("click")
        page.locator(f"{PANEL} .ll-play-go [data-move='8']").dispatch_event("click")
        wait_state(page, "thinking", "play", "deal")
        tab.assert_clean(site_url)
    finally:
        tab.context.close()


@pytest.mark.waits
def test_a_finished_game_is_shared_by_link_and_a_damaged_link_is_refused_in_french(
        chromium: Browser, site_url: str, ll: Locales) -> None:
    tab = phone(chromium)
    try:
        page = open_play(tab, site_url)
        wait_state(page, "idle")
        new_game(page, 2, level="random")
        wait_state(page, "play", "deal")
        play_to_end(page, ll.languages["en"].ui)
        tab.context.grant_permissions(["clipboard-read", "clipboard-write"])
        page.click('[data-act="share"]')
        link = page.locator(".rs-play-share input").input_value()
        assert "#record=" in link
        record = Record.loads(downloaded_record(page))
        other = open_tab(tab.context.browser, {"viewport": {"width": 390, "height": 844}})  # type: ignore[arg-type]
        try:
            other.page.goto(link)
            assert wait_state(other.page, "review") == "review"
            total = len(record.moves)
            assert shown(other.page, ".rs-play-counter").endswith(str(total))
            assert other.page.locator('[data-act="forward"]').is_disabled()
            other.assert_clean(site_url)
        finally:
            other.context.close()
        # A damaged link, in French: said in French, and the page still starts a game.
        french = open_tab(tab.context.browser, {"viewport": {"width": 390, "height": 844}})  # type: ignore[arg-type]
        try:
            page = french.page
            page.goto(f"{site_url}/fr/love-letter/play/?rs-preload=1#record=AAAA")
            page.wait_for_selector(".rs-play-error p", timeout=LIVE_TIMEOUT_MS)
            ui = ll.languages["fr"].ui
            assert shown(page, ".rs-play-error").startswith(
                " ".join(ui["ll.play.error.link_refused"].split("{why}")[0].split()))
            assert wait_state(page, "idle") == "idle"
            new_game(page, 2)
            assert state(page) in ("play", "thinking")
        finally:
            french.context.close()
    finally:
        tab.context.close()


def test_the_classic_game_narrows_the_player_counts(chromium: Browser, site_url: str,
                                                    ll: Locales) -> None:
    tab = phone(chromium)
    try:
        page = open_play(tab, site_url)
        wait_state(page, "idle")
        page.select_option('select[name="players"]', "6")
        page.select_option('select[name="variant"]', "classic")
        assert page.locator('select[name="players"]').input_value() == "4"
        disabled = page.eval_on_selector_all('select[name="players"] option:disabled',
                                             "os => os.map(o => o.value)")
        assert disabled == ["5", "6"]
        ui = ll.languages["en"].ui
        assert shown(page, ".rs-play-status") == ui["ll.play.status.players_fitted"].replace(
            "{n}", "4")
        page.click('[data-act="new"]')
        wait_state(page, "play", "thinking")
        tab.assert_clean(site_url)
    finally:
        tab.context.close()


# A 3-player deal known to the test (the page's first fresh seed, seeded()): its digits must
# never reach the page's storage, links, files or DOM.
PROGRESS_SEED = 77
SAVED = "ll-play-game"


def concealed_holds_no_hidden_card(text: str, deal: Deal) -> dict[str, object]:
    """``text`` is the reader's concealed record (seat A): no deal written whole, no moves,
    and the dealt deck's digits nowhere in it."""
    data = json.loads(text)
    assert data["format"] == "loveletter-concealed" and data["seat"] == "A", data
    assert "moves" not in data
    assert all(len(h) == 2 for h in data["history"] if h.startswith("D"))
    assert "".join(map(str, deal.deck)) not in text
    return dict(data)


def reader_view(page: Page) -> tuple[str, str, list[str], list[str]]:
    """What the reader's seat is shown: the state, the board, the steps and the cards offered."""
    return (state(page), page.inner_html(".rs-play-board"),
            page.locator(".rs-play-steps > li").all_inner_texts(),
            page.eval_on_selector_all(f"{PANEL} [data-card], {PANEL} [data-keep]",
                                      "bs => bs.map(b => b.outerHTML)"))


def test_a_game_in_progress_survives_a_reload_and_is_shared_as_its_seat_knows_it(
        chromium: Browser, site_url: str, ll: Locales) -> None:
    deal = Record.loads(session.new_game(3, "standard", PROGRESS_SEED)["record"]).moves[0]
    assert isinstance(deal, Deal)
    ui = ll.languages["en"].ui
    tab = phone(chromium, seeded(PROGRESS_SEED))
    try:
        page = open_play(tab, site_url)
        wait_state(page, "idle")
        new_game(page, 3)
        for _ in range(2):  # two of the reader's decisions, the opponents' moves between
            if wait_state(page, "play", "deal", "over") != "play":
                break
            steps = page.locator(".rs-play-steps > li").count()
            decide(page)
            page.wait_for_function(
                "(n) => document.querySelectorAll('.rs-play-steps > li').length > n",
                arg=steps, timeout=LIVE_TIMEOUT_MS)
        now = wait_state(page, "play", "deal")
        before = reader_view(page)
        saved = json.loads(page.evaluate(f"localStorage.getItem({SAVED!r})"))
        assert saved["human"] == "A"
        concealed_holds_no_hidden_card(saved["record"], deal)
        hidden_cards_hidden(page, ui)
        # Leaving asks nothing: the game is saved.
        assert page.evaluate("""() => { const e = new Event('beforeunload', {cancelable: true});
            dispatchEvent(e); return e.defaultPrevented; }""") is False

        page.reload()
        assert wait_state(page, now) == now
        # Said, and the same decision: board, steps and the cards offered as before.
        assert shown(page, ".rs-play-status").startswith(
            " ".join(ui["ll.play.status.resumed"].split()))
        assert reader_view(page) == before
        hidden_cards_hidden(page, ui)
        assert "".join(map(str, deal.deck)) not in page.content()

        # Share and Download of the game in progress: the concealed record, nothing more.
        tab.context.grant_permissions(["clipboard-read", "clipboard-write"])
        page.click('[data-act="share"]')
        link = page.locator(".rs-play-share input").input_value()
        fragment = link.split("#record=", 1)[1]
        text = base64.urlsafe_b64decode(fragment + "=" * (-len(fragment) % 4)).decode()
        concealed_holds_no_hidden_card(text, deal)
        assert concealed_holds_no_hidden_card(downloaded_record(page), deal) == json.loads(text)

        # The link opened elsewhere plays on in seat A, at the same decision.
        other = phone(chromium)
        try:
            other.page.goto(link)
            assert wait_state(other.page, now) == now
            assert shown(other.page, ".rs-play-status").startswith(
                " ".join(ui["ll.play.status.link_seat"].replace("{player}", "A").split()))
            assert reader_view(other.page) == before
            assert "#record=" not in other.page.url  # a reload resumes, not reopens
            hidden_cards_hidden(other.page, ui)
            other.assert_clean(site_url)
        finally:
            other.context.close()
        tab.assert_clean(site_url)
    finally:
        tab.context.close()


def saved_game(page: Page) -> object:
    return json.loads(page.evaluate(f"localStorage.getItem({SAVED!r})") or "null")


def test_a_game_opened_from_a_link_asks_before_replacing_the_saved_one(
        chromium: Browser, site_url: str, ll: Locales) -> None:
    """A game is saved in this browser; a link to another game in progress opens: the page
    asks first (on arrival and while the saved game is on screen). "Keep" brings the saved
    game back, the link gone from the address, and a reload still resumes it; "Replace" plays
    the link's game, which is then the one saved; its own link then asks nothing."""
    ui = ll.languages["en"].ui
    linked = session.conceal(Record.loads(session.new_game(2, "standard", COUNTESS_SEED)[
        "record"]), "A")  # a 2-player game at its first decision, player A's
    fragment = "#record=" + base64.urlsafe_b64encode(linked.encode()).decode().rstrip("=")
    tab = phone(chromium, seeded(PROGRESS_SEED))
    try:
        page = open_play(tab, site_url)
        wait_state(page, "idle")
        new_game(page, 3)
        now = wait_state(page, "play", "deal", "over")
        saved = saved_game(page)
        assert isinstance(saved, dict) and saved["record"] != linked

        def asked() -> None:
            wait_state(page, "ask")
            question = page.locator(".rs-play-confirm")
            assert " ".join(question.locator("p").first.inner_text().split()) == " ".join(
                ui["ll.play.replace_saved"].split())
            assert page.evaluate("document.activeElement.dataset.act") == "play-on-no"
            assert saved_game(page) == saved  # nothing replaced while the reader decides

        page.goto("about:blank")
        open_play(tab, site_url, fragment=fragment)  # the page opens on the link
        asked()
        page.click('[data-act="play-on-no"]')
        assert wait_state(page, now) == now
        assert shown(page, ".rs-play-status").startswith(
            " ".join(ui["ll.play.status.resumed"].split()))
        assert "#record=" not in page.url and saved_game(page) == saved
        assert page.locator('.rs-play-board [data-part^="hand-"]').count() == 3
        page.reload()
        assert wait_state(page, now) == now
        assert shown(page, ".rs-play-status").startswith(
            " ".join(ui["ll.play.status.resumed"].split()))
        assert saved_game(page) == saved

        page.evaluate(f"location.hash = {fragment!r}")  # the link opened over the saved game
        asked()
        page.click('[data-act="play-on-yes"]')
        wait_state(page, "play")
        assert shown(page, ".rs-play-status").startswith(
            " ".join(ui["ll.play.status.link_seat"].replace("{player}", "A").split()))
        assert page.locator('.rs-play-board [data-part^="hand-"]').count() == 2
        now_saved = saved_game(page)
        assert isinstance(now_saved, dict)
        assert (now_saved["record"], now_saved["human"]) == (linked, "A")

        # The saved game's own link: nothing to ask, it plays on at once.
        page.evaluate(f"location.hash = {fragment!r}")
        page.wait_for_function("() => !location.hash", timeout=LIVE_TIMEOUT_MS)
        wait_state(page, "play")
        assert page.locator(".rs-play-confirm").count() == 0
        tab.assert_clean(site_url)
    finally:
        tab.context.close()


def test_stop_and_new_game_while_the_engine_thinks(chromium: Browser, site_url: str,
                                                   ll: Locales) -> None:
    """Stop pressed as soon as an opponent's turn begins, in the pause before its move (where
    it was once ignored): nothing more is played until Resume. New game while an opponent
    thinks: the old game's late answers never land on the new one."""
    ui = ll.languages["en"].ui
    tab = phone(chromium, RECORD_STATES)
    try:
        page = open_play(tab, site_url)
        wait_state(page, "idle")
        new_game(page, 4, level="search")
        click_while_thinking(page, '[data-act="stop"]', decide)
        wait_state(page, "stopped")
        assert shown(page, ".rs-play-status") == " ".join(ui["ll.play.status.stopped"].split())
        steps = page.locator(".rs-play-steps > li").count()
        page.wait_for_timeout(1500)  # longer than an opponent's pause and a search's second
        assert state(page) == "stopped" and page.locator(".rs-play-steps > li").count() == steps
        mark = page.evaluate("window.rsStates.length")
        page.click('[data-act="resume"]')
        # Resume: the opponents think again and carry on.
        page.wait_for_function("mark => window.rsStates.slice(mark).includes('thinking')",
                               arg=mark, timeout=LIVE_TIMEOUT_MS)
        page.select_option('select[name="players"]', "2")
        page.select_option('select[name="level"]', "random")
        click_while_thinking(page, '[data-act="new"]', decide)
        wait_state(page, "play")  # player A starts the first round
        page.wait_for_timeout(1500)
        assert state(page) == "play"
        assert page.locator(".rs-play-steps > li").count() == 2  # start and deal
        assert page.locator('.rs-play-board [data-part^="hand-"]').count() == 2
        assert page.locator('[data-act="resume"]').is_hidden()
        tab.assert_clean(site_url)
    finally:
        tab.context.close()


def test_an_engine_that_cannot_start_forgets_no_saved_game(chromium: Browser, site_url: str,
                                                           ll: Locales) -> None:
    tab = phone(chromium)
    try:
        page = open_play(tab, site_url)
        wait_state(page, "idle")
        new_game(page, 3)
        wait_state(page, "play")
        assert SAVED in json.loads(page.evaluate("JSON.stringify(localStorage)"))
        saved = reloaded_without_an_engine(tab)
        # Resumed at the same decision, saved as it was.
        assert shown(page, ".rs-play-status").startswith(
            " ".join(ll.languages["en"].ui["ll.play.status.resumed"].split()))
        assert page.evaluate("JSON.stringify(localStorage)") == saved
    finally:
        tab.context.close()


def engine_plays_the_same_deal(seed: int) -> Game:
    return Record.loads(session.new_game(2, "standard", seed)["record"]).replay()


def test_the_seeds_give_the_deals_the_tests_need() -> None:
    assert Card.PRIEST in engine_plays_the_same_deal(PRIEST_SEED).hands[0]
    countess = engine_plays_the_same_deal(COUNTESS_SEED).hands[0]
    assert Card.COUNTESS in countess and Card.PRINCE in countess


def test_a_record_file_loads_and_a_forged_one_is_refused_with_its_rule(
        chromium: Browser, site_url: str, ll: Locales, tmp_path: Path) -> None:
    """Load: a record whose third move breaks a rule (a deal where a player's move belongs)
    is refused in the page's language, naming the move and linking the rule it breaks; the
    page keeps working, and a whole game's record file then opens for review."""
    ui = ll.languages["id"].ui
    good = REPO / "tests" / "loveletter" / "golden" / "game_2p_standard_11.json"
    record = json.loads(good.read_text(encoding="utf-8"))
    record["moves"][2] = record["moves"][1]
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(record), encoding="utf-8")
    refused = session.load(forged.read_text(encoding="utf-8"), ui)["error"]
    assert refused["path"] == "$.moves[2]" and refused["rule"]
    tab = phone(chromium)
    try:
        page = open_play(tab, site_url, "id")
        wait_state(page, "idle")
        page.set_input_files('[data-act="load"]', str(forged))
        page.wait_for_selector(".rs-play-error p", timeout=LIVE_TIMEOUT_MS)
        assert shown(page, ".rs-play-error").startswith(words(refused["message"]))
        rule = page.locator(".rs-play-error a.rs-play-rule")
        assert str(rule.get_attribute("href")).endswith(f"#{refused['rule']}")
        # Still working: the whole game's record opens, step by step, with its outcome.
        page.set_input_files('[data-act="load"]', str(good))
        wait_state(page, "review")
        assert page.locator(".rs-play-error p").count() == 0
        assert page.locator(".rs-play-steps > li").count() > len(record["moves"]) // 2
        tab.assert_clean(site_url)
    finally:
        tab.context.close()


def test_a_turn_by_keyboard_alone(chromium: Browser, site_url: str, ll: Locales) -> None:
    """A turn of Love Letter's Play page by keyboard alone (a control focused, then Enter):
    New game, the card (the Countess, which the rules force beside the Prince), then Play;
    the card says it is picked, the engine answers, and axe finds nothing serious in the game
    under way, in Japanese."""
    record = Record.loads(session.new_game(2, "standard", COUNTESS_SEED)["record"])
    assert Card.COUNTESS in record.replay().hands[0]
    tab = open_tab(chromium, {"viewport": {"width": 1280, "height": 800}},
                   seeded(COUNTESS_SEED))
    try:
        page = open_play(tab, site_url, "ja")
        wait_state(page, "idle")
        page.select_option('select[name="players"]', "2")
        page.select_option('select[name="level"]', "heuristic")
        page.locator('[data-act="new"]').focus()
        page.keyboard.press("Enter")
        wait_state(page, "play")
        countess = page.locator(f'{PANEL} [data-card="8"]')
        countess.focus()
        page.keyboard.press("Enter")
        assert countess.get_attribute("aria-pressed") == "true"
        steps = page.locator(".rs-play-steps > li").count()
        go = page.locator(f"{PANEL} .ll-play-go [data-move='8']")
        go.focus()
        page.keyboard.press("Enter")
        page.wait_for_function(
            "(n) => document.querySelectorAll('.rs-play-steps > li').length > n",
            arg=steps, timeout=LIVE_TIMEOUT_MS)
        wait_state(page, "play", "deal", "over")
        hidden_cards_hidden(page, ll.languages["ja"].ui)
        page.evaluate("window.scrollTo(0, 0)")  # scrolled, the sticky header covers the board
        assert not axe_problems(page)
        assert sideways(page) == 0
        tab.assert_clean(site_url)
    finally:
        tab.context.close()
