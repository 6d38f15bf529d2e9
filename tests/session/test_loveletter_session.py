"""gamekit/loveletter/ in CPython: Love Letter's plug-in as the worker and the builder will
call it. Whole games are played through the session for 2 to 6 players and the classic game;
the board and the words a seat gets never hold a card that seat may not see; refusals are
typed and name the rule; records and links round-trip; the rules' examples and figures run
through the plug-in."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any, cast

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamekit
from gamekit import runner
from gamekit.loveletter import FACTS, PLUGIN, board, explain, session
from loveletter import SEATS, Deal, Game, Phase, Record, View, parse_move, sample_world
from loveletter._search import _candidates, _rollout
from rulesite.sources.locales import load as load_locales

REPO = Path(__file__).resolve().parents[2]
EN: dict[str, Any] = load_locales(REPO / "locales", "loveletter").languages["en"].ui
STRUCTURE = REPO / "locales" / "loveletter" / "structure.yml"
KINDS = {"link", "json", "record", "notation", "illegal", "turn", "level", "size", "seat"}
FACE = re.compile(r'class="ll-card ll-c(\d)"')
CHIP = re.compile(r'class="ll-chip ll-c(\d)"')


def ok(answer: Any) -> dict[str, Any]:
    assert isinstance(answer, dict) and "error" not in answer, answer
    return cast("dict[str, Any]", answer)


def refused(answer: dict[str, Any], kind: str) -> dict[str, Any]:
    assert set(answer) == {"error"}, answer
    error = cast("dict[str, Any]", answer["error"])
    assert error["kind"] == kind and error["kind"] in KINDS, error
    return error


def play_out(players: int, variant: str, seed: int, human: str = "A",
             level: str = "heuristic") -> str:
    """A whole game through the session: the 'human' takes a seeded random legal move the
    page offers, every other seat is the engine at ``level``; deals come from ``seed``."""
    rng = random.Random(seed)
    record = text_of(session.new_game(players, variant, seed))
    for _ in range(3000):
        state = ok(session.position(record, EN, viewer=human))
        if state["outcome"]:
            return record
        if state["deal_due"]:
            record = text_of(session.deal(record, seed))
        elif state["to_move"] == human:
            record = text_of(session.play(record, rng.choice(state["legal"]), EN, human))
        else:
            record = text_of(session.opponent(record, level, seed, timed=False))
    raise AssertionError("the game did not end")


def text_of(answer: Any) -> str:
    record = ok(answer)["record"]
    assert isinstance(record, str)
    return record


# --- whole games ----------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "variant"), [(2, "standard"), (3, "standard"),
                                                  (4, "standard"), (5, "standard"),
                                                  (6, "standard"), (2, "classic"),
                                                  (3, "classic"), (4, "classic")])
def test_a_whole_game_ends_with_the_engines_outcome(players: int, variant: str) -> None:
    record = play_out(players, variant, seed=players * 10 + len(variant))
    game = Record.loads(record).replay()
    assert game.outcome is not None and game.variant.value == variant
    state = ok(session.position(record, EN, viewer="B"))
    assert state["phase"] == "over" and state["legal"] == [] and state["concealed"] is None
    assert state["outcome"]["winners"] == [SEATS[w] for w in game.outcome.winners]
    assert all(game.tokens[w] >= game.target_tokens for w in game.outcome.winners)
    assert state["tokens"] == list(game.tokens) and state["target"] == game.target_tokens
    # Every step is listed once, each with its words and the rule it follows.
    assert len(state["steps"]) == len(game.moves) + 1
    assert all(s["html"] and s["rule"] for s in state["steps"])
    for winner in state["outcome"]["winners"]:
        assert winner in state["outcome"]["html"]


def test_the_search_level_plays_a_whole_game() -> None:
    record = play_out(3, "standard", seed=5, level="search")
    assert Record.loads(record).replay().outcome is not None


def test_the_same_seed_and_level_give_the_same_game() -> None:
    assert play_out(3, "standard", 11) == play_out(3, "standard", 11)
    assert play_out(3, "standard", 11) != play_out(3, "standard", 12)


TIE_ROUND = "1>B=0 5>A 5>A 2>A 2>B 4 7 1>A=7 1>B=9 1>A=9 1>B=8 4 1"


def test_after_a_tie_the_next_round_is_started_by_one_of_the_tied_winners() -> None:
    game = Game(2)
    game.apply(parse_move("DA890065145622347111131"))  # the rules' ex-tie-deck-end
    for move in TIE_ROUND.split():
        game.apply(parse_move(move))
    assert len(game.first_choices) == 2
    record = session.dump(Record.from_game(game))
    deals = [Record.loads(ok(session.deal(record, seed))["record"]).moves[-1]
             for seed in range(12)]
    starters = {d.first for d in deals if isinstance(d, Deal)}
    assert starters == set(game.first_choices)


def test_the_search_opponent_decides_from_its_view_only() -> None:
    """Two games that are the same to the seat to move (one of them its hidden cards dealt
    afresh by ``sample_world``) get the same decision."""
    game = Game(4, seed=8)
    game.deal()
    rng = random.Random(1)
    for _ in range(5):
        game.apply(rng.choice(game.legal_actions()))
    assert game.phase is Phase.PLAY
    view = View(game, game.to_move or 0)
    for world_seed in range(4):
        world = sample_world(view, random.Random(world_seed))
        other = View(world, view.player)
        assert session._search(other, world.legal_actions(), 3, None) == \
            session._search(view, game.legal_actions(), 3, None)


def test_the_search_level_stops_at_its_time_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Timed, the search tries each candidate once and then stops when its seconds are up;
    untimed, it runs all its iterations."""
    clock = iter(range(0, 10**6, 5))  # every reading of the clock: 5 s later
    monkeypatch.setattr("loveletter._search.time.perf_counter", lambda: next(clock))
    rollouts = 0

    def counted(*args: Any) -> float:
        nonlocal rollouts
        rollouts += 1
        return _rollout(*args)

    monkeypatch.setattr("loveletter._search._rollout", counted)
    game = Record.parse("LL2s DA612312300111144556789").replay()
    view = View(game, 0)
    candidates = _candidates(view, game.legal_actions())
    assert len(candidates) > 1
    session._search(view, game.legal_actions(), 1, session.SEARCH_SECONDS)
    assert rollouts == len(candidates)
    rollouts = 0
    session._search(view, game.legal_actions(), 1, None)
    assert rollouts == session.SEARCH_ITERATIONS


# --- what a seat may see ------------------------------------------------------------------

def _random_game(players: int, seed: int, decisions: int) -> Game:
    variant = "classic" if seed % 3 == 0 and players <= 4 else "standard"
    game = Game(players, variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if game.phase is Phase.OVER:
            break
        if game.phase is Phase.DEAL:
            game.deal()
        else:
            game.apply(rng.choice(game.legal_actions()))
    return game


def _seat_board(game: Game, viewer: str) -> str:
    step = {"kind": "start", "player": None, "move": None, "board": session.snapshot(game)}
    return board.board(session.conceal_step(step, viewer), EN, viewer=viewer)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6), decisions=st.integers(1, 60))
def test_a_seats_board_depends_only_on_what_the_seat_may_know(
        players: int, seed: int, decisions: int) -> None:
    """The board drawn for a seat is the same for every game that seat cannot tell from the
    real one (hidden hands, set-aside card and deck dealt afresh from its View), and the
    cards it shows face up are exactly those the View holds."""
    game = _random_game(players, seed, decisions)
    if game.phase not in (Phase.PLAY, Phase.CHANCELLOR):
        return
    for p in range(players):
        viewer = SEATS[p]
        view = View(game, p)
        html = _seat_board(game, viewer)
        for world_seed in range(2):
            world = sample_world(view, random.Random(world_seed))
            assert _seat_board(world, viewer) == html
        visible = Counter(view.hand) + Counter(c for d in view.discards for c in d) \
            + Counter(view.face_up) + Counter(view.known.values())
        assert Counter(int(c) for c in FACE.findall(html)) == visible


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6), decisions=st.integers(1, 80))
def test_a_seats_words_name_no_card_it_may_not_know(players: int, seed: int,
                                                    decisions: int) -> None:
    """Each step's words for a seat name only the cards that step makes public (the card
    played, the Guard's guess, the Prince's discard, the face-up cards, the hands shown at
    an empty deck) and, for the seat's own move or a card aimed at it, what it learned."""
    game = _random_game(players, seed, decisions)
    steps = session.timeline(Record.from_game(game))
    for p in range(players):
        viewer = SEATS[p]
        concealed = [session.conceal_step(s, viewer) for s in steps]
        texts = explain.explain(concealed, EN, viewer=viewer)["texts"]
        for step, text in zip(steps, texts, strict=True):
            public = {step.get("card"), step.get("guess"),
                      step.get("effect", {}).get("discarded"), *step["board"]["face_up"],
                      *step.get("round_end", {}).get("hands", {}).values()}
            if step["kind"] == "deal":
                public = set(step["board"]["face_up"])
            involved = viewer in (step["player"], step.get("target"))
            if involved:
                effect = step["effect"]
                public |= {effect.get("seen"), effect.get("kept"), *effect.get("cards", []),
                           *effect.get("bottom", [])}
            named = {int(c) for c in CHIP.findall(text)}
            assert named <= public, (viewer, step, text)
        # And the seat's record of a game in progress holds no other seat's hand.
        if game.outcome is None and game.phase is not Phase.DEAL:
            data = json.loads(session.conceal(Record.from_game(game), viewer))
            hand = sorted(int(c) for c in data["seen"][-1].split("/")[0])
            assert data["seat"] == viewer and hand == list(game.hand(p))
            assert all(len(m) == 2 for m in data["history"] if m.startswith("D"))
            others_keeps = sum(str(m).startswith("K") and who != p
                               for m, who in zip(game.moves, game.actors, strict=True))
            assert data["history"].count("K?") == others_keeps


def test_the_priests_look_is_told_to_its_player_and_its_target_only() -> None:
    record = Record.parse("LL3s DA821740011111233455669 2>C")
    steps = session.timeline(record)
    seen = {v: explain.explain([session.conceal_step(s, v) for s in steps], EN, viewer=v)
            ["texts"][-1] for v in "ABC"}
    looked_at = steps[-1]["effect"]["seen"]
    chip = f'class="ll-chip ll-c{looked_at}"'
    assert chip in seen["A"] and chip in seen["C"] and chip not in seen["B"]
    everyone = explain.explain(steps, EN)["texts"][-1]
    assert chip in everyone  # an example shows every card


# --- refusals -------------------------------------------------------------------------------

def _started(players: int = 2) -> str:
    return text_of(session.new_game(players, "standard", 4))


def test_an_illegal_move_is_refused_naming_its_rule_and_nothing_changes() -> None:
    record = _started()
    game = Record.loads(record).replay()
    hand = game.hand(0)
    missing = next(c for c in range(10) if c not in hand)
    error = refused(session.play(record, str(missing), EN), "illegal")
    assert error["rule"] == "turn-play-one-card"
    assert error["message"] == EN["ll.illegal.turn-play-one-card"]
    assert Record.loads(record).replay().moves == game.moves


@pytest.mark.parametrize(("call", "kind", "rule"), [
    (lambda r: session.play(r, "1>Z", EN), "notation", None),
    (lambda r: session.play(r, "DA" + "0" * 21, EN), "illegal", "round-deal"),
    (lambda r: session.play(r, "4", EN, "B"), "turn", "turn-order"),
    (lambda r: session.play(r, "4", EN, "Q"), "seat", None),
    (lambda r: session.position(r, EN, "C"), "seat", None),
    (lambda r: session.position(r, EN, None, 99), "record", None),
    (lambda r: session.deal(r, 1), "illegal", "round-deal"),
    (lambda r: session.opponent(r, "grandmaster", 1), "level", None),
    (lambda r: session.step_of_moves(r, -1), "record", None),
])
def test_refusals_are_typed(call: Any, kind: str, rule: str | None) -> None:
    assert refused(call(_started()), kind)["rule"] == rule


def test_a_countess_held_with_a_king_must_be_played() -> None:
    record = json.dumps(Record.parse("LL2s DA612382700111113445569").to_json())
    error = refused(session.play(record, "7>B", EN), "illegal")
    assert error["rule"] == "countess-forced"
    assert refused(session.play(record, "8>B", EN), "illegal")["rule"] == "card-target"


@pytest.mark.parametrize(("text", "kind", "path"), [
    (42, "record", None),
    ("{", "json", "line 1"),
    ("[" * 50 + "]" * 50, "json", None),
    ("x" * (session.MAX_TEXT + 1), "size", None),
    (json.dumps({"format": "other"}), "record", "$.format"),
    (json.dumps({"format": "loveletter-record", "version": 1, "players": 7,
                 "variant": "standard", "moves": []}), "record", "$.players"),
    (json.dumps({"format": "loveletter-record", "version": 1, "players": 2,
                 "variant": "standard", "moves": ["x"] * (session.MAX_MOVES + 1)}),
     "size", "$.moves"),
])
def test_untrusted_records_are_refused_with_their_path(text: Any, kind: str,
                                                       path: str | None) -> None:
    error = refused(session.load(text, EN), kind)
    assert error["path"] == path


def test_a_record_with_an_illegal_move_names_the_move_and_the_rule() -> None:
    text = json.dumps({"format": "loveletter-record", "version": 1, "players": 2,
                       "variant": "standard",
                       "moves": ["DA612312300111144556789", "1>B=1"]})
    error = refused(session.load(text, EN), "record")
    assert error["path"] == "$.moves[1]" and error["rule"] == "guard-guess"
    assert "Move 2" in error["message"]


def _midgame(players: int, seed: int, moves: int) -> str:
    """A game of the session's opponents stopped after ``moves`` decisions or deals."""
    record = text_of(session.new_game(players, "standard", seed))
    for _ in range(moves):
        state = ok(session.position(record, EN))
        if state["outcome"]:
            break
        record = text_of(session.deal(record, seed) if state["deal_due"]
                         else session.opponent(record, "heuristic", seed, timed=False))
    return record


@pytest.mark.parametrize(("players", "seed", "moves"), [(2, 1, 9), (4, 2, 30), (6, 3, 40)])
def test_a_concealed_record_opens_as_its_seat_saw_it(players: int, seed: int,
                                                     moves: int) -> None:
    """A game in progress saved, downloaded or shared by its seat opens in that seat: the
    whole game rebuilt from it shows that seat the very same board, words, hand and legal
    moves, while the cards it never saw are dealt afresh."""
    record = _midgame(players, seed, moves)
    seat = SEATS[players - 1]
    before = ok(session.position(record, EN, viewer=seat))
    concealed = before["concealed"]
    assert concealed is not None
    for opened in (ok(session.load(concealed, EN)),
                   ok(session.open_link("#" + session.link(concealed), EN))):
        assert opened["seat"] == seat and opened["concealed"] == concealed
        after = ok(session.position(opened["record"], EN, viewer=seat))
        assert after == before
    # The rebuilt games differ where the seat could not see: fresh at each opening.
    hidden = {ok(session.load(concealed, EN))["record"] for _ in range(5)}
    assert len(hidden) > 1
    # A whole record opens as itself, with no seat.
    assert ok(session.load(record, EN))["seat"] is None


def test_a_forged_concealed_record_is_refused_with_its_path() -> None:
    concealed = json.loads(ok(session.position(_midgame(4, 2, 30), EN, viewer="B"))
                           ["concealed"])
    seen = list(concealed["seen"])
    seen[0] = "99/" + seen[0].split("/", 1)[1]  # two Princesses in the seat's first hand
    error = refused(session.load(json.dumps({**concealed, "seen": seen}), EN), "record")
    assert error["path"] == "$.seen[0]"
    assert error["message"] == EN["ll.play.error.bad_field"].format(path="$.seen[0]")
    error = refused(session.open_link(session.link(json.dumps({**concealed, "seat": "F"})),
                                      EN), "link")
    assert error["path"] == "$.seat"
    # A concealed record is not a game the other calls play on: the page keeps the whole one.
    assert refused(session.play(json.dumps(concealed), "4", EN), "record")


@pytest.mark.parametrize("fragment", ["", "record=", "record=***", "record=AAAA&record=AAAA",
                                      "record=" + "_" * 10])
def test_damaged_links_are_refused(fragment: str) -> None:
    assert refused(session.open_link(fragment, EN), "link")["message"] == \
        EN["ll.play.error.link_damaged"]


@settings(max_examples=60, deadline=None)
@given(text=st.one_of(
    st.text(max_size=200),
    st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=30),
                 lambda inner: st.lists(inner, max_size=4)
                 | st.dictionaries(st.sampled_from(["format", "version", "players", "variant",
                                                    "moves", "seat"]), inner, max_size=5),
                 max_leaves=12).map(json.dumps)))
def test_any_text_is_read_or_refused_with_a_typed_error(text: str) -> None:
    for answer in (session.load(text, EN), session.open_link(session.link(text), EN),
                   session.position(text, EN, "A")):
        if "error" in answer:
            assert answer["error"]["kind"] in KINDS and answer["error"]["message"]
        else:
            assert Record.loads(answer.get("record", text))


# --- records and links ------------------------------------------------------------------------

def test_records_and_links_round_trip() -> None:
    record = play_out(2, "classic", seed=3)
    assert ok(session.load(record, EN))["record"] == record
    assert Record.loads(record).dumps() == Record.loads(
        ok(session.load(Record.loads(record).dumps(), EN))["record"]).dumps()
    moves = len(Record.loads(record).moves)
    opened = ok(session.open_link("#" + session.link(record, 5), EN))
    assert opened == {"record": record, "step": 5, "seat": None, "concealed": None}
    assert ok(session.open_link(session.link(record), EN))["step"] is None
    assert refused(session.open_link(session.link(record, moves + 1), EN), "link")
    assert ok(session.step_of_moves(record, 5))["step"] == 5
    replayed = ok(session.replay(record, EN, "A"))
    assert len(replayed["boards"]) == moves + 1 == len(replayed["steps"])


def test_a_game_in_progress_is_concealed_to_its_seat() -> None:
    record = _started(4)
    state = ok(session.position(record, EN, viewer="C"))
    concealed = json.loads(state["concealed"])
    game = Record.loads(record).replay()
    assert concealed["seat"] == "C" and concealed["history"] == ["DA"]
    assert concealed["seen"] == ["".join(map(str, game.hands[2])) + "///"]
    assert state["legal"] == []  # A is to play, not C
    assert state["hand"] == list(game.hand(2))


# --- the plug-in as the builder and worker reach it -----------------------------------------

def test_the_plugin_is_registered_after_hanamikoji() -> None:
    assert list(gamekit.GAMES) == ["hanamikoji", "loveletter"]
    assert gamekit.plugin("loveletter") is PLUGIN
    assert PLUGIN.id == "loveletter" and PLUGIN.editions == ("standard", "classic")
    assert set(PLUGIN.calls) <= set(dir(session))


def test_the_facts_are_the_engines() -> None:
    game = Game(2, seed=1)
    game.deal()
    assert FACTS["face_up_two"] == len(game.face_up)
    game = Record.parse("LL2s DA712361293001111445568 6").replay()
    assert FACTS["chancellor_draw"] == len(game.hand(0)) - 1


def test_every_string_the_plugin_asks_for_is_in_ui_yml() -> None:
    strings = yaml.safe_load((REPO / "locales/loveletter/en/ui.yml").read_text("utf-8"))
    used = set()
    for module in ("board", "explain", "session"):
        source = (REPO / "gamekit" / "loveletter" / f"{module}.py").read_text("utf-8")
        used |= set(re.findall(r'"(ll\.[a-z_.]+)"', source))
    assert used and used <= set(strings)
    rules = {r.value for r in __import__("loveletter").Rule}
    assert {k.removeprefix("ll.illegal.") for k in strings if k.startswith("ll.illegal.")} \
        == rules


def test_every_string_the_record_reader_asks_for_is_in_ui_yml() -> None:
    """The refusals worded by the sessions' shared reader (gamekit.sessions.Reader), with
    the fields it fills."""
    strings = yaml.safe_load((REPO / "locales/loveletter/en/ui.yml").read_text("utf-8"))
    reader = session._READER
    assert len(reader.keys) == 7 and set(reader.keys) <= set(strings)
    assert "{limit}" in strings["ll.play.error.too_long"]
    assert reader.illegal("guard-guess") in strings


def _structure() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(STRUCTURE.read_text("utf-8"))
    return data


def test_every_example_runs_through_the_plugin() -> None:
    examples = _structure()["examples"]
    assert examples
    for eid, example in examples.items():
        code = re.sub(r"# \{[a-z-]+\}", "", example["code"])
        result = runner.run(code, PLUGIN)
        assert "steps" in result, (eid, result)
        words = PLUGIN.explain(result["steps"], EN)
        boards = PLUGIN.boards(result["steps"], EN)
        assert len(words["texts"]) == len(boards) == len(result["steps"]) and words["outcome"]
        assert Record.loads(result["record"]).replay().moves  # the record replays


def test_every_figure_draws_the_parts_it_points_at() -> None:
    for fid, figure in _structure()["figures"].items():
        steps = PLUGIN.setup({k: v for k, v in figure.items() if k in PLUGIN.setup_keys})
        for frame in figure["frames"]:
            points = frame.get("point", [])
            assert all(PLUGIN.parts.fullmatch(p) for p in points), (fid, points)
            html = PLUGIN.board(steps[frame["step"]], EN, highlight=points)
            for part in points:
                assert f'rs-hl" data-part="{part}"' in html, (fid, frame, part)


# Rounds that reach the rarer sentences (the rules' own examples: a Prince on an empty deck,
# a Chancellor with no card to draw, a Baron's tie, a tie at the end of the deck).
RARE = [
    "LL2s DA160075313419186411225 7>B 1>A=9 5>A 1>A=6 4 3 8 1>A=5 4 1 1>B=4 2>A 2>B 5>B",
    "LL2s DA013052987465411123116 5>B 8 4 7 5>B 1>A=3 1>B=5 1>A=0 2>B 4 1 1>A=7 6",
    "LL2s DA612335500111112446789 3>B",
    "LL2s DA890065145622347111131 " + TIE_ROUND,
    "LL3s DA844123500111112356679 4 4 1",
    "LL2s DA961013021131274581456 0 2>A 1>B=6 3>A 1>B=5 1>A=2 2>B 1>A=4 4 5>B 1>B=6 4 3 6",
]


def test_every_sentence_is_said_somewhere(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every ``ll.step.*`` and ``ll.outcome.*`` string is the words of some step of these
    games, for everyone or for a seat (a string no code reaches would be dead text)."""
    used: set[str] = set()
    real = explain.Explainer.t

    def noted(self: explain.Explainer, key: str, **fields: object) -> str:
        used.add(key)
        return real(self, key, **fields)

    monkeypatch.setattr(explain.Explainer, "t", noted)
    records = [Record.parse(text) for text in RARE]
    records += [Record.loads(play_out(n, "standard", seed=n)) for n in (2, 3, 4, 5, 6)]
    for record in records:
        steps = session.timeline(record)
        explain.explain(steps, EN)
        for viewer in SEATS[:record.players]:
            explain.explain([session.conceal_step(s, viewer) for s in steps], EN, viewer=viewer)
        explain.explain(steps[:-1] or steps, EN)  # a game going on, or waiting for a deal
    strings = yaml.safe_load((REPO / "locales/loveletter/en/ui.yml").read_text("utf-8"))
    wanted = {k for k in strings if k.startswith(("ll.step.", "ll.outcome."))}
    assert wanted - used == set()
