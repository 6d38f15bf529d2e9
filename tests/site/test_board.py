"""The one board renderer (gamekit/hanamikoji/board.py): what it marks, and that it tells
apart geishas, used action markers and moved victory markers without colour."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamekit.hanamikoji import board as drawer
from hanamikoji import Game, timeline
from rulesite.pages import examples
from rulesite.sources.locales import load

REPO = Path(__file__).resolve().parents[2]
UI = load(REPO / "locales").languages

board = drawer.board


def scored_game() -> list[dict[str, object]]:
    """Round 2 of a game: geisha 1 is A's, geisha 7 B's; A's last turn, then the scoring."""
    game = Game.from_position(round_number=2, starting="B", favors="A..B...",
                              used={"A": "TGC", "B": "STGC"}, table={"A": "1223466",
                                                                     "B": "1344567"},
                              secrets={"B": 5}, tradeoffs={"A": "77", "B": "57"},
                              hands={"A": "6"})
    game.apply("S6")
    return [step.to_json() for step in timeline(game)]


STEPS = scored_game()


def text_of(html: str) -> str:
    """What a screen reader or a colour-blind reader gets: the text, without tags."""
    return re.sub(r"<[^>]+>", "", html)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_used_markers_say_so_in_words(lang: str) -> None:
    ui = UI[lang].ui
    html = board(STEPS[0], ui)
    used = re.findall(r'<li class="hk-marker hk-used"[^>]*>(.*?)</li>', html)
    assert len(used) == 7  # A used T, G, C; B used all four
    assert all(ui["widget.used"] in text_of(item) for item in used)
    unused = re.findall(r'<li class="hk-marker"[^>]*>(.*?)</li>', html)
    assert len(unused) == 1 and ui["widget.used"] not in text_of(unused[0])


def test_moved_victory_markers_have_an_arrow_and_words() -> None:
    ui = UI["en"].ui
    scoring = STEPS[-1]
    moved = scoring["scoring"]["moved"]  # type: ignore[index]
    html = board(scoring, ui)
    assert html.count('class="hk-vm-arrow"') == len(moved) > 0
    for g in range(1, 8):
        column = re.search(rf'data-part="geisha-{g}".*?data-part="items-A-{g}"', html)
        assert column is not None
        said = ui["widget.moved"] in column.group(0)
        assert said == (g in moved), g
    # The arrow points at the marker's new side: B is drawn above the row, A below.
    favors = scoring["board"]["favors"]  # type: ignore[index]
    for g in moved:
        arrow = "▲" if favors[g - 1] == "B" else "▼"
        column = re.search(rf'data-part="geisha-{g}".*?data-part="items-A-{g}"', html)
        assert column is not None and arrow in column.group(0)


def test_every_card_and_geisha_carries_its_number() -> None:
    html = board(STEPS[0], UI["en"].ui)
    for value, text in re.findall(r'<span class="hk-card hk-g(\d)[^"]*">(\d)</span>', html):
        assert value == text
    assert re.findall(r'<span class="hk-geisha-num">(\d)</span>', html) == list("1234567")


def test_options_mark_parts_without_changing_the_board() -> None:
    ui = UI["en"].ui
    plain = board(STEPS[0], ui)
    marked = board(STEPS[0], ui, highlight=["favor-1", "hand-A-0"],
                   choices={"hand-A-0": "S6", "marker-A-S": "S"})
    assert 'data-part="favor-1"' in plain and 'data-part="hand-A-0"' not in plain
    assert re.search(r'class="hk-vm rs-hl" data-part="favor-1"', marked)
    assert re.search(r'class="hk-card hk-g6 rs-hl" data-part="hand-A-0" data-choice="S6"',
                     marked)
    assert 'data-part="marker-A-S" data-choice="S"' in marked
    # Without the marks, the same markup.
    unmarked = re.sub(r' rs-hl| data-choice="[^"]*"| data-part="hand-A-0"', "", marked)
    assert unmarked == plain


def test_hidden_parts_are_left_out() -> None:
    ui = UI["en"].ui
    html = board(STEPS[0], ui, hide=["head", "extra", "hand-A"])
    assert "rs-board-head" not in html and "hk-extra" not in html and "hk-hand" not in html


def test_the_examples_boards_are_the_renderers() -> None:
    """The widget embeds, for every step, exactly what board.py draws (the worker too)."""
    ui = UI["fr"].ui
    code = "game = Game(seed=3, auto_deal=True)\ngame.apply('S' + str(game.hand('A')[0]))\n"
    html = examples.render("ex-one", "fr", spec={"rule": "secret-card", "code": code}, ui=ui)
    steps = examples.compute("ex-one", code)["steps"]
    assert f'<div class="rs-ex-board">{board(steps[-1], ui)}</div>' in html
    assert drawer.boards(steps, ui) == [board(step, ui) for step in steps]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ("Victory marker on player A's side", "Victory marker on player B's side")),
    ("fr", ("Jeton de faveur du côté du joueur A", "Jeton de faveur du côté du joueur B")),
    ("ja", ("勝利マーカーはプレイヤーAの陣地側", "勝利マーカーはプレイヤーBの陣地側")),
    ("id", ("Penanda kemenangan di sisi pemain A", "Penanda kemenangan di sisi pemain B"))])
def test_a_victory_marker_says_whose_side_it_is_on_grammatically(
        lang: str, said: tuple[str, str]) -> None:
    """Each language builds the phrase around the seat's letter: French needs « du côté du
    joueur A » (article, lower case), not « côté Joueur A »."""
    html = board(STEPS[0], UI[lang].ui).replace("&#x27;", "'")
    labels = re.findall(r'class="hk-vm"[^>]*aria-label="([^"]*)"', html)
    favors = STEPS[0]["board"]["favors"]  # type: ignore[index]
    assert favors == "A..B..."
    center = UI[lang].ui["widget.marker_center"]
    assert labels == [said[0], center, center, said[1], center, center, center]
