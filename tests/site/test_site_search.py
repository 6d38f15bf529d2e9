"""What each language's search knows beyond its pages: the words readers type for a glossary
term (locales/<lang>/synonyms.yml) are checked when the locales load, and the built index
finds each term by them, at the term's anchor on the glossary page. The browser side (found
first, never shown) is in tests/browser/test_search.py."""

from __future__ import annotations

import json
from html import escape
from pathlib import Path

import pytest

from rulesite.errors import MalformedEntryError, UnknownReferenceError
from rulesite.sources.locales import load

REPO = Path(__file__).resolve().parents[2]


def test_synonyms_of_an_unknown_term_are_refused(locales: Path) -> None:
    path = locales / "hanamikoji" / "fr" / "synonyms.yml"
    path.write_text('no-such-term: "cadeau"\n', encoding="utf-8")
    with pytest.raises(UnknownReferenceError) as info:
        load(locales)
    assert (info.value.file, info.value.key) == (path, "no-such-term")


@pytest.mark.parametrize("value", ['"cadeau, "', "[cadeau]", '""'])
def test_synonyms_must_be_words_separated_by_commas(locales: Path, value: str) -> None:
    path = locales / "hanamikoji" / "fr" / "synonyms.yml"
    path.write_text(f"gift: {value}\n", encoding="utf-8")
    with pytest.raises(MalformedEntryError) as info:
        load(locales)
    assert (info.value.file, info.value.key) == (path, "gift")


def test_a_language_without_synonyms_loads(locales: Path) -> None:
    assert not (locales / "hanamikoji" / "id" / "synonyms.yml").exists()
    assert load(locales).languages["id"].synonyms == {}


def test_the_built_index_finds_each_term_by_its_synonyms(real_site: Path) -> None:
    real = load(REPO / "locales")
    assert real.languages["fr"].synonyms["gift"][0] == "cadeau"  # the review's own words
    assert "concurrence" in real.languages["fr"].synonyms["competition"]
    for lang, language in real.languages.items():
        assert language.synonyms, f"{lang}: no synonyms"
        index = json.loads((real_site / lang / "search" / "search_index.json").read_text(
            encoding="utf-8"))
        tagged = {doc["location"]: doc for doc in index["docs"] if "tags" in doc}
        # Love Letter's own synonyms are in the same index, in its folder.
        ll = load(REPO / "locales", "loveletter").languages[lang].synonyms
        assert len(tagged) == len(language.synonyms) + len(ll), lang
        for term, words in ll.items():
            assert tagged[f"love-letter/glossary/#{term}"]["tags"] == list(words)
        glossary = (real_site / lang / "glossary" / "index.html").read_text(encoding="utf-8")
        for term, words in language.synonyms.items():
            doc = tagged[f"glossary/#{term}"]
            assert doc["tags"] == list(words)
            assert doc["title"] == escape(language.glossary[term]["term"])
            assert f'id="{term}"' in glossary
