"""Accessibility in a real browser (Debian's Chromium, the real site under its sub-path).

axe-core (``node_modules/axe-core``, pinned in package-lock.json, injected into each page)
finds no serious or critical WCAG 2.2 A/AA violation on any page type of any game, in English
with the light scheme and in Japanese with the dark one, on a desktop and on a 320 px phone;
no page of any game in any language scrolls sideways at 320 px; and a live example is usable
from the keyboard alone: focus never falls off a control that becomes disabled or hidden,
steps are chosen with the arrow keys, the code box says how to leave it, and each step is
announced once.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import no_engine, scroll_and_settle
from playwright.sync_api import Browser, Page

from rulesite.pages import compare
from rulesite.sources.locales import Locales, load_all
from rulesite.sources.structure import Page as StructurePage

REPO = Path(__file__).resolve().parents[2]
AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
RULESETS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
LANGS = ("en", "fr", "ja", "id")
LIVE_TIMEOUT_MS = 45_000  # booting Pyodide on a busy 2-core machine, with margin
GAMES = load_all(REPO / "locales")  # every game's pages, each in its folder


def has_example(page: StructurePage) -> bool:
    return any(block.kind == "example" for section in page.sections for block in section.blocks)


def page_paths(locales: Locales, lang: str, *, one_per_kind: bool = False) -> list[str]:
    """Every page of ``lang`` of the game ``locales``, in its folder (or the first of each
    kind, and the first rules page with an example if that is another: the rules pages share
    a layout, but an example's widget is laid out live), then the teachers' pages: the game's
    whole rulebook and its rules in ``lang`` side by side with another language."""
    pages = locales.structure.pages
    if one_per_kind:
        pages = list({p.kind: p for p in reversed(pages)}.values())[::-1] + [
            p for p in pages if p.kind == "rules" and has_example(p)][:1]
        pages = list(dict.fromkeys(pages))
    other = next(code for code in LANGS if code != lang)
    folder = locales.game.folder
    return [*(f"{lang}/{folder}{p.address}" for p in pages),
            f"{lang}/{folder}book/", compare.address(lang, other, folder)]


def open_page(page: Page, url: str) -> None:
    """Open ``url`` with its examples in the widget's live layout (controls, status, hints);
    the whole rulebook's examples stay as built (no data-example: no widget wakes)."""
    page.goto(url)
    page.wait_for_load_state("load")
    examples = page.locator(".rs-example[data-example] .rs-ex")
    if examples.count():
        examples.first.scroll_into_view_if_needed()
        examples.first.and_(page.locator("[data-state='live']")).wait_for(
            timeout=LIVE_TIMEOUT_MS)
        # Back at the top, the header fades the page's title out and the site's name in: axe
        # reads colours as they are, so a fade caught half-way fails contrast (it did under
        # load). What a reader reads is the end of it.
        scroll_and_settle(page, 0, ".md-header")


def axe_problems(page: Page, selector: str = "html") -> list[str]:
    """Serious and critical violations axe-core finds in ``selector``, one line per element."""
    if not page.evaluate("Boolean(window.axe)"):
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    result = page.evaluate(
        """([selector, tags]) => axe.run(document.querySelector(selector),
             {runOnly: {type: "tag", values: tags}, resultTypes: ["violations"]})""",
        [selector, RULESETS])
    return [f"{page.url} [{v['impact']}] {v['id']}: {node['target']} {node['failureSummary']}"
            for v in result["violations"] if v["impact"] in ("serious", "critical")
            for node in v["nodes"][:5]]


def sideways(page: Page) -> int:
    """How far the page scrolls sideways, in CSS pixels."""
    return int(page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"))


# One test per game and variant, each over its pages in one context: the scans are the
# suite's longest tests, and eight shorter ones keep every test process busy to the end.
@pytest.mark.parametrize("game", [game.game.id for game in GAMES])
@pytest.mark.parametrize(("lang", "scheme", "width"), [
    ("en", "light", 1280), ("en", "light", 320), ("ja", "dark", 1280), ("ja", "dark", 320)])
def test_axe_finds_no_serious_violation(chromium: Browser, site_url: str, lang: str,
                                        scheme: str, width: int, game: str) -> None:
    context = chromium.new_context(viewport={"width": width, "height": 800},
                                   color_scheme=scheme)  # type: ignore[arg-type]
    no_engine(context)
    # axe in every page of the context from the start: sent to the browser once, not as a
    # 0.5 MB script tag after each page's load (about 5% of these tests' time).
    context.add_init_script(path=AXE)
    page = context.new_page()
    problems: list[str] = []
    locales = next(locales for locales in GAMES if locales.game.id == game)
    paths = page_paths(locales, lang, one_per_kind=True)
    if locales is GAMES[0]:
        paths.append("404.html")  # the site's, once
    for path in paths:
        open_page(page, f"{site_url}/{path}")
        problems += axe_problems(page)
    context.close()
    assert not problems, "\n".join(problems)


# The site's name in the header, if it loses a line to the header's clamp or stands out of
# the header's bar. (The page's title, which takes its place as the reader scrolls, may end
# in "…": the page's heading says it whole.)
CUT_TITLES = """() => {
  const header = document.querySelector(".md-header");
  if (!header) return [];  // a page of its own look (side by side)
  const bar = header.getBoundingClientRect();
  return [...document.querySelectorAll(".md-header__topic:first-child .md-ellipsis")]
    .filter((title) => {
    const box = title.getBoundingClientRect();
    // Half a line of slack: glyphs may reach a pixel or two past their line. Wider than its
    // box: cut by an ellipsis on one line.
    return title.scrollHeight - title.clientHeight > 6 || title.scrollWidth > title.clientWidth
      || box.top < bar.top - 1 || box.bottom > bar.bottom + 1;
  }).map((title) => title.textContent.trim());
}"""


@pytest.mark.parametrize("lang", LANGS)  # a test each: shorter tests balance the processes
def test_no_page_scrolls_sideways_on_a_small_phone(chromium: Browser, site_url: str,
                                                   lang: str) -> None:
    """At 320 px no page is wider than the screen, and the header shows the site's name
    whole (the Indonesian name ended "Aturan Permainan…")."""
    context = chromium.new_context(viewport={"width": 320, "height": 640})
    no_engine(context)
    page = context.new_page()
    wide = {}
    cut = {}
    for path in (path for game in GAMES for path in page_paths(game, lang)):
        # Styles block the scripts, so the layout is final once the DOM is ready.
        page.goto(f"{site_url}/{path}", wait_until="domcontentloaded")
        if sideways(page) > 0:
            wide[path] = sideways(page)
        if titles := page.evaluate(CUT_TITLES):
            cut[path] = titles
    context.close()
    assert not wide, f"pages wider than a 320 px screen (px too wide): {wide}"
    assert not cut, f"the site's name cut in the header at 320 px: {cut}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_site_name_shows_whole_on_a_phone(chromium: Browser, site_url: str,
                                              lang: str) -> None:
    """At 390 px the header shows the site's name whole on each game's home and Play pages
    (it was cut to "Règles de jeux d…" and "カードゲームのル…")."""
    context = chromium.new_context(viewport={"width": 390, "height": 844})
    no_engine(context)
    page = context.new_page()
    cut = {}
    for path in (f"{lang}/", f"{lang}/play/", f"{lang}/love-letter/", f"{lang}/love-letter/play/"):
        page.goto(f"{site_url}/{path}", wait_until="domcontentloaded")
        if titles := page.evaluate(CUT_TITLES):
            cut[path] = titles
    context.close()
    assert not cut, f"the site's name cut in the header at 390 px: {cut}"


def focused(page: Page) -> str:
    """The focused element: a widget button's action, else its id."""
    return str(page.evaluate(
        "(e => e.dataset.act || e.dataset.wi || ('share' in e.dataset && 'share') || e.id"
        " || e.tagName)(document.activeElement)"))


def test_example_from_the_keyboard(chromium: Browser, site_url: str, locales: Locales) -> None:
    ui = locales.languages["fr"].ui
    context = chromium.new_context(viewport={"width": 390, "height": 800})
    page = context.new_page()
    page.goto(f"{site_url}/fr/scoring/")
    example = "ex-tie-keeps-marker"  # three steps: 0, 1, 2 (one move, then the scoring)
    root = page.locator(f"[id='{example}'] .rs-ex")
    root.scroll_into_view_if_needed()
    # The widget opens on its last step, like the page without script.
    page.wait_for_selector(f"[id='{example}'] .rs-ex[data-state='live'][data-step='2']",
                           timeout=LIVE_TIMEOUT_MS)
    live = root.locator("[aria-live]")
    assert live.count() == 1, "one live region per widget, so a step is spoken once"
    live.evaluate("""el => { window.rsSpoken = 0;
        new MutationObserver(records => { window.rsSpoken += records.length; })
          .observe(el, {childList: true, characterData: true, subtree: true}); }""")

    # Step buttons: at either end focus moves to the button going the other way.
    root.locator("[data-act=back]").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    assert root.get_attribute("data-step") == "0"
    assert focused(page) == "forward"
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    assert root.get_attribute("data-step") == "2"
    assert focused(page) == "back"
    page.keyboard.press("Enter")
    page.keyboard.press("Shift+Tab")
    assert focused(page) == "restart"
    page.keyboard.press("Enter")
    assert root.get_attribute("data-step") == "0"
    assert focused(page) == "forward"

    # "What if?" and Share come next (tests/browser/test_whatif.py), then the list of steps:
    # one Tab stop, where arrows, Home and End choose a step.
    for stop in ("start", "share", f"{example}-step-0"):
        page.keyboard.press("Tab")
        assert focused(page) == stop
    spoken = page.evaluate("window.rsSpoken")
    page.keyboard.press("ArrowDown")
    assert (root.get_attribute("data-step"), focused(page)) == ("1", f"{example}-step-1")
    assert page.evaluate("window.rsSpoken") == spoken + 1, "the step was announced once"
    now = " ".join(root.locator(".rs-ex-now").inner_text().split())
    counter = ui["widget.counter"].format(step=1, total=2)
    assert live.text_content() == f"{counter}. {now}"
    page.keyboard.press("End")
    assert (root.get_attribute("data-step"), focused(page)) == ("2", f"{example}-step-2")
    page.keyboard.press("Home")
    assert root.get_attribute("data-step") == "0"
    assert root.locator(".rs-ex-steps > li[tabindex='0']").count() == 1
    assert root.locator(".rs-ex-steps").get_attribute("aria-describedby")

    # The code box: Tab indents, the hint in French says how to leave, Esc then Tab leaves.
    code = root.locator("textarea")
    hint = page.locator(f"[id='{code.get_attribute('aria-describedby')}']")
    assert hint.inner_text() == ui["widget.code_keys"] and hint.is_visible()
    code.focus()
    page.keyboard.press("Tab")
    assert focused(page) == f"{example}-code"
    assert code.input_value().startswith("    ")
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    assert focused(page) == "run"
    page.keyboard.press("Tab")  # Stop is disabled: Restore is next, shown since the code changed
    assert focused(page) == "reset"
    page.keyboard.press("Enter")  # Restore hides itself
    assert not code.input_value().startswith("    ")
    assert focused(page) == "run"

    # Run is disabled while running: focus goes to Stop, and back to Run when it ends (a warm
    # engine may take only milliseconds, so the moves are recorded as they happen).
    root.evaluate("""el => { window.rsFocus = [];
        el.addEventListener("focusin", e => window.rsFocus.push(e.target.dataset.act)); }""")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"[id='{example}'] .rs-ex:is([data-runs='1'], [data-error='1'])",
                           timeout=LIVE_TIMEOUT_MS)
    assert page.evaluate("window.rsFocus") == ["stop", "run"]
    assert focused(page) == "run"
    assert root.get_attribute("data-error") != "1", root.locator(".rs-ex-error").inner_text()
    assert root.get_attribute("data-live") == "verified"
    assert not axe_problems(page, f"[id='{example}']")  # the widget once live, with a result
    context.close()


def test_search_dialog_and_wide_tables_are_named(chromium: Browser, site_url: str) -> None:
    context = chromium.new_context(viewport={"width": 320, "height": 640}, locale="fr-FR")
    page = context.new_page()
    page.goto(f"{site_url}/fr/end/")
    page.wait_for_load_state("load")
    assert page.locator(".md-search[role=dialog]").get_attribute("aria-label")
    frames = page.locator(".md-typeset__scrollwrap[tabindex='0'][role=region]")
    assert frames.count() >= 1  # the editions table is wider than a 320 px screen
    labels = frames.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert all(labels), labels
    frames.first.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "document.querySelector('.md-typeset__scrollwrap[tabindex=\"0\"]').scrollLeft > 0")
    context.close()


@pytest.mark.parametrize(("lang", "scheme", "width"), [("en", "light", 390),
                                                       ("ja", "dark", 1280)])
def test_play_page_from_the_keyboard(chromium: Browser, site_url: str, locales: Locales,
                                     lang: str, scheme: str, width: int) -> None:
    """A turn of the Play page by keyboard alone (Tab, Enter, Space), and axe on the page in
    a game: the board's cards made pickable, the marker buttons, the status and the steps."""
    ui = locales.languages[lang].ui
    context = chromium.new_context(viewport={"width": width, "height": 800},
                                   color_scheme=scheme)  # type: ignore[arg-type]
    page = context.new_page()
    page.goto(f"{site_url}/{lang}/play/?rs-preload=1")
    root = page.locator("#rs-play")
    page.wait_for_selector('#rs-play[data-state="idle"]', timeout=LIVE_TIMEOUT_MS)
    page.locator('select[name="level"]').select_option("easy")
    page.locator('[data-act="new"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_selector('#rs-play[data-state="play"]', timeout=LIVE_TIMEOUT_MS)
    # The Secret marker, then Tab to the first card of the hand, Space, then Tab to Play.
    page.locator('.hk-play-marker[data-marker="S"]').focus()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.dataset.marker") == "S"  # focus kept
    assert page.locator('.hk-play-marker[data-marker="S"]').get_attribute("aria-pressed") == "true"
    steps = root.locator(".rs-play-steps > li").count()
    card = page.locator('.rs-play-board [data-part^="hand-A-"][role="button"]').first
    card.focus()
    page.keyboard.press("Space")
    assert card.get_attribute("aria-pressed") == "true"
    assert ui["widget.secret"] in root.locator(".rs-play-status").inner_text()
    play = page.locator(".rs-play-panel [data-move^='S']")
    play.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector('#rs-play[data-state="play"]', timeout=LIVE_TIMEOUT_MS)
    assert root.locator(".rs-play-steps > li").count() >= steps + 2  # A's Secret, B's move
    # From the top: scrolled, the sticky header covers part of the board (axe: obscured).
    page.evaluate("window.scrollTo(0, 0)")
    assert not axe_problems(page)
    assert sideways(page) == 0
    context.close()
