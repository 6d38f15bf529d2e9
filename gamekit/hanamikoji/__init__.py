"""Hanamikoji's plug-in: its boards (:mod:`.board`), its steps in words (:mod:`.explain`) and
the games played on its pages (:mod:`.session`), over the engine package ``hanamikoji``."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

import hanamikoji
from gamekit.hanamikoji import board, explain, session
from gamekit.plugin import (
    BuildTables,
    Placeholder,
    Played,
    PlayPage,
    Plugin,
    Rulebooks,
    SetupError,
    Steps,
    apply_moves,
)

GEISHAS = tuple(str(n) for n in range(1, int(hanamikoji.FACTS["geishas"]) + 1))


def played(game: Any) -> Played:
    """The timeline and the record of ``game`` (a ``hanamikoji.Game``)."""
    record = game.record()
    steps = [step.to_json() for step in hanamikoji.timeline(record)]
    return Played(steps, session.dump(record))


def setup(spec: Mapping[str, Any]) -> Steps:
    """The timeline of a figure: ``edition`` (as ``Game(edition=...)``, default
    ``emperors4``), ``position`` (``Game.from_position`` arguments; without it the game starts
    empty), ``moves`` (notation, separated by spaces), each checked by the engine."""
    try:
        edition = hanamikoji.Edition(spec.get("edition", "emperors4"))
    except ValueError:
        raise SetupError("edition", f"expected one of {[e.value for e in hanamikoji.Edition]},"
                                    f" got {spec['edition']!r}") from None
    position = spec.get("position")
    if position is not None and not isinstance(position, dict):
        raise SetupError("position", "expected a mapping of Game.from_position arguments")
    try:
        game = (hanamikoji.Game(edition=edition) if position is None
                else hanamikoji.Game.from_position(edition=edition, **position))
    except (hanamikoji.HanamikojiError, TypeError, ValueError) as error:
        raise SetupError("position", f"{type(error).__name__}: {error}") from None
    apply_moves(spec, game.apply, hanamikoji.HanamikojiError)
    return [step.to_json() for step in hanamikoji.timeline(game)]


# The part names board.py documents (PARTS), with their placeholders filled in: P a player,
# N a geisha, L an action letter, I a position in a hand or an offer.
_PART_FIELDS = {"P": "[AB]", "N": "[1-7]", "L": "[STGC]", "I": "[0-9]+"}
PARTS = re.compile("|".join(
    "".join(_PART_FIELDS.get(c, re.escape(c)) for c in name) for name in board.PARTS))


def _geisha(name: str) -> str:
    """Geisha ``name``, drawn in her colour as on the boards (hanamikoji.css)."""
    return f'<span class="hk-chip hk-g{name}">{name}</span>'


EDITIONS = tuple(edition.value for edition in hanamikoji.Edition)
# The EmperorS4 rulebooks have no round limit unless the players choose the option; the
# French box (Kosmos/IELLO) always plays at most three rounds.
RULEBOOKS = Rulebooks(
    language={"kosmos": "fr", "emperors4": "en", "emperors4-ja": "ja", "emperors4-id": "id"},
    glossary=("kosmos", "emperors4"),
    column="kosmos",
    own={"en": "emperors4", "fr": "kosmos", "ja": "emperors4-ja", "id": "emperors4-id"},
    edition={"emperors4": "emperors4", "emperors4-ja": "emperors4",
             "emperors4-id": "emperors4", "kosmos": "kosmos"},
)


def play_setup(t: Callable[..., str], lang: str) -> str:
    """The Play page's settings: the edition (the one this language's printed rulebook
    plays, preselected), the opponent's level, who starts."""
    default = RULEBOOKS.edition[RULEBOOKS.own[lang]]
    editions = "".join(
        f'<option value="{e}"{" selected" if e == default else ""}>'
        f'{t(f"edition.{e}")}</option>' for e in EDITIONS)
    # Levels in words a player understands (how long the engine thinks), not iterations.
    levels = "".join(
        f'<option value="{level}"{" selected" if level == "default" else ""}>'
        f'{t(f"play.level.{level}")}</option>' for level in session.LEVELS)
    seats = "".join(
        f'<label class="hk-play-choice"><input type="radio" name="seat" value="{seat}"'
        f'{" checked" if seat == "A" else ""}> {t(f"play.seat.{seat}")}</label>'
        for seat in "AB")
    return "".join([
        f'<label class="rs-play-field"><span>{t("play.edition")}</span>'
        f'<select name="edition" aria-describedby="hk-play-edition-hint">{editions}</select>'
        f'<span class="rs-play-hint" id="hk-play-edition-hint">'
        f'{t("play.edition_hint", limit=hanamikoji.FACTS["round_limit"])}</span></label>',
        f'<label class="rs-play-field"><span>{t("play.level")}</span>'
        f'<select name="level">{levels}</select></label>',
        f'<fieldset class="hk-play-seat"><legend>{t("play.seat")}</legend>{seats}</fieldset>',
    ])


PLUGIN = Plugin(
    id="hanamikoji",
    engine="hanamikoji",
    game_type=hanamikoji.Game,
    played=played,
    explain=explain.explain,
    boards=board.boards,
    session=session,
    calls=("new_game", "position", "replay", "play", "deal", "opponent", "load", "open_link",
           "link", "step_of_moves", "cut"),
    editions=EDITIONS,
    facts=hanamikoji.FACTS,
    version=hanamikoji.__version__,
    # Each example lists the geishas its text is about (structure.yml: geishas).
    placeholders={"geisha": Placeholder.among(
        GEISHAS, f"expected a geisha number, 1 to {len(GEISHAS)}", _geisha, listed="geishas")},
    setup_keys=frozenset({"edition", "position", "moves"}),
    setup=setup,
    board=board.board,
    parts=PARTS,
    hideable=frozenset({"head", "extra", "hand-A", "hand-B"}),
    rulebooks=RULEBOOKS,
    tables=BuildTables("gamekit.hanamikoji.tables"),
    css=("assets/examples/hanamikoji.css",),
    whatif="play/hanamikoji/whatif.js",
    # Its boards and steps in words; the session's refusals and an offer's picks.
    ui_families=("card.", "step.", "outcome.", "reason.", "play.error.", "play.illegal.",
                 "play.pick."),
    ui_keys=(
        *(f"edition.{edition.value}" for edition in hanamikoji.Edition),
        "table.geishas.geisha", "table.geishas.charm", "table.geishas.items",
        "table.geishas.kosmos", "table.geishas.kosmos_item", "table.geishas.unsettled",
        "table.geishas.unsettled_note",
        "table.editions.edition", "table.editions.limit", "table.editions.no_limit",
        "table.editions.rounds", "table.editions.at_limit", "table.editions.if_tied",
        "table.editions.not_applicable", "table.editions.more_geishas",
        "table.editions.more_charm", "table.editions.shared_victory", "table.editions.no_winner",
        "table.notation.move", "table.notation.written", "table.notation.python", "move.pick",
        "table.errors.name", "table.errors.rule", "table.errors.none",
        "table.speed.decision", "table.players.mcts",
    ),
    play=PlayPage(module="hanamikoji/play.js", setup=play_setup,
                  prefixes=("count.", "card.", "widget.", "step.", "outcome.", "reason.",
                            "error.", "edition.", "play."),
                  css="hanamikoji/play.css"),
)
