"""``python -m hanamikoji replay``: a game record shown step by step, as text or JSON."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from hanamikoji import (
    Competition,
    CompetitionPick,
    Game,
    Gift,
    GiftPick,
    Move,
    Phase,
    Player,
    Record,
    RecordError,
    RoundScore,
    Secret,
    TradeOff,
)
from hanamikoji._cli.board import (
    EDITION_LABELS,
    _digits,
    _grid,
    _kind,
    _outcome_lines,
    _rule,
    _score_lines,
)
from hanamikoji._cli.common import (
    EXIT_OK,
    UserError,
)
from hanamikoji._record import MAX_PROBLEMS


def _replay_rows() -> tuple[tuple[str, Player], tuple[str, Player]]:
    return (("B", Player.B), ("A", Player.A))


def _replay_board(game: Game) -> list[str]:
    """Everything on and off the table: a record hides nothing."""
    if game.phase is Phase.DEAL:
        return [f"Round {game.round_number} waits for its deal; {game.starting_player} starts."]
    lines = _grid(_replay_rows(), game.items, game.favors)
    for p in (Player.A, Player.B):
        parts = [f"hand {_digits(game.hand(p)) or '-'}"]
        secret = game.secret(p)
        if secret is not None:
            parts.append(f"Secret {secret}")
        if game.tradeoff(p):
            parts.append(f"Trade-off {_digits(game.tradeoff(p))}")
        parts.append(f"used {game.used_markers(p).letters or '-'}")
        lines.append(f"{p}: " + " · ".join(parts))
    pile = _digits(game.draw_pile)
    status = [f"removed {game.removed_card}", f"draw pile {pile or '-'} (top first)"]
    if game.pending is not None:
        status.append(f"{game.to_move} to take from {game.pending}")
    elif game.to_move is not None:
        status.append(f"{game.to_move} to move")
    lines.append(" · ".join(status))
    return lines


def _step_title(step: int, total: int, game: Game, move: Move | None, actor: Player | None) -> str:
    where = f"Step {step}/{total}"
    if move is None:
        return _rule(f"{where} · start · {EDITION_LABELS[game.edition]}")
    if isinstance(move, (GiftPick, CompetitionPick)):
        what = f"{actor} takes {move}"
    elif isinstance(move, (Secret, TradeOff, Gift, Competition)):
        what = f"{actor}: {_kind(move)} {move}"
    else:
        what = f"deal, {actor} starts"
    return _rule(f"{where} · round {_round_of(game)} · {what}")


def _round_of(game: Game) -> int:
    """The round a move belongs to (after a round's last move, the game counts the next)."""
    if game.phase is Phase.DEAL and game.rounds:
        return game.rounds[-1].round_number
    return game.round_number


def _score_json(score: RoundScore) -> dict[str, object]:
    return {
        "round": score.round_number,
        "secrets": {p.name: score.secrets[p] for p in Player},
        "items": {p.name: list(score.items[p]) for p in Player},
        "favors": "".join(f.name if f is not None else "." for f in score.favors),
        "moved": list(score.moved),
        "geishas": {p.name: score.geishas[p] for p in Player},
        "charm": {p.name: score.charm[p] for p in Player},
    }


def _state_json(
    game: Game, step: int, move: Move | None, actor: Player | None, scored: RoundScore | None
) -> dict[str, object]:
    """One step of a replay as JSON: the move that led here and the whole state after it."""
    dealt = game.phase not in (Phase.DEAL, Phase.OVER)
    return {
        "step": step,
        "move": None if move is None else str(move),
        "player": None if actor is None else actor.name,
        "round": game.round_number,
        "phase": game.phase.name.lower(),
        "to_move": None if game.to_move is None else game.to_move.name,
        "favors": "".join(f.name if f is not None else "." for f in game.favors),
        "hands": {p.name: _digits(game.hand(p)) for p in Player} if dealt else None,
        "table": {p.name: _digits(game.table(p)) for p in Player} if dealt else None,
        "secrets": {p.name: game.secret(p) for p in Player} if dealt else None,
        "tradeoffs": {p.name: _digits(game.tradeoff(p)) for p in Player} if dealt else None,
        "used": {p.name: game.used_markers(p).letters for p in Player} if dealt else None,
        "removed": game.removed_card if dealt else None,
        "draw_pile": _digits(game.draw_pile) if dealt else None,
        "pending": None if game.pending is None else str(game.pending),
        "scoring": None if scored is None else _score_json(scored),
        "outcome": None if game.outcome is None else game.outcome.to_json(),
    }


def _load_record(path: Path) -> Record:
    try:
        return Record.load(path)
    except RecordError as error:
        problems = error.problems
        count = f"{len(problems)} problem{'s' * (len(problems) != 1)}"
        lines = [f"{path}: damaged record, {count}:"]
        lines += [f"  {problem.path}: {problem.message}" for problem in problems[:MAX_PROBLEMS]]
        if len(problems) > MAX_PROBLEMS:
            lines.append(f"  and {len(problems) - MAX_PROBLEMS} more")
        raise UserError("\n".join(lines)) from None
    except OSError as error:
        raise UserError(f"cannot read {path}: {error.strerror or error}") from None


def _replay_command(args: argparse.Namespace) -> int:
    record = _load_record(args.file)
    total = len(record.moves)
    only: int | None = args.step
    if only is not None:
        if only < 0:
            only += total + 1
        if not 0 <= only <= total:
            raise UserError(f"--step {args.step}: the record has steps 0 to {total}")
    game = record.replay(0)
    names = {Player.A: "A", Player.B: "B"}
    states: list[dict[str, object]] = []
    text: list[str] = []

    def show(step: int, move: Move | None, actor: Player | None, scored: RoundScore | None) -> None:
        if only is not None and step != only:
            return
        if args.json:
            states.append(_state_json(game, step, move, actor, scored))
            return
        text.append(_step_title(step, total, game, move, actor))
        if scored is not None:
            text.extend(_score_lines(scored, _replay_rows(), names)[1:])
            if game.outcome is None:
                text.append(_replay_board(game)[0])
        else:
            text.extend(_replay_board(game))
        if game.outcome is not None:
            text.extend(_outcome_lines(game.outcome, names))

    show(0, None, None, None)
    for step, move in enumerate(record.moves, 1):
        actor = game.to_move if game.phase is not Phase.DEAL else game.starting_player
        rounds_before = len(game.rounds)
        game.apply(move)
        show(step, move, actor, game.rounds[-1] if len(game.rounds) > rounds_before else None)
        if only is not None and step >= only:
            break
    if args.json:
        if only is not None:
            print(json.dumps(states[0], ensure_ascii=False))
            return EXIT_OK
        head = {
            "edition": record.edition.value,
            "moves": total,
            "start": None if record.start is None else record.start.to_json(),
            "outcome": None if game.outcome is None else game.outcome.to_json(),
        }
        # One step per line: easy to read, to grep and to diff, and still one JSON document.
        steps = ",\n".join(f" {json.dumps(state, ensure_ascii=False)}" for state in states)
        print(json.dumps(head, ensure_ascii=False)[:-1] + f', "steps": [\n{steps}\n]}}')
        return EXIT_OK
    if only is None and game.outcome is None:
        text.append(_rule(f"End of record: the game goes on (round {game.round_number})", "="))
    print("\n".join(text))
    return EXIT_OK
