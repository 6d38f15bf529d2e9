"""The site's Python that runs in the reader's browser too: live examples and played games.

The same code runs at build time (CPython, ``rulesite``) and in the engine worker (Pyodide,
``docs/assets/examples/worker.js``, which ships it compiled beside the engines), so a page and
a live run give the same result. Standard library and the engines only.

Each game enters through one :class:`~gamekit.plugin.Plugin` (``gamekit/<game>/``), listed in
:data:`GAMES`, the one place that names the games. The flat API below is what the builder and
the worker use:

- :func:`plugin` ``(game_id)``: a game's plug-in;
- :func:`run` ``(game_id, code, ui)``: an example's code run, its steps, words and boards;
- :func:`call` ``(game_id, fn, args)``: one of the game's session functions (the Play page and
  "what if?"), refusals returned rather than raised.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamekit import runner
from gamekit.hanamikoji import PLUGIN as HANAMIKOJI
from gamekit.loveletter import PLUGIN as LOVELETTER
from gamekit.plugin import (
    Placeholder,
    Played,
    PlayPage,
    Plugin,
    Rulebooks,
    SetupError,
    Steps,
    TableContext,
    TableError,
)

__all__ = ["GAMES", "Placeholder", "PlayPage", "Played", "Plugin", "Rulebooks", "SetupError",
           "Steps", "TableContext", "TableError", "call", "plugin", "run"]

GAMES: dict[str, Plugin] = {HANAMIKOJI.id: HANAMIKOJI, LOVELETTER.id: LOVELETTER}
"""Every game the site plays, by ID, in the order the site lists them (locales/site/site.yml)."""


def plugin(game_id: str | None = None) -> Plugin:
    """The plug-in of ``game_id``; ``None`` is the site's first game (its pages, written
    before a second game, pass no ID). Raises ``KeyError`` naming the IDs known."""
    if game_id is None:
        return next(iter(GAMES.values()))
    if game_id not in GAMES:
        raise KeyError(f"unknown game {game_id!r}; expected one of {sorted(GAMES)}")
    return GAMES[game_id]


def run(game_id: str | None, code: str, ui: Mapping[str, Any]) -> dict[str, Any]:
    """An example's code run (:func:`gamekit.runner.run`) and, on success, every step's words
    (``texts``, ``outcome``) and board (``boards``) in the language of ``ui``."""
    game = plugin(game_id)
    result = runner.run(code, game)
    if "steps" in result:
        result.update(game.explain(result["steps"], ui))
        result["boards"] = game.boards(result["steps"], ui)
    return result


def call(game_id: str | None, fn: str, args: list[Any]) -> Any:
    """The game's session function ``fn`` applied to ``args``; an unknown ``fn`` or a Python
    exception (a bug, arguments of the wrong shape) comes back as
    ``{"error": {"kind": "call", "message"}}``, never raised."""
    game = plugin(game_id)
    if fn not in game.calls:
        return {"error": {"kind": "call", "message": f"unknown function {fn!r}"}}
    try:
        return getattr(game.session, fn)(*args)
    except Exception as error:
        return {"error": {"kind": "call", "message": f"{type(error).__name__}: {error}"}}
