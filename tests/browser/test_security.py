"""The review of 2026-11-25 in a real browser: every page type runs under its
Content-Security-Policy with no violation (F11); a shared game in progress, opened in a fresh
browser, shows none of the other seat's hidden cards, in the page or in its storage (F1);
``?hl=`` marks only what can be cited (F4); a malformed step hash throws nothing (F10); a
forged saved game is forgotten, not played (F5)."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from conftest import Tab, open_tab
from playwright.sync_api import Browser, Page
from test_play import LIVE_TIMEOUT_MS, one_decision, state, wait_state

from gamekit.hanamikoji import session
from hanamikoji import Game, Record
from rulesite.sources.locales import Locales

SEED = 2_611_161_193  # what crypto.getRandomValues gives in the first tab (see FIXED)


# Every CSP violation the page sees, kept where the test can read it.
WATCH = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__csp.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`);
});
"""
# The page's randomness made fixed, so that the test knows the real deal (and so can look
# for it): this tab is the sharer's; the tab that opens the link keeps real randomness.
FIXED = WATCH + f"""
crypto.getRandomValues = (array) => {{ array.fill({SEED}); return array; }};
"""


@pytest.fixture
def tab(chromium: Browser, request: pytest.FixtureRequest) -> Iterator[Tab]:
    opened = open_tab(chromium, {"viewport": {"width": 1280, "height": 900}, "bypass_csp": False,
                                 "permissions": ["clipboard-read", "clipboard-write"]},
                      getattr(request, "param", WATCH))
    yield opened
    opened.context.close()


def violations(page: Page) -> list[str]:
    return list(page.evaluate("window.__csp || []"))


def no_violation(tab: Tab, site_url: str) -> None:
    for page in tab.context.pages:
        assert violations(page) == [], page.url
    assert not [e for e in tab.errors if "Content Security Policy" in e], tab.errors
    tab.assert_clean(site_url)


# --- F11: every page type under the policy ------------------------------------------------

def test_every_page_type_runs_under_the_policy(tab: Tab, site_url: str) -> None:
    page = tab.page
    root = urlsplit(site_url).path
    failed: list[str] = []
    tab.context.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)

    # Home (the root redirect first), a rules page with its live example run, what-if.
    page.goto(f"{site_url}/")
    page.wait_for_url(re.compile(r"/(en|fr|ja|id)/$"))
    page.goto(f"{site_url}/en/end/?rs-preload=1")
    box = page.locator("[id='ex-8-vs-11'] .rs-ex")
    box.scroll_into_view_if_needed()
    page.wait_for_selector("[id='ex-8-vs-11'] .rs-ex[data-live='verified']",
                           timeout=LIVE_TIMEOUT_MS)
    box.locator("[data-act=run]").click()
    page.wait_for_selector("[id='ex-8-vs-11'] .rs-ex:not([data-running='1'])[data-runs]",
                           timeout=LIVE_TIMEOUT_MS)
    page.goto(f"{site_url}/en/scoring/#ex-marker-three-rounds-step-38")
    what_if = page.locator("[id='ex-marker-three-rounds'] .rs-ex")
    what_if.and_(page.locator("[data-state='live']")).wait_for(timeout=LIVE_TIMEOUT_MS)
    what_if.locator("[data-wi=start]").click()
    page.wait_for_selector("[id='ex-marker-three-rounds'] .rs-ex[data-whatif='1']"
                           ":not([data-wi-busy='1'])", timeout=LIVE_TIMEOUT_MS)
    assert violations(page) == []
    # The Play page in a game, shared; the book, side by side, the glossary, search, 404.
    page.goto(f"{site_url}/en/play/?rs-preload=1")
    page.click('[data-act="new"]')
    wait_state(page, "play", "thinking")
    wait_state(page, "play")
    one_decision(page)
    wait_state(page, "play", "deal")
    page.click('[data-act="share"]')
    assert violations(page) == []
    for address in ("en/book/", "compare/en-fr/", "ja/glossary/", "fr/round/?hl=deal-hands",
                    "id/notation/"):
        page.goto(f"{site_url}/{address}")
        page.wait_for_load_state("load")
        assert violations(page) == [], address
    page.goto(f"{site_url}/en/")
    page.keyboard.press("/")
    page.keyboard.type("geisha")
    page.wait_for_selector(".md-search-result__item", timeout=LIVE_TIMEOUT_MS)
    assert failed == []
    no_violation(tab, site_url)
    missing = page.goto(f"{site_url}/no/such/page/")
    assert missing is not None and missing.status == 404
    page.wait_for_load_state("load")
    # The 404 page's own assets load (it links them by the site's path): only it is missing.
    assert failed == [f"{site_url}/no/such/page/"] and root
    assert violations(page) == []
    assert not [e for e in tab.errors if "Content Security Policy" in e], tab.errors


def test_the_policy_blocks_what_it_does_not_list(tab: Tab, site_url: str) -> None:
    # An inline script and handler injected into a built page do not run: the policy holds.
    page = tab.page
    page.goto(f"{site_url}/en/")
    ran = page.evaluate("""() => new Promise((done) => {
        window.__ran = 0;
        const s = document.createElement("script");
        s.textContent = "window.__ran = 1";
        document.body.append(s);
        const box = document.createElement("div");
        box.innerHTML = '<img src="x" onerror="window.__ran = 2">';
        document.body.append(box);
        setTimeout(() => done(window.__ran), 500);
    })""")
    assert ran == 0
    assert any("script-src" in v for v in violations(page))


# --- F1: a game in progress shared from one seat ------------------------------------------

@pytest.mark.parametrize("tab", [FIXED], indirect=True)
def test_a_shared_game_in_progress_shows_none_of_the_other_seats_cards(
        tab: Tab, site_url: str, chromium: Browser, locales: Locales) -> None:
    note = " ".join(locales.languages["en"].ui["play.share_note"].split())
    page = tab.page
    page.goto(f"{site_url}/en/play/?rs-preload=1")
    page.select_option('select[name="level"]', "easy")
    page.click('[data-act="new"]')
    wait_state(page, "play")
    one_decision(page)
    wait_state(page, "play")
    # The real game, from the fixed randomness: round 1's deal and the engine's seed.
    real = Record.loads(session.new_game("emperors4", SEED)["record"]).replay()
    hand_b = "".join(map(str, sorted(real.hand("B"))))
    deal = str(real.moves[0])
    # What the page keeps: no seed, no deal, B's cards written 0.
    saved = json.loads(page.evaluate("localStorage.getItem('hk-play-game')"))
    assert "seed" not in saved and deal not in json.dumps(saved)
    stored = json.loads(saved["record"])
    assert stored["seat"] == "A" and "hands" not in stored["start"]
    # Its moves as A saw them: in the deal B's hand (digits 7 to 12), the removed card and
    # B's draws (odd places of the pile) are 0.
    seen = stored["moves"][0][1:]
    assert seen[7:13] == "0" * 6 and seen[0] == "0" and seen[14::2] == "0" * 4
    assert seen[1:7] == deal[2:8]  # A's own hand
    # Shared: the link holds the same concealed record.
    page.click('[data-act="share"]')
    link = page.locator(".rs-play-share input").input_value()
    # The page says what the link holds, next to it.
    assert page.is_visible(".rs-play-note") and page.inner_text(".rs-play-note") == note
    fragment = urlsplit(link).fragment
    data = fragment.split("record=", 1)[1].split("&")[0]
    text = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4)).decode("utf-8")
    assert json.loads(text) == stored and deal not in text
    # Downloaded: the same.
    page.reload()  # Download alone says it too
    wait_state(page, "play")
    assert not page.is_visible(".rs-play-note")
    with page.expect_download() as download:
        page.click('[data-act="download"]')
    assert page.is_visible(".rs-play-note") and not page.is_visible(".rs-play-share input")
    assert json.loads(Path(download.value.path()).read_text(encoding="utf-8")) == stored

    fresh = open_tab(chromium, {"viewport": {"width": 390, "height": 844}, "bypass_csp": False},
                     WATCH)
    try:
        other = fresh.page
        other.goto(link)
        wait_state(other, "review")
        shown = other.inner_text("#rs-play")
        # No hand drawn face up for teaching (the label of a board that shows both hands);
        # "face up" itself may be said, of a Gift or Competition offered in the steps.
        assert locales.languages["en"].ui["widget.hand"] not in shown
        side_b = other.locator('.rs-play-board [data-part="side-B"]')
        assert side_b.locator(".hk-card:not(.hk-back)").count() == 0
        assert side_b.locator(".hk-peek").count() == 0
        other.click('[data-act="play-on"]')
        wait_state(other, "play", "thinking", "deal")
        assert other.locator('.rs-play-board [data-part="side-B"] .hk-card:not(.hk-back)'
                             ).count() == 0
        storage = other.evaluate("JSON.stringify({...localStorage, ...sessionStorage})")
        kept = json.loads(json.loads(other.evaluate(
            "localStorage.getItem('hk-play-game')"))["record"])
        assert kept["seat"] == "A" and kept["moves"][0][8:14] == "0" * 6
        html = other.content()
        for where in (storage, html):
            assert deal not in where
        assert hand_b not in re.sub(r"\D", "", other.inner_text('[data-part="side-B"]'))
        no_violation(fresh, site_url)
    finally:
        fresh.context.close()
    no_violation(tab, site_url)


@pytest.mark.parametrize("forged", [
    {"version": 1, "human": "A", "level": "<img src=x onerror=alert(1)>"},
    {"version": 1, "human": "A", "level": {}},
    {"version": 1, "human": "B", "level": "easy"},  # the seat changed by hand
])
def test_a_forged_save_is_forgotten(tab: Tab, site_url: str, forged: dict[str, Any]) -> None:
    page = tab.page
    page.goto(f"{site_url}/en/play/?rs-preload=1")
    page.click('[data-act="new"]')
    wait_state(page, "play", "thinking")
    wait_state(page, "play")
    saved = json.loads(page.evaluate("localStorage.getItem('hk-play-game')"))
    page.evaluate("s => localStorage.setItem('hk-play-game', s)",
                  json.dumps({**saved, **forged}))
    page.reload()
    assert wait_state(page, "idle") == "idle"
    assert page.evaluate("localStorage.getItem('hk-play-game')") is None
    page.click('[data-act="new"]')  # and the page goes on
    wait_state(page, "play", "thinking")
    no_violation(tab, site_url)


# --- F4 and F10: addresses ----------------------------------------------------------------

def test_hl_marks_only_what_can_be_cited(tab: Tab, site_url: str) -> None:
    page = tab.page
    page.goto(f"{site_url}/en/end/?hl=rs-config&rs-preload=1")
    page.locator("[id='ex-8-vs-11']").scroll_into_view_if_needed()
    page.wait_for_selector("[id='ex-8-vs-11'] .rs-ex[data-live='verified']",
                           timeout=LIVE_TIMEOUT_MS)
    assert page.locator(".rs-highlight-label").count() == 0
    page.goto(f"{site_url}/en/play/?hl=rs-config&rs-preload=1")
    wait_state(page, "idle")
    page.goto(f"{site_url}/en/glossary/?hl=rs-teach")
    assert page.locator(".rs-highlight-label").count() == 0
    page.goto(f"{site_url}/en/round/?hl=deal-hands#deal-hands")
    assert page.locator("#deal-hands .rs-highlight-label").count() == 1
    no_violation(tab, site_url)


def test_a_malformed_step_hash_throws_nothing(tab: Tab, site_url: str) -> None:
    page = tab.page
    for hash_ in ("#%-step-1", "#%E0%A4%A-step-1"):
        page.goto(f"{site_url}/en/round/{hash_}")
        page.wait_for_load_state("load")
        page.mouse.wheel(0, 3000)
        page.wait_for_timeout(300)
        page.mouse.wheel(0, -1500)
        page.wait_for_timeout(300)
    no_violation(tab, site_url)


def test_a_huge_record_file_is_refused_unread(tab: Tab, site_url: str, tmp_path: Path) -> None:
    page = tab.page
    page.goto(f"{site_url}/en/play/")
    wait_state(page, "idle", "static")
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * (session.MAX_TEXT * 4 + 1))
    page.set_input_files('[data-act="load"]', str(huge))
    page.wait_for_selector(".rs-play-error p")
    assert "too long" in page.inner_text(".rs-play-error")
    no_violation(tab, site_url)


def test_code_in_an_example_box_fetches_nothing_from_another_host(tab: Tab,
                                                                  site_url: str) -> None:
    page = tab.page
    page.goto(f"{site_url}/en/end/?rs-preload=1")
    box = page.locator("[id='ex-8-vs-11'] .rs-ex")
    box.scroll_into_view_if_needed()
    page.wait_for_selector("[id='ex-8-vs-11'] .rs-ex[data-live='verified']",
                           timeout=LIVE_TIMEOUT_MS)
    box.locator("textarea").fill(
        "import js\ntry:\n    js.fetch('http://example.com/x')\n    print('sent')\n"
        "except Exception as error:\n    print('refused')\n")
    box.locator("[data-act=run]").click()
    page.wait_for_function(
        """() => { const root = document.querySelector("[id='ex-8-vs-11'] .rs-ex");
                   return root.dataset.running !== "1"
                     && (Number(root.dataset.runs || 0) > 0 || root.dataset.error === "1"); }""",
        timeout=LIVE_TIMEOUT_MS)
    page.wait_for_timeout(1000)  # a request, if any, would have left by now
    assert not [url for url in tab.requests if "example.com" in url], box.inner_text()


# --- F11: the runtime kept in Cache Storage is checked against its SHA-256 ----------------

# Each cached file's address and the SHA-256 the page gives for it (rulesite/runtime/assets.py):
# the runtime's files and the engine a start fetches, which is every game's with the memory
# snapshot beside it when the worker starts from the snapshot (phones), and the page's game's
# own otherwise (game_engine).
EXPECTED_DIGESTS = """(snapshot) => {
  const cfg = JSON.parse(document.getElementById("rs-config").textContent);
  const assets = new URL(cfg.assets, location.href);
  const runtime = new URL(cfg.runtime.dir, assets);
  const engine = new URL(cfg.engine, assets);
  const digests = cfg.runtime.sha256;
  const out = {};
  for (const [name, digest] of Object.entries(digests)) {
    if (name !== "snapshot" && name !== "engine" && !name.startsWith("engine.")) {
      out[new URL(name, runtime).href] = digest;
    }
  }
  if (snapshot) {
    out[engine.href] = digests.engine;
    out[new URL("runtime-snapshot.bin.gz", engine).href] = digests.snapshot;
  } else {
    out[new URL(`engine-${cfg.game}.zip.gz`, engine).href] = digests[`engine.${cfg.game}`];
  }
  return out;
}"""
# What Cache Storage holds: each address and the SHA-256 of its content.
CACHED_DIGESTS = """async () => {
  const store = await caches.open("hk-runtime");
  const out = {};
  for (const request of await store.keys()) {
    const body = await (await store.match(request)).arrayBuffer();
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
    out[request.url] = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  }
  return out;
}"""
DAMAGE = """async (urls) => {
  const store = await caches.open("hk-runtime");
  for (const url of urls) await store.put(url, new Response(new Uint8Array([31, 139, 8, 0])));
}"""


def cache_becomes(page: Page, expected: dict[str, str]) -> dict[str, str]:
    """Cache Storage once it holds ``expected`` (entries are written after their check), or
    as it is after the wait."""
    found: dict[str, str] = {}
    for _ in range(100):
        found = page.evaluate(CACHED_DIGESTS)
        if found == expected:
            break
        page.wait_for_timeout(200)
    return found


def test_a_damaged_cached_runtime_file_is_dropped_and_downloaded_again(
        tab: Tab, site_url: str) -> None:
    page = tab.page
    page.goto(f"{site_url}/en/play/?rs-preload=1")
    page.wait_for_selector('#rs-play[data-engine="ready"]', timeout=LIVE_TIMEOUT_MS)
    expected = page.evaluate(EXPECTED_DIGESTS, False)
    # The wasm, the module, the standard library and the engine, each with its own digest.
    assert len(expected) == 4 and all(re.fullmatch(r"[0-9a-f]{64}", d)
                                      for d in expected.values())
    assert cache_becomes(page, expected) == expected
    damaged = [url for url in expected if url.endswith(("wasm.gz", "stdlib.zip.gz"))]
    page.evaluate(DAMAGE, damaged)
    before = len(tab.requests)
    page.reload()
    page.wait_for_selector('#rs-play[data-engine="ready"]', timeout=LIVE_TIMEOUT_MS)
    again = [url for url in tab.requests[before:] if url in expected]
    assert sorted(again) == sorted(damaged)  # the good ones came from the cache
    assert cache_becomes(page, expected) == expected
    page.click('[data-act="new"]')
    wait_state(page, "play", "thinking")
    no_violation(tab, site_url)


# The standard library, and the phones' memory snapshot (read block by block as it arrives:
# worker.js), each damaged on the way.
@pytest.mark.parametrize(("file", "query"), [("python_stdlib.zip.gz", "rs-preload=1"),
                                             ("runtime-snapshot.bin.gz",
                                              "rs-preload=1&rs-snapshot=1")])
def test_a_damaged_download_is_not_kept_and_the_reader_is_told(
        tab: Tab, site_url: str, locales: Locales, file: str, query: str) -> None:
    page = tab.page
    tab.context.route(f"**/{file}",
                      lambda route: route.fulfill(status=200, body=b"\x1f\x8b\x08\x00damaged"))
    page.goto(f"{site_url}/fr/play/?{query}")
    page.wait_for_selector('#rs-play[data-engine="failed"]', timeout=LIVE_TIMEOUT_MS)
    status = page.inner_text(".rs-play-status")
    told = locales.languages["fr"].ui["error.damaged"].format(file=file)
    assert told in status, status
    assert not [url for url in page.evaluate(CACHED_DIGESTS) if file in url]
    # The next start downloads it anew, and the page goes on.
    tab.context.unroute(f"**/{file}")
    page.click('[data-act="new"]')
    wait_state(page, "play", "thinking")
    expected = page.evaluate(EXPECTED_DIGESTS, "snapshot" in file)
    assert cache_becomes(page, expected) == expected
    # Depending on which reads the damaged stream first, the digest check or Pyodide itself,
    # Pyodide may also log the failed first start in the worker's console: that, and only
    # that, is expected here.
    damaged = ("Error occurred while installing the standard library:",
               "TypeError: Failed to fetch",
               "Failed to fetch")  # the snapshot's stream, ended by the digest check
    tab.errors[:] = [error for error in tab.errors if error not in damaged]
    no_violation(tab, site_url)


# --- F8: code edited in an example box cannot change what the page's own runs report -----

# Prepended to an example's code: patches the game's boards and session, overwrites the
# engine's zip, and keeps posting forged answers for the next hundred run and call ids.
TAMPER = '''import json
import js
from pyodide.ffi import create_proxy
import gamekit
from gamekit.hanamikoji import session as hk_session

object.__setattr__(gamekit.plugin(), "boards",
                   lambda steps, ui: ['<b class="rs-forged">forged</b>' for _ in steps])
for name in ("new_game", "position", "replay", "play", "deal", "opponent", "load",
             "open_link", "link", "step_of_moves", "cut"):
    setattr(hk_session, name,
            lambda *args: {"error": {"kind": "refused", "message": "forged"}})
with open("/lib/rs-engine.zip", "wb") as zipped:
    zipped.write(b"forged")
forged = json.dumps({"error": {"kind": "call", "message": "forged"}})

def forge():
    for number in range(1, 100):
        for kind in ("result", "reply"):
            js.postMessage(js.JSON.parse(json.dumps(
                {"type": kind, "id": number, "json": forged, "fatal": False, "python_ms": 0})))

js.setInterval(create_proxy(forge), 20)
'''


def test_edited_code_cannot_reach_the_pages_own_runs_or_what_ifs(
        tab: Tab, site_url: str, locales: Locales) -> None:
    page, example = tab.page, "ex-marker-three-rounds"
    code = locales.structure.examples[example].spec["code"]
    page.goto(f"{site_url}/en/scoring/?rs-preload=1#{example}-step-38")
    box = page.locator(f"[id='{example}'] .rs-ex")
    box.scroll_into_view_if_needed()
    page.wait_for_selector(f"[id='{example}'] .rs-ex[data-live='verified']",
                           timeout=LIVE_TIMEOUT_MS)
    box.locator("textarea").fill(TAMPER + code)
    box.locator("[data-act=run]").click()
    page.wait_for_selector(f"[id='{example}'] .rs-ex[data-live='edited']:not([data-running='1'])",
                           timeout=LIVE_TIMEOUT_MS)
    assert box.locator(".rs-forged").count() > 0  # the patch ran, in its own run only
    page.wait_for_timeout(300)  # forged answers are on their way
    # Restore + Run: the page's own code gives the page's own result, verified.
    box.locator("[data-act=reset]").click()
    box.locator("[data-act=run]").click()
    page.wait_for_selector(f"[id='{example}'] .rs-ex[data-live='verified']"
                           ":not([data-running='1'])", timeout=LIVE_TIMEOUT_MS)
    assert box.get_attribute("data-error") != "1"
    assert page.locator(".rs-forged").count() == 0
    # A what-if at step 38: the engine's own choices, and a move played from them.
    box.locator(".rs-ex-steps > li[value='38']").click()
    box.locator("[data-wi=start]").click()
    page.wait_for_selector(f"[id='{example}'] .rs-ex[data-whatif='1']:not([data-wi-busy='1'])",
                           timeout=LIVE_TIMEOUT_MS)
    assert set(box.locator("[data-choice]").evaluate_all(
        "parts => parts.map(p => p.dataset.choice)")) == {"P25", "P35"}
    box.locator("[data-choice='P35']").click()
    box.locator("[data-wi=play]").click()
    page.wait_for_selector(f"[id='{example}'] .rs-ex[data-whatif='1'][data-step='39']"
                           ":not([data-wi-busy='1'])", timeout=LIVE_TIMEOUT_MS)
    assert box.get_attribute("data-wi-error") != "1", box.inner_text()
    assert "forged" not in page.inner_text("body")
    assert page.locator(".rs-forged").count() == 0
    no_violation(tab, site_url)


# --- F9 and F12: Play on from a link ------------------------------------------------------

def far_record(round_number: int) -> str:
    """A record set up at the start of round ``round_number`` (Kosmos-free: the standard
    game has no round limit), with its deal and two moves."""
    game = Game.from_position(round_number=round_number, starting="B", seed=7)
    game.deal()
    for _ in range(2):
        game.apply(game.legal_actions()[0])
    return Record.from_game(game).dumps()


def test_play_on_keeps_the_highest_round_exact(tab: Tab, site_url: str,
                                               locales: Locales) -> None:
    from hanamikoji._constants import MAX_ROUND

    ui = locales.languages["en"].ui
    page = tab.page
    page.goto(f"{site_url}/en/play/?rs-preload=1#{session.link(far_record(MAX_ROUND), 2)}")
    wait_state(page, "review")
    page.click('[data-act="play-on"]')  # nothing saved yet: nothing to ask
    wait_state(page, "play", "thinking")
    assert f"{MAX_ROUND}" in page.inner_text(".rs-play-board")
    kept = json.loads(json.loads(page.evaluate("localStorage.getItem('hk-play-game')"))["record"])
    assert kept["start"]["round"] == MAX_ROUND
    # Review F9's link: refused in words at opening, the number never rounded to 1e+30.
    too_far = json.dumps({"format": "hanamikoji-record", "version": 1, "edition": "emperors4",
                          "moves": [], "start": {"round": 10**30, "starting": "A",
                                                 "favors": ""}})
    # Opened as a reader follows a link: a new page, not a hash changed on this one.
    page.goto("about:blank")
    page.goto(f"{site_url}/en/play/?rs-preload=1#{session.link(too_far)}")
    page.wait_for_selector(".rs-play-error p", timeout=LIVE_TIMEOUT_MS)
    error = page.inner_text(".rs-play-error")
    assert "$.start.round" in error and "1e+30" not in error
    assert ui["play.error.link_damaged"] not in error
    no_violation(tab, site_url)


def test_play_on_from_a_link_asks_before_replacing_the_saved_game(
        tab: Tab, site_url: str, locales: Locales) -> None:
    ui = locales.languages["fr"].ui
    page = tab.page
    page.goto(f"{site_url}/fr/play/?rs-preload=1")
    page.click('[data-act="new"]')
    wait_state(page, "play", "thinking")
    wait_state(page, "play")
    saved = page.evaluate("localStorage.getItem('hk-play-game')")
    assert saved
    page.goto(f"{site_url}/fr/play/?rs-preload=1#{session.link(far_record(2), 2)}")
    wait_state(page, "review")
    page.click('[data-act="play-on"]')
    question = page.locator(".rs-play-confirm")
    question.wait_for()
    assert " ".join(ui["play.replace_saved"].split()) in " ".join(question.inner_text().split())
    assert page.evaluate("document.activeElement.dataset.act") == "play-on-no"
    page.click('[data-act="play-on-no"]')  # kept: the link stays on screen, the save as it was
    assert state(page) == "review" and page.locator(".rs-play-confirm").count() == 0
    assert page.evaluate("localStorage.getItem('hk-play-game')") == saved
    page.click('[data-act="play-on"]')
    page.click('[data-act="play-on-yes"]')
    wait_state(page, "play", "thinking")
    assert page.evaluate("localStorage.getItem('hk-play-game')") != saved
    no_violation(tab, site_url)


# --- a reload keeps the steps, and storage still holds none of the other seat's cards ------

@pytest.mark.parametrize("tab", [FIXED], indirect=True)
def test_a_reload_keeps_the_steps_and_stores_none_of_the_other_seats_cards(
        tab: Tab, site_url: str) -> None:
    page = tab.page
    page.goto(f"{site_url}/en/play/?rs-preload=1")
    page.select_option('select[name="level"]', "easy")
    page.click('[data-act="new"]')
    wait_state(page, "play")
    for _ in range(3):
        one_decision(page)
        wait_state(page, "play")
    listed = page.inner_text(".rs-play-steps")
    assert page.locator(".rs-play-steps > li").count() >= 6
    page.reload()
    wait_state(page, "play")
    assert page.inner_text(".rs-play-steps") == listed
    real = Record.loads(session.new_game("emperors4", SEED)["record"]).replay()
    deal = str(real.moves[0])
    storage = page.evaluate("JSON.stringify({...localStorage, ...sessionStorage})")
    assert deal not in storage and deal[8:14] not in storage
    stored = json.loads(json.loads(page.evaluate("localStorage.getItem('hk-play-game')"))["record"])
    seen = stored["moves"][0][1:]
    assert seen[7:13] == "0" * 6 and seen[0] == "0" and seen[14::2] == "0" * 4
    actions = [move for move in stored["moves"] if move[0] not in "DP"]
    for move in actions[1::2]:  # B's actions (A starts round 1): face-down cards unseen
        assert move[0] not in "ST" or set(move[1:]) == {"0"}, move
    no_violation(tab, site_url)
