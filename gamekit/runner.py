"""Run the code of a live example and return its timeline as plain data, or the error.

The same file runs at build time (CPython, ``rulesite/pages/examples.py``) and in the reader's
browser (Pyodide, ``worker.js``), so the page and the browser compute a result the same way.
The code runs after the game's prelude (``from hanamikoji import *``) and must leave one of
the engine's games in ``game``; the plug-in (:class:`gamekit.plugin.Plugin`) says which.
"""

from __future__ import annotations

import contextlib
import io
import traceback
from typing import Any

from gamekit.plugin import Plugin

FILENAME = "<example>"
MAX_OUTPUT = 10_000  # characters of printed output kept


def run(code: str, plugin: Plugin) -> dict[str, Any]:
    """``{"steps": [...], "record": str, "output": str}`` on success (``record``: the game's
    record as compact JSON text, what "what if?" and share links start from);
    ``{"error": {...}, "output": str}`` otherwise, where the error has ``kind``
    (``exception``, ``no_game``, ``not_game``) and, for an exception, ``type``, ``message``
    and ``line`` (in ``code``, or ``None``)."""
    namespace: dict[str, Any] = {"__name__": "__main__"}
    exec(plugin.prelude, namespace)
    printed = io.StringIO()
    try:
        compiled = compile(code, FILENAME, "exec")
        with contextlib.redirect_stdout(printed):
            exec(compiled, namespace)
    except SyntaxError as error:
        line = error.lineno if error.filename == FILENAME else None
        return _failure(type(error).__name__, error.msg, line, printed)
    except BaseException as error:  # the reader's code may raise anything, SystemExit included
        return _failure(type(error).__name__, str(error), _line(error), printed)
    game = namespace.get("game")
    if "game" not in namespace:
        return {"error": {"kind": "no_game"}, "output": _output(printed)}
    if not isinstance(game, plugin.game_type):
        return {"error": {"kind": "not_game", "type": type(game).__name__},
                "output": _output(printed)}
    try:
        played = plugin.played(game)
    except Exception as error:
        return _failure(type(error).__name__, str(error), None, printed)
    return {"steps": played.steps, "record": played.record, "output": _output(printed)}


def _line(error: BaseException) -> int | None:
    """The line of the example's code where ``error`` was raised (the innermost such frame)."""
    line = None
    for frame, lineno in traceback.walk_tb(error.__traceback__):
        if frame.f_code.co_filename == FILENAME:
            line = lineno
    return line


def _failure(kind: str, message: str, line: int | None, printed: io.StringIO) -> dict[str, Any]:
    return {"error": {"kind": "exception", "type": kind, "message": message, "line": line},
            "output": _output(printed)}


def _output(printed: io.StringIO) -> str:
    text = printed.getvalue()
    return text if len(text) <= MAX_OUTPUT else text[:MAX_OUTPUT] + "\n…"
