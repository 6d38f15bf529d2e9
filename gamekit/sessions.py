"""What every game's session module (``gamekit/<game>/session.py``) shares: refusals
returned as answers, and the page's interface strings filled in.

It also reads what a page passes that may come from anywhere (a file, a link): record text
(:class:`Reader`) and a share link's fragment (:func:`link_text`), and writes the fragment
(:func:`link`).

A session function called by a page (through :func:`gamekit.call`) never raises for bad
input: it raises :class:`Refusal` inside, and :func:`refused` turns that into the answer
``{"error": {"kind", "message", "path", "rule"}}``. Its messages are interface strings
(``ui.yml``) filled by :class:`Strings`. ``rulesite/sources/runtime_keys.py`` finds the keys
the browser needs as string literals in every module of ``gamekit`` (with the fields filled
in the ``t(ui, "key", field=...)`` call after them): a key is written whole where it is used,
here (the :class:`Reader`'s, after its game's prefix) as in a game's session.
"""

from __future__ import annotations

import base64
import binascii
import functools
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


class Refusal(Exception):
    """A refused input: carries the ``error`` dictionary the functions return."""

    def __init__(self, kind: str, message: str, path: str | None = None,
                 rule: str | None = None) -> None:
        super().__init__(message)
        self.error = {"kind": kind, "message": message, "path": path, "rule": rule}


def refused(function: F) -> F:
    """``function`` with a :class:`Refusal` returned as its ``{"error": ...}`` answer."""
    @functools.wraps(function)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except Refusal as refusal:
            return {"error": refusal.error}
    return call  # type: ignore[return-value]  # same signature, one more kind of answer


class Strings:
    """A game's ``t(ui, key, **fields)``: the interface string ``key`` of ``ui`` as HTML,
    its ``{fields}`` (HTML, numbers turned to text) filled in by the game's ``fill``; without
    ``ui`` (a page's own records, whose refusals nobody reads), ``key`` itself."""

    def __init__(self, fill: Callable[[str, dict[str, str]], str]) -> None:
        self._fill = fill

    def __call__(self, ui: Mapping[str, Any] | None, key: str, /, **fields: object) -> str:
        if ui is None:
            return key
        return self._fill(ui[key], {k: v if isinstance(v, str) else str(v)
                                    for k, v in fields.items()})


class _Record(Protocol):
    def to_json(self) -> dict[str, Any]: ...


def dump(record: _Record) -> str:
    """A record as compact JSON text (what share links carry)."""
    return json.dumps(record.to_json(), ensure_ascii=False, separators=(",", ":"))


def link(record: str, step: int | None = None) -> str:
    """The fragment of a share link (without ``#``): ``record=`` the base64url (no padding)
    of the record's UTF-8 JSON text, then ``&step=N`` (moves applied) if ``step`` is given."""
    data = base64.urlsafe_b64encode(record.encode("utf-8")).decode("ascii").rstrip("=")
    return f"record={data}" + (f"&step={step}" if step is not None else "")


def link_text(fragment: object, max_chars: int, damaged: Refusal) -> tuple[str, str | None]:
    """The record text of a share link's fragment (with or without ``#``, see :func:`link`)
    and its ``step`` field as written (``None`` without one); ``damaged`` is raised for a
    fragment that is not one :func:`link` writes (a field twice, no record, not base64url,
    longer than ``max_chars`` decoded, not UTF-8)."""
    if not isinstance(fragment, str):
        raise damaged
    fields: dict[str, str] = {}
    for part in fragment.lstrip("#").split("&"):
        name, _, value = part.partition("=")
        if name in fields:
            raise damaged
        fields[name] = value
    data = fields.get("record", "")
    if not data or len(data) > max_chars * 2 or not re.fullmatch(r"[A-Za-z0-9_-]+", data):
        raise damaged
    try:
        text = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4)).decode("utf-8")
    except (binascii.Error, ValueError):
        raise damaged from None
    return text, fields.get("step")


@dataclass(frozen=True)
class Reader:
    """How a game's session reads untrusted record text and words what is wrong with it:
    its strings (``t``, and ``escape`` for text put into them), the engine's bounded JSON
    reader (``parse``, raising ``refused``, an error whose ``problems[0].path`` says where),
    the session's limits and its interface keys (``prefix`` + ``play.error.*``: every one
    in :attr:`keys`, and ``illegal(rule)``)."""

    t: Strings
    escape: Callable[[str], str]
    parse: Callable[[str], object]
    refused: type[ValueError]
    max_chars: int
    max_moves: int
    illegal: Callable[[str], str]
    """The key of the words for why a move breaks the rule of the given ID."""
    prefix: str = ""
    columns: bool = True
    """Whether a JSON error's place names its column (``line 3 column 7``) or its line."""

    @property
    def keys(self) -> tuple[str, ...]:
        """Every interface key the reader words its refusals with, but ``illegal``'s."""
        return tuple(f"{self.prefix}play.error.{name}" for name in (
            "not_text", "too_long", "not_json", "too_many_moves", "illegal_move", "not_record",
            "bad_field"))

    def json(self, text: object, ui: Mapping[str, Any] | None, kind: str) -> Any:
        """``text`` parsed as JSON within the bounds, or a :class:`Refusal`: ``kind`` for
        what is not text, ``size`` for too much, ``json`` (with its line) for bad JSON."""
        t, prefix = self.t, self.prefix
        if not isinstance(text, str):
            raise Refusal(kind, t(ui, prefix + "play.error.not_text"))
        if len(text) > self.max_chars:
            raise Refusal("size", t(ui, prefix + "play.error.too_long", limit=self.max_chars))
        try:
            data = self.parse(text)
        except self.refused as error:
            where = str(error.problems[0].path)  # type: ignore[attr-defined]
            place = (where if self.columns else where.partition(" column")[0]) \
                if where.startswith("line") else None
            raise Refusal("json", t(ui, prefix + "play.error.not_json"), place) from None
        if isinstance(data, dict) and isinstance(data.get("moves"), list) \
                and len(data["moves"]) > self.max_moves:
            raise Refusal("size", t(ui, prefix + "play.error.too_many_moves",
                                    limit=self.max_moves), "$.moves")
        return data

    def refusal(self, ui: Mapping[str, Any] | None, kind: str, path: str,
                rule: str | None) -> Refusal:
        """The refusal of a record the engine refused at ``path`` (a JSON path): an illegal
        move (``rule``, the ID of the rule it breaks) by its number and why; a text that is
        not a record of the game; a field that is wrong."""
        t, prefix, shown = self.t, self.prefix, self.escape(path)
        if rule:
            found = _MOVE_PATH.match(path)
            number = int(found.group(1)) + 1 if found else 0
            message = t(ui, prefix + "play.error.illegal_move", path=shown, number=number,
                        why=t(ui, self.illegal(rule)))
            return Refusal(kind, message, path, rule)
        key = (prefix + "play.error.not_record" if path in ("$", "$.format", "$.version")
               else prefix + "play.error.bad_field")
        return Refusal(kind, t(ui, key, path=shown), path)


_MOVE_PATH = re.compile(r"\$\.(?:moves|history)\[(\d+)\]")  # a concealed record's history
