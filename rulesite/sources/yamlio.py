"""Read YAML strictly: a duplicated key would silently drop a translation, so it is an error."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from rulesite.errors import MalformedEntryError, MissingKeyError


class _StrictLoader(yaml.SafeLoader):
    """Pure Python: its error messages are the ones reported."""


# libyaml's parser where PyYAML was built with it (its wheels are), else the pure-Python one.
_FAST_BASE: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _FastStrictLoader(_FAST_BASE):  # type: ignore[misc]  # a base chosen at import
    """The same checks over libyaml's parser: about 14 times less CPU for the locales (every
    build and most tests read them). Its errors are worded differently, so a file it refuses
    is read again by :class:`_StrictLoader`, whose error is the one reported."""


def _mapping(loader: _StrictLoader | _FastStrictLoader, node: yaml.MappingNode,
             deep: bool = False) -> dict[Any, Any]:
    seen: set[Any] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark
            )
        seen.add(key)
    return loader.construct_mapping(node, deep=deep)


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
_FastStrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)


_KEY = re.compile(r"^( *)([^\s#'\"-][^:#]*?|'[^']*'|\"[^\"]*\"):(?:\s+(.*))?$")


def key_at(text: str, line: int) -> str | None:
    """The key path (``rules.deal-shuffle.text``) of the mapping entry that line ``line``
    (0-based) of the YAML ``text`` belongs to, read from indentation alone, so that it works
    on a file too broken to parse. ``None`` above the first key."""
    stack: list[tuple[int, str]] = []
    scalar_indent: int | None = None  # inside a block scalar (| or >) under this indent
    for number, raw in enumerate(text.splitlines()[: line + 1]):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        indent = len(raw) - len(raw.lstrip(" "))
        if scalar_indent is not None:
            if indent > scalar_indent:
                continue
            scalar_indent = None
        match = _KEY.match(raw)
        if not match:
            continue
        while stack and stack[-1][0] >= indent:
            stack.pop()
        stack.append((indent, match.group(2).strip("'\"")))
        value = (match.group(3) or "").strip()
        if value[:1] in ("|", ">") and number < line:
            scalar_indent = indent
    return ".".join(key for _, key in stack) or None


def _unclosed_quote_above(text: str, line: int) -> int | None:
    """The line (0-based) of the entry just above ``line`` if its quoted value does not close
    on its own line: the parser then reads on into the next entries and stops there, so the
    mistake is that entry's, not the one the parser names. ``None`` otherwise."""
    lines = text.splitlines()
    for number in range(min(line, len(lines)) - 1, -1, -1):
        match = _KEY.match(lines[number])
        if not match:
            continue
        value = (match.group(3) or "").strip()
        if value[:1] == '"':
            body = re.sub(r'\\.', "", value[1:])
            return number if '"' not in body else None
        if value[:1] == "'":
            return number if "'" not in value[1:].replace("''", "") else None
        return None
    return None


def line_of(path: Path, key: str) -> int | None:
    """The line (1-based) where the entry ``key`` (a path as :func:`key_at` writes it)
    starts in the YAML file ``path``, or ``None``."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    stack: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines()):
        match = _KEY.match(raw)
        if not raw.strip() or raw.lstrip().startswith("#") or not match:
            continue
        indent = len(match.group(1))
        while stack and stack[-1][0] >= indent:
            stack.pop()
        stack.append((indent, match.group(2).strip("'\"")))
        if ".".join(k for _, k in stack) == key:
            return number + 1
    return None


def load_yaml(path: Path) -> Any:
    """Parse ``path``; a missing file or a YAML error becomes a locale error naming it, and
    the key and line where the parser stopped."""
    if not path.is_file():
        raise MissingKeyError(path, "(file)", "file not found")
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        # Name the key and line of the first bad byte (the file read leniently to find them).
        line = raw[: error.start].count(b"\n")
        lenient = raw.decode("utf-8", errors="replace")
        raise MalformedEntryError(
            path, key_at(lenient, line) or "(file)",
            f"not UTF-8 text: byte {raw[error.start]:#04x} at line {line + 1} (save the file "
            "as UTF-8)") from None
    try:
        return yaml.load(text, Loader=_FastStrictLoader)
    except yaml.YAMLError:
        pass  # read again below, for the pure-Python parser's error message
    try:
        return yaml.load(text, Loader=_StrictLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        if mark is None:
            raise MalformedEntryError(path, "(file)", f"not valid YAML: {exc}") from None
        problem = getattr(exc, "problem", None) or str(exc)
        context = getattr(exc, "context", None) or ""
        start = getattr(exc, "context_mark", None)
        # An unclosed quote is found far below: its key is where the quoted text began.
        at = start if start is not None and context.startswith("while scanning") else mark
        line = at.line
        opened = _unclosed_quote_above(text, mark.line)
        hint = ""
        if opened is not None and not context.startswith("while scanning"):
            line = opened
            hint = f"the quote opened at line {opened + 1} is not closed on its line; "
        raise MalformedEntryError(
            path, key_at(text, line) or "(file)",
            "not valid YAML: " + hint + (f"{context} started at line {start.line + 1}, "
                                  if start is not None and context else "") +
            f"{problem} at line {mark.line + 1}, column {mark.column + 1}"
        ) from None
