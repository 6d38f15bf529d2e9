"""The command line, ``python -m hanamikoji``: play, simulate and replay.

Every test but one calls ``main([...])`` in-process with a scripted stdin, so the suite is
fast and also runs inside Pyodide (no subprocesses there).
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

import hanamikoji
from hanamikoji import (
    Game,
    MCTSPlayer,
    Move,
    Player,
    RandomPlayer,
    Record,
    View,
    play,
)
from hanamikoji.__main__ import main
from hanamikoji._cli import PlaySession, Progress

PROMPT = "Your choice ("
OPTION = re.compile(r"(?<![\w-])\d+ ([STGCP][1-7]+(?:-[1-7]{2})?)(?![\w-])")


class Keyboard:
    """A stdin that answers each prompt from what the program printed so far.

    ``answer(screen, count)`` gets the output since the previous prompt and how many
    prompts came before; it returns the line to type, or ``None`` for end of input.
    """

    def __init__(
        self,
        capsys: pytest.CaptureFixture[str],
        answer: Callable[[str, int], str | None],
    ) -> None:
        self._capsys = capsys
        self._answer = answer
        self.out: list[str] = []
        self.err: list[str] = []
        self.prompts = 0

    def isatty(self) -> bool:
        return False

    def readline(self) -> str:
        captured = self._capsys.readouterr()
        self.out.append(captured.out)
        self.err.append(captured.err)
        line = self._answer(captured.out, self.prompts)
        self.prompts += 1
        return "" if line is None else line + "\n"

    def transcript(self, capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
        captured = capsys.readouterr()
        return "".join(self.out) + captured.out, "".join(self.err) + captured.err


def _play(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: Sequence[str],
    answer: Callable[[str, int], str | None],
) -> tuple[int, str, str, Keyboard]:
    keyboard = Keyboard(capsys, answer)
    monkeypatch.setattr(sys, "stdin", keyboard)
    code = main(["play", *args])
    out, err = keyboard.transcript(capsys)
    return code, out, err, keyboard


def _always_first(screen: str, count: int) -> str:
    return "1"


def _record_file(tmp_path: Path, seed: int = 11) -> tuple[Path, Game]:
    game = Game(seed=seed)
    play(game, (RandomPlayer(seed=1), RandomPlayer(seed=2)))
    path = tmp_path / "game.json"
    path.write_text(game.record().dumps(), encoding="utf-8")
    return path, game


def _lines_fit(text: str, *, but: str = "\0") -> None:
    """Every line fits in 80 columns (except those naming ``but``, a long file name)."""
    long = [line for line in text.splitlines() if len(line) > 79 and but not in line]
    assert not long, long


# ---------------------------------------------------------------------------- global


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"hanamikoji {hanamikoji.__version__}"


def test_a_command_is_required(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    captured = capsys.readouterr()
    assert "required" in captured.err and "Traceback" not in captured.err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "--players", "random"], "two players separated by a comma"),
        (["simulate", "--players", "random,clever"], "'clever' is not a player"),
        (["simulate", "--games", "0"], "0 is not at least 1"),
        (["play", "--edition", "chess"], "invalid choice: 'chess'"),
        (["play", "--save", "/no/such/folder/game.json"], "folder /no/such/folder does not"),
        (["replay", "/no/such/record.json"], "cannot read /no/such/record.json"),
    ],
)
def test_user_errors_are_one_message_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(args) == 2
    captured = capsys.readouterr()
    assert message in captured.err
    assert "Traceback" not in captured.err and captured.out == ""


@pytest.mark.cpython_only
def test_python_dash_m_runs_the_command_line() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "hanamikoji", "--version"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"hanamikoji {hanamikoji.__version__}"


# ---------------------------------------------------------------------------- simulate


def _simulate_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["simulate", "--json", "--quiet", *args]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""  # --quiet: no progress
    data: dict[str, Any] = json.loads(captured.out)
    return data


def test_simulate_json_is_deterministic_given_the_seed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ("--games", "30", "--seed", "7", "--players", "random,greedy")
    first = _simulate_json(capsys, *args)
    second = _simulate_json(capsys, *args)
    other = _simulate_json(capsys, "--games", "30", "--seed", "8", "--players", "random,greedy")
    for data in (first, second, other):
        timing = data.pop("timing")
        assert isinstance(timing, dict) and timing["seconds"] >= 0
    assert first == second
    assert first != other
    assert first["seed"] == 7 and first["games"] == 30 and first["edition"] == "emperors4"


def test_simulate_counts_add_up(capsys: pytest.CaptureFixture[str]) -> None:
    data = _simulate_json(capsys, "--games", "40", "--seed", "3", "--players", "greedy,random")
    players = data["players"]
    reasons = data["reasons"]
    assert isinstance(players, list) and isinstance(reasons, dict)
    assert [p["name"] for p in players] == ["greedy", "random"]
    for p in players:
        assert p["wins"] == p["wins_as_A"] + p["wins_as_B"]
    decided = sum(p["wins"] for p in players) + data["shared"] + data["no_winner"]
    assert decided == 40
    assert sum(reasons.values()) == 40
    assert set(reasons) == {reason.value for reason in hanamikoji.Reason}
    # The standard rules have no round limit: no game ends by a limit.
    assert all(n == 0 for key, n in reasons.items() if key.startswith("limit-"))
    rounds = data["rounds"]
    assert isinstance(rounds, dict) and 1 <= rounds["average"] <= rounds["max"]


def test_simulate_kosmos_ends_by_round_three(capsys: pytest.CaptureFixture[str]) -> None:
    data = _simulate_json(
        capsys, "--games", "60", "--seed", "5", "--edition", "kosmos", "--players", "random,random"
    )
    reasons = data["reasons"]
    rounds = data["rounds"]
    assert isinstance(reasons, dict) and isinstance(rounds, dict)
    assert rounds["max"] <= 3
    # Kosmos never shares a victory and never breaks a tie by geishas.
    assert reasons["limit-shared"] == reasons["limit-more-geishas"] == data["shared"] == 0
    assert reasons["limit-more-charm"] > 0
    assert data["no_winner"] == reasons["limit-no-winner"]


def test_simulate_fixed_seats_give_player_1_seat_a(capsys: pytest.CaptureFixture[str]) -> None:
    data = _simulate_json(capsys, "--games", "20", "--seed", "1", "--fixed-seats")
    players = data["players"]
    assert isinstance(players, list)
    assert data["seats"] == "fixed"
    assert players[0]["wins_as_B"] == players[1]["wins_as_A"] == 0


def test_simulate_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "12", "--seed", "4", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("12 games · EmperorS4 · seed 4\n")
    assert re.search(r"^player 1: random +\d+ ", out, re.M)
    assert re.search(r"^player 2: greedy +\d+ ", out, re.M)
    assert "Rounds per game:" in out and "games per second" in out
    _lines_fit(out)


class _Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_on_a_terminal_is_one_updating_line() -> None:
    clock, stream = _Clock(), _Terminal()
    progress = Progress(64, stream, clock=clock)
    for done in range(1, 65):
        clock.now += 1 / 32  # 32 games per second: a line every 16 games (0.5 s)
        progress.update(done)
    progress.finish()
    assert stream.getvalue() == (
        "\r16/64 games (25%), 32 games/s, about 2 s left"
        "\r32/64 games (50%), 32 games/s, about 1 s left"
        "\r48/64 games (75%), 32 games/s, about 1 s left"
        "\r"
        + "64/64 games (100%), 32 games/s".ljust(
            len("48/64 games (75%), 32 games/s, about 1 s left")
        )
        + "\r"
        + " " * len("64/64 games (100%), 32 games/s")
        + "\r"
    )


def test_progress_elsewhere_is_a_few_lines_and_nothing_for_short_runs() -> None:
    clock, stream = _Clock(), io.StringIO()
    progress = Progress(8, stream, clock=clock)
    for done in range(1, 9):
        clock.now += 0.5
        progress.update(done)
    progress.finish()
    assert stream.getvalue().splitlines() == [
        "2/8 games (25%), 2 games/s, about 3 s left",
        "4/8 games (50%), 2 games/s, about 2 s left",
        "6/8 games (75%), 2 games/s, about 1 s left",
        "8/8 games (100%), 2 games/s",
    ]
    clock, stream = _Clock(), io.StringIO()
    quick = Progress(8, stream, clock=clock)
    for done in range(1, 9):
        clock.now += 0.01
        quick.update(done)
    quick.finish()
    assert stream.getvalue() == ""


# ---------------------------------------------------------------------------- replay


def test_replay_shows_every_step_and_the_outcome(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, game = _record_file(tmp_path)
    total = len(game.moves)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    titles = re.findall(r"^-- Step (\d+)/(\d+) ", out, re.M)
    assert [int(step) for step, _ in titles] == list(range(total + 1))
    assert {int(n) for _, n in titles} == {total}
    assert out.count("scoring") == 0 and out.count("Secrets revealed") == len(game.rounds)
    outcome = game.outcome
    assert outcome is not None and outcome.winner is not None
    assert f"{outcome.winner} wins!" in out
    assert f"Game over after round {outcome.round_number}" in out
    _lines_fit(out)


def test_replay_one_step(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path, game = _record_file(tmp_path)
    assert main(["replay", str(path), "--step", "5"]) == 0
    out = capsys.readouterr().out
    assert re.findall(r"^-- Step (\d+)/", out, re.M) == ["5"]
    after = Record.from_game(game).replay(5)
    for p in Player:
        assert f"{p}: hand {''.join(map(str, after.hand(p)))} " in out
    assert "Game over" not in out


def test_replay_json_states_match_the_engine(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, game = _record_file(tmp_path)
    record = game.record()
    assert main(["replay", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    steps = data["steps"]
    assert len(steps) == len(game.moves) + 1 == data["moves"] + 1
    assert [s["move"] for s in steps] == [None, *map(str, game.moves)]
    assert game.outcome is not None and data["outcome"] == game.outcome.to_json()
    for state in steps:
        expected = record.replay(state["step"])
        assert state["phase"] == expected.phase.name.lower()
        if state["hands"] is not None:
            assert state["hands"] == {p.name: "".join(map(str, expected.hand(p))) for p in Player}
    assert sum(1 for s in steps if s["scoring"]) == len(game.rounds)
    assert main(["replay", str(path), "--json", "--step", "-1"]) == 0
    assert json.loads(capsys.readouterr().out) == steps[-1]


def test_replay_of_a_game_set_up_from_a_position(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = Game.from_position(
        favors="AA...A.",
        used={"A": "STG", "B": "STG"},
        hands={"A": "4567", "B": "467"},
        table={"A": "126", "B": "127"},
        secrets={"A": 7, "B": 5},
        tradeoffs={"A": "34", "B": "36"},
        seed=1,
    )
    play(game, (RandomPlayer(seed=3), RandomPlayer(seed=4)))
    path = tmp_path / "position.json"
    path.write_text(game.record().dumps(), encoding="utf-8")
    assert main(["replay", str(path), "--step", "0"]) == 0
    out = capsys.readouterr().out
    assert "A: hand 4567 · Secret 7 · Trade-off 34 · used STG" in out


def test_replay_of_an_unfinished_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    game = Game(seed=2, auto_deal=True)
    game.apply(game.legal_actions()[0])
    path = tmp_path / "short.json"
    path.write_text(game.record().dumps(), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    assert "End of record: the game goes on (round 1)" in capsys.readouterr().out
    assert main(["replay", str(path), "--step", "3"]) == 2
    assert "--step 3: the record has steps 0 to 2" in capsys.readouterr().err


def test_replay_of_a_damaged_record_lists_every_problem(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "damaged.json"
    path.write_text(
        json.dumps(
            {
                "format": "hanamikoji-record",
                "version": 9,
                "edition": "emperors4",
                "moves": ["S9", "Q1"],
                "comment": "",
            }
        ),
        encoding="utf-8",
    )
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err
    assert f"{path}: damaged record, 4 problems:" in captured.err
    for where in ("$.comment", "$.version", "$.moves[0]", "$.moves[1]"):
        assert f"\n  {where}: " in captured.err


def test_replay_names_the_rule_an_illegal_move_breaks(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = Game(seed=2, auto_deal=True)
    for _ in range(2):  # A and B each play their first option, a Secret
        game.apply(game.legal_actions()[0])
    again = f"S{game.hand(Player.A)[0]}"  # A's second Secret
    data = game.record().to_json()
    data["moves"] = [*data["moves"], again]  # type: ignore[misc]
    path = tmp_path / "twice.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "damaged record, 1 problem:\n" in err
    assert f"  $.moves[3]: {again}: player A has already used the Secret marker" in err
    assert err.rstrip().endswith("[rule actions-marker-once]")


def test_replay_of_text_that_is_not_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format":\n', encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert "  line 2 column 1: Expecting value" in capsys.readouterr().err


# ---------------------------------------------------------------------------- play


def test_play_to_the_end_with_numbers_notation_and_a_mistake(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    typed: list[str] = []
    screens: list[str] = []

    def answer(screen: str, count: int) -> str:
        screens.append(screen)
        if count == 0:
            line = "S9"  # not a card: re-prompted with the engine's message
        elif count == 1:
            line = OPTION.findall("".join(screens))[-1]  # a decision typed in notation
        elif "C12-34" not in typed and ", a move like P" not in screen.splitlines()[-1]:
            # At the next action (not an answer to the opponent's offer, which depends on
            # how it plays): well formed, but the Competition marker is used.
            line = "C12-34"
        else:
            line = "1"  # by number
        typed.append(line)
        return line

    save = tmp_path / "played.json"
    code, out, err, _ = _play(capsys, monkeypatch, ["--seed", "42", "--save", str(save)], answer)
    assert code == 0, err
    assert err == ""
    notation = typed[1]
    assert notation.startswith("C")  # the last option listed is a Competition
    # The mistake is reported with the engine's message, then the same question again.
    assert re.search(
        r"\): S9\n  Not possible: 'S9': '9' at position 2 is not a card[^\n]*\nYour choice \(",
        out,
    )
    assert f"): {notation}\nYou offer a Competition: " in out
    assert f"({notation}).\n" in out
    assert re.search(
        r"\): C12-34\n  Not possible: C12-34: [^\[]*Competition marker[^\[]*"
        r"\[rule\s+actions-marker-once\]",
        out,
    )
    # The record saved at the end holds the typed decision and replays to the same end.
    record = Record.load(save)
    assert notation in map(str, record.moves)
    outcome = record.replay().outcome
    assert outcome is not None
    assert f"== Game over after round {outcome.round_number} " in out
    assert outcome.winner is not None
    assert ("You win!" if outcome.winner is Player.A else "MCTS wins!") in out
    assert out.count("Secrets revealed:") == len(record.replay().rounds)
    assert f"Game record saved to {save}." in out
    _lines_fit(out, but=str(save))


def test_play_is_deterministic_given_the_seed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["--seed", "9", "--opponent", "random", "--edition", "kosmos", "--as", "B"]
    first = _play(capsys, monkeypatch, args, _always_first)
    second = _play(capsys, monkeypatch, args, _always_first)
    assert first[0] == second[0] == 0
    assert first[1] == second[1]
    out = first[1]
    assert "you are B against Random" in out
    assert ("Geishas: 1 Ayane, 2 Iroha*, 3 Tomoyo*, 4 Yoko*, 5 Chiharu*, 6 Anju*, 7 Ruri* "
            "(*: a reading the rulebook does not settle)") in out
    assert "== Round 1 of 3 · Random starts ==" in out
    assert "Random (A)" in out and "You (B)" in out


def test_play_never_prints_the_opponents_hidden_cards(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    code, out, _, _ = _play(
        capsys, monkeypatch, ["--seed", "3", "--save", str(save)], _always_first
    )
    assert code == 0
    game = Record.load(save).replay()
    # What is said about the opponent: a number of cards and the markers used, nothing more.
    about = [line for line in out.splitlines() if line.startswith("MCTS:")]
    assert about
    for line in about:
        assert re.fullmatch(
            r"MCTS: \d+ cards? in hand · used (none|[A-Z][a-z-]+(, [A-Z][a-z-]+)*)", line
        ), line
    # The opponent's Secret and Trade-off show as S? and T??, once per round each.
    rounds = len(game.rounds)
    assert out.count("MCTS plays Secret: one card face down (S?).") == rounds
    assert out.count("MCTS plays Trade-off: two cards face down (T??).") == rounds
    assert not re.search(r"MCTS plays (Secret|Trade-off): card", out)
    # The removed card and the draw pile's order are never named.
    assert "removed " not in out.replace("removed unseen", "")
    assert "top first" not in out


class _FirstChoice:
    """An opponent that always takes the first legal decision."""

    def choose(self, view: View, legal: Sequence[Move]) -> Move:
        return legal[0]


def _session_output(opponent_hidden: dict[str, object], typed: list[str]) -> str:
    """Play from a mid-round position where A (the person) sees the same things whatever
    B's hidden cards are; return everything printed until the input runs out."""
    game = Game.from_position(
        used={"A": "ST", "B": "GC"},
        hands={"A": "445566", "B": opponent_hidden["hand"]},  # type: ignore[dict-item]
        table={"A": "377", "B": "1267"},
        secrets={"A": 7},
        tradeoffs={"A": "12"},
        removed=opponent_hidden["removed"],  # type: ignore[arg-type]
        draw_pile=opponent_hidden["pile"],  # type: ignore[arg-type]
        seed=5,
    )
    out = io.StringIO()
    answers = iter(typed)

    def read(prompt: str) -> str:
        out.write(prompt)
        line = next(answers, None)
        if line is None:
            raise EOFError
        out.write(line + "\n")
        return line

    session = PlaySession(game, Player.A, _FirstChoice(), "Bot", read=read, out=out)
    with contextlib.suppress(EOFError):  # when round 2 needs more input than given
        session.run()
    return out.getvalue()


def test_play_output_is_the_same_whatever_the_opponent_hides() -> None:
    # Same for A: A's cards, the table, and the card A draws (the middle one of the pile).
    # Different for B: B's hand, the removed card, B's draws, so B's Secret and Trade-off.
    one = _session_output({"hand": "3", "removed": 4, "pile": "657"}, ["G456", "1"])
    two = _session_output({"hand": "7", "removed": 6, "pile": "453"}, ["G456", "1"])
    before_one, scoring_one = one.split("-- Round 1 scoring")
    before_two, scoring_two = two.split("-- Round 1 scoring")
    assert before_one == before_two
    assert "Bot plays Secret: one card face down (S?)." in before_one
    assert "Bot plays Trade-off: two cards face down (T??)." in before_one
    assert "You draw 5." in before_one
    # Scoring reveals the Secrets (3 in one game, 4 in the other), never the Trade-offs.
    assert "Secrets revealed: you 7, Bot 3\n" in scoring_one
    assert "Secrets revealed: you 7, Bot 4\n" in scoring_two


def test_end_of_input_leaves_the_game_unfinished(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    save = tmp_path / "partial.json"

    def answer(screen: str, count: int) -> str | None:
        return "1" if count < 3 else None

    code, _, err, keyboard = _play(
        capsys, monkeypatch, ["--seed", "1", "--save", str(save)], answer
    )
    assert code == 1
    assert keyboard.prompts == 4
    assert "End of input: game left unfinished in round 1." in err
    assert f"Game record saved to {save}." in err
    assert "Traceback" not in err
    record = Record.load(save)  # the game so far, replayable
    assert record.replay().outcome is None and len(record.moves) >= 4


def test_ctrl_c_quits_with_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def answer(screen: str, count: int) -> str:
        if count == 1:
            raise KeyboardInterrupt
        return "1"

    code, _, err, _ = _play(capsys, monkeypatch, ["--seed", "1"], answer)
    assert code == 130
    assert "Interrupted: game left unfinished in round 1." in err


def test_quit_and_help(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    answers = iter(["?", "b", "quit"])

    def answer(screen: str, count: int) -> str:
        return next(answers)

    code, out, err, _ = _play(capsys, monkeypatch, ["--seed", "1"], answer)
    assert code == 1
    assert "C12-67  Competition: offer the pairs 1 2 and 6 7;" in out
    assert out.count("your markers left:") == 2  # the board, then shown again by "b"
    assert "You quit: game left unfinished in round 1." in err
    _lines_fit(out)


def test_a_number_out_of_range_is_re_prompted(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = iter(["500", "", "1"])

    def answer(screen: str, count: int) -> str | None:
        return next(answers, None)

    code, out, _, keyboard = _play(capsys, monkeypatch, ["--seed", "1"], answer)
    assert code == 1 and keyboard.prompts == 4
    assert re.search(r"  Not possible: 500 is not a choice: type a number 1 to \d+\n", out)
    assert "  Not possible: type a number from 1 to" in out
    assert "You play Secret: card " in out


def test_play_offers_the_search_opponents() -> None:
    from hanamikoji._cli import build_parser
    from hanamikoji._cli.common import AGENTS

    parser = build_parser()
    assert parser.parse_args(["play"]).opponent == "mcts"
    assert parser.parse_args(["play", "--opponent", "strong"]).opponent == "strong"
    strong = AGENTS["strong"](1)
    assert isinstance(strong, MCTSPlayer) and strong.iterations == MCTSPlayer.STRONG_ITERATIONS
