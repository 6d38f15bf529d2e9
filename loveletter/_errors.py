"""The engine's exceptions and the rule IDs they cite."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Rule(StrEnum):
    """A rule an action can break. Each value is the stable ID of the rule on the rules site.

    ``loveletter/FACTS.md`` states each rule, its source and where the Indonesian rulebook
    reads otherwise.
    """

    SETUP_DECK = "setup-deck"
    """A round is dealt from the whole deck of the variant, every card once."""
    FIRST_PLAYER = "round-first-player"
    """The winner of the previous round starts the next; after a tie, one of the tied players."""
    DEAL_FIRST = "round-deal"
    """A round starts with its one deal; nothing is played before it, no second deal during it."""
    TURN_ORDER = "turn-order"
    """It is not this player's decision now."""
    PLAY_FROM_HAND = "turn-play-one-card"
    """On your turn you play one of the two cards in your hand."""
    COUNTESS = "countess-forced"
    """With the King or a Prince as your other card, you must play the Countess."""
    TARGET = "card-target"
    """The Guard, Priest, Baron and King choose another player still in the round; the Prince
    chooses any player still in the round, yourself included; other cards choose nobody."""
    HANDMAID = "handmaid-protection"
    """A player protected by the Handmaid cannot be chosen by another player's card."""
    NO_TARGET = "no-valid-target"
    """A card that must choose another player is played with no effect only when every other
    player still in the round is protected; the Prince then must choose its player."""
    GUARD_GUESS = "guard-guess"
    """The Guard names a character of the deck other than the Guard."""
    CHANCELLOR = "chancellor-keep-one"
    """After the Chancellor's draw you keep one card and put the others, in an order you
    choose, on the bottom of the deck."""
    GAME_OVER = "game-end"
    """The game is over: no decision remains."""


class LoveLetterError(Exception):
    """Root of every error the engine raises."""


class NotationError(LoveLetterError, ValueError):
    """Text that is not a well-formed move, card or record field; the message quotes it."""


class SetupError(LoveLetterError, ValueError):
    """A game that cannot be set up: a player count or variant the rules do not allow."""


class IllegalActionError(LoveLetterError, ValueError):
    """A well-formed move that the rules forbid now.

    The game is left exactly as it was. ``rule`` names the rule broken.
    """

    def __init__(self, message: str, *, action: object, rule: Rule) -> None:
        super().__init__(f"{message} [rule {rule.value}]")
        self.action = action
        self.rule = rule


@dataclass(frozen=True, slots=True)
class RecordProblem:
    """One problem found in a game record: where (a JSON path) and what."""

    path: str
    message: str
    rule: str | None = None
    """The ID of the rule an illegal move breaks (``None`` for any other problem): read it
    here, never from ``message``, which may quote the record's own text."""

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


class RecordError(LoveLetterError, ValueError):
    """A damaged game record. ``problems`` lists every problem found, in order."""

    def __init__(self, problems: list[RecordProblem], *, source: str = "record") -> None:
        lines = "\n".join(f"  {p}" for p in problems)
        super().__init__(f"{source}: {len(problems)} problem(s)\n{lines}")
        self.problems = problems
        self.source = source
