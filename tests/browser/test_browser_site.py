"""The built site in a real browser: language switching keeps the rule being read, each
language searches its own pages, Japanese search finds rules, nothing is requested
outside the site's origin, with no console error on any page, Material's "Back to top"
never covers a board or an example's controls, and on a phone the quick reference's action
table fits the screen while a table that does not shows that it scrolls."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from conftest import scroll_and_settle
from playwright.sync_api import Page

from rulesite.pages.writer import PageWriter
from rulesite.sources.locales import Locales, load, load_games

if TYPE_CHECKING:  # the fixture's type only: importing conftest at run time breaks collection
    from conftest import Watched

LANGS = ("en", "fr", "ja", "id")
REPO = Path(__file__).resolve().parents[2]


def page_path(locales: Locales, page_id: str) -> str:
    return locales.structure.page(page_id).address


def switch_language(page: Page, lang: str) -> None:
    """Open the language menu in the header and pick ``lang``."""
    page.hover(".md-header__option .md-select")
    page.click(f'a.md-select__link[hreflang="{lang}"]')


def search(page: Page, query: str) -> list[str]:
    """Type ``query`` in the header search; return the result links (page and section)."""
    box = page.locator("input.md-search__input")
    box.click()
    box.fill(query)
    box.press("End")  # Material searches on keyup, which fill() alone does not send
    page.wait_for_selector(".md-search-result__item", timeout=10_000)
    return page.locator(".md-search-result__link").evaluate_all(
        "links => links.map(a => a.href)")


def heading_text(page: Page, anchor: str) -> str:
    return re.sub(r"\s+", " ", page.locator(f"[id='{anchor}']").inner_text()).strip()


def assert_in_view(page: Page, anchor: str) -> None:
    box = page.locator(f"[id='{anchor}']").bounding_box()
    assert box is not None and 0 <= box["y"] < 900 / 2, f"#{anchor} is not on screen: {box}"


@pytest.mark.parametrize(("rule", "source", "dest"), [
    ("scoring-tie", "en", "fr"), ("edition-kosmos-tiebreak", "fr", "ja"),
    ("gift-placement", "ja", "id"), ("deal-remove", "id", "en")])
def test_switch_language_on_a_rule(watched: Watched, site_url: str, locales: Locales,
                                   rule: str, source: str, dest: str) -> None:
    page = watched.page
    path = page_path(locales, locales.structure.page_of[rule])
    page.goto(f"{site_url}/{source}/{path}#{rule}")
    switch_language(page, dest)
    page.wait_for_url(f"{site_url}/{dest}/{path}#{rule}")
    writer = PageWriter(locales, dest)
    title = writer.resolver(rule).markdown(locales.languages[dest].text["rules"][rule]["title"],
                                           links=False)
    assert heading_text(page, rule).startswith(f"{locales.structure.numbers[rule]} {title}")
    assert_in_view(page, rule)


def test_switch_language_keeps_the_place_reached_by_scrolling(watched: Watched,
                                                              site_url: str) -> None:
    page = watched.page
    page.goto(f"{site_url}/ja/round/")
    page.wait_for_load_state("networkidle")  # Material watches scrolling once it has started
    page.evaluate("document.getElementById('competition-pairs').scrollIntoView()")
    page.mouse.wheel(0, 40)
    # navigation.tracking writes the section being read into the address bar.
    page.wait_for_function("location.hash.length > 1")
    # The wheel scrolls smoothly: wait until the address stops following it, or the hash read
    # here is an earlier section than the one the language menu carries (a CI failure).
    page.wait_for_function("""() => new Promise(settled => {
        let seen = location.hash;
        const look = () => seen === location.hash ? settled(true)
                                                  : (seen = location.hash, setTimeout(look, 500));
        setTimeout(look, 500); })""")
    anchor = page.evaluate("location.hash.slice(1)")
    switch_language(page, "fr")
    page.wait_for_url(f"{site_url}/fr/round/#{anchor}")
    assert_in_view(page, anchor)


def test_french_search_finds_french_pages(watched: Watched, site_url: str,
                                          locales: Locales) -> None:
    page = watched.page
    page.goto(f"{site_url}/fr/")
    word = locales.languages["fr"].glossary["draw-pile"]["term"]  # "pioche"
    results = search(page, word)
    assert results
    assert all(url.startswith(f"{site_url}/fr/") for url in results), results
    first_section = next(url for url in results if "#" in url)
    anchor = first_section.split("#")[1]
    page.goto(first_section)
    assert word in page.locator(f"[id='{anchor}']").evaluate(
        "h => { let t = h.innerText, n = h.nextElementSibling;"
        " while (n && !/^H[1-6]$/.test(n.tagName)) { t += n.innerText; n = n.nextElementSibling; }"
        " return t.toLowerCase(); }")


@pytest.mark.parametrize("word", ["芸者", "贈与", "競争", "魅力"])
def test_japanese_search_finds_rules(watched: Watched, site_url: str, locales: Locales,
                                     word: str) -> None:
    page = watched.page
    page.goto(f"{site_url}/ja/")
    results = search(page, word)
    assert all(url.startswith(f"{site_url}/ja/") for url in results), results
    anchors = [url.split("#")[1] for url in results if "#" in url]
    rules = locales.languages["ja"].text["rules"]
    found = [a for a in anchors if a in rules]
    assert found, f"no rule among the results for {word}: {anchors}"
    # The best rule is one about the word, by its title or its text.
    best = rules[found[0]]
    assert word in best["title"] + best["text"], (found[0], best)


@pytest.mark.parametrize(("watched", "lang"), [
    ({"locale": "ja-JP"}, "ja"), ({"locale": "fr-CA"}, "fr"), ({"locale": "id-ID"}, "id"),
    ({"locale": "de-DE"}, "en")], indirect=["watched"])
def test_root_sends_readers_to_their_language(watched: Watched, site_url: str,
                                              lang: str) -> None:
    watched.page.goto(f"{site_url}/")
    watched.page.wait_for_url(f"{site_url}/{lang}/")


def test_root_remembers_the_language_picked(watched: Watched, site_url: str) -> None:
    page = watched.page
    page.goto(f"{site_url}/en/glossary/")
    switch_language(page, "id")
    page.wait_for_url(f"{site_url}/id/glossary/")
    page.goto(f"{site_url}/")
    page.wait_for_url(f"{site_url}/id/")


# Every page of every game, as readers get it, without the live examples' engine: each example
# page runs its engine in test_examples.py (every example, every language, console checked) and
# the Play page in test_play.py; booting Pyodide again on each page here cost about 100 CPU s.
# A test per language: four shorter tests keep every test process busy to the end of a run.
@pytest.mark.parametrize("lang", LANGS)
def test_no_foreign_request_and_no_console_error(watched: Watched, site_url: str,
                                                  locales: Locales, lang: str) -> None:
    page = watched.page
    if lang == LANGS[0]:
        for root_page in ("404.html", ""):  # the root pages too (this one redirects to en/)
            page.goto(f"{site_url}/{root_page}")
            page.wait_for_load_state("networkidle")
    games = load_games(REPO / "locales")
    assert len(games) > 1  # the pages of every game, not only the first's
    addresses = [f"{site_url}/{lang}/{game.folder}{p.address}" for game in games
                 for p in load(REPO / "locales", game.id).structure.pages]
    # A few tabs take the pages in turns, each page left until it has settled and for longer
    # than an example in view waits before starting its engine (policy.js's DWELL_MS, 1 s).
    # (A tab per page started a renderer process each: a third more CPU.)
    tabs = [watched.new_page() for _ in range(4)]
    for first in range(0, len(addresses), len(tabs)):
        for tab, address in zip(tabs, addresses[first:first + len(tabs)], strict=False):
            tab.goto(address)
        for tab in tabs:
            tab.wait_for_load_state("networkidle")
        page.wait_for_timeout(1500)
    page.goto(f"{site_url}/{lang}/")
    search(page, locales.languages[lang].glossary["geisha"]["term"])  # starts the worker
    page.wait_for_load_state("networkidle")
    assert f"{site_url}/{lang}/search/search_index.json" in watched.requests
    assert not watched.foreign(site_url), watched.foreign(site_url)
    assert not watched.errors, watched.errors


# What Material's "Back to top" must never cover, on a phone's bottom corner as under a wide
# screen's header: a board (a figure's or an example's) and an example's controls. The review
# of 2026-11-25 (P6) found it over the opponent's markers.
COVERED = """() => {
  const top = document.querySelector(".md-top");
  const style = getComputedStyle(top);
  const box = top.getBoundingClientRect();
  const parts = [...document.querySelectorAll(".rs-board, .rs-ex button, .rs-ex textarea")];
  return {
    shown: !top.hidden && style.display !== "none" && style.visibility !== "hidden"
      && Number(style.opacity) > 0,
    asleep: top.hidden,  // Material's own state: hidden while the reader scrolls down
    covered: parts.filter((part) => {
      const b = part.getBoundingClientRect();
      return b.width > 0 && box.left < b.right && b.left < box.right
        && box.top < b.bottom && b.top < box.bottom;
    }).map((part) => part.className),
  };
}"""


@pytest.mark.waits
@pytest.mark.parametrize(("lang", "page_id", "width", "height"), [
    ("en", "round", 390, 844), ("fr", "end", 320, 640), ("ja", "scoring", 1280, 800)])
def test_back_to_top_never_covers_a_board_or_an_examples_controls(
        watched: Watched, site_url: str, locales: Locales, lang: str, page_id: str,
        width: int, height: int) -> None:
    page = watched.page
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{site_url}/{lang}/{page_path(locales, page_id)}")
    page.wait_for_load_state("load")
    length = page.evaluate("document.documentElement.scrollHeight")
    shown = stepped_aside = 0
    # Down the whole page, a reader's way: a little too far, then back up, which is when
    # Material shows the button; then where it stands, what lies under it.
    for y in range(height, length - height, height * 2 // 5):
        # A frame apart: Material compares them. The button's show or hide transition is
        # waited out: caught half-way it was neither shown (opacity 0 at its start) nor
        # asleep, which a run on a loaded machine did at 4 of the 6 places it shows.
        for at in (y + height // 2, y):
            scroll_and_settle(page, at, ".md-top")
        seen = page.evaluate(COVERED)
        assert not (seen["shown"] and seen["covered"]), f"at {y} px it covers {seen['covered']}"
        shown += seen["shown"]
        stepped_aside += not seen["shown"] and not seen["asleep"] and bool(seen["covered"])
    assert shown >= 3  # over plain text it is still there to take the reader back up
    assert stepped_aside >= 3  # and the page had boards under it, where it stepped aside


FRAME = """(frame) => {
  const box = frame.getBoundingClientRect();
  const cells = [...frame.querySelectorAll("th, td")].map((c) => c.getBoundingClientRect());
  return {
    scrolls: frame.scrollWidth > frame.clientWidth + 1,
    cut: cells.filter((c) => c.right > Math.min(box.right, innerWidth) + 0.5).length,
    fade: getComputedStyle(frame).maskImage,
  };
}"""


@pytest.mark.parametrize("width", [390, 320])
def test_the_quick_reference_action_table_fits_a_phone(watched: Watched, site_url: str,
                                                       locales: Locales, width: int) -> None:
    """The review of 2026-11-25 (B2): at 390 px the action table was 443 px wide, its
    "Scored" column cut off with no sign that it scrolled. Now it fits in every language,
    each cell whole on the screen, and no edge fades."""
    page = watched.page
    page.set_viewport_size({"width": width, "height": 844})
    for lang in LANGS:
        page.goto(f"{site_url}/{lang}/{page_path(locales, 'quick-reference')}")
        frame = page.locator("[id='qr-actions-table'] .md-typeset__scrollwrap")
        seen = frame.evaluate(FRAME)
        assert seen == {"scrolls": False, "cut": 0, "fade": "none"}, (lang, seen)


def test_a_table_wider_than_a_phone_fades_at_the_edge_it_scrolls_to(
        watched: Watched, site_url: str, locales: Locales) -> None:
    """A table that does not fit (the editions table on French End of the game, at 320 px)
    shows it: its right edge fades while more of it lies there, not once scrolled to the end."""
    page = watched.page
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(f"{site_url}/fr/{page_path(locales, 'end')}")
    frame = page.locator(".md-typeset__scrollwrap").filter(
        has=page.locator("table")).and_(page.locator("[role=region]")).first
    seen = frame.evaluate(FRAME)
    assert seen["scrolls"] and seen["cut"] > 0, seen
    assert "gradient" in seen["fade"], seen
    frame.evaluate("(frame) => { frame.scrollLeft = frame.scrollWidth; }")
    page.wait_for_function("(frame) => getComputedStyle(frame).maskImage === 'none'",
                           arg=frame.element_handle())
