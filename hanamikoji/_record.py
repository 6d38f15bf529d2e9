"""Game records: JSON that replays a game exactly, to any step."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from hanamikoji._actions import Move, parse_move
from hanamikoji._errors import (
    HanamikojiError,
    IllegalActionError,
    NotationError,
    PositionError,
    RecordError,
    RecordProblem,
)
from hanamikoji._game import Game, Position
from hanamikoji._types import Edition

FORMAT = "hanamikoji-record"
VERSION = 1
SCHEMA_PATH = Path(__file__).with_name("record.schema.json")
"""The JSON Schema of a record, shipped with the package."""


@dataclass(frozen=True, slots=True)
class Record:
    """A whole game: its edition, where it started and every move since.

    >>> game = Game(seed=5)
    >>> _ = game.deal()
    >>> game.apply(game.legal_actions()[0])
    >>> record = Record.from_game(game)
    >>> Record.from_json(record.to_json()) == record
    True
    >>> record.replay().moves == game.moves
    True
    """

    edition: Edition
    moves: tuple[Move, ...]
    start: Position | None = None
    """The position the game was set up from; ``None`` for a game from its first deal."""

    @classmethod
    def from_game(cls, game: Game) -> Record:
        """The record of a game so far."""
        return cls(game.edition, game.moves, game.start)

    def replay(self, upto: int | None = None) -> Game:
        """The game after the first ``upto`` moves (all of them by default)."""
        moves = self.moves if upto is None else self.moves[:upto]
        if upto is not None and not 0 <= upto <= len(self.moves):
            raise IndexError(f"upto: {upto} is outside 0..{len(self.moves)}")
        game = _starting_game(self.edition, self.start)
        for move in moves:
            game.apply(move)
        return game

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dictionary following ``record.schema.json``."""
        data: dict[str, object] = {
            "format": FORMAT,
            "version": VERSION,
            "edition": self.edition.value,
        }
        if self.start is not None:
            data["start"] = self.start.to_json()
        data["moves"] = [str(m) for m in self.moves]
        return data

    def dumps(self) -> str:
        """The record as JSON text (one move per line is not needed: moves are short)."""
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    @classmethod
    def loads(cls, text: str, *, source: str = "record") -> Record:
        """Read a record from JSON text; see :meth:`from_json`."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            problem = RecordProblem(f"line {error.lineno} column {error.colno}", error.msg)
            raise RecordError([problem], source=source) from None
        return cls.from_json(data, source=source)

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a record file."""
        path = Path(path)
        return cls.loads(path.read_text(encoding="utf-8"), source=str(path))

    @classmethod
    def from_json(cls, data: object, *, source: str = "record") -> Record:
        """Read a record, checking everything and replaying it.

        Raises:
            RecordError: listing every problem found (each with its JSON path): malformed
                fields and moves, then the first move the rules refuse.
        """
        problems: list[RecordProblem] = []
        if not isinstance(data, Mapping):
            raise RecordError([RecordProblem("$", "a record is a JSON object")], source=source)
        for key in sorted(set(data) - {"format", "version", "edition", "start", "moves"}):
            problems.append(RecordProblem(f"$.{key}", "unknown field"))
        if data.get("format") != FORMAT:
            problems.append(
                RecordProblem("$.format", f"expected {FORMAT!r}, got {data.get('format')!r}")
            )
        if data.get("version") != VERSION:
            problems.append(
                RecordProblem("$.version", f"expected {VERSION}, got {data.get('version')!r}")
            )
        edition = Edition.EMPERORS4
        try:
            edition = Edition.parse(data.get("edition"))  # type: ignore[arg-type]
        except NotationError as error:
            problems.append(RecordProblem("$.edition", str(error)))
        start = None
        if data.get("start") is not None:
            try:
                start = Position.from_json(data["start"], edition)
            except (PositionError, NotationError) as error:
                problems.append(RecordProblem("$.start", str(error)))
        raw_moves = data.get("moves")
        moves: list[Move] = []
        if not isinstance(raw_moves, list):
            problems.append(RecordProblem("$.moves", "expected a list of moves in notation"))
            raw_moves = []
        for i, text in enumerate(raw_moves):
            try:
                moves.append(parse_move(text))
            except NotationError as error:
                problems.append(RecordProblem(f"$.moves[{i}]", str(error)))
        if not problems:
            record = cls(edition, tuple(moves), start)
            game = _starting_game(edition, start)
            for i, move in enumerate(moves):
                try:
                    game.apply(move)
                except IllegalActionError as error:
                    problems.append(RecordProblem(f"$.moves[{i}]", str(error)))
                    break
                except HanamikojiError as error:  # pragma: no cover - defensive
                    problems.append(RecordProblem(f"$.moves[{i}]", str(error)))
                    break
            if not problems:
                return record
        raise RecordError(problems, source=source)


def _starting_game(edition: Edition, start: Position | None) -> Game:
    if start is None:
        return Game(edition)
    if not start.dealt:
        return Game.from_position(
            edition=edition,
            round_number=start.round_number,
            starting=start.starting,
            favors=start.favors,
        )
    return Game.from_position(
        edition=edition,
        round_number=start.round_number,
        starting=start.starting,
        favors=start.favors,
        hands=dict(zip("AB", start.hands, strict=True)),
        table=dict(zip("AB", start.table, strict=True)),
        secrets=dict(zip("AB", start.secrets, strict=True)),
        tradeoffs=dict(zip("AB", start.tradeoffs, strict=True)),
        used=dict(zip("AB", start.used, strict=True)),
        removed=start.removed,
        draw_pile=start.draw_pile,
    )
