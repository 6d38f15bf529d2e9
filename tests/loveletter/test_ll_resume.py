"""A game in progress concealed for one seat and resumed: the rebuilt game agrees with every
fact that seat saw, at every move, and plays on to its end; a forged or damaged concealed
record is refused with the path of what is wrong."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import loveletter
from loveletter import (
    Deal,
    Game,
    HeuristicPlayer,
    Keep,
    Phase,
    RandomPlayer,
    Record,
    RecordError,
    ResumeLimitError,
    Variant,
    View,
    conceal,
    resume,
)
from loveletter._resume import observations


def _played(players: int, variant: Variant, seed: int, moves: int) -> Game:
    """A game of random and heuristic players stopped after ``moves`` decisions or deals (or
    at its end)."""
    game = Game(players, variant, seed=seed)
    agents = [HeuristicPlayer(seed=seed + p) if p % 2 else RandomPlayer(seed=seed + p)
              for p in range(players)]
    _go_on(game, agents, moves)
    return game


def _go_on(game: Game, agents: list[RandomPlayer | HeuristicPlayer], moves: int) -> None:
    """``moves`` more decisions or deals of ``game`` by ``agents``, or up to its end."""
    for _ in range(moves):
        if game.phase is Phase.OVER:
            return
        if game.phase is Phase.DEAL:
            game.deal()
        else:
            p = game.to_move
            assert p is not None
            game.apply(agents[p].choose(View(game, p), game.legal_actions()))


def _through_json(data: dict[str, Any]) -> object:
    return json.loads(json.dumps(data))


tables = st.one_of(
    st.tuples(st.integers(2, 6), st.just(Variant.STANDARD)),
    st.tuples(st.integers(2, 4), st.just(Variant.CLASSIC)),
)


@settings(max_examples=150, deadline=None)
@given(table=tables, seed=st.integers(0, 10**6), moves=st.integers(1, 400),
       seat=st.integers(0, 5), luck=st.integers(0, 10**6))
def test_conceal_then_resume_agrees_with_the_seat_and_plays_on(
        table: tuple[int, Variant], seed: int, moves: int, seat: int, luck: int) -> None:
    players, variant = table
    seat %= players
    game = _played(players, variant, seed, moves)
    record = Record.from_game(game)
    data = conceal(record, seat)
    rebuilt, again, checked = resume(_through_json(data), random.Random(luck))
    assert again == seat
    # The concealed record resume() checked is the one read and that of the game it rebuilt,
    # so that a caller may keep it rather than conceal the game again.
    assert checked == _through_json(data) == conceal(rebuilt, seat)
    resumed = rebuilt.replay()  # it replays: every move legal
    # What the seat saw, move by move (its hand, cards laid face up, its looks, hands shown),
    # and the seat's whole view now, are those of the real game.
    assert observations(rebuilt, seat)[0] == observations(record, seat)[0]
    assert View(resumed, seat).key() == View(game, seat).key()
    assert View(resumed, seat).legal_actions() == View(game, seat).legal_actions()
    # Every public fact is the same: discards, tokens, round results, who is in, the deck...
    assert resumed.discards == game.discards and resumed.tokens == game.tokens
    assert resumed.results == game.results and resumed.active == game.active
    assert len(resumed.pile) == len(game.pile)
    # ...and the game goes on to its end under the rules.
    _go_on(resumed, [RandomPlayer(seed=luck + p) for p in range(players)], 10_000)
    assert resumed.outcome is not None


def test_the_concealed_record_cannot_carry_the_hidden_cards() -> None:
    """A rebuilt game conceals to the very same text while its hidden cards differ: the text
    holds nothing of the cards the seat never placed."""
    differing = 0
    for seed in range(30):
        game = _played(4, Variant.STANDARD, seed, 25)
        if game.phase is Phase.OVER:
            continue
        record = Record.from_game(game)
        text = json.dumps(conceal(record, 0))
        rebuilt, _, _ = resume(json.loads(text), random.Random(seed))
        assert json.dumps(conceal(rebuilt, 0)) == text
        real = [m for m in record.moves if isinstance(m, Deal)]
        dealt = [m for m in rebuilt.moves if isinstance(m, Deal)]
        differing += real != dealt
        # Nothing but a deal's starting seat is written of a deal.
        assert not any(isinstance(h, str) and len(h) > 2 and h[0] == "D"
                       for h in json.loads(text)["history"])
    assert differing >= 25


def test_another_players_chancellor_choice_is_dealt_afresh() -> None:
    for seed in range(200):
        game = _played(3, Variant.STANDARD, seed, 60)
        keeps = [i for i, (m, a) in enumerate(zip(game.moves, game.actors, strict=True))
                 if isinstance(m, Keep) and a != 0]
        if keeps and game.phase is not Phase.OVER:
            data = conceal(Record.from_game(game), 0)
            assert all(data["history"][i] == "K?" for i in keeps)
            rebuilt, _, _ = resume(data, random.Random(1))
            assert all(isinstance(rebuilt.moves[i], Keep) for i in keeps)
            return
    pytest.fail("no game with another player's Chancellor choice")


def _concealed(seed: int = 3, moves: int = 30) -> dict[str, Any]:
    game = _played(4, Variant.STANDARD, seed, moves)
    assert game.phase is not Phase.OVER
    return conceal(Record.from_game(game), 1)


def _refused(data: object) -> list[str]:
    with pytest.raises(RecordError) as caught:
        resume(data, random.Random(0))
    return [p.path for p in caught.value.problems]


def test_a_damaged_concealed_record_names_what_is_wrong() -> None:
    good = _concealed()
    assert _refused([]) == ["$"]
    assert _refused({**good, "format": "loveletter-record"}) == ["$.format"]
    assert _refused({**good, "version": 2}) == ["$.version"]
    assert _refused({**good, "extra": 1}) == ["$.extra"]
    assert _refused({**good, "seat": "E"}) == ["$.seat"]
    assert _refused({**good, "players": 7})[0] == "$.players"
    assert _refused({**good, "seen": good["seen"][:-1]}) == ["$.seen"]
    history = list(good["history"])
    history[0] = "DA" + "0" * 21
    assert _refused({**good, "history": history}) == ["$.history[0]"]
    history[0] = "DF"
    assert _refused({**good, "history": history}) == ["$.history[0]"]
    seen = list(good["seen"])
    seen[2] = "hand"
    assert _refused({**good, "seen": seen}) == ["$.seen[2]"]


def test_a_forged_hand_is_refused_at_the_move_it_contradicts() -> None:
    good = _concealed()
    seen = list(good["seen"])
    # The seat claims the Princess twice: no deal agrees with that.
    first = seen[0].split("/")
    seen[0] = "/".join(["99", *first[1:]])
    paths = _refused({**good, "seen": seen})
    assert paths == ["$.seen[0]"]
    # A card laid face up by a Handmaid, which lays none.
    history = good["history"]
    i = next(k for k, h in enumerate(history) if h == "4")
    seen = list(good["seen"])
    hand, laid, known, shown = seen[i].split("/")
    seen[i] = f"{hand}/{laid}A2/{known}/{shown}"
    assert _refused({**good, "seen": seen}) == [f"$.seen[{i}]"]


def test_resume_gives_up_at_its_bound_with_a_typed_error() -> None:
    with pytest.raises(ResumeLimitError) as caught:
        resume(_concealed(), random.Random(0), limit=3)
    assert caught.value.problems[0].path == "$.history[0]"
    assert "3 positions" in caught.value.problems[0].message


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**6), moves=st.integers(1, 120), where=st.integers(0, 10**6),
       char=st.sampled_from("0123456789ABCDEF/?K=>x"), key=st.sampled_from(["history", "seen"]))
def test_any_damaged_entry_is_refused_or_still_agrees(
        seed: int, moves: int, where: int, char: str, key: str) -> None:
    """One character changed anywhere: either refused as a record error, or still a record
    some game agrees with (then the game rebuilt conceals to it exactly)."""
    game = _played(3, Variant.STANDARD, seed, moves)
    if game.phase is Phase.OVER:
        return
    data = conceal(Record.from_game(game), 2)
    entries = list(data[key])
    i = where % len(entries)
    text = entries[i]
    j = (where // len(entries)) % max(len(text), 1)
    entries[i] = text[:j] + char + text[j + 1:]
    forged = {**data, key: entries}
    try:
        rebuilt, _, _ = resume(forged, random.Random(0))
    except RecordError:
        return
    assert conceal(rebuilt, 2) == forged


def test_concealed_and_whole_records_follow_the_shipped_schema() -> None:
    """``record.schema.json`` describes both files the Play page gives: the concealed record
    of any seat at any moment of random games, and the whole record; each matches exactly one
    of its two forms, and a concealed record that names a deal's cards does not validate."""
    import jsonschema  # CPython only: the Pyodide run of the engine has no jsonschema

    schema = json.loads((Path(loveletter.__file__).with_name("record.schema.json"))
                        .read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    check = jsonschema.Draft202012Validator(schema)
    concealed = check.evolve(schema={**schema["$defs"]["concealed"], "$defs": schema["$defs"]})
    rng = random.Random(20)
    tables = [(p, Variant.STANDARD) for p in range(2, 7)] + [(p, Variant.CLASSIC)
                                                             for p in range(2, 5)]
    seen_kinds: set[str] = set()
    for n in range(40):
        players, variant = tables[n % len(tables)]
        game = _played(players, variant, seed=n, moves=rng.randrange(1, 300))
        record = Record.from_game(game)
        check.validate(record.to_json())
        for seat in range(players):
            data = _through_json(conceal(record, seat))
            check.validate(data)
            concealed.validate(data)  # the concealed form itself, not the whole record's
            seen_kinds.update("K?" if m == "K?" else m[0] if m[0] in "DK" else "play"
                              for m in data["history"])
    assert seen_kinds == {"D", "K", "K?", "play"}  # every kind of entry has been checked
    data = _through_json(conceal(Record.from_game(_played(3, Variant.STANDARD, 1, 5)), 0))
    assert isinstance(data, dict)
    whole = Record.from_game(_played(3, Variant.STANDARD, 1, 5)).to_json()
    with pytest.raises(jsonschema.ValidationError):
        check.validate({**data, "history": [whole["moves"][0], *data["history"][1:]]})
    with pytest.raises(jsonschema.ValidationError):
        check.validate({**data, "seen": [*data["seen"][:-1], "7/x/"]})
    with pytest.raises(jsonschema.ValidationError):
        check.validate({**data, "moves": whole["moves"]})  # the two forms are not mixed
