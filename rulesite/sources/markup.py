"""What markup a translation may carry, checked when ``locales/`` is loaded.

- Text fields (``text.yml``, ``glossary.yml``) are Markdown with the site's placeholders.
  The HTML the site shows is the HTML the site writes: no raw tag or comment, no ``on…=``
  attribute (Markdown's attribute lists could add one), no ``javascript:``/``vbscript:``/
  ``data:`` link, no character reference (``&#106;``) that could spell one.
- Interface strings (``ui.yml``) are plain text. Some land in the theme's templates
  unescaped, inside attributes, so they may not hold ``<``, ``&`` or ``"`` (translators write
  typographic quotes); our own templates and scripts escape them as well.

A refusal is a :class:`~rulesite.errors.MalformedEntryError` naming the file, the key and
the line.
"""

from __future__ import annotations

import re
from pathlib import Path

from rulesite.errors import MalformedEntryError
from rulesite.sources.yamlio import line_of

# Whitespace and control characters are dropped before looking for a scheme: browsers
# ignore them in "java\tscript:".
_INVISIBLE = re.compile(r"[\s\x00-\x1f\x7f]+")
TEXT_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"<[A-Za-z!/?]"), "raw HTML (a tag or a comment): write Markdown instead"),
    (re.compile(r"\bon[a-z]+\s*=", re.IGNORECASE), "an on…= event attribute"),
    (re.compile(r"(?:java|vb)script:|\]\(data:", re.IGNORECASE), "a script or data: link"),
    (re.compile(r"&(?:#|[A-Za-z][A-Za-z0-9]*;)"),
     "an HTML character reference: type the character itself"),
    (re.compile(r"\{[:#.]"), "a Markdown attribute list ({: …}): the site sets attributes"),
)
UI_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"[<&\"]"), "an interface string is plain text: no <, & or \" "
     "(some land inside HTML attributes; write typographic quotes “ ” instead)"),
)


def _first(value: str, rules: tuple[tuple[re.Pattern[str], str], ...]) -> str | None:
    squeezed = _INVISIBLE.sub("", value)
    for pattern, reason in rules:
        found = pattern.search(value) or (pattern.search(squeezed) if "script" in pattern.pattern
                                          else None)
        if found:
            return f"{reason}; found {found.group()!r}"
    return None


def _refuse(file: Path, key: str, problem: str) -> MalformedEntryError:
    line = line_of(file, key)
    where = f" (line {line})" if line is not None else ""
    return MalformedEntryError(file, key, problem + where)


def check_text(value: str, file: Path, key: str) -> None:
    """Refuse a text field holding markup the site does not write itself."""
    problem = _first(value, TEXT_RULES)
    if problem:
        raise _refuse(file, key, problem)


def check_ui(value: str, file: Path, key: str) -> None:
    """Refuse an interface string that is not plain text."""
    problem = _first(value, UI_RULES)
    if problem:
        raise _refuse(file, key, problem)
