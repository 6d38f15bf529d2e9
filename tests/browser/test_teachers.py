"""Teachers' tools in a real browser: the Cite button copies a citation (and a handout link
that highlights its rule on arrival), glossary terms explain themselves from the keyboard,
and the side-by-side page aligns two languages rule by rule."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import no_engine
from playwright.sync_api import Browser, BrowserContext, Page

from rulesite.pages import compare
from rulesite.sources.locales import Locales, load

REPO = Path(__file__).resolve().parents[2]
# Each game's example whose steps are cited: the page's address in a language, its ID.
CITED_EXAMPLES = {"hanamikoji": ("round/", "ex-gift"),
                  "loveletter": ("love-letter/cards/", "ex-guard")}


@pytest.fixture
def context(chromium: Browser, site_url: str) -> Iterator[BrowserContext]:
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    no_engine(context)  # Cite works on the page's own steps (test_whatif.py: on a what-if line)
    context.grant_permissions(["clipboard-read", "clipboard-write"],
                              origin=site_url.split("/hanamikoji-rules")[0])
    yield context
    context.close()


def errors_of(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


# The rule each game's test cites: its page, ID and number.
CITED_RULES = {"hanamikoji": ("round/", "deal-remove", "5.2"),
               "loveletter": ("love-letter/cards/", "guard-guess", "8.1")}


@pytest.mark.parametrize(("game", "lang", "expected"), [
    ("hanamikoji", "en", "Hanamikoji Rules, rule 5.2 “{title}”, version {version}, English. {url}"),
    # Inside a French sentence the language is a common noun: « français », lower case.
    ("hanamikoji", "fr", "Règles de Hanamikoji, règle 5.2 «\u00a0{title}\u00a0», "
                         "version {version}, français. {url}"),
    # Love Letter's own name, numbers and rules version (not Hanamikoji's).
    ("loveletter", "en", "Love Letter Rules, rule 8.1 “{title}”, version {version}, English. "
                         "{url}"),
])
def test_cite_a_rule_by_keyboard(context: BrowserContext, site_url: str, game: str,
                                 lang: str, expected: str) -> None:
    locales = load(REPO / "locales", game)
    path, rule, number = CITED_RULES[game]
    page = context.new_page()
    errors = errors_of(page)
    page.goto(f"{site_url}/{lang}/{path}")
    button = page.locator(f"h3#{rule} .rs-cite-button")
    assert button.is_visible()  # not a hover-only control
    assert button.get_attribute("aria-label") == locales.languages[lang].ui[
        "cite.rule_label"].format(number=number)
    button.focus()
    page.keyboard.press("Enter")
    assert button.get_attribute("aria-expanded") == "true"
    page.keyboard.press("Enter")  # focus moved to the first item: copy the citation
    status = page.locator(".rs-cite-status")
    status.wait_for(state="attached")
    page.wait_for_function("document.querySelector('.rs-cite-status').textContent !== ''")
    assert status.get_attribute("aria-live") == "polite"
    assert status.inner_text() == locales.languages[lang].ui["cite.copied_citation"]
    copied = page.evaluate("navigator.clipboard.readText()")
    title = locales.languages[lang].text["rules"][rule]["title"]
    url = f"{site_url}/{lang}/{path}?hl={rule}#{rule}"
    assert copied == expected.format(title=title, version=locales.structure.version, url=url)

    # Copying closes the menu and gives the focus back to Cite.
    assert button.get_attribute("aria-expanded") == "false"
    assert page.locator(f"h3#{rule} .rs-cite-menu").is_hidden()
    assert page.evaluate("document.activeElement.classList.contains('rs-cite-button')")

    # The bare link, then the link itself: the rule is marked on arrival.
    button.click()
    page.get_by_role("button", name=locales.languages[lang].ui["cite.copy_link"]).first.click()
    page.wait_for_function("navigator.clipboard.readText().then(t => !t.includes(' '))")
    assert page.evaluate("navigator.clipboard.readText()") == url
    page.goto(url)
    heading = page.locator(f"h3#{rule}")
    assert "rs-highlighted" in (heading.get_attribute("class") or "")
    assert heading.locator(".rs-highlight-label").inner_text() == \
        locales.languages[lang].ui["cite.highlighted"]
    assert page.locator(".rs-highlighted").count() >= 2  # the heading and the rule's text
    assert not errors


def test_cite_an_example_step(context: BrowserContext, site_url: str) -> None:
    page = context.new_page()
    page.goto(f"{site_url}/ja/end/")
    example = page.locator(".rs-example[id]").first
    example_id = example.get_attribute("id")
    button = page.locator(".rs-example-title .rs-cite-button").first
    assert button.is_visible()
    button.click()
    page.locator(".rs-cite-menu:not([hidden]) button[data-copy='citation']").click()
    page.wait_for_function("navigator.clipboard.readText().then(t => t.includes('ステップ'))")
    copied = page.evaluate("navigator.clipboard.readText()")
    citation = r"『花見小路のルール』（日本語）バージョン[\d.]+、例「.+」のステップ\d+ http"  # noqa: RUF001
    assert re.match(citation, copied), copied
    assert f"#{example_id}-step-" in copied


@pytest.mark.parametrize(("game", "lang", "expected"), [
    ("hanamikoji", "en",
     "Hanamikoji Rules, example “{title}”, step 1, version {version}, English. {url}"),
    ("hanamikoji", "fr", "Règles de Hanamikoji, exemple «\u00a0{title}\u00a0», étape 1, "
                         "version {version}, français. {url}"),
    # Love Letter's own name and its own rules version (not Hanamikoji's).
    ("loveletter", "fr", "Règles de Love Letter, exemple «\u00a0{title}\u00a0», étape 1, "
                         "version {version}, français. {url}"),
], ids=["hanamikoji-en", "hanamikoji-fr", "loveletter-fr"])
def test_cite_any_step_of_an_example(context: BrowserContext, site_url: str, game: str,
                                     lang: str, expected: str) -> None:
    """Each step of the list has its own Cite: step 1's citation without playing to it."""
    locales = load(REPO / "locales", game)
    address, example = CITED_EXAMPLES[game]
    page = context.new_page()
    errors = errors_of(page)
    page.goto(f"{site_url}/{lang}/{address}")
    ui = locales.languages[lang].ui
    steps = page.locator(f"#{example} .rs-ex-steps > li")
    assert steps.count() >= 3
    assert steps.locator(".rs-cite-step .rs-cite-button").count() == steps.count()
    button = steps.nth(1).locator(".rs-cite-button")
    assert button.is_visible()
    assert button.get_attribute("aria-label") == ui["cite.step_label"].format(step=1)
    button.click()
    steps.nth(1).locator(".rs-cite-menu button[data-copy='citation']").click()
    page.wait_for_function("navigator.clipboard.readText().then(t => t.includes('step-1'))")
    url = f"{site_url}/{lang}/{address}?hl={example}-step-1#{example}-step-1"
    title = locales.languages[lang].text["examples"][example]["title"]
    assert page.evaluate("navigator.clipboard.readText()") == expected.format(
        title=title, version=locales.structure.version, url=url)
    page.wait_for_function("document.querySelector('.rs-cite-status').textContent !== ''")
    assert page.locator(".rs-cite-status").inner_text() == ui["cite.copied_citation"]
    page.keyboard.press("Escape")

    # By keyboard: one step's Cite is a Tab stop, the current step's; arrows choose the step.
    widget = page.locator(f"#{example} .rs-ex")
    widget.scroll_into_view_if_needed()
    page.wait_for_selector(f"#{example} .rs-ex[data-state='live']")
    tab_stops = f"#{example} .rs-cite-step .rs-cite-button[tabindex='0']"
    assert page.locator(tab_stops).count() == 1
    page.locator(f"#{example} .rs-ex-steps > li[tabindex='0']").focus()
    page.keyboard.press("Home")
    page.wait_for_selector(f"#{example} .rs-ex-steps > li[value='0'][aria-current='step']")
    assert page.locator(tab_stops).count() == 1
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert focused == ui["cite.step_label"].format(step=0)
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")  # to the menu's second item: the bare link
    page.keyboard.press("Enter")
    page.wait_for_function("navigator.clipboard.readText().then(t => t.endsWith('step-0'))")
    assert page.evaluate("navigator.clipboard.readText()") == url.replace("step-1", "step-0")
    assert not errors


def test_the_book_cites_each_rule_and_step_on_its_own_page(context: BrowserContext,
                                                           site_url: str) -> None:
    page = context.new_page()
    page.goto(f"{site_url}/ja/book/")
    page.locator("h3#deal-remove .rs-cite-button").click()
    page.locator("h3#deal-remove .rs-cite-menu button[data-copy='link']").click()
    page.wait_for_function("navigator.clipboard.readText().then(t => t.endsWith('remove'))")
    assert page.evaluate("navigator.clipboard.readText()") == \
        f"{site_url}/ja/round/?hl=deal-remove#deal-remove"
    page.locator("#ex-gift-step-2 .rs-cite-button").click()
    page.locator("#ex-gift-step-2 .rs-cite-menu button[data-copy='citation']").click()
    page.wait_for_function("navigator.clipboard.readText().then(t => t.includes('step-2'))")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert "ステップ2" in copied
    assert copied.endswith(f"{site_url}/ja/round/?hl=ex-gift-step-2#ex-gift-step-2")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_glossary_hints_by_keyboard(context: BrowserContext, site_url: str, locales: Locales,
                                    lang: str) -> None:
    page = context.new_page()
    page.goto(f"{site_url}/{lang}/round/")
    terms = page.locator("a.rs-term-link")
    assert terms.count() > 3
    # Tab through the page until a term link has focus: its hint shows and describes it.
    for _ in range(200):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('rs-term-link')"):
            break
    else:
        pytest.fail("no glossary term reached with Tab")
    term = page.evaluate("document.activeElement.dataset.term")
    hint = page.locator("#rs-hint")
    assert hint.is_visible()
    assert page.evaluate("document.activeElement.getAttribute('aria-describedby')") == "rs-hint"
    entry = locales.languages[lang].glossary[term]
    assert hint.inner_text().startswith(entry["term"])
    page.keyboard.press("Escape")
    assert not hint.is_visible()


@pytest.mark.parametrize(("game", "a", "b"), [("hanamikoji", "en", "fr"),
                                               ("hanamikoji", "ja", "id"),
                                               ("loveletter", "ja", "fr")])
def test_side_by_side(context: BrowserContext, site_url: str, game: str, a: str,
                      b: str) -> None:
    locales = load(REPO / "locales", game)
    folder = locales.game.folder
    page = context.new_page()
    page.goto(f"{site_url}/{compare.address(a, b, folder)}")
    # The game and both languages named in a's words ("English and French",
    # 日本語とインドネシア語), never an autonym inside the sentence.
    title = {("hanamikoji", "en", "fr"): "The rules of Hanamikoji side by side: English and "
                                         "French",
             ("hanamikoji", "ja", "id"): "花見小路のルールの対訳\uff1a日本語とインドネシア語",
             ("loveletter", "ja", "fr"): "ラブレターのルールの対訳\uff1a日本語とフランス語",
             }[(game, a, b)]
    assert page.locator("h1").inner_text() == title
    rules = [block.id for p in locales.structure.pages for s in p.sections for block in s.blocks
             if block.kind == "rule"]
    rows = page.locator(".row:has(.rule)")
    assert rows.count() == len(rules)
    middle = rules[len(rules) // 2]
    for rule_id in (rules[0], middle, rules[-1]):
        row = page.locator(f".row#{rule_id}")
        cells = row.locator(".rule")
        assert cells.nth(0).get_attribute("lang") == a
        assert cells.nth(1).get_attribute("lang") == b
        number = locales.structure.numbers[rule_id]
        # Aligned: the same rule number, its own title, in each column, side by side.
        for i, lang in enumerate((a, b)):
            assert cells.nth(i).locator("h3 .num").inner_text() == number
            assert locales.languages[lang].text["rules"][rule_id]["title"].split("{")[0].strip() \
                in cells.nth(i).locator("h3").inner_text()
        box_a, box_b = cells.nth(0).bounding_box(), cells.nth(1).bounding_box()
        assert box_a and box_b and box_a["y"] == box_b["y"] and box_a["x"] < box_b["x"]
    # Terms are marked in both languages and link to that language's glossary of the game.
    for lang in (a, b):
        marked = page.locator(f".rule[lang='{lang}'] a.term")
        assert marked.count() > 20
        assert f"/{lang}/{folder}glossary/#" in (marked.first.get_attribute("href") or "")
    # Notes, tables, figures, examples: aligned as well, each in its language, on every
    # section of the rules pages.
    blocks = [block for p in locales.structure.pages if p.kind == "rules"
              for s in p.sections for block in s.blocks]
    for kind in ("note", "table", "figure", "example"):
        expected = [block.id for block in blocks if block.kind == kind]
        assert expected, kind
        assert page.locator(f".row:has(> .{kind})").evaluate_all(
            "rows => rows.map(r => r.id)") == expected, kind
        row = page.locator(f".row#{expected[0]}")
        assert row.locator(f".{kind}[lang='{a}']").inner_text().strip()
        assert row.locator(f".{kind}[lang='{b}']").inner_text().strip()
    figure = blocks[[block.kind for block in blocks].index("figure")].id
    number = locales.structure.figures[figure].number
    for lang in (a, b):
        label = locales.languages[lang].ui["figure.label"].format(number=number)
        assert page.locator(f".row#{figure} .figure[lang='{lang}'] .label").inner_text() == label
    # The figure's board is drawn with its game's style: it takes room on the page.
    board = page.locator(f".row#{figure} .figure[lang='{a}'] figure").bounding_box()
    assert board and board["height"] > 100
    # The number of a rule leads to the rule on the language's own site, in the game's pages.
    page.locator(f".row#{middle} .rule[lang='{b}'] h3 a.num").click()
    page.wait_for_url(f"**/{b}/{folder}{locales.structure.page_of[middle]}/#{middle}")


def test_glossary_hint_by_touch(chromium: Browser, site_url: str, locales: Locales) -> None:
    """On a phone the first tap on a term shows its hint; a second tap opens the glossary."""
    context = chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                   is_mobile=True)
    page = context.new_page()
    page.goto(f"{site_url}/id/round/")
    term = page.locator("a.rs-term-link").first
    term.tap()
    hint = page.locator("#rs-hint")
    assert hint.is_visible()
    entry = locales.languages["id"].glossary[term.get_attribute("data-term") or ""]
    assert hint.inner_text().startswith(entry["term"] + ":")
    assert len(hint.inner_text()) > len(entry["term"]) + 20  # the definition follows
    assert page.url.endswith("/id/round/")
    term.tap()
    page.wait_for_url("**/id/glossary/#*")
    context.close()
