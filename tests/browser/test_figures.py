"""Figures in a real browser: drawn without JavaScript, kept in the printed page with their
colours, and no wider than a phone's screen."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import HANDOUT_WIDTH, PX_PER_MM
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
        " getComputedStyle(e.closest('.rs-board')).printColorAdjust]")
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
    if (!node.textContent.trim() || !parent.closest(".rs-board")
        || parent.closest(".rs-sr-only") || !parent.getClientRects().length) continue;
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
        assert page.locator(".rs-board").count()
        assert page.evaluate(SMALL_TEXT) == []
    finally:
        context.close()


# Each used action marker's label (its box) against the frames around it, as gaps in CSS px
# (negative: overlapping): the marker's own dashed border, which holds the label, and the
# frames drawn outside a card under the marker (a figure's ring, a revealed Secret's dashes),
# which stand beside it.
MARKER_GAPS = """() => {
  const border = [], outside = [];
  for (const marker of document.querySelectorAll("li.hk-marker.hk-used")) {
    const label = marker.querySelector(".hk-marker-name");
    if (!label.getClientRects().length) continue;
    const l = label.getBoundingClientRect(), m = marker.getBoundingClientRect();
    const s = getComputedStyle(marker), w = (side) => parseFloat(s[`border${side}Width`]);
    border.push(Math.min(l.left - m.left - w("Left"), m.right - w("Right") - l.right,
                         l.top - m.top - w("Top"), m.bottom - w("Bottom") - l.bottom));
    for (const part of marker.querySelectorAll(".hk-cards, .hk-cards *")) {
      const c = getComputedStyle(part);
      if (c.outlineStyle === "none" || !part.getClientRects().length) continue;
      const out = parseFloat(c.outlineWidth) + parseFloat(c.outlineOffset);
      const f = part.getBoundingClientRect();
      outside.push(Math.max(f.left - out - l.right, l.left - f.right - out,
                            f.top - out - l.bottom, l.top - f.bottom - out));
    }
  }
  return {border, outside};
}"""


@pytest.mark.parametrize("width", [390, 1280])
def test_a_used_markers_frames_stay_clear_of_its_label(chromium: Browser, site_url: str,
                                                      width: int) -> None:
    """A used marker's label keeps clear of every frame: inside its own dashed border, and
    at least 2 px from the ring or the dashes drawn around a card under it (review P1: the
    ring came within 1.2 px of "Secret" in the quick reference's small figures and seemed
    to touch its last letter)."""
    context = chromium.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    try:
        for path in ("en/quick-reference/", "ja/scoring/", "en/basics/"):
            page.goto(f"{site_url}/{path}")
            gaps = page.evaluate(MARKER_GAPS)
            assert gaps["outside"], f"{path}: no frame around a card under a used marker"
            assert min(gaps["border"]) >= 1, (path, min(gaps["border"]))
            assert min(gaps["outside"]) >= 2, (path, min(gaps["outside"]))
    finally:
        context.close()


# The ring board.css draws around a part pointed out (rs-hl), as drawn: its width out from
# its offset; with the part's own box (top: to tell rows apart).
RING = """const ring = (e) => {
  const r = e.getBoundingClientRect(), style = getComputedStyle(e);
  const out = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
  return {left: r.left - out, right: r.right + out, top: r.top - out, bottom: r.bottom + out,
          box: r};
};"""

# Between two parts pointed out side by side on one line, the room left between their rings,
# in CSS px, with their figure's ID.
RING_GAPS = "() => {" + RING + """
  return [...document.querySelectorAll('.rs-board .rs-hl + .rs-hl')].flatMap(second => {
    const a = ring(second.previousElementSibling), b = ring(second);
    if (Math.abs(a.box.top - b.box.top) > 1) return [];  // one under the other: wrapped
    return [[second.closest('figure').id, b.left - a.right]];
  });
}"""

HANDOUT_PX = round(HANDOUT_WIDTH * PX_PER_MM)

# The same between the items pointed out on one side of two geishas, in one row of a board.
COLUMN_RING_GAPS = "() => {" + RING + """
  return [...document.querySelectorAll('.rs-board .hk-row')].flatMap(row => {
    const items = [...row.querySelectorAll('.hk-items.rs-hl')];
    const rings = items.map(ring);
    return rings.flatMap((a, i) => rings.slice(i + 1)
      .filter(b => Math.abs(a.box.top - b.box.top) <= 1)  // the same player's side
      .map(b => [items[i].closest('figure').id, Math.max(b.left - a.right, a.left - b.right)]));
  });
}"""


@pytest.mark.parametrize("width", [390, 1280])
def test_rings_of_parts_side_by_side_stay_apart(chromium: Browser, site_url: str,
                                                width: int) -> None:
    """Cards of a hand, pairs offered, and the cards placed beside two geishas, that a figure
    points out together: each keeps a ring of its own (in the Gift and Competition figures the
    rings ran into one another, by up to 10 px in the printed quick reference)."""
    context = chromium.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    try:
        page.goto(f"{site_url}/en/round/")
        gaps = page.evaluate(RING_GAPS)
        # The Gift's three cards in a hand, the Competition's cards and pairs.
        assert {"fig-gift", "fig-competition"} <= {figure for figure, _ in gaps}, gaps
        assert min(gap for _, gap in gaps) >= 2, gaps
        columns = page.evaluate(COLUMN_RING_GAPS)
        assert {"fig-gift", "fig-competition"} <= {figure for figure, _ in columns}, columns
        assert min(gap for _, gap in columns) >= 2, columns
        # The quick reference's small figures, on screen and printed (A4 inside its margins).
        page.goto(f"{site_url}/en/quick-reference/")
        for media in ("screen", "print"):
            if media == "print":
                page.set_viewport_size({"width": HANDOUT_PX, "height": 900})
            page.emulate_media(media=media)
            columns = page.evaluate(COLUMN_RING_GAPS)
            assert {"fig-qr-gift", "fig-qr-competition"} <= {f for f, _ in columns}, columns
            assert min(gap for _, gap in columns) >= 2, (media, columns)
    finally:
        context.close()


# Love Letter's figures: where each ring runs into something it should clear (another ring,
# the board's heading, the frame of the seat it is in), as "figure: what". (No figure points
# out a part and another inside it, a seat and its hand: their rings would count as meeting.)
LL_RING_CLASHES = "() => {" + RING + """
  const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom
                         && b.top < a.bottom;
  const clashes = [];
  for (const board of document.querySelectorAll('.rs-figure .ll-board')) {
    const id = board.closest('figure').id;
    const parts = [...board.querySelectorAll('.rs-hl')];
    const rings = parts.map(ring);
    const head = board.querySelector('.rs-board-head')?.getBoundingClientRect();  // hideable
    rings.forEach((r, i) => {
      const part = parts[i].dataset.part;
      if (head && meet(r, head)) clashes.push(`${id}: ${part} and the heading`);
      rings.slice(i + 1).forEach((other, j) => {
        if (meet(r, other)) clashes.push(`${id}: ${part} and ${parts[i + 1 + j].dataset.part}`);
      });
      const seat = parts[i].closest('.ll-seat');
      if (seat && parts[i] !== seat) {
        const s = seat.getBoundingClientRect();
        const border = parseFloat(getComputedStyle(seat).borderTopWidth);
        if (r.left < s.left + border || r.right > s.right - border || r.top < s.top + border
            || r.bottom > s.bottom - border) clashes.push(`${id}: ${part} over its seat's frame`);
      }
    });
  }
  return clashes;
}"""


@pytest.mark.parametrize("width", [390, 1280])
def test_love_letters_rings_clear_each_other_and_their_frames(chromium: Browser, site_url: str,
                                                             width: int) -> None:
    """A hand and the played cards under it, both pointed out, each in its own ring, inside
    the seat's frame; the deck's ring clear of "Round 1" above it (they crossed)."""
    context = chromium.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    try:
        for path in ("en/love-letter/basics/", "ja/love-letter/cards/"):
            page.goto(f"{site_url}/{path}")
            assert page.locator(".rs-figure .ll-board .rs-hl").count() > 3, path
            assert page.evaluate(LL_RING_CLASHES) == [], path
    finally:
        context.close()
