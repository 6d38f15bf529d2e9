"""Each engine error cites the rule that states the fact it breaks.

Seeded games are played to the end in every edition. At every decision, and after the end,
the test tries the illegal moves the position allows, names the situation each one breaks
from what the game shows (not from the error), and checks the rule cited against
``CITES``: the site's rule ID that states that fact, written out here by hand. Pointing a
citation at another rule, in the engine or in ``Rule``, fails this test; so does a ``Rule``
member that no situation reaches.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from hanamikoji import (
    FULL_DECK,
    Competition,
    CompetitionPick,
    Deal,
    Edition,
    Game,
    Gift,
    GiftPick,
    IllegalActionError,
    Move,
    Phase,
    Player,
    RandomPlayer,
    Reason,
    Rule,
    Secret,
    TradeOff,
)

# The broken fact, and the rule of the site (locales/en/text.yml) that states it.
CITES = {
    "an action before the round's deal": "round-phase-order",  # 4.1: no turn before the deal
    "a pick before the round's deal": "round-phase-order",
    "a second deal in a round": "round-phase-order",  # 4.1: a round has only one deal
    "an action by the player whose turn it is not": "actions-turn-order",  # 6.1: alternate
    "a marker used twice in a round": "actions-marker-once",  # 6.6
    "an action with cards not in the hand": "actions-cards-from-hand",  # 6.10
    "an action while an offer waits": "actions-pending-choice",  # 6.13: nothing else first
    "a pick with no offer waiting": "actions-pending-choice",  # 6.13: a pick answers an offer
    "a pick of the other kind of offer": "actions-pending-choice",
    "a card not in the Gift": "gift-opponent-takes-one",  # 9.2: one of the offered cards
    "a Gift pick by the giver": "gift-opponent-takes-one",  # 9.2: the opponent chooses
    "a pair not in the Competition": "competition-opponent-takes-pair",  # 10.3
    "a Competition pick by the offerer": "competition-opponent-takes-pair",  # 10.3
    "a move after a winning goal": "end-immediately",  # 14.3: no further round
    "a move after the last round, EmperorS4 option": "edition-emperors4-limit",  # 15.2
    "a move after the last round, Kosmos/IELLO": "edition-kosmos-limit",  # 15.4
}

LIMIT = {
    Edition.EMPERORS4_3_ROUNDS: "a move after the last round, EmperorS4 option",
    Edition.KOSMOS: "a move after the last round, Kosmos/IELLO",
}
MARKERS = {Secret: 1, TradeOff: 2, Gift: 4, Competition: 8}
CARDS = {Secret: 1, TradeOff: 2, Gift: 3, Competition: 4}  # cards of one geisha each needs
WHOLE_DEAL = Deal(tuple(FULL_DECK))


def probes(game: Game) -> Iterator[tuple[str, Move, Player | None]]:
    """The illegal moves to try now: (situation broken, move, player who sends it)."""
    phase = game.phase
    if phase is Phase.DEAL:
        yield "an action before the round's deal", Secret(1), None
        yield "a pick before the round's deal", GiftPick(1), None
        return
    if phase is Phase.OVER:
        assert game.outcome is not None
        limit = game.outcome.reason.value.startswith("limit-")
        situation = LIMIT[game.edition] if limit else "a move after a winning goal"
        for move in (Secret(1), TradeOff((1, 2)), CompetitionPick((1, 2)), WHOLE_DEAL):
            yield situation, move, None
        return
    actor = game.to_move
    assert actor is not None
    other = actor.other
    yield "a second deal in a round", WHOLE_DEAL, None
    yield "a second deal in a round", WHOLE_DEAL, other
    if phase is Phase.ACTION:
        hand = game.hand(actor)
        used = int(game.used_markers(actor))
        yield "an action by the player whose turn it is not", game.legal_actions()[0], other
        yield "a pick with no offer waiting", GiftPick(hand[0]), None
        yield "a pick with no offer waiting", CompetitionPick((1, 2)), None
        # geishas 6 and 7 have 4 and 5 cards: one of them is short of 4 in any hand of 7
        lacking = 7 if hand.count(7) < 4 else 6
        for move in (
            Secret(lacking),
            TradeOff((lacking,) * 2),
            Gift((lacking,) * 3),
            Competition(((lacking,) * 2, (lacking,) * 2)),
        ):
            if used & MARKERS[type(move)]:
                yield "a marker used twice in a round", move, None
            elif hand.count(lacking) < CARDS[type(move)]:
                yield "an action with cards not in the hand", move, None
        return
    offer = game.pending
    giver = other
    yield "an action while an offer waits", Secret(1), None
    yield "an action while an offer waits", Secret(1), giver
    if isinstance(offer, Gift):
        yield "a pick of the other kind of offer", CompetitionPick((1, 2)), None
        missing = [g for g in range(1, 8) if g not in offer.cards]
        yield "a card not in the Gift", GiftPick(missing[0]), None
        yield "a Gift pick by the giver", GiftPick(offer.cards[0]), giver
    else:
        assert isinstance(offer, Competition)
        yield "a pick of the other kind of offer", GiftPick(offer.pairs[0][0]), None
        other_pair = next(
            (a, b) for a in range(1, 8) for b in range(a, 8) if (a, b) not in offer.pairs
        )
        yield "a pair not in the Competition", CompetitionPick(other_pair), None
        yield "a Competition pick by the offerer", CompetitionPick(offer.pairs[0]), giver


def try_all(game: Game, reached: dict[str, str]) -> None:
    for situation, move, player in probes(game):
        before = (game.phase, game.to_move, game.moves, game.hand("A"), game.hand("B"))
        with pytest.raises(IllegalActionError) as error:
            if isinstance(move, Deal) and player is None and game.phase is Phase.OVER:
                game.deal()
            else:
                game.apply(move, player=player)
        cited = error.value.rule.value
        assert cited == CITES[situation], (
            f"{situation} ({move}, sent by {player or 'the player to move'}): "
            f"cites {cited!r}, the fact is stated by {CITES[situation]!r}: {error.value}"
        )
        assert (game.phase, game.to_move, game.moves, game.hand("A"), game.hand("B")) == before
        reached[situation] = cited


def play_and_probe(edition: Edition, seed: int, reached: dict[str, str]) -> Reason:
    game = Game(edition=edition, seed=seed)
    players = (RandomPlayer(seed=seed), RandomPlayer(seed=seed + 1))
    while game.phase is not Phase.OVER:
        try_all(game, reached)
        if game.phase is Phase.DEAL:
            game.deal()
            continue
        actor = game.to_move
        assert actor is not None
        game.apply(players[actor.value].choose(game.view(actor), game.legal_actions()))
    try_all(game, reached)
    assert game.outcome is not None
    return game.outcome.reason


def test_every_rule_an_error_can_cite_is_reached_and_right() -> None:
    assert set(CITES.values()) == {rule.value for rule in Rule}, (
        "every Rule member needs its situations here, and every situation a Rule"
    )
    reached: dict[str, str] = {}
    endings: set[tuple[Edition, bool]] = set()
    for edition in Edition:
        seed = 0
        # play until this edition has ended both ways it can (a goal; the round limit)
        wanted = {False} if edition.round_limit is None else {False, True}
        while {limit for e, limit in endings if e is edition} != wanted:
            reason = play_and_probe(edition, seed, reached)
            endings.add((edition, reason.value.startswith("limit-")))
            seed += 1
            assert seed < 200, f"{edition.value}: no game ended at the round limit"
    missing = sorted(set(CITES) - set(reached))
    assert not missing, f"situations never reached through play: {missing}"
    assert set(reached.values()) == {rule.value for rule in Rule}
