"""What every game's session module (``gamekit/<game>/session.py``) shares: refusals
returned as answers, and the page's interface strings filled in.

A session function called by a page (through :func:`gamekit.call`) never raises for bad
input: it raises :class:`Refusal` inside, and :func:`refused` turns that into the answer
``{"error": {"kind", "message", "path", "rule"}}``. Its messages are interface strings
(``ui.yml``) filled by :class:`Strings`; ``rulesite/sources/runtime_keys.py`` finds the keys
in the session modules' ``t(ui, "key", field=...)`` calls, so a session names its keys
there, as literals.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

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
