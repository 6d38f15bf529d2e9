"""How a game ended, and what each round's scoring showed."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from hanamikoji._types import Player


class Reason(Enum):
    """Why the game ended the way it did."""

    GEISHAS = "geishas"
    """The winner has the favor of 4 or more geishas; the opponent reached no goal."""
    CHARM = "charm"
    """The winner has 11 or more charm points; the opponent reached no goal."""
    GEISHAS_AND_CHARM = "geishas-and-charm"
    """The winner reached both goals at once; the opponent reached none."""
    CHARM_BEATS_GEISHAS = "charm-beats-geishas"
    """One player has 4 geishas, the other 11 or more charm points: charm points win."""
    LIMIT_MORE_GEISHAS = "limit-more-geishas"
    """Round limit reached with no goal met; the winner has more geishas (EmperorS4
    optional rule)."""
    LIMIT_MORE_CHARM = "limit-more-charm"
    """Round limit reached with no goal met; the winner has more charm points (the Kosmos
    edition's rule, or the optional rule's second tie-break)."""
    LIMIT_SHARED = "limit-shared"
    """Round limit reached, equal geishas and equal charm points: both players share the
    victory (EmperorS4 optional rule)."""
    LIMIT_NO_WINNER = "limit-no-winner"
    """Round limit reached with equal charm points: nobody wins (Kosmos edition)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: who won, why, and the totals it was decided on.

    ``winners`` is empty when nobody wins, holds both players for a shared victory, and one
    player otherwise. Exactly one of these holds, each read from one field:
    ``winner is not None`` (one winner), :attr:`shared` (a shared victory) and
    :attr:`no_winner` (nobody wins).
    """

    reason: Reason
    winners: tuple[Player, ...]
    geishas: tuple[int, int]
    """Geishas whose favor each player holds (A, B)."""
    charm: tuple[int, int]
    """Charm points of those geishas (A, B)."""
    round_number: int
    """The round whose scoring ended the game."""

    @property
    def winner(self) -> Player | None:
        """The single winner, or ``None`` for a shared victory or no winner."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def shared(self) -> bool:
        """Whether both players share the victory (EmperorS4's optional 3-round rule)."""
        return len(self.winners) == 2

    @property
    def no_winner(self) -> bool:
        """Whether nobody wins (the Kosmos edition, equal charm points after round 3)."""
        return not self.winners

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dictionary."""
        return {
            "reason": self.reason.value,
            "winners": [p.name for p in self.winners],
            "geishas": list(self.geishas),
            "charm": list(self.charm),
            "round": self.round_number,
        }

    def __str__(self) -> str:
        if self.shared:
            who = "shared victory"
        elif self.no_winner:
            who = "no winner"
        else:
            who = f"{self.winner} wins"
        return (
            f"{who} ({self.reason.value}) after round {self.round_number}: "
            f"A {self.geishas[0]} geishas / {self.charm[0]} charm, "
            f"B {self.geishas[1]} geishas / {self.charm[1]} charm"
        )


@dataclass(frozen=True, slots=True)
class RoundScore:
    """The scoring of one round, after the Secrets were revealed."""

    round_number: int
    secrets: tuple[int | None, int | None]
    """The revealed Secret card of A and of B."""
    items: tuple[tuple[int, ...], tuple[int, ...]]
    """Item cards on each geisha's A side and B side, geishas 1 to 7."""
    favors: tuple[Player | None, ...]
    """After scoring: who holds each geisha's favor (geishas 1 to 7)."""
    moved: tuple[int, ...]
    """The geishas whose marker moved in this scoring."""
    geishas: tuple[int, int]
    charm: tuple[int, int]
