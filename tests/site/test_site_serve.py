"""The writing server's choices that need no browser: which languages a change rebuilds, and
that its reload script never reaches a built site (tests/browser/test_live_reload.py runs it)."""

from __future__ import annotations

from pathlib import Path

from rulesite.serve import ENGINES, SCRIPT, affected

LANGS = ["en", "fr", "ja", "id"]


def test_a_language_file_rebuilds_that_language(tmp_path: Path) -> None:
    locales = tmp_path / "locales"
    assert affected([locales / "hanamikoji" / "fr" / "text.yml"], locales, LANGS) == ["fr"]
    assert affected([locales / "site" / "ja" / "ui.yml",
                     locales / "hanamikoji" / "en" / "glossary.yml"], locales,
                    LANGS) == ["en", "ja"]


def test_structure_rebuilds_every_language_and_the_engine_the_whole_site(tmp_path: Path) -> None:
    locales = tmp_path / "locales"
    assert affected([locales / "hanamikoji" / "structure.yml"], locales, LANGS) == LANGS
    assert affected([locales / "site" / "site.yml"], locales, LANGS) == LANGS
    assert affected([locales / "hanamikoji" / "fr" / "text.yml", ENGINES[-1] / "_game.py"], locales,
                    LANGS) is None


def test_built_pages_carry_no_reload_script(any_site: Path) -> None:
    pages = list(any_site.rglob("*.html"))
    assert pages
    for page in pages:
        assert SCRIPT not in page.read_text(encoding="utf-8"), page
