"""Where the site is deployed: ``SITE_URL`` gives every page its canonical link and hreflang
alternates to the same page in the other languages, and the site one sitemap of every page;
the 404 page links under the site's own path. Without ``SITE_URL`` (local use) none of these
absolute addresses is written, and every link still works (test_site_integrity)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit
from xml.etree import ElementTree

import pytest
from site_html import html_files, parse

from rulesite.build import build, site_root
from rulesite.errors import SiteError
from rulesite.locales import load

LANGS = ("en", "fr", "ja", "id")
REPO = Path(__file__).resolve().parents[2]


def page_urls(root: str) -> dict[tuple[str, str], str]:
    """(lang, page ID) -> the page's address on a site at ``root``."""
    structure = load(REPO / "locales").structure
    return {(lang, page.id): f"{root}{lang}/{'' if page.kind == 'home' else page.id + '/'}"
            for lang in LANGS for page in structure.pages}


def test_canonical_and_hreflang_on_every_page(real_site: Path, deployed_url: str) -> None:
    urls = page_urls(deployed_url)
    for (lang, page_id), url in urls.items():
        path = real_site / urlsplit(url).path.removeprefix(urlsplit(deployed_url).path)
        heads = parse(path / "index.html").heads
        assert heads["canonical"] == url, (lang, page_id)
        # The same page in each language, this one included, and English for anyone else.
        assert {k: v for k, v in heads.items() if k != "canonical"} == {
            **{code: urls[code, page_id] for code in LANGS}, "x-default": urls["en", page_id]}


def test_one_sitemap_lists_every_page_in_every_language(real_site: Path,
                                                         deployed_url: str) -> None:
    namespace = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
    root = ElementTree.parse(real_site / "sitemap.xml").getroot()
    locs = [loc.text for loc in root.iter(f"{namespace}loc")]
    assert sorted(locs) == sorted(page_urls(deployed_url).values())


def test_not_found_page_links_under_the_sites_path(real_site: Path, deployed_url: str) -> None:
    page = parse(real_site / "404.html")
    base = urlsplit(deployed_url).path  # /hanamikoji-rules/
    assert page.links == [f"{base}{lang}/" for lang in LANGS]
    assert page.loads == [f"{base}en/assets/hk/favicon.svg"]
    assert '<meta name="description" content="The complete rules' in (
        real_site / "404.html").read_text(encoding="utf-8")  # search engines' snippet


def test_without_site_url_no_absolute_address(fixture_site: Path) -> None:
    for path in html_files(fixture_site):
        assert not parse(path).heads, path
    assert not (fixture_site / "sitemap.xml").exists()
    assert re.findall(r'href="(/\w+/)"', (fixture_site / "404.html").read_text()) == [
        f"/{lang}/" for lang in LANGS]


@pytest.mark.parametrize(("given", "expected"), [
    ("https://example.org/hanamikoji-rules", "https://example.org/hanamikoji-rules/"),
    (" https://octocat.github.io/ ", "https://octocat.github.io/"),
    ("", None), (None, None)])
def test_site_url_is_normalised(given: str | None, expected: str | None) -> None:
    assert site_root(given) == expected


@pytest.mark.parametrize("bad", ["example.org/hanamikoji-rules/", "ftp://example.org/",
                                 "https://example.org/x/?v=1", "/hanamikoji-rules/"])
def test_bad_site_url_is_refused_before_building(bad: str, tmp_path: Path) -> None:
    with pytest.raises(SiteError, match="SITE_URL"):
        build(REPO / "locales", tmp_path / "site", work=tmp_path / "work", pyodide=False,
              site_url=bad)
    assert not (tmp_path / "site").exists()
