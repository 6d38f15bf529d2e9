"""gamekit/hanamikoji/session.py in CPython: the functions the Play page and the "what if?"
boards call in the worker. Games are played through them to the end; untrusted records and
links are refused with a message in the page's language; the seat the page shows never sees
the other seat's hidden cards."""

from __future__ import annotations

import base64
import itertools
import json
import re
import types
from pathlib import Path
from typing import Any

import pytest

from gamekit.hanamikoji import session
from hanamikoji import Game, MCTSPlayer, Record, View, _search, timeline
from rulesite.sources.locales import load as load_locales

REPO = Path(__file__).resolve().parents[2]
UI = {lang: data.ui for lang, data in load_locales(REPO / "locales").languages.items()}
EN = UI["en"]


def ok(answer: dict[str, Any]) -> dict[str, Any]:
    assert "error" not in answer, answer
    return answer


def play_out(edition: str, seed: int, human: str = "A") -> str:
    """A whole game through the session: the 'human' always takes the first legal move the
    page offers, the opponent is the engine at its easy level; deals come from ``seed``."""
    record = ok(session.new_game(edition, seed))["record"]
    for _ in range(400):
        state = ok(session.position(record, EN, viewer=human))
        if state["outcome"]:
            return record
        if state["deal_due"]:
            record = ok(session.deal(record, seed))["record"]
        elif state["to_move"] == human:
            record = ok(session.play(record, state["legal"][0], EN, human))["record"]
        else:
            record = ok(session.opponent(record, "easy", seed, timed=False))["record"]
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("edition", ["emperors4", "emperors4-3-rounds", "kosmos"])
def test_a_whole_game_ends_with_the_engines_outcome(edition: str) -> None:
    record = play_out(edition, seed=7)
    game = Record.loads(record).replay()
    assert game.outcome is not None
    state = ok(session.position(record, EN, viewer="A"))
    assert state["phase"] == "over" and state["legal"] == []
    shown = state["outcome"]
    assert shown["winners"] == [p.name for p in game.outcome.winners]
    assert shown["reason"] == game.outcome.reason.value
    assert shown["rule"] in session.REASON_RULES.values()
    # The words say who won, as the examples say it.
    assert ("A" in shown["html"] or "B" in shown["html"]) and "<" not in shown["html"][:1]


def test_the_same_seed_and_level_give_the_same_game() -> None:
    assert play_out("kosmos", seed=11) == play_out("kosmos", seed=11)
    assert play_out("kosmos", seed=11) != play_out("kosmos", seed=12)


def test_the_opponent_is_the_engines_mcts_player_deciding_from_its_view() -> None:
    record = ok(session.new_game("emperors4", 3))["record"]
    answer = ok(session.opponent(record, "default", 5, timed=False))
    game = Record.loads(record).replay()
    expected = MCTSPlayer(iterations=MCTSPlayer.DEFAULT_ITERATIONS, seed=5 * 4096 + 1).choose(
        View(game, "A"), game.legal_actions())
    game.apply(expected)
    assert Record.loads(answer["record"]) == Record.from_game(game)
    # Its own Secret or Trade-off is told to the other seat without the cards.
    assert answer["move"] in ("S?", "T??") or answer["move"] == str(expected)


def test_each_level_stops_at_its_time_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    # More iterations than the budget allows: the level's seconds stop it. The search reads
    # the test's clock, a hundredth of a second later at each reading, so the budget of 0.2 s
    # ends it after about 20 readings on any machine (a search that ignored it would run its
    # 2,000 iterations and read the clock once).
    monkeypatch.setitem(session.LEVELS, "strong", 2000)
    monkeypatch.setitem(session.TIME_LIMITS, "strong", 0.2)
    readings = itertools.count()

    def clock() -> float:
        reading = next(readings)
        assert reading < 1000, "the search ran on past its time budget"
        return reading / 100

    monkeypatch.setattr(_search, "time", types.SimpleNamespace(perf_counter=clock))
    record = ok(session.new_game("emperors4", 3))["record"]
    answer = ok(session.opponent(record, "strong", 5))
    assert 20 <= next(readings) <= 25
    assert len(Record.loads(answer["record"]).moves) == len(Record.loads(record).moves) + 1


def test_the_levels_keep_within_the_budgets_the_page_words() -> None:
    # play.level.* says "about a second" and "a few seconds": the search's share of them.
    assert set(session.TIME_LIMITS) == set(session.LEVELS)
    assert session.TIME_LIMITS["easy"] <= session.TIME_LIMITS["default"] <= 0.6
    assert session.TIME_LIMITS["strong"] <= 2.5
    assert session.LEVELS["easy"] < session.LEVELS["default"] < session.LEVELS["strong"]


def test_the_viewer_never_sees_the_other_seats_hidden_cards() -> None:
    # B plays Secret and Trade-off while A watches: their cards must not reach A's page.
    game = Game(seed=9)
    game.deal()
    game.apply(game.legal_actions()[0])  # A: a Secret
    secret_b = next(m for m in game.legal_actions() if str(m).startswith("S"))
    game.apply(secret_b)
    game.apply(next(m for m in game.legal_actions() if str(m).startswith("T")))  # A: Trade-off
    tradeoff_b = next(m for m in game.legal_actions() if str(m).startswith("T"))
    game.apply(tradeoff_b)
    record = session.dump(Record.from_game(game))
    state = ok(session.position(record, EN, viewer="A"))
    hand_b = game.hand("B")
    html = state["board"]
    side_b = re.search(r'data-part="side-B".*?data-part="row"', html, re.S)
    assert side_b is not None
    # B's side shows card backs only: no card face, no peeked value.
    assert "hk-peek" not in side_b.group(0)
    assert not re.search(r'class="hk-card hk-g\d', side_b.group(0))
    cards = EN["count.cards"]["other"].replace("{n}", str(len(hand_b)))
    assert EN["play.hand_hidden"].replace("{count}", cards) in side_b.group(0)
    # The removed card is a back with no value; the steps do not name B's hidden cards.
    said = json.dumps(state["steps"])
    assert str(secret_b) not in said and str(tradeoff_b) not in said
    assert '"S?"' in said and '"T??"' in said and '"D"' in said
    assert re.search(r'D\d{21}', said) is None
    # A's own cards are drawn face up, with their choices.
    side_a = re.search(r'data-part="side-A".*', html, re.S)
    assert side_a is not None and 'data-choice="0"' in side_a.group(0)
    # The whole replay, as A sees it, holds none of B's hidden cards either.
    replay = ok(session.replay(record, EN, viewer="A"))
    assert not any("hk-peek" in re.search(r'data-part="side-B".*?data-part="row"', b,
                                          re.S).group(0) for b in replay["boards"])


def test_at_scoring_the_secrets_are_revealed_to_both_seats() -> None:
    record = play_out("emperors4", seed=4)
    steps = [s.to_json() for s in timeline(Record.loads(record))]
    scoring = next(i for i, s in enumerate(steps) if s["kind"] == "scoring")
    state = ok(session.position(record, EN, viewer="A", step=scoring))
    secret_b = steps[scoring]["scoring"]["secrets"][1]
    assert state["phase"] in ("scoring", "over") and state["legal"] == []
    assert f'class="hk-card hk-g{secret_b} hk-revealed"' in state["board"]


def test_choices_on_the_board_are_the_viewers_decision_only() -> None:
    record = ok(session.new_game("emperors4", 1))["record"]
    mine = ok(session.position(record, EN, viewer="A"))
    assert set(mine["markers"]) == {"S", "T", "G", "C"}
    assert len(mine["hand"]) == 7 and mine["legal"]
    for letter in "STGC":
        assert f'data-part="marker-A-{letter}" data-choice="{letter}"' in mine["board"]
    theirs = ok(session.position(record, EN, viewer="B"))
    assert theirs["legal"] == [] and "data-choice" not in theirs["board"]
    assert len(theirs["hand"]) == 6
    anyone = ok(session.position(record, EN))  # no viewer: the hand of the player to move
    assert anyone["hand"] == mine["hand"] and anyone["legal"] == mine["legal"]


def test_a_pending_gift_is_answered_by_its_picks() -> None:
    game = Game(seed=2)
    game.deal()
    gift = next(m for m in game.legal_actions() if str(m).startswith("G"))
    game.apply(gift)
    record = session.dump(Record.from_game(game))
    state = ok(session.position(record, EN, viewer="B"))
    pending = state["pending"]
    assert pending["kind"] == "gift" and pending["by"] == "A"
    assert pending["rule"] == "gift-opponent-takes-one"
    assert sorted({p["move"] for p in pending["picks"]}) == sorted(state["legal"])
    for pick in pending["picks"]:
        assert f'data-part="{pick["part"]}" data-choice="{pick["move"]}"' in state["board"]
    after = ok(session.play(record, pending["picks"][0]["move"], EN, "B"))
    assert Record.loads(after["record"]).replay().phase.name == "ACTION"


def test_an_illegal_move_is_refused_with_its_rule_in_the_pages_language() -> None:
    record = ok(session.new_game("emperors4", 1))["record"]
    game = Record.loads(record).replay()
    missing = next(g for g in range(1, 8) if g not in game.hand("A"))
    for lang in ("en", "fr", "ja", "id"):
        answer = session.play(record, f"S{missing}", UI[lang], "A")
        error = answer["error"]
        assert error["kind"] == "illegal" and error["rule"] == "actions-cards-from-hand"
        assert error["message"] == UI[lang]["play.illegal.actions-cards-from-hand"]
    wrong_turn = session.play(record, str(game.legal_actions()[0]), EN, "B")["error"]
    assert wrong_turn["rule"] == "actions-turn-order"
    assert session.play(record, "X9", EN, "A")["error"]["kind"] == "notation"
    game.apply(game.legal_actions()[0])  # A's Secret
    game.apply(game.legal_actions()[0])  # B's Secret
    used = session.dump(Record.from_game(game))
    again = session.play(used, f"S{game.hand('A')[0]}", EN, "A")
    assert again["error"]["rule"] == "actions-marker-once"


def test_a_record_with_an_illegal_move_is_refused_naming_the_move_and_rule() -> None:
    record = json.loads(ok(session.new_game("emperors4", 1))["record"])
    game = Record.from_json(record).replay()
    missing = next(g for g in range(1, 8) if g not in game.hand("A"))
    record["moves"].append(f"S{missing}")
    answer = session.load(json.dumps(record), UI["fr"])
    error = answer["error"]
    assert error["path"] == "$.moves[1]" and error["rule"] == "actions-cards-from-hand"
    assert "$.moves[1]" in error["message"] and "2" in error["message"]
    assert UI["fr"]["play.illegal.actions-cards-from-hand"] in error["message"]


@pytest.mark.parametrize(("text", "kind", "path"), [
    ("not json {", "json", "line 1 column 1"),
    ("[1, 2]", "record", "$"),
    ('{"format": "chess", "version": 1, "edition": "emperors4", "moves": []}', "record",
     "$.format"),
    ('{"format": "hanamikoji-record", "version": 1, "edition": "go", "moves": []}', "record",
     "$.edition"),
    ('{"format": "hanamikoji-record", "version": 1, "edition": "kosmos", "moves": ["Q1"]}',
     "record", "$.moves[0]"),
    ('{"format": "hanamikoji-record", "version": 1, "edition": "kosmos", "moves": 3}',
     "record", "$.moves"),
    ("[" * 50_000 + "]" * 50_000, "json", None),
    (" " * 200_001, "size", None),
])
def test_damaged_records_are_refused_with_their_json_path(text: str, kind: str,
                                                          path: str | None) -> None:
    error = session.load(text, UI["ja"])["error"]
    assert error["kind"] == kind and error["path"] == path
    assert error["message"] and not error["message"].startswith("play.")


def test_a_forged_record_dealing_impossible_cards_is_refused() -> None:
    # Eight cards of geisha 7 (she has five): no deck holds them.
    forged = {"format": "hanamikoji-record", "version": 1, "edition": "emperors4",
              "moves": ["D" + "7" * 8 + "1122334455566" ]}
    error = session.load(json.dumps(forged), EN)["error"]
    assert error["path"] == "$.moves[0]" and error["kind"] == "record"
    # A start position with a hand of 12 cards.
    forged = {"format": "hanamikoji-record", "version": 1, "edition": "emperors4",
              "start": {"round": 1, "starting": "A", "favors": ".......",
                        "hands": {"A": "111222333444"}}, "moves": []}
    error = session.load(json.dumps(forged), EN)["error"]
    assert error["path"].startswith("$.start")


def test_a_share_link_round_trips_and_damaged_links_are_refused() -> None:
    record = play_out("emperors4-3-rounds", seed=5)
    fragment = session.link(record, 9)
    assert re.fullmatch(r"record=[A-Za-z0-9_-]+&step=9", fragment)
    opened = ok(session.open_link("#" + fragment, EN))
    assert opened["step"] == 9 and Record.loads(opened["record"]) == Record.loads(record)
    assert ok(session.open_link(session.link(record), EN))["step"] is None
    # The agreed format: base64url, no padding, of the record's UTF-8 JSON text.
    data = base64.urlsafe_b64decode(fragment[7:fragment.index("&")] + "==")
    assert Record.loads(data.decode()) == Record.loads(record)
    moves = len(Record.loads(record).moves)
    for damaged in (fragment[:40], fragment.replace("record=", "record=!"), "record=",
                    "step=3", session.link(record, moves + 1), fragment + "&record=x",
                    session.link(record.replace('"version":1', '"version":2'))):
        error = session.open_link(damaged, UI["id"])["error"]
        assert error["kind"] == "link" and error["message"], damaged
        assert not error["message"].startswith("play.")


def test_step_of_moves_points_at_the_scoring_when_a_move_ended_the_round() -> None:
    record = play_out("emperors4", seed=4)
    steps = [s.to_json() for s in timeline(Record.loads(record))]
    scoring = next(i for i, s in enumerate(steps) if s["kind"] == "scoring")
    moves_then = sum(1 for s in steps[: scoring + 1] if s["move"] is not None)
    assert ok(session.step_of_moves(record, moves_then))["step"] == scoring
    assert ok(session.step_of_moves(record, 0))["step"] == 0


def test_replay_draws_every_step_with_its_words() -> None:
    record = play_out("kosmos", seed=3)
    answer = ok(session.replay(record, UI["ja"]))
    steps = timeline(Record.loads(record))
    assert len(answer["boards"]) == len(answer["steps"]) == len(steps)
    assert all(b.startswith('<div class="rs-board"') for b in answer["boards"])
    assert answer["outcome_rule"] and answer["outcome"]
    assert [s["rule"] for s in answer["steps"]][:2] == ["setup-starting-player", "deal-hands"]


def test_the_card_drawn_this_turn_is_pointed_out() -> None:
    game = Game(seed=13)
    game.deal()
    next_draw = game.draw_pile[0]  # B draws it when A's turn ends
    game.apply(game.legal_actions()[0])
    record = session.dump(Record.from_game(game))
    state = ok(session.position(record, EN, viewer="B"))
    drawn = state["drawn"]
    assert drawn["card"] == next_draw and state["hand"][drawn["index"]] == next_draw
    assert drawn["rule"] == "actions-draw-first"
    assert f'class="hk-card hk-g{next_draw} rs-hl" data-part="hand-B-{drawn["index"]}"' in \
        state["board"]
    # Not the other seat's business, nor an answer to an offer.
    assert ok(session.position(record, EN, viewer="A"))["drawn"] is None


@pytest.mark.parametrize(("edition", "seed", "limit_rule"), [
    ("emperors4-3-rounds", 7, "edition-emperors4-limit"), ("kosmos", 7, "edition-kosmos-limit")])
def test_refusals_cite_the_rule_that_states_the_broken_fact(edition: str, seed: int,
                                                            limit_rule: str) -> None:
    """A deal during a round breaks the one-deal rule (4.1); a pick sent by the Gift's giver
    is refused with the rule that the receiver chooses (9.2); a deal after the end cites
    what ended the game: a goal (14.3) or the edition's round limit."""
    record = ok(session.new_game(edition, seed))["record"]
    assert session.deal(record, seed)["error"]["rule"] == "round-phase-order"
    game = Record.loads(record).replay()
    gift = next(m for m in game.legal_actions() if str(m).startswith("G"))
    game.apply(gift)
    offered = session.dump(Record.from_game(game))
    refused = session.play(offered, f"P{str(gift)[1]}", EN, "A")["error"]
    assert refused["kind"] == "turn" and refused["rule"] == "gift-opponent-takes-one"
    won = Record.loads(play_out(edition, seed)).replay()  # these games end at a goal
    assert won.outcome is not None and not won.outcome.reason.value.startswith("limit-")
    assert session.deal(session.dump(Record.from_game(won)), seed)["error"]["rule"] == \
        "end-immediately"
    # the last turn of round 3, nobody reaching a goal (the ex-round-limit-optional position)
    limit = Game.from_position(
        edition=edition, round_number=3, favors="A.....B", used={"A": "STGC", "B": "TGC"},
        table={"A": "1223457", "B": "1345667"}, secrets={"A": 4},
        tradeoffs={"A": "77", "B": "56"}, hands={"B": "6"})
    limit.apply("S6")
    assert limit.outcome is not None and limit.outcome.reason.value.startswith("limit-")
    assert session.deal(session.dump(Record.from_game(limit)), seed)["error"]["rule"] == \
        limit_rule
def test_the_viewers_own_side_is_drawn_nearest_them_as_player_b_too() -> None:
    record = ok(session.new_game("emperors4", 8))["record"]
    for viewer, near, far in (("A", "A", "B"), ("B", "B", "A"), (None, "A", "B")):
        html = ok(session.position(record, EN, viewer=viewer))["board"]
        # The far side first, the geishas, then the near side with the hand at the bottom.
        assert html.index(f'data-part="side-{far}"') < html.index('data-part="row"') \
            < html.index(f'data-part="side-{near}"'), viewer
        column = re.search(r'data-part="geisha-1".*?</div></div>', html, re.S)
        assert column is not None
        assert column.group(0).index(f"hk-items-{far}") < column.group(0).index("hk-geisha")
        assert f"hk-side hk-side-{near} hk-near" in html and f"hk-side-{far} hk-far" in html


def test_the_engines_last_move_is_marked_on_the_board() -> None:
    game = Game(seed=13)
    game.deal()
    gift = next(m for m in game.legal_actions() if str(m).startswith("G"))
    game.apply(gift)  # A offers a Gift: B, to answer it, sees the offer and A's marker marked
    record = session.dump(Record.from_game(game))
    board = ok(session.position(record, EN, viewer="B"))["board"]
    assert re.search(r'class="hk-offer rs-hl" data-part="offer"', board)
    assert re.search(r'class="hk-marker hk-used rs-hl" data-part="marker-A-G"', board)
    # A's own move is not pointed out to A, and B's answer is marked for A: the items taken.
    assert "rs-hl" not in ok(session.position(record, EN, viewer="A"))["board"]
    pick = game.legal_actions()[0]
    game.apply(pick)
    after = ok(session.position(session.dump(Record.from_game(game)), EN, viewer="A"))["board"]
    marked = set(re.findall(r'rs-hl" data-part="([A-Za-z0-9-]+)"', after))
    taken = {int(c) for c in str(pick)[1:]}
    assert {f"items-B-{g}" for g in taken} <= marked
    assert all(m.startswith(("items-", "hand-A-")) for m in marked), marked


def test_the_action_buttons_say_how_many_cards_each_marker_takes() -> None:
    # panel.js labels each marker button with play.marker_cards.L: the count the engine uses.
    for lang, ui in UI.items():
        for letter, (count, _rule) in session.MARKERS.items():
            label = ui[f"play.marker_cards.{letter}"]
            assert re.findall(r"\d+", label) == [str(count)], (lang, letter, label)


def waiting_for_answer(kind: str, human: str) -> str:
    """A game stopped where ``human`` must answer the engine's ``kind`` offer."""
    for seed in range(200):
        record = ok(session.new_game("emperors4", seed))["record"]
        for _ in range(60):
            state = ok(session.position(record, EN, viewer=human))
            if state["outcome"]:
                break
            if state["pending"] and state["to_move"] == human:
                if state["pending"]["kind"] == kind:
                    return record
                record = ok(session.play(record, state["legal"][0], EN, human))["record"]
            elif state["deal_due"]:
                record = ok(session.deal(record, seed))["record"]
            elif state["to_move"] == human:
                record = ok(session.play(record, state["legal"][0], EN, human))["record"]
            else:
                record = ok(session.opponent(record, "easy", seed, timed=False))["record"]
    raise AssertionError(f"no {kind} to answer in 200 games")


@pytest.mark.parametrize("kind", ["gift", "competition"])
@pytest.mark.parametrize("lang", ["en", "fr", "ja", "id"])
def test_a_resumed_game_answers_the_offer_it_stopped_at(kind: str, lang: str) -> None:
    # A saved game (a concealed record) can start between an offer and its answer: its
    # timeline has no offer step, yet the answer's words still say what the offerer kept.
    human = "B"
    played = waiting_for_answer(kind, human)
    # The same position as a game set up there (its record starts at the offer): a saved game
    # of that kind keeps its position only, not the offer's step.
    game = Record.loads(played).replay()
    record = json.dumps({"format": session.FORMAT, "version": session.VERSION,
                         "edition": game.edition.value, "start": game.position().to_json(),
                         "moves": []})
    saved = ok(session.position(record, UI[lang], viewer=human))["concealed"]
    resumed = ok(session.load(saved, UI[lang]))["record"]
    state = ok(session.position(resumed, UI[lang], viewer=human))
    assert state["pending"]["kind"] == kind and len(state["steps"]) == 1
    answer = state["legal"][0]
    after = ok(session.position(ok(session.play(resumed, answer, UI[lang], human))["record"],
                                UI[lang], viewer=human))
    words = after["steps"][1]["html"]
    offer = game.pending
    assert offer is not None
    kept = list(offer.cards) if kind == "gift" else [list(p) for p in offer.pairs]
    taken = [int(c) for c in answer[1:] if c.isdigit()]
    if kind == "gift":
        kept.remove(taken[0])
    else:
        kept = [p for p in kept if p != sorted(taken)]
    shown = [int(n) for n in re.findall(r'class="hk-chip hk-g\d">(\d)<', words)]
    assert sorted(shown) == sorted(taken + [c for k in kept for c in
                                            (k if isinstance(k, list) else [k])]), words
