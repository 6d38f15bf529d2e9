"""Hanamikoji's plug-in: its boards (:mod:`.board`), its steps in words (:mod:`.explain`) and
the games played on its pages (:mod:`.session`), over the engine package ``hanamikoji``."""

from __future__ import annotations

from typing import Any

import hanamikoji
from gamekit.hanamikoji import board, explain, session
from gamekit.plugin import Played, Plugin


def played(game: Any) -> Played:
    """The timeline and the record of ``game`` (a ``hanamikoji.Game``)."""
    record = game.record()
    steps = [step.to_json() for step in hanamikoji.timeline(record)]
    return Played(steps, session.dump(record))


PLUGIN = Plugin(
    id="hanamikoji",
    engine="hanamikoji",
    game_type=hanamikoji.Game,
    played=played,
    explain=explain.explain,
    boards=board.boards,
    session=session,
    calls=("new_game", "position", "replay", "play", "deal", "opponent", "load", "open_link",
           "link", "step_of_moves"),
    editions=tuple(edition.value for edition in hanamikoji.Edition),
)
