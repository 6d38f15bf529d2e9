""""What if?" from every step of every example, in CPython, through the session functions the
widget calls in the worker (gamekit/hanamikoji/session.py): the record each example embeds
replays the example exactly; at every step the board offers as choices exactly the engine's
legal moves; and from the first step where another move exists, a line played to the end
(another move, then the engine at its easy level for both players, deals included) ends with
the engine's outcome, for games set up from a Position and dealt games, in all three editions.
The browser side (choices wired, the line shown, the example back in one click) is in
tests/browser/test_whatif.py.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from site_html import example_data

from gamekit.hanamikoji import explain as explainer
from gamekit.hanamikoji import session
from hanamikoji import Edition, Record, timeline
from rulesite.pages import examples
from rulesite.sources.locales import load

REPO = Path(__file__).resolve().parents[2]
LOCALES = load(REPO / "locales")
EXAMPLES = LOCALES.structure.examples
UI = examples.strings(LOCALES.languages["en"].ui)
CHOICE = re.compile(r'data-part="([a-z]+)-[^"]*" data-choice="([^"]+)"')


def ok(answer: dict[str, Any]) -> dict[str, Any]:
    assert "error" not in answer, answer
    return answer


def cut(record: Record, moves: int) -> str:
    """The record after its first ``moves`` moves, as the widget sends it (compact JSON)."""
    return json.dumps(Record(record.edition, record.moves[:moves], record.start).to_json(),
                      ensure_ascii=False, separators=(",", ":"))


@pytest.mark.parametrize("example_id", sorted(EXAMPLES))
def test_what_if_from_every_step(example_id: str) -> None:
    ui = UI
    result = examples.compute(example_id, EXAMPLES[example_id].spec["code"])
    record = Record.loads(result["record"])
    steps = timeline(record)
    assert [s.to_json() for s in steps] == result["steps"]  # the record is the whole example
    moves = 0
    branched = False
    for step in steps:
        moves += step.move is not None
        game = record.replay(moves)
        state = ok(session.position(cut(record, moves), ui))
        legal = [str(m) for m in game.legal_actions()]
        assert state["legal"] == legal
        offered = CHOICE.findall(state["board"])
        if game.to_move is None:
            assert not offered
            continue
        # Markers offered: the letters of the legal actions; cards: the whole hand; answers:
        # the legal picks themselves.
        letters = {value for part, value in offered if part == "marker"}
        picks = {value for part, value in offered if part == "offer"}
        cards = [int(value) for part, value in offered if part == "hand"]
        if legal[0].startswith("P"):
            assert picks == set(legal) and not letters and not cards
        else:
            assert letters == {move[0] for move in legal} and not picks
            assert cards == list(range(len(game.hand(game.to_move))))
        taken = str(record.moves[moves]) if moves < len(record.moves) else None
        others = [move for move in legal if move != taken]
        if branched or not others:
            continue
        branched = True
        line = ok(session.play(cut(record, moves), others[0], ui))["record"]
        for _ in range(300):
            live = ok(session.position(line, ui))
            if live["outcome"]:
                break
            if live["deal_due"]:
                line = ok(session.deal(line, 5))["record"]
            else:
                line = ok(session.opponent(line, "easy", 5))["record"]
        ended = Record.loads(line)
        assert ended.moves[:moves] == record.moves[:moves]
        assert str(ended.moves[moves]) == others[0]
        outcome = ended.replay().outcome
        assert outcome is not None and live["outcome"]["reason"] == outcome.reason.value
        assert live["outcome"]["winners"] == [p.name for p in outcome.winners]
        words = explainer.explain([s.to_json() for s in timeline(ended)], ui)
        assert ok(session.replay(line, ui))["outcome"] == words["outcome"]
    assert branched or len(steps) <= 3, f"{example_id}: no step with another legal move"


def test_the_examples_cover_every_edition() -> None:
    editions = {Record.loads(examples.compute(i, e.spec["code"])["record"]).edition
                for i, e in EXAMPLES.items()}
    assert editions == set(Edition)


# An interface string saying why a move breaks a rule: `play.illegal.<rule>`, `ll.illegal.<rule>`.
ILLEGAL_KEY = re.compile(r"(?:^|\.)illegal\.([a-z0-9-]+)$")


@pytest.mark.parametrize("lang", ["en", "fr", "ja", "id"])
@pytest.mark.parametrize("game", ["hanamikoji", "loveletter"])
def test_every_live_example_links_a_refusal_to_the_rule_it_names(
        real_site: Path, game: str, lang: str) -> None:
    """"What if?" adds to a refused move the link to the rule it breaks, as the Play page does:
    every live example of the game carries one for each rule its session can refuse a move by
    (each worded in the interface as `…illegal.<rule>`), labelled as the Play page labels it,
    landing on that rule's anchor."""
    locales = load(REPO / "locales", game)
    ui = locales.languages[lang].ui
    structure = locales.structure
    named = {found.group(1) for key in ui if (found := ILLEGAL_KEY.search(key))}
    assert {"actions-marker-once", "countess-forced"} & named  # each game's refusals
    prefix = locales.plugin.ui_prefix
    folder = real_site / lang / locales.game.folder
    pages = [page for page in folder.rglob("index.html")
             if "rs-ex-data" in page.read_text(encoding="utf-8")
             and (game == "loveletter" or "love-letter" not in page.parts)]
    assert pages
    for page in pages:
        for data in example_data(page.read_text(encoding="utf-8")):
            rules = data["rules"]
            assert set(rules) == named, page
            for rule_id, link in rules.items():
                number = structure.numbers[rule_id]
                assert link["label"] == ui[f"{prefix}play.rule"].format(number=number)
                target, _, anchor = link["href"].partition("#")
                assert anchor == rule_id
                landing = (page.parent / target / "index.html").resolve()
                assert f'id="{rule_id}"' in landing.read_text(encoding="utf-8"), (page, link)


@pytest.mark.parametrize("lang", ["en", "fr", "ja", "id"])
@pytest.mark.parametrize("game", ["hanamikoji", "loveletter"])
def test_every_live_example_has_its_what_if_starts_beside_it(
        real_site: Path, game: str, lang: str) -> None:
    """Each live example names the file of its what-if starts (examples.whatif_starts): it is
    on the site, named by the digest of its text, for the example's own record, with a start
    at every step where "what if?" can leave the example (not once the game is over), whose
    moves to pick from are the engine's legal moves there."""
    locales = load(REPO / "locales", game)
    plugin = locales.plugin
    folder = real_site / lang / locales.game.folder
    pages = [page for page in folder.rglob("index.html")
             if "rs-ex-data" in page.read_text(encoding="utf-8")
             and (game == "loveletter" or "love-letter" not in page.parts)]
    assert pages
    seen = set()
    for page in pages:
        for data in example_data(page.read_text(encoding="utf-8")):
            address = data["starts"]
            assert address.startswith(f"{locales.game.folder}{examples.STARTS}{data['id']}.")
            text = (real_site / lang / address).read_bytes()
            assert address.split(".")[-2] == hashlib.sha256(text).hexdigest()[:12]
            if address in seen:
                continue  # the book repeats the pages' examples
            seen.add(address)
            starts = json.loads(text)
            record = data["result"]["record"]
            assert starts["record"] == record
            steps = data["result"]["steps"]
            wanted, moves = set(), 0
            for index, step in enumerate(steps):
                moves += bool(index and step.get("move"))
                at = index + 1 if index + 1 < len(steps) and \
                    steps[index + 1]["kind"] == "scoring" else index
                if steps[at]["board"]["phase"] != "over":
                    wanted.add(str(moves))
            assert set(starts["starts"]) == wanted, address
            whole = json.loads(record)
            for count, start in starts["starts"].items():
                kept = json.dumps({**whole, "moves": whole["moves"][:int(count)]})
                position = plugin.session.position(kept, data["strings"])
                assert start["live"]["legal"] == position["legal"], (address, count)
                assert start["same"] + len(start["steps"]) == start["live"]["last"] + 1
    assert seen
