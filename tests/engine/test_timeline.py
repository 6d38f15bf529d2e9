"""``timeline``: a game as steps with the board after each (what the site's examples draw)."""

from __future__ import annotations

import json
import random

from engine_support import (
    EDITIONS,
    ROUND_ONE,
    ROUND_ONE_SCORE,
    A,
    B,
    random_game,
    random_position,
    round_one,
)

from hanamikoji import Deal, Game, Record, board, timeline


def card_count(data: dict[str, object]) -> int:
    """The cards a board shows, counted once each (a revealed Secret lies among the items)."""
    players = data["players"]
    assert isinstance(players, dict)
    total = 0
    for side in players.values():
        total += len(side["hand"]) + sum(side["items"]) + len(side["tradeoff"])
        if side["secret"] is not None and not data["revealed"]:
            total += 1
    pending = data["pending"]
    total += int(data["draw_pile"]) + (data["removed"] is not None)  # type: ignore[call-overload]
    if isinstance(pending, str):
        total += len(pending.replace("-", "")) - 1
    return total


def check_timeline(game: Game) -> None:
    record = game.record()
    steps = timeline(game)
    assert timeline(record) == steps
    assert len(steps) == 1 + len(record.moves) + len(game.rounds)
    assert [s.index for s in steps] == list(range(len(steps)))
    assert steps[0].kind == "start" and steps[0].board == board(record.replay(0))
    moves = [s for s in steps if s.move is not None]
    assert tuple(s.move for s in moves) == record.moves
    scorings = [s for s in steps if s.kind == "scoring"]
    assert tuple(s.scoring for s in scorings) == game.rounds
    assert scorings[-1].outcome == game.outcome if scorings else game.outcome is None
    replay = record.replay(0)
    for step in steps[1:]:
        json.dumps(step.to_json())  # plain data
        if step.kind == "scoring":
            assert step.scoring is not None
            assert step.board["favors"] == "".join(
                p.name if p is not None else "." for p in step.scoring.favors
            )
            assert step.board["revealed"] is True
            continue
        assert step.move is not None
        actor = replay.starting_player if isinstance(step.move, Deal) else replay.to_move
        assert step.player is actor
        rounds_before = len(replay.rounds)
        replay.apply(step.move)
        if len(replay.rounds) == rounds_before:
            assert step.board == board(replay)
        if step.board["phase"] not in ("deal",):
            assert card_count(step.board) == 21, (step.index, step.kind, step.board)


def test_round_one_timeline() -> None:
    game = round_one()
    steps = timeline(game)
    kinds = [s.kind for s in steps]
    assert kinds == [
        "start", "deal",
        "gift", "gift-pick", "secret", "trade-off", "competition", "competition-pick",
        "secret", "gift", "gift-pick", "competition", "competition-pick", "trade-off",
        "scoring",
    ]  # fmt: skip
    assert [s.player for s in steps[2:14]] == [A, B, B, A, B, A, A, B, A, A, B, B]
    assert [str(s.move) for s in steps[2:14]] == ROUND_ONE
    last_move, scoring = steps[-2], steps[-1]
    assert scoring.scoring == ROUND_ONE_SCORE
    # Before the reveal the Secrets are not among the items; after it they are.
    a_before = last_move.board["players"]["A"]  # type: ignore[index]
    a_after = scoring.board["players"]["A"]  # type: ignore[index]
    assert a_before["items"][6] == 1 and a_after["items"][6] == 2
    assert last_move.board["revealed"] is False and scoring.board["revealed"] is True
    assert scoring.board["favors"] == ".B.BA.A"
    assert scoring.to_json()["scoring"] == {
        "round": 1,
        "secrets": [7, 7],
        "moved": [2, 4, 5, 7],
        "geishas": [2, 2],
        "charm": [8, 5],
    }
    check_timeline(game)


def test_timelines_of_random_games() -> None:
    for seed in range(30):
        check_timeline(random_game(seed, EDITIONS[seed % 3]))


def test_timelines_from_positions() -> None:
    rng = random.Random(8)
    for _ in range(20):
        game = Game.from_position(**random_position(rng))
        while not game.is_over():
            if game.legal_actions():
                game.apply(rng.choice(game.legal_actions()))
            else:
                game.deal()
        check_timeline(game)


def test_timeline_of_an_empty_record() -> None:
    (step,) = timeline(Record(Game().edition, ()))
    assert step.kind == "start" and step.board["phase"] == "deal"
    assert step.board["players"]["A"]["hand"] == []  # type: ignore[index]
