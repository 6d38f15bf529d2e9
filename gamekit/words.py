"""What every game's words share: HTML escaping, and counts and lists written as the
language of the interface strings writes them (the ``grammar`` table the builder computes
with Babel: ``rulesite/sources/words.py``).

Each game's ``explain`` fills its own sentences; these helpers keep "1 card", « 0 carte »
and « 5, 6 et 7 » the same in every game. Standard library only: runs in the browser too.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

LIST_FIELD = re.compile(r"\{([01])\}")
# A card chip of any game ("hk-chip", "ll-chip") or a group of them ("hk-pair"), and the
# punctuation right after it (docs/assets/examples/i18n.js matches the same); not again
# once grouped, as a sentence filled into another is.
# MARK is also what the builder keeps with a placeholder's drawing (rulesite placeholders.py).
MARK = "[\u00a0\u202f]?[.,;:!?\u2026)\u00bb\u3001\u3002\uff09\uff0c\uff0e\uff1a\u300d]+"
_CHIP = r'<span class="[a-z]+-chip[^"]*">(?:(?!</span>).)*?</span>'
CHIP_THEN_MARK = re.compile(
    rf'(?<!<span class="rs-nobr">)(<span class="[a-z]+-pair">(?:{_CHIP}|[^<])*</span>|{_CHIP})'
    f"({MARK})")


# What a Japanese sentence may end with: the next one follows with no space.
CLOSING = ("\u3002", "\uff09", "\u300d")  # full stop, closing bracket and closing quote


def sentences(parts: list[str]) -> str:
    """Sentences one after the other: a space between them, except after a Japanese full
    stop, closing bracket or quote, which needs none."""
    out = parts[0]
    for part in parts[1:]:
        out += part if out.endswith(CLOSING) else " " + part
    return out


def escape(text: str) -> str:
    """``text`` escaped for HTML, as ``html.escape`` does: the html module would bring
    ``html.entities`` (20 kB) into the browser's standard library (rulesite/runtime/stdlib.py)."""
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


def keep_marks(html: str) -> str:
    """``html`` with each chip and the punctuation right after it in one no-break group
    (board.css, ``.rs-nobr``): a line may break after a chip's box, which left ". A: …" or
    ", 7" at the start of the next line."""
    return CHIP_THEN_MARK.sub(r'<span class="rs-nobr">\1\2</span>', html)


def plural(ui: Mapping[str, Any], n: int) -> str:
    """The CLDR plural category of the count ``n`` in the language of ``ui``, from the table
    the builder computed with Babel (``ui["grammar"]``)."""
    table = ui["grammar"]["plural"]
    if not 0 <= n < len(table):
        raise ValueError(f"count {n} is outside the plural table (0 to {len(table) - 1})")
    return str(table[n])


def join(ui: Mapping[str, Any], items: list[str]) -> str:
    """HTML ``items`` joined as the language of ``ui`` writes a list, by CLDR's patterns
    ("5, 6, and 7"; « 5, 6 et 7 »; 「5、6、7」), as Babel's ``format_list`` joins them."""
    patterns = ui["grammar"]["list"]

    def put(pattern: str, first: str, second: str) -> str:
        both = (first, second)
        return LIST_FIELD.sub(lambda m: both[int(m.group(1))], escape(pattern))

    if len(items) < 2:
        return "".join(items)
    if len(items) == 2:
        return put(patterns["2"], items[0], items[1])
    out = put(patterns["end"], items[-2], items[-1])
    for item in reversed(items[1:-2]):
        out = put(patterns["middle"], item, out)
    return put(patterns["start"], items[0], out)
