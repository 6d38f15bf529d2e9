"""Game records: JSON that replays a game exactly, to any step."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from hanamikoji._actions import Move, parse_move
from hanamikoji._constants import MAX_ROUND
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
MOVE_PATTERN = re.compile(r"S[1-7]|T[1-7]{2}|G[1-7]{3}|C[1-7]{2}-[1-7]{2}|P[1-7]{1,2}|D[1-7]{21}")
"""A move as a record writes it (the pattern of ``record.schema.json``)."""
VERSION = 1
MAX_CHARS = 200_000
"""Characters of a record's text read at most: a long game takes a few thousand."""
MAX_MOVES = 2_000
"""Moves of a record read at most (a game of ten rounds has about 200)."""
MAX_DEPTH = 16
"""Nesting of arrays and objects read at most (a record nests 3 deep): deeper text is
refused before it is parsed, since a parser's recursion can overflow first in a browser."""
MAX_PROBLEMS = 20
"""Problems a refusal lists at most; the rest are counted (:attr:`RecordError.more`)."""
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
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
        """Read a record from JSON text; see :meth:`from_json`.

        The text is limited (:data:`MAX_CHARS`, :data:`MAX_DEPTH`, :data:`MAX_MOVES`, integers
        of at most 4,300 digits) and may not repeat a key; a leading byte-order mark is
        skipped. Anything else is a :class:`RecordError`, never another exception.
        """
        data = parse_json(text, source=source)
        return cls.from_json(data, source=source)

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a record file (at most :data:`MAX_CHARS` characters: a longer file is refused
        without being read whole).

        Raises:
            RecordError: as :meth:`loads`, and for a file too long or not UTF-8.
            OSError: the file cannot be read.
        """
        path = Path(path)
        with path.open("rb") as file:
            raw = file.read(MAX_CHARS * 4 + 1)  # UTF-8 takes at most 4 bytes a character
        if len(raw) > MAX_CHARS * 4:
            raise RecordError([_too_long()], source=str(path))
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            problem = RecordProblem("$", f"not UTF-8 text (byte {error.start})")
            raise RecordError([problem], source=str(path)) from None
        return cls.loads(text, source=str(path))

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
            problems.append(RecordProblem(f"$.{escape_key(key)}", "unknown field"))
        if data.get("format") != FORMAT:
            problems.append(
                RecordProblem("$.format", f"expected {FORMAT!r}, got {data.get('format')!r}")
            )
        version = data.get("version")
        if type(version) is not int or version != VERSION:  # not True, not 1.0
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
            shape = _position_shape(data["start"])
            problems += shape
            if not shape:
                try:
                    start = Position.from_json(data["start"], edition)
                except (PositionError, NotationError) as error:
                    problems.append(_start_problem(str(error)))
        raw_moves = data.get("moves")
        moves: list[Move] = []
        if not isinstance(raw_moves, list):
            problems.append(RecordProblem("$.moves", "expected a list of moves in notation"))
            raw_moves = []
        elif len(raw_moves) > MAX_MOVES:
            problems.append(
                RecordProblem("$.moves",
                              f"{len(raw_moves)} moves: a record has at most {MAX_MOVES}")
            )
            raw_moves = []
        for i, text in enumerate(raw_moves):
            try:
                moves.append(parse_move(text))
            except NotationError as error:
                problems.append(RecordProblem(f"$.moves[{i}]", str(error)))
                continue
            if not MOVE_PATTERN.fullmatch(text):
                problems.append(
                    RecordProblem(
                        f"$.moves[{i}]",
                        f"{text!r}: a record writes moves in capitals with no spaces, "
                        f"like {str(moves[-1])!r}",
                    )
                )
        if not problems:
            record = cls(edition, tuple(moves), start)
            game = _starting_game(edition, start)
            for i, move in enumerate(moves):
                try:
                    game.apply(move)
                except IllegalActionError as error:
                    problems.append(
                        RecordProblem(f"$.moves[{i}]", str(error), error.rule.value)
                    )
                    break
                except HanamikojiError as error:  # pragma: no cover - defensive
                    problems.append(RecordProblem(f"$.moves[{i}]", str(error)))
                    break
            if not problems:
                return record
        raise RecordError(problems, source=source)


def escape_key(key: object) -> str:
    """A JSON key as a path writes it: control characters escaped (``\\x1b``), so that a
    key cannot send terminal escape sequences when a refusal is printed."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", str(key))


class _DuplicateKey(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    data: dict[str, object] = {}
    for key, value in pairs:
        if key in data:
            raise _DuplicateKey(key)
        data[key] = value
    return data


_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def nesting(text: str) -> int:
    """The deepest nesting of arrays and objects in JSON text (brackets in strings skipped;
    unbalanced text is measured as far as it goes)."""
    depth = deepest = 0
    for found in _BRACKETS.finditer(text):
        mark = found.group()
        if mark in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif mark in "]}":
            depth -= 1
    return deepest


def _too_long() -> RecordProblem:
    return RecordProblem("$", f"too long: a record has at most {MAX_CHARS:,} characters")


def parse_json(text: str, *, source: str = "record") -> object:
    """JSON text as a record is allowed to be (see :meth:`Record.loads`), parsed.

    Raises:
        RecordError: the text is too long, too deep, repeats a key or is not JSON.
    """
    if not isinstance(text, str):
        raise RecordError([RecordProblem("$", "a record is JSON text")], source=source)
    if len(text) > MAX_CHARS:
        raise RecordError([_too_long()], source=source)
    text = text.removeprefix("\ufeff")
    if nesting(text) > MAX_DEPTH:
        problem = RecordProblem("$", f"nested more than {MAX_DEPTH} deep: not a record")
        raise RecordError([problem], source=source)
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as error:
        problem = RecordProblem(f"line {error.lineno} column {error.colno}", error.msg)
    except _DuplicateKey as error:
        problem = RecordProblem("$", f"the key {escape_key(error.key)!r} appears twice")
    except (ValueError, RecursionError):  # an integer of more than 4,300 digits
        problem = RecordProblem("$", "a number is too long")
    raise RecordError([problem], source=source)


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
        pending=start.pending,
    )


# JSON key of a position field -> the name Game.from_position uses in its messages.
_START_KEYS = {"round": "round_number"}
_CARDS = re.compile(r"[1-7]*")
_OFFER = re.compile(r"G[1-7]{3}|C[1-7]{2}-[1-7]{2}")


def _start_problem(message: str) -> RecordProblem:
    """A position error as a problem at the JSON path of the field it names."""
    field, sep, rest = message.partition(": ")
    name, _, player = field.partition("[")
    for key, python_name in _START_KEYS.items():
        if name == python_name:
            name = key
    if not sep or not name.replace("_", "").isalpha():
        return RecordProblem("$.start", message)
    path = f"$.start.{name}" + (f".{player.rstrip(']')}" if player else "")
    return RecordProblem(path, rest)


def _position_shape(data: object) -> list[RecordProblem]:
    """Every way ``start`` differs from the schema's shape (values are checked later)."""
    if not isinstance(data, Mapping):
        return [RecordProblem("$.start", "a position is a JSON object")]
    problems = []
    known = ("round", "starting", "favors", "hands", "table", "secrets", "tradeoffs", "used",
             "removed", "draw_pile", "pending")  # fmt: skip
    for key in sorted(set(data) - set(known)):
        problems.append(RecordProblem(f"$.start.{escape_key(key)}", "unknown field"))
    for key in ("round", "starting", "favors"):
        if key not in data:
            problems.append(RecordProblem(f"$.start.{key}", "missing"))
    value = data.get("round")
    if "round" in data and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        problems.append(
            RecordProblem("$.start.round", f"expected a round number 1, 2, ..., got {value!r}")
        )
    elif isinstance(value, int) and value > MAX_ROUND:
        shown = value if value < 10**6 else "a larger number"  # huge: not echoed whole
        problems.append(
            RecordProblem(
                "$.start.round", f"expected a round number up to {MAX_ROUND}, got {shown}"
            )
        )
    if "starting" in data and data["starting"] not in ("A", "B"):
        problems.append(
            RecordProblem("$.start.starting", f"expected 'A' or 'B', got {data['starting']!r}")
        )
    favors = data.get("favors")
    if "favors" in data and not (isinstance(favors, str) and re.fullmatch(r"([AB.]{7})?", favors)):
        problems.append(
            RecordProblem("$.start.favors", f"expected 7 characters A, B or '.', got {favors!r}")
        )
    for key in ("hands", "table", "tradeoffs", "used", "secrets"):
        if key not in data:
            continue
        sides = data[key]
        if not isinstance(sides, Mapping):
            problems.append(RecordProblem(f"$.start.{key}", "expected an object with keys A and B"))
            continue
        for side, cards in sides.items():
            path = f"$.start.{key}.{escape_key(side)}"
            if side not in ("A", "B"):
                problems.append(RecordProblem(path, "unknown player: expected A or B"))
            elif key == "secrets":
                if isinstance(cards, bool) or not isinstance(cards, int) or not 1 <= cards <= 7:
                    problems.append(RecordProblem(path, f"expected a card 1 to 7, got {cards!r}"))
            elif key == "used":
                if not (isinstance(cards, str) and re.fullmatch(r"S?T?G?C?", cards)):
                    problems.append(
                        RecordProblem(path, f"expected markers in the order STGC, got {cards!r}")
                    )
            elif not (isinstance(cards, str) and _CARDS.fullmatch(cards)):
                problems.append(
                    RecordProblem(path, f"expected cards as digits 1 to 7, got {cards!r}")
                )
    removed = data.get("removed")
    if "removed" in data and (
        isinstance(removed, bool) or not isinstance(removed, int) or not 1 <= removed <= 7
    ):
        problems.append(
            RecordProblem("$.start.removed", f"expected a card 1 to 7, got {removed!r}")
        )
    pile = data.get("draw_pile")
    if "draw_pile" in data and not (isinstance(pile, str) and _CARDS.fullmatch(pile)):
        problems.append(
            RecordProblem("$.start.draw_pile", f"expected cards as digits 1 to 7, got {pile!r}")
        )
    offer = data.get("pending")
    if "pending" in data and not (isinstance(offer, str) and _OFFER.fullmatch(offer)):
        problems.append(
            RecordProblem(
                "$.start.pending", f"expected a Gift or Competition like 'G267', got {offer!r}"
            )
        )
    return problems
