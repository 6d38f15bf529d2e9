"""The site under a sub-path, as on a GitHub Pages project site: the whole browser suite is
served at /hanamikoji-rules/ (conftest.py); this checks what only a deployed site has: the 404
page at any depth, and absolute links (canonical, hreflang) that name the page itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Route

if TYPE_CHECKING:  # the fixture's type only: importing conftest at run time breaks collection
    from conftest import Watched


def test_not_found_page_works_at_any_depth(watched: Watched, site_url: str) -> None:
    page = watched.page
    not_found = page.request.get(f"{site_url}/404.html").body()

    # A static host answers a missing address with the site's 404.html, at that address.
    def missing(route: Route) -> None:
        route.fulfill(status=404, body=not_found, content_type="text/html")

    page.route(f"{site_url}/no/such/page/", missing)
    page.goto(f"{site_url}/no/such/page/")
    page.wait_for_load_state("load")
    page.click("a[hreflang='ja']")
    page.wait_for_url(f"{site_url}/ja/")
    assert page.locator("h1").count() == 1
    # Nothing failed but the missing page itself (its favicon loaded, from under the sub-path).
    others = [e for e in watched.errors if "/no/such/page/: Failed to load resource" not in e]
    assert not others, others


def test_a_page_names_itself_and_its_translations(watched: Watched, site_url: str) -> None:
    page = watched.page
    page.goto(f"{site_url}/id/glossary/")
    assert page.locator("link[rel=canonical]").get_attribute("href") == page.url
    alternates = dict(page.locator("link[rel=alternate][hreflang]").evaluate_all(
        "links => links.map(l => [l.hreflang, l.href])"))
    assert alternates == {**{lang: f"{site_url}/{lang}/glossary/"
                             for lang in ("en", "fr", "ja", "id")},
                          "x-default": f"{site_url}/en/glossary/"}
    for url in alternates.values():  # each one is a page of the site
        assert page.request.get(url).ok, url
