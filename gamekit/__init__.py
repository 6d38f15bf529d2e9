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

import importlib
from collections.abc import Iterator, Mapping
from typing import Any

from gamekit import runner
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



class _Games(Mapping[str, Plugin]):
    """Plug-ins by game ID, each package imported when its game is first asked for: a page's
    worker then imports its own game's engine only (each costs a few hundred milliseconds of
    a cold start), while the builder, iterating, gets every game."""

    def __init__(self, packages: dict[str, str]) -> None:
        self._packages = packages
        self._plugins: dict[str, Plugin] = {}

    def __getitem__(self, game_id: str) -> Plugin:
        if game_id not in self._plugins:
            found: Plugin = importlib.import_module(self._packages[game_id]).PLUGIN
            if found.id != game_id:
                raise ValueError(f"{self._packages[game_id]}.PLUGIN has the ID {found.id!r}, "
                                 f"registered as {game_id!r}")
            self._plugins[game_id] = found
        return self._plugins[game_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._packages)

    def __len__(self) -> int:
        return len(self._packages)


GAMES: Mapping[str, Plugin] = _Games({"hanamikoji": "gamekit.hanamikoji",
                                      "loveletter": "gamekit.loveletter"})
"""Every game the site plays, by ID (its plug-in's package), in the order the site lists them
(locales/site/site.yml)."""


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
