"""Game records: JSON that replays a game exactly, to any step, and a one-line notation."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from loveletter._cards import Variant, check_players
from loveletter._errors import (
    IllegalActionError,
    LoveLetterError,
    NotationError,
    RecordError,
    RecordProblem,
)
from loveletter._game import Game
from loveletter._moves import Move, parse_move

FORMAT = "loveletter-record"
VERSION = 1
MAX_CHARS = 200_000
"""Characters of a record's JSON text read at most (a long game of 6 takes a few thousand)."""
MAX_DEPTH = 8
"""Nesting of arrays and objects read at most (a record nests 2 deep): deeper text is refused
before it is parsed, since a parser's recursion can overflow first in a browser (Pyodide's
stack before Python's recursion check)."""


@dataclass(frozen=True, slots=True)
class Record:
    """A whole game: its table (players, variant, first seat) and every move, deals included.

    >>> game = Game(players=3, seed=5)
    >>> game.deal()
    >>> game.apply(game.legal_actions()[0])
    >>> record = Record.from_game(game)
    >>> Record.loads(record.dumps()) == record
    True
    >>> Record.parse(str(record)) == record
    True
    """

    players: int
    variant: Variant
    moves: tuple[Move, ...]

    @classmethod
    def from_game(cls, game: Game) -> Record:
        """The record of a game so far."""
        return cls(game.players, game.variant, tuple(game.moves))

    def replay(self, upto: int | None = None) -> Game:
        """The game after the first ``upto`` moves (all of them by default).

        Raises:
            IllegalActionError: at the first move the rules refuse.
        """
        if upto is not None and not 0 <= upto <= len(self.moves):
            raise IndexError(f"upto: {upto} is outside 0..{len(self.moves)}")
        game = Game(self.players, self.variant)
        for move in self.moves if upto is None else self.moves[:upto]:
            game.apply(move)
        return game

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dictionary."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "players": self.players,
            "variant": self.variant.value,
            "moves": [str(m) for m in self.moves],
        }

    def dumps(self) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    def __str__(self) -> str:
        """The compact notation: ``LL`` players variant, then the moves, space-separated."""
        return " ".join((f"LL{self.players}{self.variant.value[0]}", *map(str, self.moves)))

    @classmethod
    def parse(cls, text: str) -> Record:
        """Read the compact notation written by ``str(record)``, replaying it."""
        if not isinstance(text, str) or not text.split():
            raise NotationError(f"{text!r} is not a record: expected 'LL2s DA...' and moves")
        head, *rest = text.split()
        if len(head) != 4 or head[:2] != "LL" or not head[2].isdigit() or head[3] not in "sc":
            raise NotationError(f"{head!r} is not a record header: expected e.g. 'LL2s' "
                                "(players, then s for standard or c for classic)")
        variant = Variant.STANDARD if head[3] == "s" else Variant.CLASSIC
        return cls.from_json({"format": FORMAT, "version": VERSION, "players": int(head[2]),
                              "variant": variant.value, "moves": rest})

    @classmethod
    def loads(cls, text: str, *, source: str = "record") -> Record:
        """Read a record from JSON text (read as :func:`parse_json` reads it); see
        :meth:`from_json`."""
        return cls.from_json(parse_json(text, source=source), source=source)

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a record file."""
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as error:
            problem = RecordProblem(f"byte {error.start}", "the file is not UTF-8 text")
            raise RecordError([problem], source=str(path)) from None
        return cls.loads(text, source=str(path))

    @classmethod
    def from_json(cls, data: object, *, source: str = "record") -> Record:
        """Read a record, checking every field and replaying every move.

        Raises:
            RecordError: listing every problem found, each with its JSON path.
        """
        if not isinstance(data, Mapping):
            raise RecordError([RecordProblem("$", "a record is a JSON object")], source=source)
        problems: list[RecordProblem] = []
        variant, players = read_table(data, FORMAT, {"moves"}, problems)
        game = None if players is None else Game(players, variant)
        raw = data.get("moves")
        moves: list[Move] = []
        if not isinstance(raw, list):
            problems.append(RecordProblem("$.moves", "expected a list of moves in notation"))
            raw = []
        for i, text in enumerate(raw):
            try:
                moves.append(parse_move(text))
            except NotationError as error:
                problems.append(RecordProblem(f"$.moves[{i}]", str(error)))
        if not problems and game is not None:
            for i, move in enumerate(moves):
                try:
                    game.apply(move)
                except IllegalActionError as error:
                    problems.append(RecordProblem(f"$.moves[{i}]", str(error), error.rule.value))
                    break
        if problems:
            raise RecordError(problems, source=source)
        assert players is not None
        return cls(players, variant, tuple(moves))


def read_table(data: Mapping[object, object], form: str, fields: set[str],
               problems: list[RecordProblem]) -> tuple[Variant, int | None]:
    """The part every kind of record shares, checked: no field but ``format``, ``version``,
    ``players``, ``variant`` and ``fields``; the format ``form`` and :data:`VERSION`; the
    variant and a player count it allows. Each problem is added to ``problems``; the variant
    (standard if unreadable) and the player count (``None`` if wrong) are returned."""
    known = {"format", "version", "players", "variant", *fields}
    for key in sorted(set(data) - known, key=str):
        problems.append(RecordProblem(f"$.{key}", "unknown field"))
    if data.get("format") != form:
        problems.append(RecordProblem(
            "$.format", f"expected {form!r}, got {data.get('format')!r}"))
    if data.get("version") != VERSION:
        problems.append(RecordProblem(
            "$.version", f"expected {VERSION}, got {data.get('version')!r}"))
    variant = Variant.STANDARD
    try:
        variant = Variant.parse(data.get("variant"))
    except NotationError as error:
        problems.append(RecordProblem("$.variant", str(error)))
    players = data.get("players")
    try:
        check_players(players, variant)  # type: ignore[arg-type]
    except LoveLetterError as error:
        problems.append(RecordProblem("$.players", str(error)))
        return variant, None
    assert isinstance(players, int)
    return variant, players


class _DuplicateKey(ValueError):
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


def parse_json(text: str, *, source: str = "record") -> object:
    """Untrusted JSON text parsed within a record's bounds: at most :data:`MAX_CHARS`
    characters and :data:`MAX_DEPTH` levels (checked before parsing), no key twice in an
    object, integers of at most 4,300 digits; a leading byte-order mark is skipped.

    Raises:
        RecordError: naming what is wrong, and where (``line L column C`` for bad JSON).
    """
    if not isinstance(text, str):
        raise RecordError([RecordProblem("$", "a record is JSON text")], source=source)
    if len(text) > MAX_CHARS:
        problem = RecordProblem("$", f"too long: a record has at most {MAX_CHARS:,} characters")
        raise RecordError([problem], source=source)
    text = text.removeprefix("\ufeff")
    if nesting(text) > MAX_DEPTH:
        problem = RecordProblem("$", f"nested more than {MAX_DEPTH} deep: not a record")
        raise RecordError([problem], source=source)
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as error:
        problem = RecordProblem(f"line {error.lineno} column {error.colno}", error.msg)
    except _DuplicateKey as error:
        problem = RecordProblem("$", f"the key {error.key!r} appears twice")
    except (ValueError, RecursionError):  # an integer of more than 4,300 digits
        problem = RecordProblem("$", "a number is too long")
    raise RecordError([problem], source=source)
