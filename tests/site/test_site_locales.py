"""Locale loading: a valid rulebook loads; each kind of mistake stops the load with a typed
error naming the file, the key path and what was expected."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesite.errors import (
    ExtraKeyError,
    LocaleError,
    MalformedEntryError,
    MissingKeyError,
    UnknownReferenceError,
)
from rulesite.sources.locales import load

HK = "hanamikoji"  # the fixture's game: locales/<game>/


def fails(root: Path, error: type[LocaleError], file: str, key: str, *words: str) -> LocaleError:
    """Load ``root`` expecting ``error`` about ``file`` (relative to root) at ``key``."""
    with pytest.raises(error) as caught:
        load(root)
    exc = caught.value
    assert exc.file == root / file, str(exc)
    assert exc.key == key, str(exc)
    message = str(exc)
    assert str(root / file) in message and key in message
    for word in words:
        assert word in message, message
    return exc


def test_fixture_loads(locales: Path) -> None:
    loaded = load(locales)
    assert list(loaded.languages) == ["en", "fr", "ja", "id"]
    assert loaded.structure.numbers["deal-hands"] == "2.1"
    assert loaded.structure.numbers["end-editions"] == "3"
    assert loaded.languages["ja"].glossary["gift"]["term"] == "贈与"


# --- a key missing or extra in one language -----------------------------------------------

def test_missing_key_in_translation(locales: Path, edit) -> None:
    edit(locales / HK / "fr" / "text.yml", lambda d: d["rules"]["deal-hands"].pop("title"))
    fails(locales, MissingKeyError, "hanamikoji/fr/text.yml",
          "rules.deal-hands.title", "en/text.yml")


def test_missing_entry_in_translation(locales: Path, edit) -> None:
    edit(locales / HK / "ja" / "glossary.yml", lambda d: d.pop("hand"))
    fails(locales, MissingKeyError, "hanamikoji/ja/glossary.yml", "hand.term", "en/glossary.yml")


def test_extra_key_in_translation(locales: Path, edit) -> None:
    edit(locales / HK / "id" / "text.yml",
         lambda d: d["notes"].update({"stray-note": {"text": "Tidak ada di bahasa Inggris."}}))
    fails(locales, ExtraKeyError, "hanamikoji/id/text.yml", "notes.stray-note.text", "en/text.yml")


def test_optional_field_must_match_english(locales: Path, edit) -> None:
    edit(locales / HK / "fr" / "text.yml", lambda d: d["pages"]["basics"].update(intro="En plus."))
    fails(locales, ExtraKeyError, "hanamikoji/fr/text.yml", "pages.basics.intro")


def test_unknown_field(locales: Path, edit) -> None:
    edit(locales / HK / "ja" / "text.yml", lambda d: d["rules"]["deal-hands"].update(body="本文"))
    fails(locales, ExtraKeyError, "hanamikoji/ja/text.yml", "rules.deal-hands.body", "text, title")


def test_missing_translation_file(locales: Path) -> None:
    (locales / HK / "id" / "glossary.yml").unlink()
    fails(locales, MissingKeyError, "hanamikoji/id/glossary.yml", "(file)", "not found")


def test_missing_ui_string(locales: Path, edit) -> None:
    edit(locales / "site" / "fr" / "ui.yml", lambda d: d.pop("glossary.definitions"))
    fails(locales, MissingKeyError, "site/fr/ui.yml", "glossary.definitions")


def test_english_must_cover_structure(locales: Path, edit) -> None:
    edit(locales / HK / "en" / "text.yml", lambda d: d["rules"].pop("components-items"))
    fails(locales, MissingKeyError, "hanamikoji/en/text.yml",
          "rules.components-items", "structure.yml")


def test_english_extra_entry(locales: Path, edit) -> None:
    edit(locales / HK / "en" / "text.yml",
         lambda d: d["rules"].update({"ghost-rule": {"title": "Ghost", "text": "Boo."}}))
    fails(locales, ExtraKeyError, "hanamikoji/en/text.yml", "rules.ghost-rule", "structure.yml")


def test_builder_needs_its_ui_strings(locales: Path, edit) -> None:
    for lang in ("en", "fr", "ja", "id"):
        edit(locales / "site" / lang / "ui.yml", lambda d: d.pop("example.label"))
    fails(locales, MissingKeyError, "site/en/ui.yml", "example.label", "site builder")


def test_ui_fields_must_match_english(locales: Path, edit) -> None:
    edit(locales / "site" / "ja" / "ui.yml",
         lambda d: d.update({"misreading.settled_by": "ルール"}))
    fails(locales, MalformedEntryError, "site/ja/ui.yml", "misreading.settled_by",
          "['number', 'title']")


def test_counts_give_exactly_the_languages_cldr_categories(locales: Path, edit) -> None:
    """French counts 0 and 1 as "one" and has "many": forms as English has them are refused,
    naming the file, the key, its line and the categories French needs."""
    edit(locales / HK / "fr" / "ui.yml",
         lambda d: d.update({"count.cards": {"one": "{n}\u00a0carte", "other": "{n}\u00a0cartes"}}))
    exc = fails(locales, MalformedEntryError, "hanamikoji/fr/ui.yml",
                "count.cards", "one, many, other")
    line = next(number for number, text in enumerate(
        (locales / HK / "fr" / "ui.yml").read_text(encoding="utf-8").splitlines(), 1)
        if text.startswith("count.cards:"))
    assert f"(line {line})" in str(exc)


def test_japanese_counts_have_only_other(locales: Path, edit) -> None:
    edit(locales / HK / "ja" / "ui.yml",
         lambda d: d.update({"count.cards": {"one": "{n}枚", "other": "{n}枚"}}))
    fails(locales, MalformedEntryError, "hanamikoji/ja/ui.yml",
          "count.cards", "ja has exactly other")


def test_a_count_is_a_mapping_whose_forms_write_the_number(locales: Path, edit) -> None:
    edit(locales / HK / "en" / "ui.yml", lambda d: d.update({"count.cards": "{n} cards"}))
    fails(locales, MalformedEntryError, "hanamikoji/en/ui.yml", "count.cards", "one, other")
    edit(locales / HK / "en" / "ui.yml",
         lambda d: d.update({"count.cards": {"one": "a card", "other": "{n} cards"}}))
    fails(locales, MalformedEntryError, "hanamikoji/en/ui.yml", "count.cards.one", "{n}")


# --- unknown references ---------------------------------------------------------------------

@pytest.mark.parametrize(("placeholder", "expected"), [
    ("{ref:no-such-rule}", "rule, section, page"),
    ("{ref:gift}", "rule, section, page"),  # a term: link it with {term:}
    ("{term:no-such-term}", "glossary term"),
    ("{n:no_such_fact}", "hanamikoji.FACTS"),
])
def test_unknown_reference(locales: Path, edit, placeholder: str, expected: str) -> None:
    edit(locales / HK / "fr" / "text.yml",
         lambda d: d["rules"]["deal-hands"].update(text=f"Voir {placeholder}."))
    fails(locales, UnknownReferenceError, "hanamikoji/fr/text.yml", "rules.deal-hands.text",
          placeholder, expected)


def test_unknown_reference_in_glossary(locales: Path, edit) -> None:
    edit(locales / HK / "ja" / "glossary.yml", lambda d: d["hand"].update(definition="{ref:nope}"))
    fails(locales, UnknownReferenceError, "hanamikoji/ja/glossary.yml",
          "hand.definition", "{ref:nope}")


def test_unknown_placeholder_kind(locales: Path, edit) -> None:
    edit(locales / HK / "en" / "text.yml",
         lambda d: d["notes"]["home-where"].update(text="See {rule:deal-hands}."))
    fails(locales, MalformedEntryError, "hanamikoji/en/text.yml", "notes.home-where.text", "'rule'")


def test_settles_unknown_rule(locales: Path, edit) -> None:
    def change(d: dict) -> None:
        page = next(p for p in d["pages"] if p["kind"] == "misreadings")
        page["items"][0]["settles"] = "components"  # a section, not a rule
    edit(locales / HK / "structure.yml", change)
    fails(locales, UnknownReferenceError, "hanamikoji/structure.yml",
          "pages.misreadings.items.mr-hand-of-seven.settles", "rule ID")


# --- malformed entries ----------------------------------------------------------------------

def test_entry_not_a_mapping(locales: Path, edit) -> None:
    edit(locales / HK / "fr" / "text.yml", lambda d: d["rules"].update({"deal-hands": "Mains"}))
    fails(locales, MalformedEntryError, "hanamikoji/fr/text.yml", "rules.deal-hands", "mapping")


def test_value_not_a_string(locales: Path, edit) -> None:
    edit(locales / HK / "id" / "glossary.yml", lambda d: d["gift"].update(term=3))
    fails(locales, MalformedEntryError, "hanamikoji/id/glossary.yml",
          "gift.term", "non-empty string")


def test_empty_text(locales: Path, edit) -> None:
    edit(locales / HK / "en" / "text.yml", lambda d: d["rules"]["deal-hands"].update(text="  "))
    fails(locales, MalformedEntryError, "hanamikoji/en/text.yml",
          "rules.deal-hands.text", "non-empty")


def test_unknown_group(locales: Path, edit) -> None:
    edit(locales / HK / "fr" / "text.yml", lambda d: d.update(chapters={}))
    fails(locales, ExtraKeyError, "hanamikoji/fr/text.yml", "chapters", "unknown group")


def test_invalid_yaml(locales: Path) -> None:
    (locales / HK / "ja" / "text.yml").write_text("pages: [unclosed\n", encoding="utf-8")
    fails(locales, MalformedEntryError, "hanamikoji/ja/text.yml", "pages", "not valid YAML")


def test_invalid_yaml_names_the_key_and_line_where_it_broke(locales: Path) -> None:
    """A translator's usual slip, an unquoted colon, is reported at its key and line."""
    path = locales / HK / "fr" / "text.yml"
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines) if text.strip().startswith("ex-deal:"))
    title = line + 1
    assert lines[title].strip().startswith("title:")
    lines[title] = '    title: Exemple: une distribution'
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    fails(locales, MalformedEntryError, "hanamikoji/fr/text.yml", "examples.ex-deal.title",
          "not valid YAML", f"line {title + 1}")
    # An unclosed quote at the end of a file is reported where the quoted text began.
    path.write_text("\n".join(lines[:title]) + '\n    title: "Une distribution\n',
                    encoding="utf-8")
    fails(locales, MalformedEntryError, "hanamikoji/fr/text.yml", "examples.ex-deal.title",
          "not valid YAML", f"started at line {title + 1}")


def test_duplicate_key(locales: Path) -> None:
    path = locales / HK / "fr" / "glossary.yml"
    path.write_text(path.read_text(encoding="utf-8") + 'gift: {term: "Don", definition: "X."}\n',
                    encoding="utf-8")
    fails(locales, MalformedEntryError, "hanamikoji/fr/glossary.yml",
          "gift", "duplicate key 'gift'", "line 5")


@pytest.mark.parametrize(("change", "key", "words"), [
    (lambda d: d["pages"][1].update(id="Basics"), "pages[1].id", ["lowercase ASCII"]),
    (lambda d: d["pages"][1]["sections"][0].update(id="phase-deal"),
     "pages.basics.sections[1].id", ["already used by a section (pages.basics.sections[0].id)"]),
    (lambda d: d["pages"][1]["sections"][0]["blocks"][0].update(kind="law"),
     "sections.components.blocks[0].kind", ["expected one of"]),
    (lambda d: d["pages"][1]["sections"][0]["blocks"][1].update(table="scores"),
     "sections.components.blocks[1].table", ["geishas"]),
    (lambda d: d["pages"][0]["sections"][0]["blocks"].append({"kind": "rule", "id": "x-y"}),
     "sections.home-start.blocks[1].kind", ["kind 'rules'"]),
    (lambda d: d["pages"][1].update(kind="chapter"), "pages.basics.kind", ["expected one of"]),
])
def test_malformed_structure(locales: Path, edit, change, key: str, words: list[str]) -> None:
    edit(locales / HK / "structure.yml", change)
    fails(locales, MalformedEntryError, "hanamikoji/structure.yml", key, *words)


def test_example_must_be_declared(locales: Path, edit) -> None:
    edit(locales / HK / "structure.yml", lambda d: d["examples"].pop("ex-deal"))
    fails(locales, MissingKeyError, "hanamikoji/structure.yml", "examples.ex-deal", "declare it")


# --- examples: the geishas their text names, the comments of their code --------------------

def test_example_text_must_name_the_listed_geishas_in_every_language(locales: Path,
                                                                     edit) -> None:
    edit(locales / HK / "ja" / "text.yml", lambda d: d["examples"]["ex-deal"].update(
        text="{n:hand_size}枚ずつの手札が2つ。Bが芸者{geisha:6}を取る。"))
    fails(locales, MalformedEntryError, "hanamikoji/ja/text.yml", "examples.ex-deal.text",
          "[6]", "[7]", "examples.ex-deal.geishas")


def test_example_geishas_must_be_geisha_numbers(locales: Path, edit) -> None:
    edit(locales / HK / "structure.yml", lambda d: d["examples"]["ex-deal"].update(geishas=[7, 8]))
    fails(locales, MalformedEntryError, "hanamikoji/structure.yml",
          "examples.ex-deal.geishas", "[7, 8]")


def test_geisha_placeholder_outside_one_to_seven(locales: Path, edit) -> None:
    edit(locales / HK / "id" / "text.yml", lambda d: d["notes"]["components-names"].update(
        text="Geisha {geisha:0}."))
    fails(locales, UnknownReferenceError, "hanamikoji/id/text.yml", "notes.components-names.text",
          "{geisha:0}", "1 to 7")


def test_code_comment_without_english_text(locales: Path, edit) -> None:
    edit(locales / HK / "structure.yml", lambda d: d["examples"]["ex-deal"].update(
        code=d["examples"]["ex-deal"]["code"] + "# {note}\n"))
    fails(locales, MissingKeyError, "hanamikoji/en/text.yml", "examples.ex-deal.comments.note",
          "# {note}")


def test_code_comment_text_the_code_does_not_use(locales: Path, edit) -> None:
    edit(locales / HK / "en" / "text.yml",
         lambda d: d["examples"]["ex-deal"]["comments"].update(stray="Not in the code"))
    fails(locales, ExtraKeyError, "hanamikoji/en/text.yml", "examples.ex-deal.comments.stray",
          "no comment # {stray}")


def test_code_comment_missing_in_a_translation(locales: Path, edit) -> None:
    edit(locales / HK / "fr" / "text.yml", lambda d: d["examples"]["ex-deal"].pop("comments"))
    fails(locales, MissingKeyError, "hanamikoji/fr/text.yml", "examples.ex-deal.comments.take",
          "en/text.yml")


@pytest.mark.parametrize("comment", ["B takes\nthe 7", "B takes {n:gift_kept}", ""])
def test_code_comment_is_one_line_of_plain_text(locales: Path, edit, comment: str) -> None:
    edit(locales / HK / "id" / "text.yml",
         lambda d: d["examples"]["ex-deal"]["comments"].update(take=comment))
    fails(locales, MalformedEntryError, "hanamikoji/id/text.yml", "examples.ex-deal.comments.take")


# --- the site's strings and each game's (locales/site/, locales/<game>/) --------------------

def test_a_game_sees_its_strings_and_the_sites(locales: Path) -> None:
    ui = load(locales).languages["fr"].ui
    assert ui["nav.home"] and ui["play.new"]  # site/fr/ui.yml and hanamikoji/fr/ui.yml


def test_an_interface_string_lives_in_one_file(locales: Path, edit) -> None:
    edit(locales / HK / "fr" / "ui.yml", lambda d: d.update({"nav.home": "Accueil"}))
    fails(locales, ExtraKeyError, "hanamikoji/fr/ui.yml", "nav.home",
          str(locales / "site" / "fr" / "ui.yml"), "not both", "(line ")


def test_a_site_string_missing_in_a_translation_names_the_sites_file(locales: Path,
                                                                     edit) -> None:
    edit(locales / "site" / "ja" / "ui.yml", lambda d: d.pop("cite.button"))
    fails(locales, MissingKeyError, "site/ja/ui.yml", "cite.button", "site/en/ui.yml")


def test_the_first_game_keeps_the_languages_roots(locales: Path, edit) -> None:
    edit(locales / "site" / "site.yml", lambda d: d["games"][0].update(folder="hanamikoji/"))
    fails(locales, MalformedEntryError, "site/site.yml", "games[0].folder", "first game")


def test_site_yml_names_game_folders(locales: Path, edit) -> None:
    edit(locales / "site" / "site.yml", lambda d: d["games"].append(
        {"id": "chess", "folder": "chess/"}))
    fails(locales, UnknownReferenceError, "site/site.yml", "games[1].id", "structure.yml")
