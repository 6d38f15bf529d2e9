"""The review of 2026-11-25 (../shared/reviews/2026-11-25-security.md), findings F1, F5, F9
and F12, reproduced against session.py and the record reader: a game in progress leaves the
page only as its seat may know it, hostile records get the documented typed errors, and
nothing generated gets anything else."""

from __future__ import annotations

import base64
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamekit.hanamikoji import session
from hanamikoji import FULL_DECK, Game, PositionError, Record, RecordError
from hanamikoji._record import MAX_CHARS, MAX_DEPTH, nesting
from rulesite.sources.locales import load as load_locales

REPO = Path(__file__).resolve().parents[2]
UI = {lang: data.ui for lang, data in load_locales(REPO / "locales").languages.items()}
EN = UI["en"]
KINDS = {"link", "json", "record", "notation", "illegal", "turn", "level", "size"}


def ok(answer: dict[str, Any]) -> dict[str, Any]:
    assert "error" not in answer, answer
    return answer


def game_in_progress(seed: int, decisions: int) -> tuple[str, Game]:
    """A game from the Play page's calls: ``decisions`` decisions after the deal."""
    record = ok(session.new_game("emperors4", seed))["record"]
    rng = random.Random(seed)
    for _ in range(decisions):
        state = ok(session.position(record, EN))
        if state["outcome"]:
            break
        if state["deal_due"]:
            record = ok(session.deal(record, seed))["record"]
        else:
            record = ok(session.play(record, rng.choice(state["legal"]), EN))["record"]
    return record, Record.loads(record).replay()


def hidden_from(game: Game, seat: str) -> dict[str, Any]:
    other = "B" if seat == "A" else "A"
    return {"hand": game.hand(other), "removed": game.removed_card,
            "pile": game.draw_pile, "tradeoff": game.tradeoff(other)}


# --- F1: the other seat's cards ---------------------------------------------------------

@pytest.mark.parametrize(("seed", "decisions", "seat"), [(1, 0, "A"), (2, 5, "B"), (3, 9, "A"),
                                                         (4, 13, "B"), (5, 20, "A"),
                                                         (15, 24, "B"), (17, 30, "A"),
                                                         (18, 24, "A"), (17, 25, "B")])
def test_a_game_in_progress_is_shared_and_saved_as_its_seat_knows_it(
        seed: int, decisions: int, seat: str) -> None:
    record, game = game_in_progress(seed, decisions)
    assert game.outcome is None
    state = ok(session.position(record, EN, viewer=seat))
    concealed = json.loads(state["concealed"])
    # The seat named, its start and every move as it saw them, every hidden card written 0.
    assert concealed["seat"] == seat and "hands" not in concealed["start"]
    masked_as_seen(concealed["moves"], Record.loads(record), seat)
    other = "B" if seat == "A" else "A"
    # Opened (as a link or a file): the same position from that seat, hidden cards dealt
    # afresh from the cards the seat cannot see, and the same steps.
    for opened in (ok(session.open_link(session.link(state["concealed"]), EN)),
                   ok(session.load(state["concealed"], EN))):
        assert opened["seat"] == seat and opened["concealed"] == state["concealed"]
        again = Record.loads(opened["record"]).replay()
        assert again.hand(seat) == game.hand(seat)
        assert again.position().table == game.position().table
        assert again.to_move == game.to_move and again.favors == game.favors
        assert len(again.hand(other)) == len(game.hand(other))
        # Every card of the deck is somewhere, once: the sample agrees with the public facts.
        assert cards_of(again) == Counter(FULL_DECK if game.phase.name != "DEAL" else ())
        view = ok(session.position(opened["record"], EN, viewer=seat))
        assert (view["hand"], view["legal"], view["to_move"]) == (
            state["hand"], state["legal"], state["to_move"])
        assert (view["steps"], view["board"]) == (state["steps"], state["board"])


def masked_as_seen(masked: list[str], record: Record, seat: str) -> None:
    """Each move of a concealed record is the real one with exactly what ``seat`` did not
    see written 0: in a deal the other hand, the removed card and every draw but the seat's
    own so far; the other player's Trade-off; their Secret until its round is scored."""
    real = [str(move) for move in record.moves]
    assert len(masked) == len(real)
    game = record.replay(0)
    final = record.replay()
    deals = [i for i, move in enumerate(real) if move[0] == "D"]
    for i, (seen, move) in enumerate(zip(masked, real, strict=True)):
        mover = game.to_move
        if move[0] == "D":
            starter = game.starting_player.name
            current = i == deals[-1] and final.phase.name != "DEAL"
            drawn = 8 - len(final.draw_pile) if current else 8
            mine = set(range(1, 7) if starter == seat else range(7, 13))
            mine |= {13 + k for k in range(drawn) if (k % 2 == 0) == (starter == seat)}
            assert seen == "D" + "".join(c if j in mine else "0"
                                         for j, c in enumerate(move[1:])), (i, seen, move)
        elif mover is not None and mover.name != seat and move[0] == "T":
            assert seen == "T00"
        elif mover is not None and mover.name != seat and move[0] == "S":
            scored = any(d > i for d in deals) or final.phase.name == "DEAL"
            assert seen == (move if scored else "S0")
        else:
            assert seen == move
        game.apply(move)


def cards_of(game: Game) -> Counter[int]:
    position = game.position()
    cards = Counter(c for p in (0, 1) for part in (position.hands, position.table,
                                                   position.tradeoffs) for c in part[p])
    cards.update(c for c in position.secrets if c)
    cards.update(position.draw_pile)
    if position.removed:
        cards[position.removed] += 1
    if position.pending is not None:
        cards.update(int(c) for c in str(position.pending) if c.isdigit())
    return cards


def test_the_hidden_cards_are_sampled_anew_each_time() -> None:
    record, game = game_in_progress(6, 3)
    concealed = ok(session.position(record, EN, viewer="A"))["concealed"]
    hands = {tuple(Record.loads(ok(session.load(concealed, EN))["record"]).replay().hand("B"))
             for _ in range(30)}
    assert len(hands) > 1  # fresh randomness, not a seed kept with the game
    real = hidden_from(game, "A")
    # The concealed text holds none of the real hidden cards: it is the same for any deal
    # that agrees with what A sees.
    assert "".join(map(str, real["hand"])) not in concealed.replace('"A":', '')


def test_a_concealed_record_with_its_seat_changed_is_refused() -> None:
    record, _ = game_in_progress(7, 4)
    data = json.loads(ok(session.position(record, EN, viewer="A"))["concealed"])
    data["seat"] = "B"  # the F1 edit: B's hand is all zeros, so it cannot be B's view
    error = session.load(json.dumps(data), UI["fr"])["error"]
    assert error["kind"] == "record" and error["path"] == "$.moves"
    middle = json.loads(ok(session.position(mid_round(record), EN, viewer="A"))["concealed"])
    middle["seat"] = "B"
    error = session.load(json.dumps(middle), UI["fr"])["error"]
    assert error["kind"] == "record" and error["path"].startswith("$.start.hands")
    for bad in ("C", None, 1, ["A"]):
        data["seat"] = bad
        assert session.load(json.dumps(data), EN)["error"]["path"] == "$.seat"


def mid_round(record: str) -> str:
    """The same game as a record set up at its current position (no moves): what a page
    conceals as that position only."""
    game = Record.loads(record).replay()
    return Record(game.edition, (), game.position()).dumps()


def test_a_concealed_record_cannot_claim_more_cards_than_the_deck_has() -> None:
    record, _ = game_in_progress(8, 2)
    history = json.loads(ok(session.position(record, EN, viewer="A"))["concealed"])
    for forged in ("D" + "7" * 21, "D" + "0" * 21, "S0"):
        assert session.load(json.dumps({**history, "moves": [forged, *history["moves"][1:]]}),
                            EN)["error"]["path"] == "$.moves"
    data = json.loads(ok(session.position(mid_round(record), EN, viewer="A"))["concealed"])
    data["start"]["draw_pile"] += "0"
    assert session.load(json.dumps(data), EN)["error"]["path"] == "$.start"
    data["start"]["draw_pile"] = data["start"]["draw_pile"][:-1]
    data["start"]["hands"]["A"] = "7" * 7  # more 7s than the deck holds
    assert session.load(json.dumps(data), EN)["error"]["path"] == "$.start"


def test_a_finished_game_is_shared_whole() -> None:
    record, game = game_in_progress(9, 400)
    assert game.outcome is not None
    assert ok(session.position(record, EN, viewer="A"))["concealed"] is None


# --- F5 and F12: hostile records ----------------------------------------------------------

HOSTILE = [
    ("[" * 3000 + "]" * 3000, "json"),
    ('{"version":' + "9" * 4301 + "}", "json"),
    ('{"format":"[rule secret-card]","version":1,"edition":"emperors4","moves":[]}', "record"),
    ('{"format":"[rule actions-marker-once]","version":1,"edition":"emperors4","moves":[]}',
     "record"),
    ('{"format":"hanamikoji-record","version":true,"edition":"emperors4","moves":[]}', "record"),
    ('{"format":"hanamikoji-record","version":1.0,"edition":"emperors4","moves":[]}', "record"),
    ('{"format":"hanamikoji-record","format":"hanamikoji-record","version":1,'
     '"edition":"emperors4","moves":[]}', "json"),
]


@pytest.mark.parametrize(("text", "kind"), HOSTILE)
def test_hostile_records_get_the_typed_error_in_the_pages_language(text: str,
                                                                   kind: str) -> None:
    for lang in ("en", "ja"):
        error = session.load(text, UI[lang])["error"]
        assert error["kind"] == kind, error
        assert error["rule"] is None  # a rule is never read out of the record's own text
        assert error["message"] and "play." not in error["message"]
        assert "Traceback" not in error["message"] and "KeyError" not in error["message"]
    link = session.link(text)
    assert session.open_link(link, EN)["error"]["kind"] == "link"


def test_the_record_reader_refuses_the_same_with_a_record_error() -> None:
    for text, _ in HOSTILE:
        with pytest.raises(RecordError) as refused:
            Record.loads(text)
        assert refused.value.problems
    # A leading byte-order mark is read, as the page reads it.
    game = Game(seed=1)
    game.deal()
    assert Record.loads("\ufeff" + Record.from_game(game).dumps()) == Record.from_game(game)
    # An illegal move names its rule as data, not as text to search.
    data = json.loads(Record.from_game(game).dumps())
    data["moves"].append("P1")
    with pytest.raises(RecordError) as refused:
        Record.from_json(data)
    assert refused.value.problems[0].rule == "actions-pending-choice"


def test_nesting_is_measured_without_parsing() -> None:
    assert nesting('{"a": ["[[[", {"b": "}}}"}]}') == 3
    assert nesting("[" * (MAX_DEPTH + 1)) == MAX_DEPTH + 1
    assert nesting('"\\"[[["') == 0


# --- property-based: generated hostile records and links ---------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=20)
FIELDS = st.fixed_dictionaries(
    {}, optional={
        "format": st.sampled_from(["hanamikoji-record", "[rule secret-card]", "x"]) | JSON,
        "version": st.sampled_from([1, True, 1.0, "1", 10**30]) | JSON,
        "edition": st.sampled_from(["emperors4", "kosmos", "emperors4-3-rounds"]) | JSON,
        "seat": st.sampled_from(["A", "B", "C"]) | JSON,
        "moves": st.lists(st.from_regex(r"[SDTGCP][0-7\-?]{0,22}", fullmatch=True)
                          | JSON, max_size=6) | JSON,
        "start": st.fixed_dictionaries({}, optional={
            "round": st.integers(-2, 12) | JSON, "starting": st.sampled_from("AB") | JSON,
            "favors": st.from_regex(r"[AB.]{0,8}", fullmatch=True),
            "hands": st.dictionaries(st.sampled_from(["A", "B", "C"]),
                                     st.from_regex(r"[0-7]{0,9}", fullmatch=True) | JSON),
            "removed": st.integers(-1, 8) | JSON,
            "draw_pile": st.from_regex(r"[0-7]{0,9}", fullmatch=True) | JSON,
            "secrets": st.dictionaries(st.sampled_from("AB"), st.integers(0, 8) | JSON),
            "tradeoffs": st.dictionaries(st.sampled_from("AB"),
                                         st.from_regex(r"[0-7]{0,3}", fullmatch=True)),
            "used": st.dictionaries(st.sampled_from("AB"), st.sampled_from(["", "S", "STGC"])),
            "pending": st.sampled_from(["G123", "C12-34", "x"]) | JSON,
        }) | JSON,
    }) | JSON
TEXTS = FIELDS.map(lambda data: json.dumps(data)) | st.text(max_size=60) | st.sampled_from(
    ["[" * 40 + "]" * 40, "{" * 30, '{"a":' + "1" * 5000 + "}", "\ufeff{}", "\x00", ""])


def _answer_is_typed(answer: dict[str, Any]) -> None:
    if "error" in answer:
        error = answer["error"]
        assert set(error) == {"kind", "message", "path", "rule"}
        assert error["kind"] in KINDS and isinstance(error["message"], str)
        assert error["message"] and not error["message"].startswith("play.")
    else:
        Record.loads(answer["record"])  # whatever is accepted is a whole, valid record


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(TEXTS)
def test_generated_hostile_records_get_only_typed_errors(text: str) -> None:
    _answer_is_typed(session.load(text, EN))
    fragment = "record=" + base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")
    _answer_is_typed(session.open_link(fragment, UI["ja"]))
    try:
        Record.loads(text)
    except RecordError as error:
        assert error.problems
    for answer in (session.position(text, EN, "A"), session.replay(text, EN, "B"),
                   session.play(text, "S1", EN, "A")):
        if "error" in answer:
            _answer_is_typed(answer)


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.text(max_size=80), st.integers(0, 3))
def test_generated_hostile_links_get_only_typed_errors(fragment: str, cut: int) -> None:
    record, _ = game_in_progress(11, 4)
    good = session.link(ok(session.position(record, EN, viewer="A"))["concealed"])
    for link in (fragment, "record=" + fragment, good[: len(good) - cut] + fragment,
                 good + "&step=" + fragment):
        _answer_is_typed(session.open_link(link, EN))


def test_limits_are_the_engines() -> None:
    assert session.MAX_TEXT == MAX_CHARS
    assert session.load(" " * (MAX_CHARS + 1), EN)["error"]["kind"] == "size"


def test_a_concealed_record_follows_its_schema() -> None:
    import jsonschema

    from hanamikoji._record import SCHEMA_PATH

    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    concealed = {"$defs": schema["$defs"], "$ref": "#/$defs/concealed"}
    for seed, decisions in ((12, 0), (13, 7), (14, 30)):
        record, game = game_in_progress(seed, decisions)
        if game.outcome is None:
            text = ok(session.position(record, EN, viewer="B"))["concealed"]
            jsonschema.validate(json.loads(text), concealed)
            # and it is not a record: the engine refuses it
            with pytest.raises(RecordError):
                Record.loads(text)


# --- F9: round numbers stay exact, Play on cuts records in the engine -----------------------

def test_a_round_past_the_maximum_is_refused_in_the_pages_language() -> None:
    from hanamikoji._constants import MAX_ROUND

    for round_number in (MAX_ROUND + 1, 10**30):
        text = json.dumps({"format": "hanamikoji-record", "version": 1, "edition": "emperors4",
                           "moves": [], "start": {"round": round_number, "starting": "A",
                                                  "favors": ""}})
        for lang in ("en", "fr"):
            error = session.open_link(session.link(text), UI[lang])["error"]
            assert error["kind"] == "link" and error["path"] == "$.start.round"
            assert "$.start.round" in error["message"] and "play." not in error["message"]
    with pytest.raises(PositionError):
        Game.from_position(round_number=MAX_ROUND + 1)
    # The highest round is read, and cut exactly (the browser's JSON would have rounded a
    # larger number: review F9's 1e+30).
    text = json.dumps({"format": "hanamikoji-record", "version": 1, "edition": "emperors4",
                       "moves": [], "start": {"round": MAX_ROUND, "starting": "B",
                                              "favors": ""}})
    assert json.loads(ok(session.cut(text, 0))["record"])["start"]["round"] == MAX_ROUND


def test_cut_keeps_the_first_moves_and_refuses_what_the_record_does_not_hold() -> None:
    record, game = game_in_progress(31, 12)
    moves = len(game.moves)
    for upto in (0, 1, moves // 2, moves):
        cut = Record.loads(ok(session.cut(record, upto))["record"])
        assert cut.moves == game.moves[:upto] and cut.start == game.start
    for bad in (-1, moves + 1, True, "3", None):
        assert session.cut(record, bad)["error"]["kind"] == "record"
