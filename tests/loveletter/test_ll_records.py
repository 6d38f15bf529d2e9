"""Notation, JSON records and golden games: they round-trip and replay exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import loveletter
from loveletter import (
    MOVE_PATTERN,
    Deal,
    Game,
    HeuristicPlayer,
    Keep,
    NotationError,
    Play,
    RandomPlayer,
    Record,
    RecordError,
    parse_move,
    play,
    transcript,
)

GOLDEN = Path(__file__).parent / "golden"
GOLDEN_GAMES = [(2, "standard", 11), (4, "classic", 22), (6, "standard", 33)]


def _game(players: int, variant: str, seed: int) -> Game:
    game = Game(players, variant, seed=seed)
    play(game, [HeuristicPlayer(seed=seed + p) for p in range(players)])
    return game


@pytest.mark.parametrize("text", ["DA" + "0" * 21, "1>B=9", "4", "5>A", "1", "K3/51", "K3/5"])
def test_notation_round_trips(text: str) -> None:
    assert str(parse_move(text)) == text


@pytest.mark.parametrize("text", ["", "X", "1>G=9", "1>B=", "K3", "K3/512", "D" + "1" * 21,
                                  "DA123", "10", None, 7])
def test_bad_notation_is_named(text: object) -> None:
    with pytest.raises(NotationError) as info:
        parse_move(text)
    assert repr(text) in str(info.value)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6))
def test_records_round_trip_and_replay(seed: int, players: int) -> None:
    game = Game(players, seed=seed)
    play(game, [RandomPlayer(seed=seed + p) for p in range(players)])
    record = Record.from_game(game)
    assert Record.loads(record.dumps()) == record
    assert Record.parse(str(record)) == record
    again = record.replay()
    assert again.tokens == game.tokens and again.outcome == game.outcome
    middle = record.replay(len(record.moves) // 2)
    assert middle.moves == game.moves[: len(record.moves) // 2]


def test_record_problems_name_their_place() -> None:
    record = Record.from_game(_game(3, "standard", 5))
    data = record.to_json()
    data["moves"] = list(data["moves"])  # type: ignore[call-overload]
    data["moves"][1] = "1>Z"  # type: ignore[index]
    data["players"] = 9
    data["extra"] = True
    with pytest.raises(RecordError) as info:
        Record.from_json(data)
    paths = [p.path for p in info.value.problems]
    assert paths == ["$.extra", "$.players", "$.moves[1]"]


def test_an_illegal_move_in_a_record_is_reported_with_its_rule() -> None:
    data = Record.from_game(_game(2, "standard", 3)).to_json()
    moves = list(data["moves"])  # type: ignore[call-overload]
    moves[1] = "9" if moves[1] != "9" else "0"
    moves = moves[:2]
    data["moves"] = moves
    with pytest.raises(RecordError) as info:
        Record.from_json(data)
    assert info.value.problems[0].path == "$.moves[1]"
    assert "rule " in info.value.problems[0].message


def test_json_syntax_errors_give_line_and_column() -> None:
    with pytest.raises(RecordError, match="line 1 column"):
        Record.loads("{")
    with pytest.raises(NotationError):
        Record.parse("LL9x 1")


def test_moves_are_frozen_values() -> None:
    assert Play(1, 1, 9) == parse_move("1>B=9")
    assert Keep(3, (5, 1)) == parse_move("K3/51")
    assert isinstance(parse_move("DA" + "0" * 21), Deal)


@pytest.mark.parametrize(("players", "variant", "seed"), GOLDEN_GAMES)
def test_golden_games(players: int, variant: str, seed: int) -> None:
    """Fixed seeds with the heuristic player replay to the committed transcripts; regenerate
    with ``python tests/loveletter/test_ll_records.py`` only after a deliberate rules change."""
    game = _game(players, variant, seed)
    path = GOLDEN / f"game_{players}p_{variant}_{seed}.txt"
    assert transcript(Record.from_game(game)) == path.read_text(encoding="utf-8")
    stored = GOLDEN / f"game_{players}p_{variant}_{seed}.json"
    assert Record.load(stored) == Record.from_game(game)
    assert json.loads(stored.read_text(encoding="utf-8"))["format"] == "loveletter-record"


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for players, variant, seed in GOLDEN_GAMES:
        record = Record.from_game(_game(players, variant, seed))
        name = f"game_{players}p_{variant}_{seed}"
        (GOLDEN / f"{name}.txt").write_text(transcript(record), encoding="utf-8")
        (GOLDEN / f"{name}.json").write_text(record.dumps() + "\n", encoding="utf-8")



def test_records_follow_the_shipped_schema() -> None:
    import jsonschema  # CPython only: the Pyodide run of the engine has no jsonschema

    schema_path = Path(loveletter.__file__).with_name("record.schema.json")
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    assert schema["$defs"]["record"]["properties"]["moves"]["items"]["pattern"] \
        == f"^({MOVE_PATTERN})$"
    for players, variant, seed in GOLDEN_GAMES:
        path = GOLDEN / f"game_{players}p_{variant}_{seed}.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        jsonschema.validate(data, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**data, "players": 7}, schema)


@pytest.mark.parametrize(("text", "says"), [
    ("[" * 9 + "]" * 9, "nested more than 8 deep"),
    ('{"format": "loveletter-record", "format": "x"}', "appears twice"),
    ('{"players": ' + "9" * 5000 + "}", "a number is too long"),
    ("x" * (loveletter._record.MAX_CHARS + 1), "too long"),
])
def test_untrusted_json_is_refused_before_it_is_read_as_a_record(text: str, says: str) -> None:
    """The engine's bounded JSON reader: depth checked before parsing, no key twice, no
    huge integer (Python's own limit would raise a bare ValueError), no huge text."""
    with pytest.raises(RecordError, match=says) as info:
        Record.loads(text)
    assert info.value.problems[0].path == "$"


def test_the_depth_of_json_skips_brackets_in_strings() -> None:
    assert loveletter._record.nesting('[{"a": "[[[[{{"}]') == 2
    assert Record.loads("\ufeff" + Record.parse("LL2s").dumps()) == Record.parse("LL2s")


def test_an_illegal_move_in_a_record_names_its_rule_apart_from_the_message() -> None:
    data = Record.parse("LL2s DA612312300111144556789").to_json()
    data["moves"] = [*data["moves"], "1>B=1"]
    with pytest.raises(RecordError) as info:
        Record.from_json(data)
    assert info.value.problems[0].rule == "guard-guess"
    quoted = {**data, "moves": [*data["moves"][:1], "x[rule princess-out]"]}
    with pytest.raises(RecordError) as info:
        Record.from_json(quoted)
    assert info.value.problems[0].rule is None  # a notation error: the record's own text
