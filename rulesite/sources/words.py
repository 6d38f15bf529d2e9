"""Each language's grammar for interface strings: CLDR plural categories, list patterns, and
numbers and dates as the language writes them.

At build time these come from Babel (the CLDR data). The browser's Python (Pyodide) has no
Babel, so :func:`grammar` hands it the little it needs as data, under the key ``grammar`` of
the strings it receives: the plural category of every count it can meet and the language's
list patterns. ``gamekit/hanamikoji/explain.py`` applies that data in both places, so a
page built here and the same example run live say exactly the same words. The browser's
JavaScript uses ``Intl.PluralRules`` and ``Intl.ListFormat`` (``docs/assets/examples/i18n.js``).

A ``count.*`` entry of ``ui.yml`` is a mapping from each of the language's CLDR categories to
its form, with the number as ``{n}``::

    count.cards: {one: "{n} card", other: "{n} cards"}        # en
    count.cards: {one: "{n}\\u00a0carte", many: ..., other: "{n}\\u00a0cartes"}   # fr
    count.cards: {other: "{n}枚"}                              # ja
"""

from __future__ import annotations

import datetime
from functools import cache
from typing import Any, Literal

from babel import Locale
from babel.dates import format_date
from babel.lists import format_list
from babel.numbers import format_decimal

# CLDR's order of the plural categories.
CATEGORIES = ("zero", "one", "two", "few", "many", "other")
# Counts the browser's Python can meet (cards, geishas, charm points: all under 22) and more.
TABLE_SIZE = 100


@cache
def _locale(lang: str) -> Locale:
    return Locale.parse(lang)


def categories(lang: str) -> tuple[str, ...]:
    """The CLDR cardinal plural categories of ``lang``, in CLDR's order (always ``other``)."""
    tags = set(_locale(lang).plural_form.tags) | {"other"}
    return tuple(c for c in CATEGORIES if c in tags)


def category(lang: str, n: int) -> str:
    """The CLDR plural category of the whole number ``n`` in ``lang``."""
    return str(_locale(lang).plural_form(n))


def join(lang: str, items: list[str], style: Literal["standard", "or"] = "standard") -> str:
    """``items`` joined as ``lang`` writes a list ("5, 6, and 7"; « 5, 6 et 7 »; 「5、6、7」);
    ``style="or"`` for a choice ("English, Français, or Bahasa Indonesia")."""
    return str(format_list(items, style=style, locale=lang))


def date(lang: str, iso: str, width: Literal["long", "medium"] = "long") -> str:
    """A date (``2026-11-25``, or the date part of a timestamp) as ``lang`` writes it: CLDR's
    long form in prose ("November 25, 2026", « 25 novembre 2026 », 「2026年11月25日」), the
    medium one in a table ("Nov 25, 2026", « 25 nov. 2026 »)."""
    day = datetime.date.fromisoformat(iso[:10])
    return str(format_date(day, format=width, locale=lang))


def number(lang: str, value: float, digits: int = 0) -> str:
    """``value`` as ``lang`` writes a figure, rounded to ``digits`` decimals: CLDR's grouping
    and decimal signs ("9,654.5"; « 9\u202f654,5 »; "9.654,5" in Indonesian)."""
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    return str(format_decimal(value, format=pattern, locale=lang))


@cache
def grammar(lang: str) -> dict[str, Any]:
    """The data ``explain.py`` needs for ``lang`` where Babel is missing: ``plural``, the
    category of each count from 0 to ``TABLE_SIZE - 1``, ``lang`` (for ``Intl``) and ``list``,
    CLDR's standard conjunction patterns (``2``, ``start``, ``middle``, ``end``, with ``{0}``
    and ``{1}``)."""
    patterns = _locale(lang).list_patterns["standard"]
    return {"lang": lang,
            "plural": [category(lang, n) for n in range(TABLE_SIZE)],
            "list": {part: str(patterns[part]) for part in ("2", "start", "middle", "end")}}


def count(ui: dict[str, Any], key: str, n: int) -> str:
    """The ``count.*`` string ``key`` of a language's ``ui`` (with its ``grammar``) for ``n``,
    in the plural form CLDR gives ``n``: plain text, not escaped."""
    lang = ui["grammar"]["lang"]
    return str(ui[key][category(lang, n)]).replace("{n}", number(lang, n))
