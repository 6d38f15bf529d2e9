"""The terminal board: the geishas grid, the numbered choices, a round's scoring and the
end of the game, as lines of text no wider than :data:`WIDTH`."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable, Sequence

from hanamikoji import (
    FACTS,
    GEISHAS,
    Competition,
    Edition,
    Gift,
    Move,
    Outcome,
    Player,
    Reason,
    RoundScore,
    Secret,
    TradeOff,
    charm,
)

WIDTH = 80
"""The terminal width the output is laid out for (lines stay one shorter)."""


EDITION_LABELS = {
    Edition.EMPERORS4: "EmperorS4",
    Edition.EMPERORS4_3_ROUNDS: "EmperorS4, 3-round rule",
    Edition.KOSMOS: "Kosmos",
}

_WIN_GEISHAS = FACTS["win_geishas"]
_WIN_CHARM = FACTS["win_charm"]
_ROUND_LIMIT = FACTS["round_limit"]
_TURNS = FACTS["turns_per_player"]

REASON_LABELS = {
    Reason.GEISHAS: f"{_WIN_GEISHAS}+ geishas",
    Reason.CHARM: f"{_WIN_CHARM}+ charm points",
    Reason.GEISHAS_AND_CHARM: f"{_WIN_GEISHAS}+ geishas and {_WIN_CHARM}+ charm at once",
    Reason.CHARM_BEATS_GEISHAS: f"{_WIN_CHARM}+ charm beats {_WIN_GEISHAS}+ geishas",
    Reason.LIMIT_MORE_GEISHAS: f"after round {_ROUND_LIMIT}: more geishas",
    Reason.LIMIT_MORE_CHARM: f"after round {_ROUND_LIMIT}: more charm points",
    Reason.LIMIT_SHARED: f"after round {_ROUND_LIMIT}: shared victory",
    Reason.LIMIT_NO_WINNER: f"after round {_ROUND_LIMIT}: no winner",
}
"""A short label for each way a game can end (the ``simulate`` table)."""


def _cards(cards: Iterable[int]) -> str:
    """Cards for people: ``2 6 7``."""
    return " ".join(map(str, cards))


def _digits(cards: Iterable[int]) -> str:
    return "".join(map(str, cards))


def _rule(title: str, char: str = "-") -> str:
    """A heading line ``-- title ------`` of the full width."""
    return f"{char * 2} {title} ".ljust(WIDTH - 1, char)


def _verb(subject: str, verb: str, *, first: bool = True) -> str:
    """``You take`` (``you take`` inside a sentence) but ``Greedy takes``."""
    if subject != "You":
        return f"{subject} {verb}s"
    return f"{subject if first else 'you'} {verb}"


def _wrap(text: str, indent: str = "") -> str:
    """``text`` folded to the width, words and notation kept whole."""
    return textwrap.fill(
        text,
        WIDTH - 1,
        subsequent_indent=indent,
        break_long_words=False,
        break_on_hyphens=False,
    )


def _within(name: str) -> str:
    """A name inside a sentence: ``you`` for the person playing."""
    return "you" if name == "You" else name


def _isatty(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if callable(isatty) else False
    except (OSError, ValueError):
        return False


def _marker_names(letters: str) -> str:
    names = {"S": "Secret", "T": "Trade-off", "G": "Gift", "C": "Competition"}
    return ", ".join(names[letter] for letter in letters) or "none"


_LABEL = 13
_CELL = 5


def _cell(count: int, marked: bool) -> str:
    text = str(count) if count else "·"
    return f" [{text}] " if marked else f"  {text}  "


def _grid(
    rows: Sequence[tuple[str, Player]],
    items: Callable[[Player, int], int],
    favors: Sequence[Player | None],
) -> list[str]:
    """The geishas as columns, one row per side, a side's count in brackets where the
    geisha's victory marker stands on that side. ``rows`` go from top to bottom."""
    lines = [
        "geisha".ljust(_LABEL) + "".join(f"  {g}  " for g in GEISHAS),
        "charm".ljust(_LABEL) + "".join(f"  {charm(g)}  " for g in GEISHAS) + "  [ ] = marker",
    ]
    for label, player in rows:
        cells = "".join(_cell(items(player, g), favors[g - 1] is player) for g in GEISHAS)
        held = [g for g in GEISHAS if favors[g - 1] is player]
        note = f"{len(held)} geisha{'s' * (len(held) != 1)}, {sum(map(charm, held))} charm"
        lines.append(f"{label[: _LABEL - 1]:<{_LABEL}}{cells}  {note}")
    return [line.rstrip() for line in lines]


def _kind(move: Move) -> str:
    if isinstance(move, Secret):
        return "Secret"
    if isinstance(move, TradeOff):
        return "Trade-off"
    if isinstance(move, Gift):
        return "Gift"
    if isinstance(move, Competition):
        return "Competition"
    return "Take"


def _options(legal: Sequence[Move]) -> list[str]:
    """The legal decisions, numbered from 1, in a grid grouped by kind."""
    groups: dict[str, list[str]] = {}
    number_width = len(str(len(legal)))
    for number, move in enumerate(legal, 1):
        groups.setdefault(_kind(move), []).append(f"{number:>{number_width}} {move}")
    lines = []
    for kind, cells in groups.items():
        width = max(map(len, cells)) + 3
        per_line = max(1, (WIDTH - _LABEL) // width)
        for start in range(0, len(cells), per_line):
            label = kind if start == 0 else ""
            chunk = "".join(cell.ljust(width) for cell in cells[start : start + per_line])
            lines.append(f"{label:<{_LABEL}}{chunk}".rstrip())
    return lines


def _score_lines(
    score: RoundScore, rows: Sequence[tuple[str, Player]], names: dict[Player, str]
) -> list[str]:
    """A round's scoring: revealed Secrets, the items per geisha, the markers that moved."""
    secrets = ", ".join(
        f"{_within(names[p])} {score.secrets[p] if score.secrets[p] is not None else 'none'}"
        for _, p in reversed(rows)
    )
    lines = [_rule(f"Round {score.round_number} scoring"), f"Secrets revealed: {secrets}"]
    lines += _grid(rows, lambda p, g: score.items[p][g - 1], score.favors)
    moved: dict[Player, list[int]] = {}
    for g in score.moved:
        owner = score.favors[g - 1]
        assert owner is not None
        moved.setdefault(owner, []).append(g)
    if moved:
        parts = [f"{_cards(gs)} to {_within(names[p])}" for p, gs in moved.items()]
        lines.append("Markers moved: " + "; ".join(parts) + ".")
    else:
        lines.append("No marker moved.")
    return lines


def _outcome_lines(outcome: Outcome, names: dict[Player, str]) -> list[str]:
    """The final result and why, with the totals it was decided on."""
    winner = outcome.winner
    if outcome.shared:
        headline = "Shared victory."
    elif winner is None:
        headline = "No winner."
    else:
        headline = f"{_verb(names[winner], 'win')}!"
    geishas, points = outcome.geishas, outcome.charm
    limit = "No goal reached by the last round"
    reason = outcome.reason
    if winner is not None:
        w, loser = winner, winner.other
        why = {
            Reason.GEISHAS: f"{names[w]} reached {geishas[w]} geishas "
            f"(the goal is {_WIN_GEISHAS} or more).",
            Reason.CHARM: f"{names[w]} reached {points[w]} charm points "
            f"(the goal is {_WIN_CHARM} or more).",
            Reason.GEISHAS_AND_CHARM: f"{names[w]} reached both goals at once: "
            f"{geishas[w]} geishas and {points[w]} charm points.",
            Reason.CHARM_BEATS_GEISHAS: f"{names[loser]} reached {geishas[loser]} geishas, "
            f"{names[w]} {points[w]} charm points: charm points win.",
            Reason.LIMIT_MORE_GEISHAS: f"{limit}; more geishas: {geishas[w]} to {geishas[loser]}.",
            Reason.LIMIT_MORE_CHARM: f"{limit}; more charm points: {points[w]} to {points[loser]}.",
        }.get(reason, "")
    elif reason is Reason.LIMIT_SHARED:
        why = f"{limit}; tied at {geishas[0]} geishas and {points[0]} charm points each."
    else:
        why = f"{limit}; tied at {points[0]} charm points each."
    totals = " · ".join(
        f"{name} {geishas[p]} geishas, {points[p]} charm" for p, name in names.items()
    )
    return [
        _rule(f"Game over after round {outcome.round_number}", "="),
        headline,
        _wrap(why),
        totals,
    ]
