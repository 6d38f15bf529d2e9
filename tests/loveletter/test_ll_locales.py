"""Love Letter's rules as data (locales/loveletter/): structure, English text and examples.

These tests hold them to Hanamikoji's schema (locales/README.md) and to the engine, without
building the site (tests/site/test_site_loveletter.py checks the built pages): every rule the
engine cites exists, every example's code runs in CPython and does what its text says, every
figure is a reachable position.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from loveletter import (
    PLAYER_COUNTS,
    TOKENS_TO_WIN,
    Card,
    Deal,
    EndReason,
    Game,
    Keep,
    Phase,
    Play,
    Rule,
    Variant,
    View,
    card_counts,
    full_deck,
    guesses,
    parse_move,
)

REPO = Path(__file__).resolve().parents[2]
ROOT = REPO / "locales" / "loveletter"
A, B, C = 0, 1, 2


def _load(path: Path) -> Any:
    with path.open(encoding="utf-8") as f:
        return yaml.safe_load(f)


STRUCTURE: dict[str, Any] = _load(ROOT / "structure.yml")
TEXT: dict[str, Any] = _load(ROOT / "en" / "text.yml")
GLOSSARY: dict[str, Any] = _load(ROOT / "en" / "glossary.yml")
SYNONYMS: dict[str, Any] = _load(ROOT / "en" / "synonyms.yml")
CHANGELOG: dict[str, Any] = _load(ROOT / "changelog.yml")


def _face_up_with_two() -> int:
    game = Game(players=2, seed=1)
    game.deal()
    return len(game.face_up)


# The numbers {n:NAME} may name, from the engine's public API; the two components the engine
# does not model (tokens, reference cards) from the rulebook's list of contents.
FACT_NUMBERS: dict[str, int] = {
    "players_min": min(PLAYER_COUNTS[Variant.STANDARD]),
    "players_max": max(PLAYER_COUNTS[Variant.STANDARD]),
    "classic_players_max": max(PLAYER_COUNTS[Variant.CLASSIC]),
    "deck_cards": len(full_deck(Variant.STANDARD)),
    "classic_cards": len(full_deck(Variant.CLASSIC)),
    "card_kinds": len(card_counts(Variant.STANDARD)),
    "face_up_two": _face_up_with_two(),
    "chancellor_draw": 2,  # checked against the engine by ex-chancellor below
    "tokens": 13,
    "reference_cards": 6,
    **{f"tokens_{n}": TOKENS_TO_WIN[n] for n in PLAYER_COUNTS[Variant.STANDARD]},
}


def _blocks() -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(page ID, section ID, block) for every block of every page."""
    for page in STRUCTURE["pages"]:
        for section in page.get("sections", []):
            for block in section["blocks"]:
                yield page["id"], section["id"], block


def _rules() -> dict[str, tuple[str, str, str]]:
    """Rule ID -> (number, page ID, section ID)."""
    return {b["id"]: (b["number"], p, s) for p, s, b in _blocks() if b["kind"] == "rule"}


def _all_ids() -> list[str]:
    ids: list[str] = []
    for page in STRUCTURE["pages"]:
        ids.append(page["id"])
        ids += [item["id"] for item in page.get("items", [])]
        for section in page.get("sections", []):
            ids.append(section["id"])
            ids += [b["id"] for b in section["blocks"]]
    ids += [g["id"] for g in STRUCTURE["glossary"]]
    return ids


def _text_fields() -> Iterator[tuple[str, str]]:
    """(key path, string) for every string of text.yml and glossary.yml."""
    def walk(node: Any, path: str) -> Iterator[tuple[str, str]]:
        if isinstance(node, dict):
            for k, v in node.items():
                yield from walk(v, f"{path}.{k}" if path else str(k))
        elif isinstance(node, str):
            yield path, node
    yield from walk(TEXT, "text")
    yield from walk(GLOSSARY, "glossary")


# ----- structure -------------------------------------------------------------------------

def test_ids_are_unique_and_well_formed() -> None:
    ids = _all_ids()
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    assert not dupes, f"IDs used twice: {dupes}"
    bad = [i for i in ids if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", i)]
    assert not bad, bad


def test_rule_numbers_are_unique_and_follow_their_chapter() -> None:
    numbers: dict[str, str] = {}
    for page in STRUCTURE["pages"]:
        for section in page.get("sections", []):
            rules = [b for b in section["blocks"] if b["kind"] == "rule"]
            assert bool(rules) == ("chapter" in section), section["id"]
            for rule in rules:
                chapter, _, n = rule["number"].partition(".")
                assert int(chapter) == section["chapter"], rule["id"]
                assert n.isdigit(), rule["id"]
                assert rule["number"] not in numbers, (rule["id"], numbers.get(rule["number"]))
                numbers[rule["number"]] = rule["id"]
    chapters = [s["chapter"] for p in STRUCTURE["pages"] for s in p.get("sections", [])
                if "chapter" in s]
    assert chapters == list(range(1, len(chapters) + 1))


def test_changelog_publishes_every_number_once() -> None:
    published: dict[str, str] = {}
    for version in CHANGELOG["versions"]:
        for rid, number in version["numbers"].items():
            assert rid not in published and number not in published.values(), (rid, number)
            published[rid] = number
    assert published == {rid: number for rid, (number, _, _) in _rules().items()}


def test_every_rule_the_engine_cites_is_a_rule() -> None:
    rules = _rules()
    assert {r.value for r in Rule} <= rules.keys(), {r.value for r in Rule} - rules.keys()


def test_every_fact_of_facts_md_is_a_rule() -> None:
    facts = re.findall(r"^### (\S+)$", (REPO / "loveletter" / "FACTS.md").read_text("utf-8"),
                       re.MULTILINE)
    assert len(facts) > 20
    missing = set(facts) - _rules().keys()
    assert not missing, missing


def test_every_rules_chapter_has_a_figure() -> None:
    for page in STRUCTURE["pages"]:
        for section in page.get("sections", []):
            if "chapter" in section:
                kinds = [b["kind"] for b in section["blocks"]]
                assert "figure" in kinds, section["id"]


def test_misreadings_settle_rules() -> None:
    rules = _rules()
    items = [i for p in STRUCTURE["pages"] for i in p.get("items", [])]
    assert len(items) >= 15
    for item in items:
        assert item["settles"] in rules, item


# ----- English text ----------------------------------------------------------------------

def test_english_has_exactly_the_keys_of_the_structure() -> None:
    expected: dict[str, set[str]] = {k: set() for k in (
        "pages", "sections", "rules", "notes", "tables", "examples", "misreadings", "figures")}
    for page in STRUCTURE["pages"]:
        expected["pages"].add(page["id"])
        expected["misreadings"] |= {i["id"] for i in page.get("items", [])}
        for section in page.get("sections", []):
            expected["sections"].add(section["id"])
            for block in section["blocks"]:
                kind = {"rule": "rules", "note": "notes", "table": "tables",
                        "example": "examples", "figure": "figures"}[block["kind"]]
                expected[kind].add(block["id"])
    expected["notes"] |= {v["summary"] for v in CHANGELOG["versions"]}
    assert set(TEXT) == set(expected)
    for kind, keys in expected.items():
        assert set(TEXT[kind]) == keys, (kind, keys ^ set(TEXT[kind]))
    assert set(expected["examples"]) == set(STRUCTURE["examples"])
    assert set(expected["figures"]) == set(STRUCTURE["figures"])
    for rid, rule in TEXT["rules"].items():
        assert set(rule) == {"title", "text"}, rid
    for fid, fig in TEXT["figures"].items():
        assert set(fig) == {"caption", "alt"}, fid
    for mid, item in TEXT["misreadings"].items():
        assert set(item) == {"claim", "answer"}, mid


def test_glossary_and_synonyms_match_the_terms() -> None:
    terms = [g["id"] for g in STRUCTURE["glossary"]]
    assert set(GLOSSARY) == set(terms)
    for tid, entry in GLOSSARY.items():
        assert set(entry) == {"term", "definition"}, tid
    assert set(SYNONYMS) <= set(terms)
    cards = [GLOSSARY[c.name.lower()]["term"] for c in Card]
    assert cards == [c.title for c in Card]  # the names the engine prints


def test_placeholders_resolve() -> None:
    ids = set(_all_ids()) | set(STRUCTURE["examples"]) | set(STRUCTURE["figures"])
    terms = {g["id"] for g in STRUCTURE["glossary"]}
    for path, text in _text_fields():
        for kind, name in re.findall(r"\{([a-z]+):([^}]*)\}", text):
            if kind == "n":
                assert name in FACT_NUMBERS, (path, name)
            elif kind == "ref":
                assert name in ids, (path, name)
            elif kind == "term":
                assert name in terms, (path, name)
            else:
                pytest.fail(f"{path}: unknown placeholder {{{kind}:{name}}}")


def test_no_markup_in_text() -> None:
    for path, text in _text_fields():
        assert not re.search(r"<[a-zA-Z!/]|&#?\w+;|\{:|javascript:", text), path


def test_fact_numbers_are_not_typed_into_rules() -> None:
    # A count of the game is a placeholder, never digits in the prose (card numbers 0 to 9
    # in titles and in "from 0 to 9" are the cards' printed numbers, not counts).
    for rid, rule in TEXT["rules"].items():
        prose = re.sub(r"\{[a-z]+:[^}]*\}", "", rule["text"])
        for n in re.findall(r"\b\d+\b", prose):
            assert n in {"0", "9"}, (rid, n)


# ----- examples --------------------------------------------------------------------------

def _run(eid: str) -> dict[str, Any]:
    namespace: dict[str, Any] = {}
    exec("from loveletter import *\n" + STRUCTURE["examples"][eid]["code"], namespace)
    assert isinstance(namespace["game"], Game)
    return namespace


def _at(game: Game, steps: int) -> Game:
    """The example's game replayed from the start through its first ``steps`` moves."""
    replay = Game(game.players, game.variant)
    for move in game.moves[:steps]:
        replay.apply(move)
    return replay


def _ex_spy_token(ns: dict[str, Any]) -> None:
    g = ns["game"]
    assert g.moves[1] == Play(Card.SPY) and g.actors[1] == A
    [r] = g.results
    assert r.reason is EndReason.DECK_EMPTY and r.winners == (B,) and r.spy == A
    assert all(g.active) and g.tokens == [1, 1]


def _ex_spy_both(ns: dict[str, Any]) -> None:
    g = ns["game"]
    [r] = g.results
    assert all(Card.SPY in d for d in g.discards) and all(g.active)
    assert r.reason is EndReason.DECK_EMPTY and r.winners == (B,) and r.spy is None
    assert g.tokens == [0, 1]


def _ex_spy_knocked_out(ns: dict[str, Any]) -> None:
    g = ns["game"]
    assert [g.discards[p][0] for p in (A, B)] == [Card.SPY, Card.SPY]
    assert g.discards[B] == [Card.SPY, Card.PRIEST] and g.discards[C] == [Card.GUARD,
                                                                        Card.PRINCE]
    [r] = g.results
    assert r.reason is EndReason.LAST_STANDING and r.winners == (A,) and r.spy == A
    assert g.tokens == [2, 0, 0]


def _ex_guard(ns: dict[str, Any]) -> None:
    g = ns["game"]
    before = _at(g, 1)
    assert before.hand(A) == (Card.GUARD, Card.BARON) and before.hand(B) == (Card.PRIEST,)
    assert g.moves[1] == Play(Card.GUARD, B, Card.KING) and _at(g, 2).active == [True] * 2
    assert g.moves[2] == Play(Card.GUARD, A, Card.BARON) and g.actors[2] == B
    [r] = g.results
    assert not g.active[A] and r.reason is EndReason.LAST_STANDING and r.winners == (B,)


def _ex_priest(ns: dict[str, Any]) -> None:
    g = ns["game"]
    assert ns["seen"] == {C: Card.KING} and g.hand(C) == (Card.KING,)
    assert View(g, B).known == {}


def _ex_baron(ns: dict[str, Any]) -> None:
    g = ns["game"]
    assert _at(g, 1).hand(A) == (Card.BARON, Card.KING)
    assert g.active == [True, False, True] and g.discards[B] == [Card.GUARD]


def _ex_baron_tie(ns: dict[str, Any]) -> None:
    g = ns["game"]
    assert _at(g, 1).hand(A) == (Card.BARON, Card.PRINCE)
    assert _at(g, 1).hand(B) == (Card.PRINCE,) and all(g.active)
    assert g.hand(A) == (Card.PRINCE,) and Card.PRINCE in g.hand(B)


def _ex_handmaid_everyone(ns: dict[str, Any]) -> None:
    g = ns["game"]
    assert set(ns["choices"]) == {Play(Card.GUARD), Play(Card.PRINCE, C)}
    assert all(g.active) and g.discards[C] == [Card.GUARD] and g.to_move == A


def _ex_prince(ns: dict[str, Any]) -> None:
    g = ns["game"]
    assert _at(g, 1).hand(B) == (Card.GUARD,)
    assert g.discards[B] == [Card.GUARD] and g.active[B] and len(g.hand(B)) == 2


def _ex_prince_empty_deck(ns: dict[str, Any]) -> None:
    g = ns["game"]
    before = _at(g, len(g.moves) - 1)
    set_aside = g.moves[0].deck[0]
    assert not before.pile and before.to_move == B and before.set_aside == set_aside
    assert g.moves[-1] == Play(Card.PRINCE, B) and g.set_aside is None
    [r] = g.results
    assert r.hands == (Card.PRINCESS, Card.GUARD) and set_aside == Card.GUARD
    assert r.winners == (A,)


def _ex_prince_princess(ns: dict[str, Any]) -> None:
    g = ns["game"]
    [r] = g.results
    assert g.discards[B] == [Card.PRINCESS] and not g.active[B]
    assert r.reason is EndReason.LAST_STANDING and r.winners == (A,)


def _ex_chancellor(ns: dict[str, Any]) -> None:
    g = ns["game"]
    mid = _at(g, 2)
    assert mid.phase is Phase.CHANCELLOR and mid.hand(A) == (Card.PRIEST, Card.BARON,
                                                            Card.PRINCESS)
    assert len(mid.hand(A)) == 1 + FACT_NUMBERS["chancellor_draw"]
    assert g.moves[2] == Keep(Card.PRINCESS, (Card.PRIEST, Card.BARON))
    assert g.hand(A) == (Card.PRINCESS,) and g.pile[:2] == [Card.BARON, Card.PRIEST]


def _ex_chancellor_one_card(ns: dict[str, Any]) -> None:
    g = ns["game"]
    i = g.moves.index(Play(Card.CHANCELLOR))
    before, after = _at(g, i), _at(g, i + 2)
    assert before.to_move == B and len(before.pile) == 1
    assert g.moves[i + 1] == Keep(Card.HANDMAID, (Card.GUARD,))
    # The returned Guard kept the deck from running out: the round went on, and A drew it.
    assert not after.results and after.to_move == A and not after.pile
    assert Card.GUARD in after.hand(A)
    [r] = g.results
    assert len(g.moves) == i + 3 and r.reason is EndReason.DECK_EMPTY and r.winners == (B,)


def _ex_chancellor_no_card(ns: dict[str, Any]) -> None:
    g = ns["game"]
    before = _at(g, len(g.moves) - 1)
    assert before.to_move == A and not before.pile
    assert g.moves[-1] == Play(Card.CHANCELLOR)
    [r] = g.results
    assert r.reason is EndReason.DECK_EMPTY and r.winners == (A,)


def _ex_king(ns: dict[str, Any]) -> None:
    g = ns["game"]
    assert _at(g, 1).hand(A) == (Card.GUARD, Card.KING) and _at(g, 1).hand(B) == (
        Card.PRINCESS,)
    assert g.hand(A) == (Card.PRINCESS,) and Card.GUARD in g.hand(B)


def _ex_countess_forced(ns: dict[str, Any]) -> None:
    g = ns["game"]
    assert _at(g, 1).hand(A) == (Card.KING, Card.COUNTESS)
    assert ns["choices"] == (Play(Card.COUNTESS),)


def _ex_princess(ns: dict[str, Any]) -> None:
    g = ns["game"]
    assert _at(g, 1).hand(A) == (Card.GUARD, Card.PRINCESS)
    [r] = g.results
    assert not g.active[A] and r.winners == (B,)


def _ex_tie_deck_end(ns: dict[str, Any]) -> None:
    g = ns["game"]
    [r] = g.results
    assert r.reason is EndReason.DECK_EMPTY and r.hands == (Card.BARON, Card.BARON)
    assert r.winners == (A, B) and r.spy is None and g.tokens == [1, 1]
    assert ns["starters"] == (A, B)


def _ex_several_winners(ns: dict[str, Any]) -> None:
    g = ns["game"]
    assert g.players == 5 and g.target_tokens == TOKENS_TO_WIN[5]
    first, second, third = g.results
    # Rounds 1 and 2: the last player in, with the only Spy shown, gains two tokens.
    assert (first.reason, first.winners, first.spy) == (EndReason.LAST_STANDING, (A,), A)
    assert (second.reason, second.winners, second.spy) == (EndReason.LAST_STANDING, (B,), B)
    deals = [i for i, move in enumerate(g.moves) if isinstance(move, Deal)]
    assert len(deals) == 3 and _at(g, deals[2]).tokens == [2, 2, 0, 0, 0]
    # Round 3: B's Prince on A draws the deck's last card; A and B both hold a Chancellor.
    before = _at(g, len(g.moves) - 1)
    assert before.to_move == B and len(before.pile) == 1 and before.hand(A) == (Card.COUNTESS,)
    assert g.moves[-1] == Play(Card.PRINCE, A) and g.discards[A][-1] == Card.COUNTESS
    assert third.reason is EndReason.DECK_EMPTY and third.spy is None
    assert third.hands == (Card.CHANCELLOR, Card.CHANCELLOR, None, None, None)
    assert third.winners == (A, B)
    # Both reach the target in that round: the game is over, with two winners.
    assert g.tokens == [3, 3, 0, 0, 0] and g.phase is Phase.OVER
    assert g.outcome is not None and g.outcome.rounds == 3
    assert ns["winners"] == g.outcome.winners == (A, B)


CHECKS: dict[str, Callable[[dict[str, Any]], None]] = {
    "ex-spy-token": _ex_spy_token,
    "ex-spy-both": _ex_spy_both,
    "ex-spy-knocked-out": _ex_spy_knocked_out,
    "ex-guard": _ex_guard,
    "ex-priest": _ex_priest,
    "ex-baron": _ex_baron,
    "ex-baron-tie": _ex_baron_tie,
    "ex-handmaid-everyone": _ex_handmaid_everyone,
    "ex-prince": _ex_prince,
    "ex-prince-empty-deck": _ex_prince_empty_deck,
    "ex-prince-princess": _ex_prince_princess,
    "ex-chancellor": _ex_chancellor,
    "ex-chancellor-one-card": _ex_chancellor_one_card,
    "ex-chancellor-no-card": _ex_chancellor_no_card,
    "ex-king": _ex_king,
    "ex-countess-forced": _ex_countess_forced,
    "ex-princess": _ex_princess,
    "ex-tie-deck-end": _ex_tie_deck_end,
    "ex-several-winners": _ex_several_winners,
}


def test_every_example_has_a_check() -> None:
    assert set(CHECKS) == set(STRUCTURE["examples"])


@pytest.mark.parametrize("eid", sorted(STRUCTURE["examples"]))
def test_example_runs_and_does_what_its_text_says(eid: str) -> None:
    CHECKS[eid](_run(eid))


@pytest.mark.parametrize("eid", sorted(STRUCTURE["examples"]))
def test_example_follows_its_rule_and_has_its_comments(eid: str) -> None:
    example = STRUCTURE["examples"][eid]
    order = [(p, b["id"]) for p, _, b in _blocks()]
    rule_at = next(i for i, (_, bid) in enumerate(order) if bid == example["rule"])
    ex_at = next(i for i, (_, bid) in enumerate(order) if bid == eid)
    assert rule_at < ex_at and order[rule_at][0] == order[ex_at][0]
    code = example["code"]
    assert set(re.findall(r"# \{([a-z0-9-]+)\}", code)) == set(TEXT["examples"][eid]["comments"])
    # Comments are only ever `# {key}`, so every language reads its own.
    assert all(re.fullmatch(r"# \{[a-z0-9-]+\}", c) for c in re.findall(r"#.*", code))


def test_examples_cover_every_card_and_the_issues_edge_cases() -> None:
    rules = {e["rule"] for e in STRUCTURE["examples"].values()}
    with_example = {s for _, s, b in _blocks() if b["kind"] == "example"}
    for card in Card:
        assert f"ll-card-{card.name.lower()}" in with_example, card
    assert {"prince-self-forced", "prince-empty-deck", "chancellor-short-deck",
            "countess-forced", "prince-princess", "round-end-tie", "spy-token",
            "spy-only-one"} <= rules


# ----- figures ---------------------------------------------------------------------------

PART = re.compile(r"(hand|discards|tokens|protected|out)-([A-F])|deck|set-aside|face-up")


@pytest.mark.parametrize("fid", sorted(STRUCTURE["figures"]))
def test_figure_is_a_position_the_engine_reaches(fid: str) -> None:
    figure = STRUCTURE["figures"][fid]
    assert set(figure) <= {"players", "variant", "moves", "frames"}, fid
    game = Game(figure["players"], figure.get("variant", "standard"))
    steps = [game.copy()]
    for move in figure["moves"].split():
        game.apply(parse_move(move))
        steps.append(game.copy())
    assert figure["frames"]
    for frame in figure["frames"]:
        step = frame["step"]
        assert -len(steps) <= step < len(steps), (fid, step)
        for part in frame["point"]:
            m = PART.fullmatch(part)
            assert m, (fid, part)
            if m.group(2):
                assert "ABCDEF".index(m.group(2)) < figure["players"], (fid, part)



# ----- claims of notes and rules the engine can check ------------------------------------

def test_classic_game_claims_hold_in_the_engine() -> None:
    # classic-variant: one Guard, both Chancellors and both Spies out; guard-absent-cards: a
    # Guard names only the characters of the deck in play; classic-same-rules: same numbers.
    standard, classic = card_counts(Variant.STANDARD), card_counts(Variant.CLASSIC)
    removed = {c: standard[c] - classic.get(c, 0) for c in standard}
    assert {c: n for c, n in removed.items() if n} == {
        Card.GUARD: 1, Card.CHANCELLOR: 2, Card.SPY: 2}
    assert set(guesses(Variant.CLASSIC)) == set(classic) - {Card.GUARD}
    game = Game(players=2, variant=Variant.CLASSIC, seed=4)
    assert game.target_tokens == TOKENS_TO_WIN[2]


# ----- notes every language must say alike ----------------------------------------------

def _notes(lang: str) -> dict[str, Any]:
    notes: dict[str, Any] = (TEXT if lang == "en" else _translation(lang, "text"))["notes"]
    return notes


@pytest.mark.parametrize("lang", ["en", "fr", "ja", "id"])
def test_the_names_note_gives_every_french_card_name(lang: str) -> None:
    # The About page's note on card names says, in each language, which French names the
    # French pages use and where each comes from: every one of them is quoted, the two
    # characters with no printed French name (no `filosofia`) included.
    french = _translation("fr", "glossary")
    names = [french[c.name.lower()]["term"] for c in Card]
    unprinted = [french[g["id"]]["term"] for g in STRUCTURE["glossary"]
                 if g["id"] in {c.name.lower() for c in Card} and "filosofia" not in g]
    assert unprinted == ["Espionne", "Chancelier"]
    note = _notes(lang)["glossary-printed-names"]["text"]
    assert [n for n in names if n not in note] == [], lang


@pytest.mark.parametrize("lang", ["en", "fr", "ja", "id"])
def test_the_home_page_points_to_the_play_page(lang: str) -> None:
    # As Hanamikoji's home page does: where to start ends with the game in the browser.
    assert "{ref:ll-play}" in _notes(lang)["ll-home-where-to-start"]["text"]


# ----- translations ----------------------------------------------------------------------
# Each translation has exactly English's keys and, field by field, the same placeholders and
# Markdown structure; what the English checks above assert of the text holds for it too.

TRANSLATIONS = ["fr", "ja", "id"]
PLACEHOLDER = re.compile(r"\{[a-z]+:[^}]*\}")
CJK = r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]"


def _leaves(node: Any, path: str = "") -> dict[str, Any]:
    """Key path -> value for every leaf of a mapping."""
    if not isinstance(node, dict):
        return {path: node}
    out: dict[str, Any] = {}
    for k, v in node.items():
        out |= _leaves(v, f"{path}.{k}" if path else str(k))
    return out


def _translation(lang: str, name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = _load(ROOT / lang / f"{name}.yml")
    return loaded


def _shape(text: str) -> tuple[list[str], int, int]:
    """Markdown structure: list markers in order, paragraph breaks, code spans."""
    markers = re.findall(r"(?m)^(?:\d+\.|-) ", text)
    return markers, text.count("\n\n"), text.count("`")


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_translation_has_exactly_the_english_keys(lang: str) -> None:
    for name, english in (("text", TEXT), ("glossary", GLOSSARY)):
        keys, own = set(_leaves(english)), set(_leaves(_translation(lang, name)))
        assert own == keys, (f"{lang}/{name}.yml", sorted(own ^ keys))
    assert set(_translation(lang, "synonyms")) <= {g["id"] for g in STRUCTURE["glossary"]}


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_translation_keeps_placeholders_and_markdown(lang: str) -> None:
    ids = set(_all_ids()) | set(STRUCTURE["examples"]) | set(STRUCTURE["figures"])
    terms = {g["id"] for g in STRUCTURE["glossary"]}
    for name, english in (("text", TEXT), ("glossary", GLOSSARY)):
        own = _leaves(_translation(lang, name))
        for path, source in _leaves(english).items():
            text = own[path]
            where = f"{lang}/{name}.yml: {path}"
            assert isinstance(text, str) and text.strip(), where
            assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(source)), where
            assert _shape(text) == _shape(source), where
            for kind, value in re.findall(r"\{([a-z]+):([^}]*)\}", text):
                assert value in {"n": FACT_NUMBERS, "ref": ids, "term": terms}[kind], where
            assert not re.search(r"<[a-zA-Z!/]|&#?\w+;|\{:|javascript:", text), where
            # A folded YAML line break leaves a space inside a Japanese sentence; Japanese
            # sets no space against Latin letters, digits or placeholders either.
            assert not re.search(rf"{CJK} +{CJK}", text), where
            if lang == "ja":
                assert not re.search(rf"{CJK} +[A-Za-z0-9{{]|[A-Za-z0-9}}] +{CJK}", text), where


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_translation_types_no_count_of_the_game(lang: str) -> None:
    # As in English, counts are placeholders; one and two (which English spells out, and
    # Japanese writes as 1枚, 2人) and the player counts of the token rule are allowed.
    seats = {str(n) for n in PLAYER_COUNTS[Variant.STANDARD]}
    for rid, rule in _translation(lang, "text")["rules"].items():
        allowed = {"0", "1", "2", "9"} | (seats if rid == "tokens-to-win" else set())
        prose = PLACEHOLDER.sub("", rule["text"])
        for n in re.findall(r"(?<![0-9])[0-9]+(?![0-9])", prose):
            assert n in allowed, (lang, rid, n)


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_translation_comments_and_card_names(lang: str) -> None:
    text = _translation(lang, "text")
    for eid, example in STRUCTURE["examples"].items():
        keys = set(re.findall(r"# \{([a-z0-9-]+)\}", example["code"]))
        assert set(text["examples"][eid]["comments"]) == keys, (lang, eid)
        assert all("\n" not in c for c in text["examples"][eid]["comments"].values()), eid
    glossary = _translation(lang, "glossary")
    names = [glossary[c.name.lower()]["term"] for c in Card]
    assert len(set(names)) == len(names), names  # one name per card
