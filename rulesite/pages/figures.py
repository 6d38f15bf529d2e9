"""Figures: pictures of the game computed by the engine and drawn by the examples' board.

The game's plug-in (:class:`gamekit.Plugin`: ``setup``, ``board``) computes and draws them,
Hanamikoji's as below. A figure is declared in ``structure.yml`` under ``figures:`` and placed
by a block
``{kind: figure, id: ID}``::

    figures:
      fig-gift:
        edition: emperors4                # optional, as Game(edition=...)
        position: {hands: {A: "1266777", B: "234455"}, seed: 1}   # Game.from_position(...)
        moves: G267 P7                    # optional: moves applied in order, in notation
        frames:                           # the boards drawn: steps of the timeline, 0 = the
          - {step: 0, point: [hand-A]}    # position, 1 = after the first move, -1 = the last
          - {step: -1, point: [items-B-7, items-A-2, items-A-6]}
        hide: [extra]                     # optional: parts left out of every board
        size: small                       # optional: a small picture (the quick reference)

Without ``position`` the game starts empty (the first move is then usually a deal ``D...``).
``point`` names parts of the board (the game's, e.g. ``gamekit/hanamikoji/board.py``,
``PARTS``), outlined
in the picture. The build runs all of it through the engine: an impossible position, an
illegal move, a step that does not exist or an unknown part stops the build with the file and
key. Each language gives a caption and a text alternative (``figures.ID.caption``/``alt`` in
``text.yml``); the figure's ID is its anchor in every language.

The HTML needs no script: the boards, each with the words of its step (the same sentences as
the live examples), under one text alternative; ``rulesite.pages.writer`` adds the caption,
with the figure's number linking to itself.
"""

from __future__ import annotations

import functools
import json
from html import escape
from typing import Any

import gamekit
from rulesite.errors import SiteError

# A figure's keys besides those of its game's setup (gamekit.Plugin.setup_keys).
KEYS = frozenset({"frames", "hide", "size"})


class FigureError(SiteError):
    """A figure in ``structure.yml`` the engine or the board cannot draw (names the key)."""


def _fail(fig_id: str, key: str, problem: str) -> FigureError:
    return FigureError(f"structure.yml: figures.{fig_id}{'.' + key if key else ''}: {problem}")


@functools.cache
def _timeline(fig_id: str, spec_json: str, game: str | None) -> list[dict[str, Any]]:
    """The steps of the figure's game, checked by the engine (once per build)."""
    try:
        return gamekit.plugin(game).setup(json.loads(spec_json))
    except gamekit.SetupError as error:
        raise _fail(fig_id, error.key, error.problem) from None


def _frames(fig_id: str, spec: dict[str, Any], count: int,
            game: gamekit.Plugin) -> list[tuple[int, list[str]]]:
    frames = spec.get("frames", [{"step": -1}])
    if not isinstance(frames, list) or not frames:
        raise _fail(fig_id, "frames", "expected a list of {step, point}")
    out = []
    for i, frame in enumerate(frames):
        key = f"frames[{i}]"
        if not isinstance(frame, dict) or not frame.keys() <= {"step", "point"}:
            raise _fail(fig_id, key, f"expected a mapping with step and point, got {frame!r}")
        step = frame.get("step", -1)
        if not isinstance(step, int) or not -count <= step < count:
            raise _fail(fig_id, f"{key}.step",
                        f"expected a step from 0 to {count - 1} (or -1 for the last), "
                        f"got {step!r}")
        point = frame.get("point", [])
        if not isinstance(point, list):
            raise _fail(fig_id, f"{key}.point", f"expected a list of parts, got {point!r}")
        for j, part in enumerate(point):
            if not isinstance(part, str) or not game.parts.fullmatch(part):
                raise _fail(fig_id, f"{key}.point[{j}]",
                            f"unknown part {part!r}; expected one of board.py's PARTS")
        out.append((step % count, point))
    return out


def check(fig_id: str, spec: dict[str, Any], game: str | None = None) -> list[dict[str, Any]]:
    """Validate a figure with the engine of ``game`` (its ID; ``None``: the site's first
    game); return its timeline. Raises :class:`FigureError`."""
    plugin = gamekit.plugin(game)
    keys = KEYS | plugin.setup_keys
    for key in sorted(spec.keys() - keys):
        raise _fail(fig_id, key, f"unknown key; expected {sorted(keys)}")
    hide = spec.get("hide", [])
    if not isinstance(hide, list) or not set(hide) <= plugin.hideable:
        raise _fail(fig_id, "hide", f"expected a list of parts among "
                                    f"{sorted(plugin.hideable)}, got {hide!r}")
    if spec.get("size", "normal") not in ("normal", "small"):
        raise _fail(fig_id, "size", f"expected normal or small, got {spec['size']!r}")
    steps = _timeline(fig_id, json.dumps(spec, sort_keys=True), game)
    _frames(fig_id, spec, len(steps), plugin)
    return steps


def frames(fig_id: str, spec: dict[str, Any], *, ui: dict[str, Any], alt: str,
           game: str | None = None) -> str:
    """The boards of ``fig_id`` (a figure of ``game``) as one line of HTML, one picture for
    assistive technology (``alt``, plain text, is its name); the caption is the page's
    business."""
    steps = check(fig_id, spec, game)
    plugin = gamekit.plugin(game)
    words = plugin.explain(steps, ui)["texts"]
    hide = spec.get("hide", [])
    out = []
    for step, point in _frames(fig_id, spec, len(steps), plugin):
        board = plugin.board(steps[step], ui, highlight=point, hide=hide)
        out.append(f'<div class="rs-fig-frame">{board}'
                   f'<p class="rs-fig-step">{words[step]}</p></div>')
    return (f'<div class="rs-fig-frames" role="img" aria-label="{escape(alt)}">'
            f'{"".join(out)}</div>')


def css(spec: dict[str, Any]) -> str:
    """The classes of the ``<figure>``."""
    return "rs-figure rs-figure-small" if spec.get("size") == "small" else "rs-figure"
