"""Checks every built site must pass: strict build, anchors identical in every language, no
dead link or anchor anywhere, nothing loaded from outside the site's own origin."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from site_html import html_files, is_external, parse, target

from rulesite.build import REPO, build
from rulesite.errors import BuildError
from rulesite.pages import examples
from rulesite.sources.locales import load
from rulesite.sources.structure import Structure

LANGS = ("en", "fr", "ja", "id")


def locales_of(site: Path) -> Path:
    """The locales a test site was built from (see conftest: <root>/site, <root>/locales)."""
    own = site.parent / "locales"
    return own if own.is_dir() else REPO / "locales"


def page_file(site: Path, lang: str, structure: Structure, page_id: str) -> Path:
    return site / lang / structure.page(page_id).address / "index.html"


def test_every_page_in_every_language(any_site: Path) -> None:
    structure = load(locales_of(any_site)).structure
    for lang in LANGS:
        for page in structure.pages:
            assert page_file(any_site, lang, structure, page.id).is_file(), (lang, page.id)


def test_anchor_parity(any_site: Path) -> None:
    """Every ID of structure.yml is an element id on its page, in every language."""
    structure = load(locales_of(any_site)).structure
    rules = [i for i, kind in structure.kind_of.items() if kind == "rule"]
    assert rules
    for lang in LANGS:
        for anchor, page_id in structure.page_of.items():
            ids = parse(page_file(any_site, lang, structure, page_id)).ids
            assert anchor in ids, f"{lang}: #{anchor} missing on page {page_id}"


def test_no_dead_link_or_anchor(any_site: Path, deployed_url: str,
                                request: pytest.FixtureRequest) -> None:
    # The real site is built to live under a sub-path, the fixture site at the host's root.
    real = request.node.callspec.params["any_site"] == "real"
    root = urlsplit(deployed_url).path if real else "/"
    problems = []
    for page in html_files(any_site):
        for href in parse(page).links:
            if is_external(href) or href.startswith(("mailto:", "data:")):
                continue
            opened, fragment = target(any_site, page, href, root)
            where = f"{page.relative_to(any_site)}: {href}"
            if not opened.is_file():
                problems.append(f"{where}: no such file")
            elif fragment and opened.suffix == ".html" and fragment not in parse(opened).ids:
                problems.append(f"{where}: no #{fragment} there")
    assert not problems, "\n".join(problems)


def test_nothing_loaded_from_another_origin(any_site: Path) -> None:
    problems = []
    for page in html_files(any_site):
        parsed = parse(page)
        problems += [f"{page}: loads {url}" for url in parsed.loads if is_external(url)]
        for style in parsed.inline_styles:
            problems += [f"{page}: style url {u}" for u in re.findall(r"url\(([^)]*)\)", style)
                         if is_external(u.strip("'\" "))]
    for css in any_site.rglob("*.css"):
        source = css.read_text(encoding="utf-8")
        urls = re.findall(r"url\(\s*['\"]?([^'\")]+)", source)
        urls += re.findall(r"@import\s+['\"]([^'\"]+)", source)
        problems += [f"{css}: {u}" for u in urls if is_external(u)]
    for js in any_site.rglob("*.*js"):
        source = js.read_text(encoding="utf-8", errors="replace")
        # Module imports and worker scripts with an absolute URL would load from elsewhere.
        urls = re.findall(r"""(?:importScripts|import)\s*\(?\s*['"`]((?:https?:)?//[^'"`]+)""",
                          source)
        urls += re.findall(r"""\bfrom\s*['"]((?:https?:)?//[^'"]+)""", source)
        problems += [f"{js}: {u}" for u in urls]
    assert not problems, "\n".join(problems)


def test_no_placeholder_left(any_site: Path) -> None:
    for page in html_files(any_site):
        # Code may quote a placeholder (the engine's docs explain them); prose may not.
        prose = re.sub(r"<code\b.*?</code>", "", page.read_text(encoding="utf-8"), flags=re.S)
        leftover = re.findall(r"\{(?:n|ref|term):[^}]*\}", prose)
        assert not leftover, f"{page}: {leftover}"


def test_no_font_cdn_and_no_generator_link(any_site: Path) -> None:
    page = (any_site / "en" / "index.html").read_text(encoding="utf-8")
    assert "fonts.googleapis" not in page and "fonts.gstatic" not in page
    assert "squidfunk" not in page  # Material's "Made with" footer link is off


def test_a_warning_fails_the_build(tmp_path: Path, locales: Path, edit) -> None:
    """The build is strict: one dead link in one language stops it and says where."""
    edit(locales / "hanamikoji" / "ja" / "text.yml", lambda d: d["notes"]["home-where"].update(
        text="[迷子](nowhere.md)"))
    with pytest.raises(BuildError) as caught:
        build(locales, tmp_path / "site", work=tmp_path / "work", pyodide=False)
    message = str(caught.value)
    assert "ja/mkdocs.yml" in message and "nowhere.md" in message


def test_example_fragment_is_inserted_verbatim(tmp_path: Path, locales: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    fragment = ('<div data-z="1" class="board" data-a="2">\n\n<p>*not markdown*</p>\n\n'
                "<script type=\"application/json\">{\"moves\": [\"G267\"]}</script>\n</div>")
    monkeypatch.setattr(examples, "render", lambda *args, **kwargs: fragment)
    site = build(locales, tmp_path / "site", work=tmp_path / "work", pyodide=False)
    page = (site / "en" / "basics" / "index.html").read_text(encoding="utf-8")
    assert f'<div class="rs-example" id="ex-deal" data-example="ex-deal">{fragment}</div>' in page
