"""The real examples of locales/: what their text says is what the engine computes, their
text names their geishas in every language, their code comments are in the page's language,
and each page says an example's outcome once.

No browser: the engine runs here, as at build time (tests/browser/test_examples.py checks
that the browser's engine agrees with the page).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from gamekit import runner
from gamekit.hanamikoji import PLUGIN as HANAMIKOJI
from gamekit.hanamikoji import explain as explainer
from hanamikoji import Game, Player
from rulesite.pages import examples
from rulesite.sources import placeholders
from rulesite.sources.locales import Locales, load

REPO = Path(__file__).resolve().parents[2]
LANGS = ("en", "fr", "ja", "id")


@pytest.fixture(scope="module")
def real() -> Locales:
    return load(REPO / "locales")


def steps(real: Locales, example_id: str) -> list[dict[str, Any]]:
    result = runner.run(real.structure.examples[example_id].spec["code"], HANAMIKOJI)
    assert "steps" in result, result
    return list(result["steps"])


def held(board: dict[str, Any], player: str) -> set[int]:
    return {g for g, favor in enumerate(board["favors"], start=1) if favor == player}


def code(real: Locales, example_id: str) -> str:
    return str(real.structure.examples[example_id].spec["code"])


# --- what each text claims, checked against the engine ------------------------------------

def test_every_example_text_names_its_geishas_in_every_language(real: Locales) -> None:
    for example_id, example in real.structure.examples.items():
        listed = set(example.spec["geishas"])
        assert listed, f"{example_id}: list the geishas its text is about"
        for lang in LANGS:
            text = real.languages[lang].text["examples"][example_id]["text"]
            assert placeholders.named(text, "geisha") == {str(g) for g in listed}, \
                (example_id, lang)


def test_gift_and_competition_name_the_cards_they_move(real: Locales) -> None:
    gift = steps(real, "ex-gift")
    assert set(gift[1]["cards"]) | set(gift[2]["cards"]) == {2, 6, 7}
    assert gift[2]["player"] == "B" and gift[2]["cards"] == [7]
    competition = steps(real, "ex-competition")
    assert competition[1]["pairs"] == [[1, 2], [6, 7]] and competition[2]["cards"] == [6, 7]


def test_tie_keeps_geisha_7_with_a_while_1_and_5_move(real: Locales) -> None:
    timeline = steps(real, "ex-tie-keeps-marker")
    start, last = timeline[0]["board"], timeline[-1]
    assert start["round"] == 2 and held(start, "A") == {7}
    board = last["board"]
    a, b = board["players"]["A"]["items"], board["players"]["B"]["items"]
    assert a[6] == b[6] > 0  # the tie on geisha 7
    assert last["scoring"]["moved"] == [1, 5]  # only these two markers move
    assert board["favors"][0] == "A" and board["favors"][4] == "B" and board["favors"][6] == "A"


def test_marker_three_rounds_follows_geisha_1_and_ends_by_b_charm_goal(real: Locales) -> None:
    scorings = [s for s in steps(real, "ex-marker-three-rounds") if s["kind"] == "scoring"]
    assert [s["scoring"]["round"] for s in scorings] == [1, 2, 3]
    items = [(s["board"]["players"]["A"]["items"][0], s["board"]["players"]["B"]["items"][0])
             for s in scorings]
    assert items[0][0] > 0 == items[0][1]  # round 1: only A gives her cards
    assert items[1] == (0, 0)  # round 2: nobody
    assert items[2][0] == 0 < items[2][1]  # round 3: only B
    assert [s["board"]["favors"][0] for s in scorings] == ["A", "A", "B"]
    outcome = scorings[-1]["outcome"]
    assert outcome["winners"] == ["B"] and outcome["reason"] == "charm"  # a goal, not the limit
    assert outcome["charm"][1] >= 11 and "kosmos" in code(real, "ex-marker-three-rounds")


@pytest.mark.parametrize(("example_id", "winners", "reason", "a_holds", "b_holds"), [
    ("ex-8-vs-11", ["B"], "charm", {1, 2, 6}, {4, 5, 7}),
    ("ex-4-geishas-vs-11", ["B"], "charm-beats-geishas", {1, 2, 4, 5}, {3, 6, 7}),
    ("ex-round-limit-optional", ["A"], "limit-more-geishas", {1, 2, 4}, {6, 7}),
    ("ex-round-limit-optional-charm", ["B"], "limit-more-charm", {1, 2, 4}, {3, 5, 6}),
    ("ex-round-limit-optional-shared", ["A", "B"], "limit-shared", {1, 2, 6}, {3, 4, 5}),
    ("ex-round-limit-kosmos", ["B"], "limit-more-charm", {1, 2, 4}, {6, 7}),
    ("ex-round-limit-kosmos-no-winner", [], "limit-no-winner", {1, 2, 6}, {3, 4, 5}),
])
def test_ending_examples_end_as_their_text_says(real: Locales, example_id: str,
                                                winners: list[str], reason: str,
                                                a_holds: set[int], b_holds: set[int]) -> None:
    last = steps(real, example_id)[-1]
    outcome = last["outcome"]
    assert (outcome["winners"], outcome["reason"]) == (winners, reason)
    assert (held(last["board"], "A"), held(last["board"], "B")) == (a_holds, b_holds)
    assert set(real.structure.examples[example_id].spec["geishas"]) == a_holds | b_holds


def test_charm_goals_are_reached_exactly(real: Locales) -> None:
    """``ex-8-vs-11`` and ``ex-4-geishas-vs-11`` say "exactly 11"."""
    for example_id in ("ex-8-vs-11", "ex-4-geishas-vs-11"):
        outcome = steps(real, example_id)[-1]["outcome"]
        assert outcome["charm"][1] == 11 and outcome["charm"][0] < 11, example_id
    assert steps(real, "ex-4-geishas-vs-11")[-1]["outcome"]["geishas"][0] == 4


def ends(game: Game) -> Iterator[Game]:
    """Every way the round can end from ``game``: each legal move of both players."""
    if game.outcome is not None or game.to_move is None:
        yield game
        return
    for action in game.legal_actions():
        after = game.copy()
        after.apply(action)
        yield from ends(after)


def forces(game: Game, player: Player, goal: Callable[[Game], bool]) -> bool:
    """Whether ``player`` can make the round end in ``goal`` whatever the opponent plays."""
    if game.outcome is not None or game.to_move is None:
        return goal(game)
    tries = (forces(_after(game, action), player, goal) for action in game.legal_actions())
    return any(tries) if game.to_move == player else all(tries)


def _after(game: Game, action: object) -> Game:
    other = game.copy()
    other.apply(action)  # type: ignore[arg-type]
    return other


def test_8_vs_11_turns_on_the_answer_to_b_gift(real: Locales) -> None:
    """The example's second paragraph: B's Gift holds B's only card of geisha 7 and no other is
    left to play; after the card A takes in the line shown, B can reach 11 whatever A does, and
    a fourth geisha for A does not stop B; with geisha 7's card B cannot reach 11 this round,
    and A can win it."""
    source = code(real, "ex-8-vs-11")
    head = source.split('game.apply("P3")')[0]  # up to A's answer, the step the text names
    scope: dict[str, Any] = {"Game": Game}
    exec(head, scope)  # the site's own example code, as the build runs it
    game: Game = scope["game"]
    assert game.to_move == Player.A and str(game.legal_actions()[0]).startswith("P")
    offer = [int(str(a)[1:]) for a in game.legal_actions()]
    assert 7 in offer
    elsewhere = [*game.hand("A"), *game.hand("B"), *game.draw_pile]
    assert 7 not in elsewhere, "another card of geisha 7 is left to play"
    b_wins = lambda g: g.outcome is not None and g.outcome.winners == (Player.B,)  # noqa: E731
    taken = re.search(r'game\.apply\("(P\d)"\)', source.split(head, 1)[1])
    assert taken and taken.group(1) != "P7"  # the line shown: A answers with another card
    after = _after(game, taken.group(1))
    assert forces(after, Player.B, b_wins)
    assert any(b_wins(end) and end.geishas("A") == 4 for end in ends(after))
    # Geisha 7's card instead: B stays under 11 in every line, and A can force a win.
    after = _after(game, "P7")
    assert all(end.charm("B") < 11 for end in ends(after))
    assert forces(after, Player.A,
                  lambda g: g.outcome is not None and g.outcome.winners == (Player.A,))


def test_4_geishas_vs_11_turns_on_a_split(real: Locales) -> None:
    """The example's second paragraph: the split of the line shown lets B take a pair and win
    by charm points against A's four geishas; the same four cards paired 5-6 and 6-7 keep B
    under 11 whichever pair B takes, and A wins."""
    source = code(real, "ex-4-geishas-vs-11")
    scope: dict[str, Any] = {"Game": Game}
    exec(source.split("game.apply(")[0], scope)  # the position, as the build sets it up
    game: Game = scope["game"]
    split = re.search(r'game\.apply\("(C\d\d-\d\d)"\)', source)
    assert split and game.to_move == Player.A
    after = _after(game, split.group(1))
    assert any(end.outcome is not None and end.outcome.winners == (Player.B,)
               and end.outcome.reason.value == "charm-beats-geishas" for end in ends(after))
    other = "C56-67"
    assert other in [str(a) for a in game.legal_actions()] and other != split.group(1)
    for end in ends(_after(game, other)):
        assert end.outcome is not None and end.outcome.winners == (Player.A,)
        assert end.charm("B") < 11


Ending = tuple[tuple[Player, ...], str]


def answers(real: Locales, example_id: str) -> tuple[str, dict[str, Ending]]:
    """The Competition A plays in a round-limit example, and how the game ends after each
    pair B may take (B's last turn is forced): the winners and the reason."""
    source = code(real, example_id)
    scope: dict[str, Any] = {"Game": Game}
    exec(source.split("game.apply(")[0], scope)  # the position, as the build sets it up
    split = re.search(r'game\.apply\("(C\d\d-\d\d)"\)', source)
    assert split, example_id
    after = _after(scope["game"], split.group(1))
    results = {}
    for pick in after.legal_actions():
        (end,) = ends(_after(after, pick))
        assert end.outcome is not None
        results[str(pick)] = (end.outcome.winners, end.outcome.reason.value)
    return split.group(1), results


def taken(real: Locales, example_id: str, pick: str) -> bool:
    return f'game.apply("{pick}")' in code(real, example_id)


def test_round_limit_pair_turns_on_b_answer_only_under_kosmos(real: Locales) -> None:
    """The second paragraphs of ex-round-limit-optional and ex-round-limit-kosmos: after A's
    Competition, the optional rule gives A the game whichever pair B takes (by geishas); the
    Kosmos/IELLO edition gives it to B with the pair of geishas 6 and 7, to A with the other."""
    a = (Player.A,)
    assert answers(real, "ex-round-limit-optional") == (
        "C25-67", {"P25": (a, "limit-more-geishas"), "P67": (a, "limit-more-geishas")})
    assert answers(real, "ex-round-limit-kosmos") == (
        "C25-67", {"P25": (a, "limit-more-charm"), "P67": ((Player.B,), "limit-more-charm")})
    assert taken(real, "ex-round-limit-kosmos", "P67")


def test_shared_pair_turns_on_b_answer(real: Locales) -> None:
    """The second paragraphs of ex-round-limit-optional-shared and -kosmos-no-winner: B's
    pair with geisha 4's card leaves the players equal (a shared victory, or no winner); the
    pair with geisha 1's card gives A more charm points and the game, under both editions."""
    for example_id, equal in (("ex-round-limit-optional-shared", ((Player.A, Player.B),
                                                                   "limit-shared")),
                              ("ex-round-limit-kosmos-no-winner", ((), "limit-no-winner"))):
        assert answers(real, example_id) == (
            "C17-47", {"P47": equal, "P17": ((Player.A,), "limit-more-charm")}), example_id
        assert taken(real, example_id, "P47")


def test_optional_charm_turns_on_b_answer(real: Locales) -> None:
    """ex-round-limit-optional-charm's second paragraph: the pair of geisha 3's two cards
    makes the geishas equal and B wins on charm points; with the other pair A has more
    geishas and wins."""
    assert answers(real, "ex-round-limit-optional-charm") == (
        "C26-33", {"P33": ((Player.B,), "limit-more-charm"),
                   "P26": ((Player.A,), "limit-more-geishas")})
    assert taken(real, "ex-round-limit-optional-charm", "P33")


def test_round_limit_pairs_play_one_position_under_both_editions(real: Locales) -> None:
    """The Kosmos examples say they replay the optional rule's positions."""
    for optional, kosmos in (("ex-round-limit-optional", "ex-round-limit-kosmos"),
                             ("ex-round-limit-optional-shared",
                              "ex-round-limit-kosmos-no-winner")):
        assert code(real, optional).replace('"emperors4-3-rounds"', '"kosmos"') == \
            code(real, kosmos)
        assert "emperors4-3-rounds" in code(real, optional)
        for lang in LANGS:
            assert f"{{ref:{optional}}}" in real.languages[lang].text["examples"][kosmos]["text"]


def test_round_limit_examples_follow_their_rules(real: Locales) -> None:
    """Placed after the rule they illustrate, the optional rule's three side by side, then
    the Kosmos pair."""
    rules = {e.id: e.rule for e in real.structure.examples.values()}
    section = next(s for p in real.structure.pages for s in p.sections if s.id == "end-editions")
    order = [b.id for b in section.blocks]
    for example_id, rule in rules.items():
        if example_id.startswith("ex-round-limit"):
            assert order.index(rule) < order.index(example_id)
    optional = [i for i in order if i.startswith("ex-round-limit-optional")]
    assert len(optional) == 3
    assert order.index(optional[-1]) - order.index(optional[0]) == 2


# --- the page: localized comments, the outcome said once -----------------------------------

def rendered(real: Locales, example_id: str, lang: str) -> str:
    text = real.languages[lang].text["examples"][example_id]
    return examples.render(example_id, lang, spec=real.structure.examples[example_id].spec,
                           ui=real.languages[lang].ui, comments=text.get("comments", {}))


def textarea(fragment: str) -> str:
    match = re.search(r"<textarea[^>]*>(.*?)</textarea>", fragment)
    assert match
    return match.group(1).replace("&#10;", "\n")


@pytest.mark.parametrize("lang", LANGS)
def test_code_comments_are_in_the_page_language(real: Locales, lang: str) -> None:
    from html import unescape

    for example_id, example in real.structure.examples.items():
        source = example.spec["code"]
        comments = real.languages[lang].text["examples"][example_id]["comments"]
        assert examples.comment_keys(source), f"{example_id}: its code has no comment"
        shown = unescape(textarea(rendered(real, example_id, lang)))
        assert "# {" not in shown
        for text in comments.values():
            assert f"# {text}" in shown, (example_id, lang, text)
        # Only the comments differ: same lines, and the engine gives the same result.
        assert len(shown.splitlines()) == len(source.splitlines())
        assert runner.run(shown, HANAMIKOJI)["steps"] == runner.run(source, HANAMIKOJI)["steps"]
    # The languages do read differently.
    en = real.languages["en"].text["examples"]["ex-gift"]["comments"]
    assert lang == "en" or real.languages[lang].text["examples"]["ex-gift"]["comments"] != en


@pytest.mark.parametrize("lang", LANGS)
def test_each_example_says_its_outcome_once(real: Locales, lang: str) -> None:
    ui = real.languages[lang].ui
    for example_id in real.structure.examples:
        fragment = rendered(real, example_id, lang)
        timeline = steps(real, example_id)
        words = explainer.explain(timeline, ui)
        shown = fragment.split('<script type="application/json"')[0]  # not the data
        assert shown.count(words["outcome"]) == 1, (example_id, lang)
        assert f'<p class="rs-ex-outcome">{words["outcome"]}</p>' in shown
        assert words["outcome"] not in words["texts"][-1]
        # The line of the current step stays empty until the script shows a step in it.
        assert '<p class="rs-ex-now" aria-live="polite" hidden></p>' in shown


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_without_script_does_not_invite_editing(real: Locales, lang: str) -> None:
    ui = real.languages[lang].ui
    fragment = rendered(real, "ex-gift", lang)
    label = re.search(r'<label class="rs-ex-code-label"[^>]*>(.*?)</label>', fragment)
    assert label and label.group(1) == ui["widget.code"]
    assert ui["widget.code_live"] not in fragment.split("<script")[0]
    assert ui["widget.code_live"].startswith(ui["widget.code"].rstrip("."))
    assert "readonly" in fragment
