"""The web app's PNG icons are the favicon, drawn again: a changed favicon.svg fails here
until ``make icons`` (scripts/draw_icons.py) has redrawn them."""

from __future__ import annotations

import base64

import pytest
from draw_icons import FAVICON, FOLDER, ICONS, draw  # scripts/ (pytest's pythonpath)
from playwright.sync_api import Browser, Page

# Each pixel's channels compared, 0 to 255: antialiasing may differ by a few levels on the
# flower's edges between Chromium versions; another colour, size or place of a part moves
# whole areas by far more (its heart 2 units wider: 1.9 % of the values of icon-512.png).
FAR = 16
FAR_SHARE = 0.002


def difference(page: Page, one: bytes, two: bytes) -> dict[str, float]:
    """The share of channel values of two same-sized PNGs more than :data:`FAR` apart, and
    the largest difference."""
    urls = ["data:image/png;base64," + base64.b64encode(png).decode() for png in (one, two)]
    return dict(page.evaluate("""async (urls) => {
      const pixels = [];
      for (const url of urls) {
        const img = new Image();
        img.src = url;
        await img.decode();
        const canvas = new OffscreenCanvas(img.width, img.height);
        const g = canvas.getContext("2d");
        g.drawImage(img, 0, 0);
        pixels.push(g.getImageData(0, 0, img.width, img.height).data);
      }
      if (pixels[0].length !== pixels[1].length) return {far: 1, max: 255};
      let far = 0, max = 0;
      for (let i = 0; i < pixels[0].length; i++) {
        const d = Math.abs(pixels[0][i] - pixels[1][i]);
        if (d > FAR) far++;
        if (d > max) max = d;
      }
      return {far: far / pixels[0].length, max};
    }""".replace("FAR", str(FAR)), urls))


@pytest.mark.parametrize("name", sorted(ICONS))
def test_each_png_icon_is_the_favicon_drawn_again(chromium: Browser, name: str) -> None:
    context = chromium.new_context(device_scale_factor=1)
    try:
        page = context.new_page()
        drawn = draw(page, FAVICON.read_text(encoding="utf-8"), ICONS[name])
        found = difference(page, (FOLDER / name).read_bytes(), drawn)
        assert found["far"] < FAR_SHARE, (
            f"{name} is not favicon.svg drawn again ({found}): run `make icons`")
    finally:
        context.close()
