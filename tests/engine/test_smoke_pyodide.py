"""Smallest engine check, run in CPython and, through tests/pyodide, inside Pyodide."""

import hanamikoji


def test_facts_count_21_item_cards() -> None:
    assert hanamikoji.FACTS["item_cards"] == 21
