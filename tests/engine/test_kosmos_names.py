"""The French edition's geisha names against the French rulebook's own example."""

from __future__ import annotations

from hanamikoji import GEISHA_CHARMS, Edition, Game, Reason

NAMES = Edition.KOSMOS.geisha_names or ()


def charm_of(*names: str) -> int:
    return sum(GEISHA_CHARMS[NAMES.index(name)] for name in names)


def test_rulebook_end_of_game_example_by_name() -> None:
    """Top: Ayane, Yoko and Chiharu, 8 points. Bottom: Iroha, Anju and Ruri, 11: bottom wins."""
    top, bottom = ("Ayane", "Yoko", "Chiharu"), ("Iroha", "Anju", "Ruri")
    favors = "".join("A" if n in top else "B" if n in bottom else "." for n in NAMES)
    # Round 3, B's last turn; every geisha ends the round tied, so no marker moves.
    game = Game.from_position(
        edition="kosmos", round_number=3, favors=favors,
        used={"A": "STGC", "B": "TGC"},
        table={"A": "1234567", "B": "1234567"}, secrets={"A": 7},
        tradeoffs={"A": "45", "B": "66"}, hands={"B": "7"},
    )
    game.apply("S7")
    outcome = game.outcome
    assert outcome is not None
    assert outcome.geishas == (3, 3) and outcome.charm == (8, 11)
    assert (outcome.charm[0], outcome.charm[1]) == (charm_of(*top), charm_of(*bottom))
    assert outcome.winner is not None and outcome.winner.name == "B"
    assert outcome.reason is Reason.CHARM


def test_only_what_the_rulebook_settles_is_marked_settled() -> None:
    assert sorted(NAMES) == ["Anju", "Ayane", "Chiharu", "Iroha", "Ruri", "Tomoyo", "Yoko"]
    # "Ayane (la joueuse de flûte)": the flute, worth 2, is the only name the text ties to a card.
    ayane = NAMES.index("Ayane")
    assert (Edition.KOSMOS.item_names or ())[ayane] == "Flûte" and GEISHA_CHARMS[ayane] == 2
    assert Edition.KOSMOS.settled_geisha_names == {"Ayane"}
    assert Edition.EMPERORS4.settled_geisha_names == frozenset()
    # The example's six names leave Tomoyo the remaining 2 points, whatever the reading.
    assert sum(GEISHA_CHARMS) - charm_of("Ayane", "Yoko", "Chiharu", "Iroha", "Anju", "Ruri") \
        == GEISHA_CHARMS[NAMES.index("Tomoyo")] == 2
