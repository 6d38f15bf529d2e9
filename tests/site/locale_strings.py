"""Every string of a language's text, glossary and interface files, with where it stands
(``fr/ui.yml: widget.code_keys``) and its code spans masked as ``CODE``: for the tests of
wording and typography, which must not judge Python or notation."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

LOCALES = Path(__file__).resolve().parents[2] / "locales"
CODE = re.compile(r"```.*?```|`[^`\n]*`", re.S)


def _strings(node: Any, path: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _strings(value, f"{path}.{key}" if path else str(key))
    elif isinstance(node, str):
        yield path, CODE.sub("CODE", node)


def locale_strings(lang: str) -> Iterator[tuple[str, str]]:
    """Hanamikoji's files, then the site's interface strings (labelled alike: a key is in
    one ui.yml or the other)."""
    for folder, name in (("hanamikoji", "text"), ("hanamikoji", "glossary"),
                         ("hanamikoji", "ui"), ("site", "ui")):
        path = LOCALES / folder / lang / f"{name}.yml"
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for key, value in _strings(data):
            yield f"{lang}/{name}.yml: {key}", value
