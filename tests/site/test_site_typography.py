"""Punctuation spacing of the real locales: French sets a narrow no-break space (U+202F)
before ; : ! ? and a no-break space inside « », in text, glossary and interface strings
alike; Indonesian, like English, sets no space before them. Code is left alone."""

from __future__ import annotations

import re

import pytest
from locale_strings import locale_strings

# a space of any kind, then high punctuation that ends a clause (not "a:b" or "?x=1")
SPACED = re.compile(r"([ \t\n\u00a0\u202f]+)([;:!?])(?=[\s\"”»)*]|$)")


def test_french_narrow_space_before_high_punctuation() -> None:
    wrong = [f"{where}: {value[max(0, m.start() - 20):m.end() + 5]!r}"
             for where, value in locale_strings("fr") for m in SPACED.finditer(value)
             if m.group(1) != "\u202f"]
    missing = [f"{where}: {value[max(0, m.start() - 20):m.end() + 5]!r}"
               for where, value in locale_strings("fr")
               for m in re.finditer(r"(?<=[\w»)}])[;!?](?=\s|$)", value)]
    assert not wrong, "French wants U+202F (and only it) before ; : ! ?\n" + "\n".join(wrong)
    assert not missing, "French wants U+202F before ; ! ?\n" + "\n".join(missing)


def test_french_guillemets_hold_no_break_spaces() -> None:
    wrong = [f"{where}: {value[max(0, m.start() - 10):m.end() + 10]!r}"
             for where, value in locale_strings("fr")
             for m in re.finditer(r"«(?!\u00a0)|(?<!\u00a0)»", value)]
    assert not wrong, "French guillemets take U+00A0 inside: « mot »\n" + "\n".join(wrong)


@pytest.mark.parametrize("lang", ["id"])
def test_no_space_before_high_punctuation(lang: str) -> None:
    wrong = [f"{where}: {value[max(0, m.start() - 20):m.end() + 5]!r}"
             for where, value in locale_strings(lang) for m in SPACED.finditer(value)]
    assert not wrong, f"{lang} sets no space before ; : ! ?\n" + "\n".join(wrong)
