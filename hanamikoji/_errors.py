"""The engine's exceptions: one root, notation errors apart from illegal actions."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Rule(StrEnum):
    """A rule an action can break. Each value is the ID of the rule on the rules site."""

    TURN_ORDER = "actions-turn-order"
    """It is the other player's turn."""
    DEAL_FIRST = "round-phase-order"
    """A round starts with its one deal; no action can be taken before it, no second deal
    after it."""
    DECISION_KIND = "actions-pending-choice"
    """The pending decision is of another kind: a Gift or Competition offered must be answered
    by the opponent's pick before anything else, and a pick answers only such an offer."""
    MARKER_ONCE = "actions-marker-once"
    """Each action marker is used once per round."""
    CARDS_FROM_HAND = "actions-cards-from-hand"
    """An action uses cards from the actor's own hand."""
    GIFT_PICK = "gift-opponent-takes-one"
    """The opponent takes one of the three offered cards."""
    COMPETITION_PICK = "competition-opponent-takes-pair"
    """The opponent takes one of the two offered pairs."""
    GAME_OVER = "end-immediately"
    """A player reached a winning goal: the game ended at once, with no further round."""
    OPTIONAL_ROUND_LIMIT = "edition-emperors4-limit"
    """Under the EmperorS4 optional rule the game lasts at most 3 rounds: after the last one
    no decision remains."""
    KOSMOS_ROUND_LIMIT = "edition-kosmos-limit"
    """Under the Kosmos/IELLO rules the game lasts at most 3 rounds: after the last one no
    decision remains."""


class HanamikojiError(Exception):
    """Root of every error the engine raises."""


class NotationError(HanamikojiError, ValueError):
    """Text that is not a well-formed move, card list or record field.

    The message quotes the text and says what was expected.
    """


class IllegalActionError(HanamikojiError, ValueError):
    """A well-formed action that the rules forbid in this position.

    The game is left exactly as it was. ``rule`` names the rule broken.
    """

    def __init__(self, message: str, *, action: object, rule: Rule) -> None:
        super().__init__(f"{message} [rule {rule.value}]")
        self.action = action
        self.rule = rule


class PositionError(HanamikojiError, ValueError):
    """A position given to :meth:`Game.from_position` that no game can reach."""


@dataclass(frozen=True, slots=True)
class RecordProblem:
    """One problem found in a game record: where (a JSON path) and what."""

    path: str
    message: str
    rule: str | None = None
    """The ID of the rule a move breaks, for a problem that is an illegal move (never read
    from the message, which may quote the record's own text)."""

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


class RecordError(HanamikojiError, ValueError):
    """A damaged game record. ``problems`` lists every problem found, in order."""

    def __init__(self, problems: list[RecordProblem], *, source: str = "record") -> None:
        lines = "\n".join(f"  {p}" for p in problems[:20])
        if len(problems) > 20:  # a damaged file can have thousands: the first ones say enough
            lines += f"\n  and {len(problems) - 20} more"
        super().__init__(f"{source}: {len(problems)} problem(s)\n{lines}")
        self.problems = problems
        self.source = source
