"""Rule numbers are data and never move once published; the site carries its version and a
changelog in every language; every engine error cites a rule whose text states what it
forbids."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from site_html import html_files

from hanamikoji import Rule
from rulesite.errors import MalformedEntryError, MissingKeyError
from rulesite.sources import words
from rulesite.sources.locales import load
from rulesite.sources.structure import load_structure

HK = "hanamikoji"  # the fixture's game: locales/<game>/

REPO = Path(__file__).resolve().parents[2]
LANGS = ("en", "fr", "ja", "id")


def published(changelog: Path) -> list[tuple[str, dict[str, str], list[str]]]:
    """(version, numbers first published in it, rules it retired), read straight from YAML."""
    data = yaml.safe_load(changelog.read_text(encoding="utf-8"))
    return [(v["version"], v["numbers"], v["retired"]) for v in data["versions"]]


# --- the real rulebook: its numbers against the committed record --------------------------

def test_published_numbers_never_move_or_get_reused() -> None:
    structure = load_structure(REPO / "locales" / "hanamikoji" / "structure.yml")
    current = {i: n for i, n in structure.numbers.items() if structure.kind_of[i] == "rule"}
    holder: dict[str, str] = {}
    retired: set[str] = set()
    for version, numbers, gone in published(REPO / "locales" / "hanamikoji" / "changelog.yml"):
        for rule, number in numbers.items():
            assert number not in holder, f"{version}: {number} reused (was {holder[number]})"
            holder[number] = rule
        retired |= set(gone)
    for number, rule in holder.items():
        if rule in retired:
            assert rule not in current and number not in current.values(), (rule, number)
        else:
            now = current.get(rule)
            assert now == number, f"{rule}: published as {number}, now {now}"
    assert set(current) == set(holder.values()) - retired


def test_first_version_records_the_numbers_before_the_freeze() -> None:
    structure = load_structure(REPO / "locales" / "hanamikoji" / "structure.yml")
    first = structure.versions[0]
    assert first.version == "1.0"
    # Old 15.5 ("charm beats geishas") is 14.5 now; old chapter 11 had no rules and is gone.
    assert first.before["end-charm-beats-geishas"] == "15.5"
    assert structure.numbers["end-charm-beats-geishas"] == "14.5"
    assert "action-summary" not in structure.numbers
    assert first.before_merged == {"13.3": "end-check", "14.2": "scoring-markers-persist"}
    new = set(first.added)
    assert {"actions-pending-choice", "components-item-match", "setup-row-order"} <= new
    assert not new & set(first.before)


# --- the loader refuses a moved, reused or unpublished number (fixture rulebook) -----------

def test_a_published_number_cannot_move(locales: Path, edit) -> None:
    def move(d: dict) -> None:
        d["pages"][1]["sections"][1]["blocks"][0]["number"] = "2.2"
    edit(locales / HK / "structure.yml", move)
    with pytest.raises(MalformedEntryError) as caught:
        load(locales)
    assert "published as 2.1" in str(caught.value) and "deal-hands" in str(caught.value)


def test_a_published_number_is_never_reused(locales: Path, edit) -> None:
    edit(locales / HK / "changelog.yml",
         lambda d: d["versions"][1]["numbers"].update({"components-items": "2.1"}))
    with pytest.raises(MalformedEntryError) as caught:
        load(locales)
    assert caught.value.file == locales / HK / "changelog.yml"
    assert "2.1 was already published for rule 'deal-hands'" in str(caught.value)


def test_a_new_rule_needs_a_published_number(locales: Path, edit) -> None:
    def unpublish(d: dict) -> None:
        d["versions"][1]["numbers"].pop("components-items")
        d["versions"][1]["added"].remove("components-items")
    edit(locales / HK / "changelog.yml", unpublish)
    with pytest.raises(MissingKeyError) as caught:
        load(locales)
    assert "'components-items' is not published" in str(caught.value)
    assert "next free number of its chapter (1.2)" in str(caught.value)


def test_a_removed_rule_must_be_retired(locales: Path, edit) -> None:
    edit(locales / HK / "structure.yml",
         lambda d: d["pages"][1]["sections"][0]["blocks"].pop(3))  # components-items
    with pytest.raises(MissingKeyError) as caught:
        load(locales)
    assert "'components-items' (1.2) is gone" in str(caught.value)


def test_a_section_without_rules_takes_no_chapter(locales: Path, edit) -> None:
    edit(locales / HK / "structure.yml", lambda d: d["pages"][0]["sections"][0].update(chapter=9))
    with pytest.raises(MalformedEntryError) as caught:
        load(locales)
    assert "without rules takes no chapter number" in str(caught.value)


def test_changelog_page_lists_changes_by_number(fixture_site: Path) -> None:
    page = (fixture_site / "en" / "changelog" / "index.html").read_text(encoding="utf-8")
    assert page.index('id="v1-1"') < page.index('id="v1-0"')  # newest first
    added = page[page.index('id="v1-1-added"'):page.index('id="v1-1-reworded"')]
    assert '<a href="../basics/#components-items">1.2</a> Item cards' in added
    reworded = page[page.index('id="v1-1-reworded"'):page.index('id="v1-1-retired"')]
    assert '<a href="../basics/#deal-hands">2.1</a> Hands' in reworded
    assert "Former rule 1.3: its fact is now stated by rule" in page


# --- the real site: version in every footer, changelog in every language -------------------

def test_every_page_shows_the_version_and_the_changelog_has_it(real_site: Path) -> None:
    loaded = load(REPO / "locales")
    version = loaded.structure.version
    summary = loaded.structure.versions[-1].summary
    for lang in LANGS:
        ui = loaded.languages[lang].ui
        label = ui["site.version"].format(version=version)
        assert version in label
        # Hanamikoji's pages (Love Letter's, in love-letter/, show its own version:
        # tests/site/test_site_loveletter.py).
        pages = [p for p in html_files(real_site / lang) if p.name == "index.html"
                 and p.relative_to(real_site / lang).parts[0] != "love-letter"]
        assert len(pages) == len(loaded.structure.pages) + 1  # and the whole rulebook, book/
        for page in pages:
            source = page.read_text(encoding="utf-8")
            footer = re.search(r'<div class="md-copyright__highlight rs-version">\s*<a href="'
                               r'([^"]+)">([^<]+)</a>', source)
            assert footer, f"{page}: no version in the footer"
            assert footer.group(2) == label.replace("&", "&amp;")
            assert footer.group(1).endswith("changelog/")
        changelog = (real_site / lang / "changelog" / "index.html").read_text(encoding="utf-8")
        heading = ui["changelog.heading"].format(
            version=version, date=words.date(lang, loaded.structure.versions[-1].date))
        assert f'id="v{version.replace(".", "-")}"' in changelog
        assert heading in changelog
        first_words = loaded.languages[lang].text["notes"][summary]["text"][:30]
        assert first_words in changelog


# --- engine errors cite a rule that states what they forbid ----------------------------------

# What the English text of the rule cited by each engine error must say.
STATES = {
    Rule.TURN_ORDER: ("players then alternate",),
    Rule.DEAL_FIRST: ("No turn is taken before the round's deal", "only one deal"),
    Rule.DECISION_KIND: ("Nothing else happens until they have chosen",
                         "can only answer a Gift or a Competition"),
    Rule.MARKER_ONCE: ("used once per round",),
    Rule.CARDS_FROM_HAND: ("uses cards from your own hand",),
    Rule.GIFT_PICK: ("they take one of the",),
    Rule.COMPETITION_PICK: ("they take whichever of the two",),
    Rule.GAME_OVER: ("no further round",),
    Rule.OPTIONAL_ROUND_LIMIT: ("the game lasts at most",),
    Rule.KOSMOS_ROUND_LIMIT: ("the game lasts at most",),
}


@pytest.mark.parametrize("rule", list(Rule), ids=lambda r: r.name)
def test_each_engine_error_cites_a_rule_stating_it(rule: Rule) -> None:
    loaded = load(REPO / "locales")
    assert loaded.structure.kind_of.get(rule.value) == "rule", rule.value
    text = loaded.english.text["rules"][rule.value]["text"]
    for phrase in STATES[rule]:
        assert phrase in text, f"rule {rule.value} does not state: {phrase!r}"
    for lang in LANGS:  # and every language has that rule's text
        assert loaded.languages[lang].text["rules"][rule.value]["text"].strip()
