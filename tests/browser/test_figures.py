"""Figures in a real browser: drawn without JavaScript, kept in the printed page with their
colours, and no wider than a phone's screen."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from rulesite.sources.locales import Locales

# Pages with figures whose boards differ in kind: several frames, small figures, the home page.
PAGES = ("en/round/", "ja/scoring/", "fr/quick-reference/", "id/")


def figure_ids(locales: Locales, path: str) -> list[str]:
    page_id = path.split("/")[1] or "home"
    page = locales.structure.page(page_id)
    return [b.id for s in page.sections for b in s.blocks if b.kind == "figure"]


@pytest.fixture
def no_script(chromium: Browser) -> Iterator[Page]:
    context = chromium.new_context(viewport={"width": 1280, "height": 900},
                                   java_script_enabled=False)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("path", PAGES)
def test_figures_show_without_javascript_and_in_print(no_script: Page, site_url: str,
                                                      locales: Locales, path: str) -> None:
    page = no_script
    page.goto(f"{site_url}/{path}")
    ids = figure_ids(locales, path)
    assert ids
    for media in ("screen", "print"):
        page.emulate_media(media=media)
        for fig_id in ids:
            figure = page.locator(f"[id='{fig_id}']")
            assert figure.is_visible(), (media, fig_id)
            box = figure.bounding_box()
            assert box is not None and box["height"] > 100, (media, fig_id)
            assert figure.locator("figcaption").is_visible()
            assert figure.locator(".hk-geisha").count() >= 7
    # On paper the cards keep their colours (each also shows its number).
    colours = page.locator(f"[id='{ids[0]}'] .hk-geisha-num").first.evaluate(
        "e => [getComputedStyle(e.closest('.hk-geisha')).backgroundImage,"
        " getComputedStyle(e.closest('.hk-board')).printColorAdjust]")
    assert "gradient" in colours[0] and colours[1] == "exact"


@pytest.mark.parametrize("width", [390, 320])
def test_figures_fit_a_phone(chromium: Browser, site_url: str, locales: Locales,
                             width: int) -> None:
    context = chromium.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    try:
        for path in PAGES:
            page.goto(f"{site_url}/{path}")
            for fig_id in figure_ids(locales, path):
                right = page.locator(f"[id='{fig_id}']").evaluate(
                    "e => Math.max(...[e, ...e.querySelectorAll('*')].map("
                    "(n) => n.getBoundingClientRect().right))")
                assert right <= width + 0.5, (path, fig_id, right)
    finally:
        context.close()


# Every text node a reader sees on a board (screen-reader-only text aside), with its size.
SMALL_TEXT = """() => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!node.textContent.trim() || !parent.closest(".hk-board")
        || parent.closest(".hk-sr-only") || !parent.getClientRects().length) continue;
    const size = parseFloat(getComputedStyle(parent).fontSize);
    if (size < 12) found.push(`${parent.className} ${size.toFixed(1)}px`);
  }
  return found;
}"""


@pytest.mark.parametrize("path", ["en/scoring/", "en/quick-reference/", "ja/round/",
                                  "en/love-letter/cards/", "fr/love-letter/turns/"])
def test_no_board_text_under_12_px_on_a_phone(chromium: Browser, site_url: str,
                                              path: str) -> None:
    """Face-down card numbers, victory markers' arrows, Love Letter's card names: on screen,
    none smaller than 12 px (print keeps the smaller sizes that fit the quick reference on
    one page)."""
    context = chromium.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(f"{site_url}/{path}")
        assert page.locator(".hk-board").count()
        assert page.evaluate(SMALL_TEXT) == []
    finally:
        context.close()
