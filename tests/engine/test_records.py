"""Game records: round trips, damaged records (every problem reported with its JSON path)
and the JSON Schema shipped with the package."""

from __future__ import annotations

import copy
import json
import random
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from engine_support import (
    EDITIONS,
    ROUND_ONE,
    ROUND_ONE_DECK,
    random_game,
    random_position,
    round_one,
    snapshot,
)

from hanamikoji import (
    Edition,
    Game,
    HanamikojiError,
    Phase,
    Position,
    Record,
    RecordError,
    RecordProblem,
    parse_move,
)

FULL_DEAL = "D" + ROUND_ONE_DECK[1:]


def good_record() -> dict[str, Any]:
    return round_one(6).record().to_json()


def problems_of(data: Any) -> list[tuple[str, str]]:
    with pytest.raises(RecordError) as error:
        Record.from_json(data)
    assert error.value.problems, "a RecordError lists at least one problem"
    return [(p.path, p.message) for p in error.value.problems]


# ---------------------------------------------------------------------------- round trips


def test_record_format() -> None:
    data = good_record()
    assert data == {
        "format": "hanamikoji-record",
        "version": 1,
        "edition": "emperors4",
        "moves": [FULL_DEAL, *ROUND_ONE[:6]],
    }
    assert json.loads(Record.from_json(data).dumps()) == data


@pytest.mark.parametrize("edition", EDITIONS, ids=lambda e: e.value)
def test_records_of_whole_games_round_trip(edition: Edition) -> None:
    for seed in range(20):
        game = random_game(seed, edition)
        record = game.record()
        assert Record.loads(record.dumps()) == record
        assert snapshot(record.replay()) == snapshot(game)


def test_records_from_positions_round_trip() -> None:
    rng = random.Random(5)
    for _ in range(50):
        game = Game.from_position(**random_position(rng))
        game.apply(game.legal_actions()[0])
        record = game.record()
        assert record.start == game.start and record.start is not None
        assert Record.loads(record.dumps()) == record
        assert snapshot(record.replay()) == snapshot(game)
        assert snapshot(record.replay(0)) == snapshot(Game.from_position(**_kwargs(record)))
    # A position before a deal: only the round, the starting player and the markers.
    game = Game.from_position(round_number=2, starting="B", favors="AB.....", seed=3)
    game.deal()
    record = game.record()
    assert record.to_json()["start"] == {"round": 2, "starting": "B", "favors": "AB....."}
    assert Record.loads(record.dumps()) == record
    assert snapshot(record.replay()) == snapshot(game)


def _kwargs(record: Record) -> dict[str, Any]:
    start = record.start
    assert start is not None
    return {
        "edition": record.edition,
        "round_number": start.round_number,
        "starting": start.starting,
        "favors": start.favors,
        "hands": dict(zip("AB", start.hands, strict=True)),
        "table": dict(zip("AB", start.table, strict=True)),
        "secrets": dict(zip("AB", start.secrets, strict=True)),
        "tradeoffs": dict(zip("AB", start.tradeoffs, strict=True)),
        "used": dict(zip("AB", start.used, strict=True)),
        "removed": start.removed,
        "draw_pile": start.draw_pile,
    }


def test_empty_record_replays_to_a_new_game() -> None:
    record = Game(edition="kosmos").record()
    assert record == Record(Edition.KOSMOS, ())
    game = record.replay()
    assert game.phase is Phase.DEAL and game.edition is Edition.KOSMOS and game.moves == ()


def test_replay_bounds() -> None:
    record = round_one(3).record()
    assert [len(record.replay(k).moves) for k in range(5)] == [0, 1, 2, 3, 4]
    for bad in (-1, 5):
        with pytest.raises(IndexError):
            record.replay(bad)


def test_record_file_round_trip(tmp_path: Path) -> None:
    record = round_one().record()
    path = tmp_path / "game.json"
    path.write_text(record.dumps(), encoding="utf-8")
    assert Record.load(path) == record
    path.write_text("{", encoding="utf-8")
    with pytest.raises(RecordError) as error:
        Record.load(path)
    assert error.value.source == str(path) and str(error.value).startswith(str(path))


# ---------------------------------------------------------------------------- damaged records


def test_every_problem_is_reported_with_its_path() -> None:
    data = {
        "format": "nope",
        "version": 2,
        "edition": "chess",
        "moves": ["S3", "X9", 5, "G1x3"],
        "extra": 1,
        "also": None,
    }
    problems = problems_of(data)
    assert [path for path, _ in problems] == [
        "$.also",
        "$.extra",
        "$.format",
        "$.version",
        "$.edition",
        "$.moves[1]",
        "$.moves[2]",
        "$.moves[3]",
    ]
    messages = dict(problems)
    assert "'nope'" in messages["$.format"]
    assert "2" in messages["$.version"]
    assert "'chess'" in messages["$.edition"]
    assert "'X9'" in messages["$.moves[1]"]
    assert "5" in messages["$.moves[2]"]
    assert "'G1x3'" in messages["$.moves[3]"]


def test_start_and_moves_problems_together() -> None:
    data = good_record()
    data["start"] = {"round": 4, "starting": "A", "favors": ""}
    data["edition"] = "kosmos"
    data["moves"] = "S3"
    problems = problems_of(data)
    assert [path.split(".")[1][:5] for path, _ in problems] == ["start", "moves"]
    assert "3 rounds" in problems[0][1]


def test_damaged_start_is_reported_at_its_json_path() -> None:
    """A problem inside ``start`` is reported at the key's own JSON path and under its JSON
    name (see FINDINGS.md: now ``$.start`` and the Python argument name ``round_number``)."""
    data = good_record()
    data["edition"] = "kosmos"
    data["start"] = {"round": 4, "starting": "A", "favors": ""}
    ((path, message),) = problems_of(data)[:1]
    assert path == "$.start.round", (path, message)
    assert "round_number" not in message


def test_the_first_illegal_move_is_reported_with_its_rule() -> None:
    data = good_record()
    data["moves"] = [FULL_DEAL, "G123", "P4", "P2", "S9"]
    # Notation is checked first, for every move: the illegal move is not replayed yet.
    assert [p for p, _ in problems_of(data)] == ["$.moves[4]"]
    data["moves"] = [FULL_DEAL, "G123", "P4", "P2", "P1"]
    ((path, message),) = problems_of(data)
    assert path == "$.moves[2]"
    assert "P4" in message and "[rule gift-opponent-takes-one]" in message


def test_moves_after_the_end_are_refused() -> None:
    game = random_game(4)
    data = game.record().to_json()
    data["moves"].append("S1")  # type: ignore[union-attr]
    ((path, message),) = problems_of(data)
    assert path == f"$.moves[{len(game.moves)}]" and "[rule end-immediately]" in message


@pytest.mark.parametrize(
    ("text", "path"),
    [
        ("[]", "$"),
        ("{\n 'x'", "line 2 column 2"),
        ("", "line 1 column 1"),
    ],
)
def test_unreadable_json(text: str, path: str) -> None:
    with pytest.raises(RecordError) as error:
        Record.loads(text, source="upload.json")
    assert [p.path for p in error.value.problems] == [path]
    assert str(error.value).startswith("upload.json: 1 problem(s)")


def test_record_error_lists_its_problems() -> None:
    error = RecordError([RecordProblem("$.a", "first"), RecordProblem("$.b", "second")])
    assert str(error) == "record: 2 problem(s)\n  $.a: first\n  $.b: second"
    assert isinstance(error, HanamikojiError) and isinstance(error, ValueError)
    assert str(RecordProblem("$.moves[3]", "bad")) == "$.moves[3]: bad"


def test_random_damage_only_ever_raises_record_error() -> None:
    """Whatever is broken in a record, reading it raises RecordError (never another
    exception) or returns a record that replays."""
    values: list[Any] = [None, True, 0, -1, 2.5, "", "x", "A", "AB..B.A", [], {}, [1, 2]]
    values += [{"A": "12"}, {"C": "1"}, {"A": None}, "1234567", 10**9, ["S3"]]
    keys = ["format", "version", "edition", "start", "moves", "extra"]
    start_keys = ["round", "starting", "favors", "hands", "table", "secrets", "tradeoffs"]
    start_keys += ["used", "removed", "draw_pile", "zzz"]
    rng = random.Random(0)
    for i in range(600):
        game = Game.from_position(**random_position(rng)) if i % 2 else Game(seed=i, auto_deal=True)
        for _ in range(rng.randrange(6)):
            if not game.is_over() and game.phase is not Phase.DEAL:
                game.apply(rng.choice(game.legal_actions()))
        data = copy.deepcopy(game.record().to_json())
        for _ in range(rng.randrange(1, 4)):
            if isinstance(data.get("start"), dict) and rng.random() < 0.6:
                data["start"][rng.choice(start_keys)] = rng.choice(values)
            else:
                data[rng.choice(keys)] = rng.choice(values)
        try:
            record = Record.from_json(data)
        except RecordError:
            continue
        record.replay()


# ---------------------------------------------------------------------------- JSON Schema


def schema() -> dict[str, Any]:
    text = resources.files("hanamikoji").joinpath("record.schema.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def validator() -> Any:
    import jsonschema

    jsonschema.Draft202012Validator.check_schema(schema())
    return jsonschema.Draft202012Validator(schema())


@pytest.mark.cpython_only
def test_schema_accepts_real_records() -> None:
    check = validator()
    rng = random.Random(1)
    for seed in range(60):
        game = random_game(seed, EDITIONS[seed % 3])
        check.validate(game.record().to_json())
        start = Game.from_position(**random_position(rng))
        check.validate(start.record().to_json())
        before_deal = Game.from_position(round_number=2, starting="B", favors="AB.....", seed=1)
        check.validate(before_deal.record().to_json())
        # Positions at a pick and after the end are records' starts too.
        for position in (_at_a_pick(game.edition, seed), game.position()):
            record = Record(game.edition, (), position)
            check.validate(record.to_json())
            assert Record.loads(record.dumps()) == record


def _at_a_pick(edition: Edition, seed: int) -> Position:
    game = Game(edition, seed=seed, auto_deal=True)
    offer = next(a for a in game.legal_actions() if a.marker >= 4)  # a Gift or a Competition
    game.apply(offer)
    return game.position()


def _damage(change: dict[str, Any], *, drop: str | None = None) -> dict[str, Any]:
    data = round_one(6).record().to_json()
    data["start"] = {"round": 1, "starting": "A", "favors": ""}
    for key, value in change.items():
        if key.startswith("start."):
            data["start"][key[6:]] = value
        else:
            data[key] = value
    if drop:
        del data[drop]
    return data


# (name, changes, key to drop); built into records inside the test, not at import.
DAMAGED: list[tuple[str, dict[str, Any], str | None]] = [
    ("no moves", {}, "moves"),
    ("no edition", {}, "edition"),
    ("extra field", {"extra": 1}, None),
    ("format", {"format": "chess-record"}, None),
    ("version 2", {"version": 2}, None),
    ("edition", {"edition": "chess"}, None),
    ("moves not a list", {"moves": "S3"}, None),
    ("move S8", {"moves": ["S8"]}, None),
    ("move C1267", {"moves": ["C1267"]}, None),
    ("move 5", {"moves": [5]}, None),
    ("start round 0", {"start.round": 0}, None),
    ("start round 1001", {"start.round": 1001}, None),  # MAX_ROUND (F9)
    ("start round 10**30", {"start.round": 10**30}, None),
    ("start round text", {"start.round": "1"}, None),
    ("start player C", {"start.starting": "C"}, None),
    ("start favors AAB", {"start.favors": "AAB"}, None),
    ("start extra field", {"start.zzz": 1}, None),
    ("start hands of C", {"start.hands": {"C": "1"}}, None),
    ("start used SS", {"start.used": {"A": "SS"}}, None),
    ("start secret 8", {"start.secrets": {"A": 8}}, None),
]


@pytest.mark.cpython_only
@pytest.mark.parametrize(
    ("change", "drop"), [case[1:] for case in DAMAGED], ids=[case[0] for case in DAMAGED]
)
def test_schema_and_reader_both_reject_damaged_records(
    change: dict[str, Any], drop: str | None
) -> None:
    import jsonschema

    data = _damage(change, drop=drop)
    with pytest.raises(jsonschema.ValidationError):
        validator().validate(data)
    with pytest.raises(RecordError):
        Record.from_json(data)


@pytest.mark.cpython_only
def test_schema_move_pattern_matches_the_notation() -> None:
    """Every move the writer produces matches the schema's pattern, and the malformed texts
    of test_notation match it only when the fault is a card count (a pattern cannot count
    a geisha's cards; the reader refuses those)."""
    import re

    from test_notation import MALFORMED, every_move

    pattern = re.compile(schema()["$defs"]["move"]["pattern"])
    for move in every_move():
        assert pattern.fullmatch(str(move)), str(move)
    assert pattern.fullmatch(FULL_DEAL)
    for text, fragment in MALFORMED:
        if fragment is None:
            continue
        with pytest.raises(HanamikojiError):
            parse_move(text)
        if pattern.fullmatch(text):
            assert "geisha" in fragment, text


def test_boolean_round_is_not_a_round() -> None:
    """The schema says ``round`` is an integer (JSON ``true`` is not); the reader must agree
    (see FINDINGS.md: ``true`` is read as round 1 and shown as "round True")."""
    data = _damage({"start.round": True})
    with pytest.raises(RecordError):
        Record.from_json(data)


def test_record_move_pattern_is_the_schema_pattern() -> None:
    """The reader and the published JSON Schema accept exactly the same move texts."""
    import json

    from hanamikoji._record import MOVE_PATTERN, SCHEMA_PATH

    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert schema["$defs"]["move"]["pattern"] == f"^({MOVE_PATTERN.pattern})$"


def test_lower_case_moves_are_refused_in_records() -> None:
    data = good_record()
    data["moves"] = [m.lower() if m.startswith("S") else m for m in data["moves"]]  # type: ignore[union-attr]
    lowered = [i for i, m in enumerate(data["moves"]) if m.startswith("s")]  # type: ignore[arg-type]
    if not lowered:
        data["moves"] = [*data["moves"][:1], " " + data["moves"][1]]  # type: ignore[index]
        lowered = [1]
    assert [p for p, _ in problems_of(data)] == [f"$.moves[{i}]" for i in lowered]
