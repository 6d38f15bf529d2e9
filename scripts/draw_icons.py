"""Draws the web app's PNG icons (the manifests', rulesite/runtime/offline.py) from the
favicon, ``docs/assets/site/favicon.svg``, with the Chromium the tests use: ``make icons``.

A phone's home screen wants PNGs; the site draws its icon once, as SVG. Run this after
changing the favicon: ``tests/browser/test_icons.py`` fails while the PNGs and the favicon
differ.
"""

from __future__ import annotations

import base64
import sys
from pathlib import Path
from typing import NamedTuple

from playwright.sync_api import Page, sync_playwright

FOLDER = Path(__file__).resolve().parents[1] / "docs" / "assets" / "site"
FAVICON = FOLDER / "favicon.svg"
CHROMIUM = "/usr/bin/chromium"


class Icon(NamedTuple):
    size: int  # pixels, square
    background: str | None  # None: transparent
    scale: float  # the favicon's share of the side


ICONS = {
    "icon-192.png": Icon(192, None, 1.0),
    "icon-512.png": Icon(512, None, 1.0),
    # A maskable icon is cut to a circle or a squircle by the phone: the flower stays inside
    # the central 80 % safe zone, on the site's light background.
    "icon-512-maskable.png": Icon(512, "#fdf6ec", 0.7),
}


def draw(page: Page, svg: str, icon: Icon) -> bytes:
    """``icon`` drawn from the favicon's text ``svg``, as PNG bytes."""
    side = round(icon.size * icon.scale)
    source = "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()
    page.set_viewport_size({"width": icon.size, "height": icon.size})
    page.set_content(
        f'<body style="margin:0;width:{icon.size}px;height:{icon.size}px;display:grid;'
        f'place-items:center;background:{icon.background or "transparent"}">'
        f'<img src="{source}" width="{side}" height="{side}" alt=""></body>')
    # Decoded, then painted: on a loaded machine a screenshot right after "complete" could
    # still show the page before the image (once, in a full test run).
    page.evaluate("""() => document.images[0].decode().then(() => new Promise((painted) =>
      requestAnimationFrame(() => requestAnimationFrame(painted))))""")
    return page.screenshot(omit_background=icon.background is None)


def main() -> None:
    svg = FAVICON.read_text(encoding="utf-8")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        page = browser.new_page(device_scale_factor=1)
        for name, icon in ICONS.items():
            (FOLDER / name).write_bytes(draw(page, svg, icon))
            print(f"drew {name}", file=sys.stderr)
        browser.close()


if __name__ == "__main__":
    main()
