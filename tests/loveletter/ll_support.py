"""Helpers for the Love Letter tests: rigged deals with chosen hands and draws."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from loveletter import Deal, Game, Variant, full_deck


def rigged(
    players: int,
    hands: Sequence[int],
    draws: Sequence[int] = (),
    *,
    set_aside: int | None = None,
    face_up: Sequence[int] = (),
    first: int = 0,
    variant: Variant = Variant.STANDARD,
    game: Game | None = None,
) -> Game:
    """A game (new, or ``game`` at a deal) dealt so that seat ``i`` holds ``hands[i]``, the
    draw pile starts with ``draws`` and the given cards are set aside (face up ones only
    with two players). The other cards fill the pile after ``draws``, sorted.
    """
    game = game or Game(players, variant)
    rest = Counter(full_deck(variant))
    chosen = [*hands, *draws, *face_up] + ([set_aside] if set_aside is not None else [])
    rest.subtract(chosen)
    if any(n < 0 for n in rest.values()):
        raise ValueError(f"more copies than the deck holds: {chosen}")
    others = sorted(rest.elements())
    if set_aside is None:
        set_aside = others.pop(0)
    if players == 2 and not face_up:
        face_up, others = tuple(others[:3]), others[3:]
    order = [set_aside, *face_up]
    order += [hands[(first + i) % players] for i in range(players)]
    order += [*draws, *others]
    game.apply(Deal(first, tuple(order)))
    return game
