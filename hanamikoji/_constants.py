"""The fixed numbers of Hanamikoji: every count the rules and the site mention."""

from __future__ import annotations

from typing import Final

GEISHA_CHARMS: Final = (2, 2, 2, 3, 3, 4, 5)
"""Charm points of the seven geishas, in table order. Geisha ``g`` has as many item cards
as her charm points."""

NUM_GEISHAS: Final = len(GEISHA_CHARMS)
NUM_ITEM_CARDS: Final = sum(GEISHA_CHARMS)
CHARM_TOTAL: Final = NUM_ITEM_CARDS
NUM_PLAYERS: Final = 2
REMOVED_CARDS: Final = 1
HAND_SIZE: Final = 6
DRAW_PILE_SIZE: Final = NUM_ITEM_CARDS - REMOVED_CARDS - NUM_PLAYERS * HAND_SIZE
TURNS_PER_PLAYER: Final = 4
SECRET_CARDS: Final = 1
TRADEOFF_CARDS: Final = 2
GIFT_CARDS: Final = 3
COMPETITION_CARDS: Final = 4
WIN_GEISHAS: Final = 4
WIN_CHARM: Final = 11
ROUND_LIMIT: Final = 3

FACTS: Final[dict[str, int]] = {
    "geishas": NUM_GEISHAS,
    "item_cards": NUM_ITEM_CARDS,
    "charm_total": CHARM_TOTAL,
    "players": NUM_PLAYERS,
    "hand_size": HAND_SIZE,
    "removed_cards": REMOVED_CARDS,
    "draw_pile": DRAW_PILE_SIZE,
    "turns_per_player": TURNS_PER_PLAYER,
    "action_markers": TURNS_PER_PLAYER,
    "action_markers_total": NUM_PLAYERS * TURNS_PER_PLAYER,
    "secret_cards": SECRET_CARDS,
    "tradeoff_cards": TRADEOFF_CARDS,
    "gift_cards": GIFT_CARDS,
    "gift_kept": GIFT_CARDS - 1,
    "competition_cards": COMPETITION_CARDS,
    "competition_pair": COMPETITION_CARDS // 2,
    "win_geishas": WIN_GEISHAS,
    "win_charm": WIN_CHARM,
    "round_limit": ROUND_LIMIT,
}
"""Every number the rules text may quote, by name: the site fills its number placeholders
from this table, so text and engine cannot disagree."""

MAX_ROUND: Final = 1000
"""The highest round a starting position (``Game.from_position``, a record's ``start``) may
name. Not a rule: the EmperorS4 standard game goes on, round after round, until someone wins
(its rulebook sets no limit; Kosmos and the EmperorS4 optional rule stop after
:data:`ROUND_LIMIT`). A round takes at least 13 moves (the deal, 8 actions, 4 picks), so a
record of at most ``MAX_MOVES`` (2,000) moves from round 1 reaches round 155 at most: the
bound leaves every real game room while keeping round numbers exact wherever a record goes
(a JavaScript number loses whole numbers past 2**53)."""
