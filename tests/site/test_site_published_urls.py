"""Nothing moves for readers: every URL and anchor a published version of the rules put online
still answers, with the same rule, example, step or figure.

tests/site/published/<version>.json is the record of what a version published (every page of
its build and, on each, every anchor with what it names: tests/site/published_anchors.py),
made once from the commit that published it by scripts/published_urls.py and never regenerated
to make this test pass. A page may move on purpose: its old URL then answers with a redirect
page (``<meta http-equiv="refresh">``) to where it went, and its anchors are looked for there.
A refresh alone drops the reader's ``#anchor`` (Chromium opens ``old/#deal-shuffle`` as
``new/``), so the redirect page of a page with anchors must also run a script that takes the
anchor along; this test checks that it has one, not what it does. Each built page is read once.

Love Letter's pages have their own record, loveletter-1.0.json (its rules 1.0, the pages under
``<lang>/love-letter/`` only, made as scripts/published_urls.py says).

The records live here rather than in locales/published/: they hold what the built site answers
(side-by-side pages, the API reference, the root page), not the text of one game's rules, and
only this test reads them.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest
from published_anchors import Anchor, Page, page_file, read_page

PUBLISHED = Path(__file__).parent / "published"
VERSIONS = sorted(path.stem for path in PUBLISHED.glob("*.json"))
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}loc"
SHOWN = 40  # problems listed in full in one message; the rest are counted
BASE = "https://site.invalid/"  # resolves relative redirects without leaving the site


@cache
def published(version: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((PUBLISHED / f"{version}.json").read_text("utf-8"))
    return data


def page(path: Path) -> Page | None:
    """The page at ``path`` (None: no such file), read once as long as it is not rewritten."""
    try:
        stat = path.stat()
    except FileNotFoundError:
        return None
    return _read(path, (stat.st_mtime_ns, stat.st_size))  # mtime alone is coarse on Linux


@cache
def _read(path: Path, stamp: tuple[int, int]) -> Page:
    return read_page(path)


def answer(site: Path, url: str) -> tuple[str, Page | None, str]:
    """Where ``url`` leads in the built ``site`` through any redirect pages: the final URL, its
    page (None if nothing answers) and, if nothing does, why."""
    seen = [url]
    while True:
        found = page(page_file(site, url))
        if found is None:
            how = f" (redirected from /{' -> /'.join(seen[:-1])})" if len(seen) > 1 else ""
            return url, None, f"no file {page_file(site, url).relative_to(site)}{how}"
        if found.redirect is None:
            return url, found, ""
        target = urljoin(BASE + url, found.redirect)
        if not target.startswith(BASE):
            return url, None, f"redirects off the site, to {found.redirect}"
        url = urlsplit(target).path.removeprefix("/")  # the reader's #anchor, not the stub's
        if url in seen:
            return url, None, f"redirects in a loop: /{' -> /'.join([*seen, url])}"
        seen.append(url)


def missing_pages(site: Path, pages: dict[str, dict[str, str]]) -> list[str]:
    """The published ``pages`` that nothing in ``site`` answers, each with why."""
    problems = []
    for url in pages:
        _, found, why = answer(site, url)
        if found is None:
            problems.append(f"/{url}: {why}")
    return problems


def changed_anchors(site: Path, pages: dict[str, dict[str, str]]) -> list[str]:
    """The published anchors of ``pages`` that are gone from ``site``'s pages or name
    something else now, each with what it was and is."""
    problems = []
    for url, anchors in pages.items():
        final, found, _ = answer(site, url)
        if found is None:
            continue  # missing_pages names it
        where = f" (on /{final}, where /{url} redirects)" if final != url else ""
        stub = page(page_file(site, url))
        if anchors and final != url and stub is not None and not stub.script:
            problems.append(f"/{url}: a redirect page without a script drops the reader's "
                            f"#anchor: {len(anchors)} anchors lost{where}")
            continue
        for anchor_id, was in anchors.items():
            now = found.anchors.get(anchor_id)
            if now is None:
                problems.append(f"/{url}#{anchor_id}: was {was}, now missing{where}")
            elif now != Anchor.parse(was):
                problems.append(f"/{url}#{anchor_id}: was {was}, now {now}{where}")
    return problems


def report(version: str, problems: list[str], what: str) -> str:
    shown = "\n".join(f"  {line}" for line in problems[:SHOWN])
    more = f"\n  ... and {len(problems) - SHOWN} more" if len(problems) > SHOWN else ""
    return (f"{what} published with rules {version} that no longer answer as they did: "
            f"{len(problems)} (tests/site/published/{version}.json; restore them, or redirect "
            f"a page that moved; never edit the record)\n{shown}{more}")


@pytest.mark.parametrize("version", VERSIONS)
def test_every_published_page_answers(real_site: Path, version: str) -> None:
    problems = missing_pages(real_site, published(version)["pages"])
    assert not problems, report(version, problems, "Pages")


@pytest.mark.parametrize("version", VERSIONS)
def test_every_published_anchor_names_the_same(real_site: Path, version: str) -> None:
    problems = changed_anchors(real_site, published(version)["pages"])
    assert not problems, report(version, problems, "Anchors")


# 1.0's build had no sitemap: its pages are checked by the two tests above.
@pytest.mark.parametrize("version", [v for v in VERSIONS if published(v)["sitemap"]])
def test_sitemap_still_lists_published_pages(real_site: Path, version: str,
                                             deployed_url: str) -> None:
    """A page a version's sitemap listed is still listed, unless it moved (its new address
    answers for it)."""
    assert (real_site / "sitemap.xml").is_file(), f"rules {version} had a sitemap.xml; now none"
    now = {loc.text or "" for loc in ET.parse(real_site / "sitemap.xml").iter(SITEMAP)}
    problems = [f"/{url}: not in sitemap.xml" for url in published(version)["sitemap"]
                if deployed_url + url not in now and answer(real_site, url)[0] == url]
    assert not problems, report(version, problems, "Sitemap entries")


def test_records_hold_every_kind_of_address() -> None:
    """The records were read right: 1.0 published rules by number, examples and their steps,
    glossary entries; 1.1 added figures and the side-by-side pages."""
    kinds = {v: {Anchor.parse(a).kind for p in published(v)["pages"].values() for a in p.values()}
             for v in VERSIONS}
    assert {"rule", "example", "step", "term", "heading", "note"} <= kinds["1.0"]
    assert "figure" in kinds["1.1"]
    assert published("1.0")["pages"]["en/round/"]["deal-shuffle"] == "rule 5.1"
    assert published("1.1")["pages"]["compare/en-fr/"]["deal-shuffle-fr"] == "rule 5.1"
    ll = published("loveletter-1.0")["pages"]
    assert {"rule", "example", "step", "term", "figure"} <= kinds["loveletter-1.0"]
    assert ll["en/love-letter/cards/"]["spy-token"] == "rule 7.2"
    assert all(url.split("/")[1] == "love-letter" for url in ll)


# The checks themselves, on a small site written here: a reader's address that breaks is
# named with its URL and anchor.

RULE = ('<h3 id="deal-shuffle" class="rs-rule"><a class="rs-num" href="#deal-shuffle">5.1</a>'
        " Shuffle</h3>")
STEPS = ('<div class="rs-example" id="ex-deal" data-example="ex-deal"><ol>'
         '<li id="ex-deal-step-0" value="0">Deal</li><li id="ex-deal-step-1" value="1">Draw</li>'
         "</ol></div>")
RECORD = {"en/round/": {"deal-shuffle": "rule 5.1", "ex-deal": "example ex-deal",
                        "ex-deal-step-1": "step ex-deal 1", "round": "heading 4"}}


def write(site: Path, url: str, body: str, head: str = "") -> None:
    path = page_file(site, url)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"<!doctype html><html><head>{head}</head><body><nav id='__drawer'></nav>"
                    f"<article>{body}</article></body></html>", encoding="utf-8")


# "hk-": the markup of the builds that published rules 1.0 and 1.1, which
# scripts/published_urls.py reads again; "rs-": today's.
@pytest.mark.parametrize("prefix", ["rs-", "hk-"])
def test_the_checks_pass_a_site_that_keeps_every_address(tmp_path: Path, prefix: str) -> None:
    page = (f'<h1 id="round"><span class="rs-num">4</span> Round</h1>{RULE}{STEPS}'
            .replace("rs-", prefix))
    write(tmp_path, "en/round/", page)
    assert missing_pages(tmp_path, RECORD) == []
    assert changed_anchors(tmp_path, RECORD) == []


def test_the_checks_name_a_renamed_anchor_and_a_renumbered_rule(tmp_path: Path) -> None:
    renumbered = RULE.replace(">5.1<", ">5.2<")
    write(tmp_path, "en/round/", f'<h1 id="round"><span class="rs-num">4</span> Round</h1>'
                                 f"{renumbered}{STEPS.replace('ex-deal-step-1', 'ex-deal-s1')}")
    assert changed_anchors(tmp_path, RECORD) == [
        "/en/round/#deal-shuffle: was rule 5.1, now rule 5.2",
        "/en/round/#ex-deal-step-1: was step ex-deal 1, now missing"]


def test_the_checks_name_a_deleted_page_and_follow_a_redirect(tmp_path: Path) -> None:
    assert missing_pages(tmp_path, RECORD) == ["/en/round/: no file en/round/index.html"]
    write(tmp_path, "en/round/", "", '<meta http-equiv="refresh" content="0; url=../play/">')
    assert missing_pages(tmp_path, RECORD) == [
        "/en/round/: no file en/play/index.html (redirected from /en/round/)"]
    write(tmp_path, "en/play/", f'<h2 id="round"><span class="rs-num">4</span> Round</h2>{RULE}')
    assert missing_pages(tmp_path, RECORD) == []
    assert changed_anchors(tmp_path, RECORD) == [
        "/en/round/: a redirect page without a script drops the reader's #anchor: 4 anchors "
        "lost (on /en/play/, where /en/round/ redirects)"]
    write(tmp_path, "en/round/", "", '<meta http-equiv="refresh" content="0; url=../play/">'
                                     '<script src="../../assets/site/moved.js"></script>')
    assert changed_anchors(tmp_path, RECORD) == [
        "/en/round/#ex-deal: was example ex-deal, now missing (on /en/play/, where /en/round/ "
        "redirects)",
        "/en/round/#ex-deal-step-1: was step ex-deal 1, now missing (on /en/play/, where "
        "/en/round/ redirects)"]
