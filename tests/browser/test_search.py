"""Search as readers use it: text that arrives without a key release (pasted, dictated, typed
through an input method that sends none) is searched too; the rules come before the Python API
for a plain word; and each language finds a glossary term by the words its readers type for
it (locales/<lang>/synonyms.yml), without showing those words; each result is labelled with its
game."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import pytest
from conftest import open_tab
from playwright.sync_api import Browser, Page

from rulesite.sources.locales import Locales, load

REPO = Path(__file__).resolve().parents[2]

if TYPE_CHECKING:  # the fixture's type only: importing conftest at run time breaks collection
    from conftest import Watched


def results(page: Page) -> list[str]:
    page.wait_for_selector(".md-search-result__item", timeout=10_000)
    return page.locator(".md-search-result__link").evaluate_all(
        "links => links.map(a => a.getAttribute('href'))")


def insert(page: Page, text: str) -> list[str]:
    """Put ``text`` in the search field as a paste or dictation does: one input event, no key
    event at all."""
    page.locator("input.md-search__input").click()
    page.keyboard.insert_text(text)
    return results(page)


@pytest.mark.parametrize(("lang", "word"), [("en", "competition"), ("ja", "競争"),
                                            ("fr", "pioche")])
def test_text_without_key_events_is_searched(watched: Watched, site_url: str, lang: str,
                                             word: str) -> None:
    page = watched.page
    page.goto(f"{site_url}/{lang}/")
    found = insert(page, word)
    assert found and all(f"/{lang}/" in urlsplit(url).path for url in found), found
    assert page.locator(".md-search-result__meta").inner_text() != ""
    # Changing the text the same way searches again.
    page.locator("input.md-search__input").fill("")
    page.keyboard.insert_text("zzqx")
    page.wait_for_selector(".md-search-result__item", state="detached", timeout=10_000)


def test_rules_come_before_the_api_for_a_plain_word(watched: Watched, site_url: str) -> None:
    page = watched.page
    page.goto(f"{site_url}/en/")
    found = insert(page, "competition")
    groups: list[str] = []
    for url in found:  # one group of results per page, in the order shown
        name = urlsplit(url).path.rstrip("/").split("/")[-1]
        if not groups or groups[-1] != name:
            groups.append(name)
    assert groups[:2] == ["round", "misreadings"], groups
    assert "end" in groups and "basics" in groups, groups
    # The API reference, if listed at all, comes after every page of the site's own text.
    if "api" in groups:
        assert set(groups[groups.index("api"):]) == {"api"}, groups
    # A name that only the API has still finds it.
    page.locator("input.md-search__input").fill("")
    page.keyboard.insert_text("CompetitionPick")
    page.wait_for_function("[...document.querySelectorAll('.md-search-result__link')]"
                           ".some(a => a.href.includes('/api/'))", timeout=10_000)


@pytest.mark.parametrize(("lang", "term"), [("fr", "gift"), ("fr", "competition"),
                                            ("en", "competition"), ("ja", "gift"),
                                            ("id", "charm-point")])
def test_each_language_finds_a_term_by_its_synonyms(watched: Watched, site_url: str,
                                                   locales: Locales, lang: str,
                                                   term: str) -> None:
    page = watched.page
    word = locales.languages[lang].synonyms[term][0]  # "cadeau", "concurrence"…
    page.goto(f"{site_url}/{lang}/")
    found = insert(page, word)
    # Results come grouped by page, the page's own link first: the best group is the
    # glossary's, and its best section the term's entry.
    first = urlsplit(found[0]).path.rstrip("/").split("/")[-1]
    section = urlsplit(next(url for url in found if "#" in url))
    assert (first, section.fragment) == ("glossary", term), found
    item = page.locator(".md-search-result__item").first
    assert locales.languages[lang].glossary[term]["term"] in item.inner_text()
    # The synonym matched as the entry's tag, which is not shown: it is the reader's word,
    # not the site's.
    tags = item.locator(f'a[href$="#{term}"] .md-tags')  # the entry's own result
    assert word in (tags.text_content() or "") and tags.is_hidden()


def test_each_result_names_its_game(watched: Watched, site_url: str) -> None:
    """A word both games' rules use finds pages of both, each result labelled with its game's
    name in the page's language (docs/assets/site/search.js): Love Letter's pages are those
    under its folder."""
    names = {game: load(REPO / "locales", game).languages["ja"].ui["game.name"]
             for game in ("hanamikoji", "loveletter")}
    page = watched.page
    page.goto(f"{site_url}/ja/")
    insert(page, "山札")  # the deck
    page.wait_for_function("""() => [...document.querySelectorAll(
        ".md-search-result__item > .md-search-result__link")]
        .every(link => link.querySelector("article .rs-search-game"))""", timeout=10_000)
    labelled = page.locator(".md-search-result__item > .md-search-result__link").evaluate_all(
        "links => links.map(a => [a.href, a.querySelector('.rs-search-game').textContent])")
    expected = [(url, names["loveletter" if "/ja/love-letter/" in urlsplit(url).path
                            else "hanamikoji"]) for url, _ in labelled]
    assert [tuple(pair) for pair in labelled] == expected
    assert {name for _, name in labelled} == set(names.values()), labelled
    assert not watched.errors, watched.errors


def asked_for_search(page: Page) -> set[str]:
    """What the page has asked for of Material's search: its "worker", its "index"."""
    names = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    parts = {"worker": "/assets/javascripts/workers/search.", "index": "/search/search_index.json"}
    return {part for part, path in parts.items() if any(path in name for name in names)}


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_search_starts_when_the_reader_reaches_for_it(chromium: Browser, site_url: str,
                                                      device: str) -> None:
    # Fetching and building a language's index is seconds of CPU on a phone: a page that
    # nobody searches does not pay for it (assets/site/searchstart.js). Offline, the service
    # worker keeps the index with the language's files (test_offline.py).
    size = {"width": 390, "height": 844} if device == "phone" else {"width": 1280, "height": 900}
    tab = open_tab(chromium, {"viewport": size, "has_touch": device == "phone"})
    try:
        page = tab.page
        page.goto(f"{site_url}/fr/glossary/")
        page.wait_for_load_state("load")
        page.wait_for_timeout(1000)
        assert asked_for_search(page) == set()
        if device == "phone":  # the search button, then the field it opens
            page.locator("label.md-header__button[for=__search]").tap()
        else:
            page.locator("input.md-search__input").click()
        page.keyboard.insert_text("pioche")  # typed before the index is ready: kept
        found = results(page)
        assert asked_for_search(page) == {"worker", "index"}
        assert found and all("/fr/" in urlsplit(url).path for url in found), found
        assert not tab.errors, tab.errors
    finally:
        tab.context.close()
