"""The public API as a user writes against it: the README's code, legal actions of a hand,
outcomes, positions at every phase, deals as digits, views."""

from __future__ import annotations

import contextlib
import io
import random
import re
from pathlib import Path

import pytest
from engine_support import A, B

from hanamikoji import (
    Deal,
    Edition,
    Game,
    Marker,
    NotationError,
    Outcome,
    Phase,
    Position,
    RandomPlayer,
    Reason,
    Record,
    View,
    legal_actions,
    play,
)

README = Path(__file__).resolve().parents[2] / "README.md"


def readme_section(title: str) -> str:
    text = README.read_text(encoding="utf-8")
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## )", text, re.S | re.M)
    assert match, f"README has no section {title!r}"
    return match.group(1)


def test_readme_engine_code_runs_as_written() -> None:
    section = readme_section("The engine in ten lines")
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert blocks, "the section has no Python code"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for code in blocks:
            exec(compile(code, str(README), "exec"), {})
    printed = out.getvalue()
    assert re.search(r"(A|B) wins|shared victory|no winner", printed)
    assert Record.loads(printed[printed.index("{") :]).replay().is_over()


def test_readme_step_by_step_names_real_api() -> None:
    # Each call the step-by-step sentence names exists and does what it says.
    section = readme_section("The engine in ten lines")
    for call in ("game.deal()", "game.legal_actions()", 'game.view("B")', "Game.from_position(",
                 "game.position()", 'legal_actions("4467", used="STC")'):  # fmt: skip
        assert call in section, call
    game = Game(seed=4)
    game.deal()
    first = game.legal_actions()[0]
    game.apply(str(first))
    view = game.view("B")
    assert isinstance(view, View) and view.player is B and view.hand == game.hand(B)
    assert view.legal_actions() == game.legal_actions()
    assert game.position().hands[1] == view.hand
    assert [str(a) for a in legal_actions("4467", used="STC")] == ["G446", "G447", "G467"]


# ---------------------------------------------------------------------------- legal actions


def test_legal_actions_of_a_hand_match_the_game() -> None:
    rng = random.Random(5)
    checked = 0
    for seed in range(30):
        game = Game(Edition.KOSMOS, seed=seed, auto_deal=True)
        while not game.is_over():
            if game.phase is Phase.ACTION:
                p = game.to_move
                assert p is not None
                used = game.used_markers(p)
                assert legal_actions(game.hand(p), used) == game.legal_actions()
                assert legal_actions("".join(map(str, game.hand(p))), used.letters) == (
                    game.legal_actions()
                )
                checked += 1
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
    assert checked > 200


def test_legal_actions_of_a_hand_examples() -> None:
    assert [str(a) for a in legal_actions("77", "GC")] == ["S7", "T77"]
    assert legal_actions("", "") == ()
    assert legal_actions("1234567", Marker.SECRET | Marker.TRADE_OFF | Marker.GIFT)[0].marker == 8
    assert len(legal_actions("1234567")) == 7 + 21 + 35 + 35 * 3


@pytest.mark.parametrize(
    ("hand", "used", "fragment"),
    [("128", "", "'8'"), ([1, 1, 1], "", "3 cards of geisha 1"), ("12", "SX", "'X'")],
)
def test_legal_actions_of_a_bad_hand(hand: object, used: str, fragment: str) -> None:
    with pytest.raises(NotationError, match=re.escape(fragment)):
        legal_actions(hand, used)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- outcomes


@pytest.mark.parametrize(
    ("winners", "single", "shared", "nobody"),
    [((A,), A, False, False), ((A, B), None, True, False), ((), None, False, True)],
)
def test_outcome_tells_every_result_from_one_field(
    winners: tuple, single: object, shared: bool, nobody: bool
) -> None:
    outcome = Outcome(Reason.CHARM, winners, (1, 2), (3, 4), 3)
    assert (outcome.winner, outcome.shared, outcome.no_winner) == (single, shared, nobody)
    assert [outcome.winner is not None, outcome.shared, outcome.no_winner].count(True) == 1


# ---------------------------------------------------------------------------- positions


def test_position_during_a_gift_pick_reopens_at_that_pick() -> None:
    game = Game(seed=12, auto_deal=True)
    gift = next(a for a in game.legal_actions() if str(a).startswith("G"))
    game.apply(gift)
    position = game.position()
    assert position.pending == gift and game.phase is Phase.GIFT_PICK
    data = position.to_json()
    assert data["pending"] == str(gift)
    again = Record(game.edition, (), Position.from_json(data)).replay()
    assert again.phase is Phase.GIFT_PICK and again.to_move is B
    assert again.legal_actions() == game.legal_actions()
    pick = game.legal_actions()[-1]
    game.apply(pick)
    again.apply(pick)
    assert (again.table(A), again.table(B), again.hand(B), again.to_move) == (
        game.table(A), game.table(B), game.hand(B), game.to_move,
    )  # fmt: skip


def test_position_after_the_end_scores_to_the_same_outcome() -> None:
    for seed in range(20):
        game = Game(Edition.EMPERORS4_3_ROUNDS, seed=seed)
        outcome = play(game, (RandomPlayer(seed=seed), RandomPlayer(seed=seed + 1)))
        position = game.position()
        assert position.used == ("STGC", "STGC") and position.hands == ((), ())
        record = Record(game.edition, (), Position.from_json(position.to_json(), game.edition))
        again = record.replay()
        assert again.is_over() and again.outcome == outcome
        assert again.favors == game.favors
        assert Record.loads(record.dumps()).replay().outcome == outcome


# ---------------------------------------------------------------------------- deals


def test_deal_digits_parse_back() -> None:
    for seed in range(10):
        deal = Game(seed=seed).deal()
        assert len(deal.digits) == 21 and str(deal) == "D" + deal.digits
        assert Deal.from_digits(deal.digits) == deal == Deal.from_digits(str(deal))


@pytest.mark.parametrize("text", ["", "12345", "D" + "1" * 21, "77753516174564662427x"])
def test_deal_from_bad_digits(text: str) -> None:
    with pytest.raises(NotationError, match=r"Deal|not a card"):
        Deal.from_digits(text)
