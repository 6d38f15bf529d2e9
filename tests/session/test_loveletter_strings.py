"""Love Letter's interface strings in every language (locales/loveletter/<lang>/ui.yml):
the same keys and fields as English, the card names and terms of each language's glossary,
each language's plural forms and typography, and the plug-in's words and boards over whole
random games (2 to 6 players, both variants) in each language with nothing left unfilled."""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from gamekit.loveletter import PLUGIN, board, explain, session
from loveletter import SEATS, Game, Phase, Record
from rulesite.sources import words
from rulesite.sources.locales import load as load_locales

REPO = Path(__file__).resolve().parents[2]
ROOT = REPO / "locales" / "loveletter"
LANGS = ("en", "fr", "ja", "id")
TRANSLATIONS = LANGS[1:]
FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
# A brace pair that survived filling, as text or HTML-escaped.
UNFILLED = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")
CHIP = re.compile(r'<span class="ll-chip ll-c(\d)"><b>\d</b>\u00a0([^<]*)</span>')
FACE = re.compile(r'<span class="ll-card ll-c(\d)" title="([^"]*)">')
TAG = re.compile(r"<[^>]+>")
# CLDR's plural categories for the counts a board or a step can show, written out so that a
# wrong table fails here (cldr.unicode.org, "Language Plural Rules"): French puts 0 with 1.
CLDR = {"en": {0: "other", 1: "one", 2: "other", 6: "other"},
        "fr": {0: "one", 1: "one", 2: "other", 6: "other"},
        "ja": {0: "other", 1: "other", 2: "other", 6: "other"},
        "id": {0: "other", 1: "other", 2: "other", 6: "other"}}


def _yaml(path: Path) -> Any:
    return yaml.safe_load(path.read_text("utf-8"))


@cache
def _site_ui() -> dict[str, dict[str, Any]]:
    languages = load_locales(REPO / "locales").languages
    return {lang: languages[lang].ui for lang in LANGS}


@cache
def strings(lang: str) -> dict[str, Any]:
    """The ``ll.*`` strings of ``lang``, as its ui.yml has them (read once: not to be
    changed)."""
    loaded: dict[str, Any] = _yaml(ROOT / lang / "ui.yml")
    return loaded


@cache
def ui(lang: str) -> dict[str, Any]:
    """What the page hands the plug-in: the site's strings of ``lang`` (with ``grammar``) and
    Love Letter's."""
    return {**_site_ui()[lang], **strings(lang)}


def text(html: str) -> str:
    return TAG.sub("", html).replace("&amp;", "&").replace("&quot;", '"') \
        .replace("&#x27;", "'").replace("&lt;", "<").replace("&gt;", ">")


def templates(lang: str) -> dict[str, str]:
    """Every string of ``lang`` as written, a count's forms as ``key[category]``."""
    out: dict[str, str] = {}
    for key, value in strings(lang).items():
        if isinstance(value, dict):
            out |= {f"{key}[{form}]": v for form, v in value.items()}
        else:
            out[key] = value
    return out


def _filled(template: str, html: str) -> bool:
    """Whether ``html`` is ``template`` with something in each of its fields."""
    parts = FIELD.split(explain.escape(template))[::2]  # the words between the fields
    return re.fullmatch("(.+?)".join(re.escape(p) for p in parts), html) is not None


# --- keys, fields, names -------------------------------------------------------------------

@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_every_language_has_exactly_the_english_keys(lang: str) -> None:
    own, english = set(strings(lang)), set(strings("en"))
    assert own == english, (f"{lang}/ui.yml", sorted(own ^ english))


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_every_string_has_the_fields_of_its_english_string(lang: str) -> None:
    english = strings("en")
    for key, value in strings(lang).items():
        if isinstance(value, dict):  # a count: each form says its number, and only that
            assert all(set(FIELD.findall(form)) == {"n"} for form in value.values()), key
        else:
            assert isinstance(value, str) and value.strip(), key
            assert set(FIELD.findall(value)) == set(FIELD.findall(english[key])), (
                f"{lang}/ui.yml: {key}: {sorted(FIELD.findall(value))}")


@pytest.mark.parametrize("lang", LANGS)
def test_no_string_holds_what_an_attribute_or_markup_would_break_on(lang: str) -> None:
    # Interface strings are plain text and some land in HTML attributes (locales/README.md).
    for key, value in templates(lang).items():
        assert not re.search(r'[<&"]', value), f"{lang}/ui.yml: {key}: {value!r}"
        assert value == value.strip(), key


@pytest.mark.parametrize("lang", LANGS)
def test_card_names_are_the_glossarys_terms(lang: str) -> None:
    glossary = _yaml(ROOT / lang / "glossary.yml")
    own = strings(lang)
    for number, name in explain.NAMES.items():
        assert own[f"ll.card.{number}"] == glossary[name]["term"], (lang, number)


def _name_pattern(lang: str, number: int) -> re.Pattern[str]:
    name = re.escape(strings(lang)[f"ll.card.{number}"])
    if lang == "ja":  # 王 (King) is also the start of 王子 (Prince)
        return re.compile(name + ("(?!子)" if number == 7 else ""))
    return re.compile(rf"\b{name}\b")


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_string_names_the_cards_its_english_string_names(lang: str) -> None:
    """A card named in a sentence ("With the King or a Prince…") is named there in every
    language, by that language's name; no English name is left where the language has its
    own."""
    english = strings("en")
    for key, value in strings(lang).items():
        if not isinstance(value, str) or key.startswith("ll.card."):
            continue
        for number in explain.NAMES:
            if _name_pattern("en", number).search(english[key]):
                assert _name_pattern(lang, number).search(value), (f"{lang}/ui.yml: {key}",
                                                                   english[key], value)
            if strings(lang)[f"ll.card.{number}"] != strings("en")[f"ll.card.{number}"]:
                assert not _name_pattern("en", number).search(value), (f"{lang}/ui.yml: {key}",
                                                                       value)


# The board's labels that are glossary terms, in the translations (English labels the discard
# row "Played" and the face-up cards "Face up", shorter than its terms).
LABELS = {"ll.board.deck": "deck", "ll.board.set_aside": "set-aside-card",
          "ll.board.face_up": "face-up-cards", "ll.board.hand": "hand",
          "ll.board.discards": "discard-row", "ll.board.protected": "protected",
          "ll.board.out": "out-of-the-round"}


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_the_boards_labels_are_the_glossarys_terms(lang: str) -> None:
    glossary = _yaml(ROOT / lang / "glossary.yml")
    for key, term in LABELS.items():
        word = glossary[term]["term"]
        assert strings(lang)[key] == word[:1].upper() + word[1:], (lang, key)


# --- grammar and typography ----------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_counts_take_the_languages_plural_forms(lang: str) -> None:
    """Each count gives exactly the language's CLDR categories; French says « 0 jeton »,
    « 1 carte », « 2 cartes », Japanese and Indonesian one form for every number; the board
    and the steps pick the same form."""
    drawer, words_of = board.Board(ui(lang)), explain.Explainer(ui(lang))
    for key in ("ll.count.cards", "ll.count.tokens"):
        forms = strings(lang)[key]
        assert tuple(forms) == words.categories(lang), (lang, key)
        for n, category in CLDR[lang].items():
            assert words.category(lang, n) == category
            expected = forms[category].replace("{n}", str(n))
            assert drawer.count(key, n) == explain.escape(expected)
            assert words_of.count(key, n) == explain.escape(expected)
        if lang == "fr":
            assert forms["one"].replace("\u00a0", " ") in ("{n} carte", "{n} jeton")
            assert forms["other"] == forms["many"] == forms["one"] + "s"
        if lang in ("ja", "id"):
            assert set(forms) == {"other"}


PLAY_LABELS = {f"ll.play.{name}" for name in (
    "setup", "players", "players.n", "variant", "level", "new", "download", "load", "share",
    "share_link", "board", "progress", "stop", "resume", "back_to_game", "history",
    "replay_game", "news", "your_hand", "yourself", "rule", "confirm", "cancel", "deal",
    "replace_saved_yes", "replace_saved_no")}
"""The Play page's labels (fields, buttons, headings), not sentences."""
PLAY_LABEL_GROUPS = ("ll.play.variant.", "ll.play.level.")
WHATIF_LABELS = {f"ll.whatif.{name}" for name in ("play", "target", "guess", "keep",
                                                  "keep_alone", "computer")}


@pytest.mark.parametrize("lang", LANGS)
def test_punctuation_follows_the_languages_house_style(lang: str) -> None:
    for key, value in templates(lang).items():
        where = f"{lang}/ui.yml: {key}: {value!r}"
        if lang == "fr":
            # A narrow no-break space before : ; ! ?, « » with no-break spaces inside,
            # the typographic apostrophe, a no-break space between a number and its word.
            for match in re.finditer(r"(.)([:;!?])", value):
                assert match.group(1) == "\u202f", where
            assert "'" not in value and '"' not in value and "“" not in value, where
            assert value.count("«\u00a0") == value.count("\u00a0»") == value.count("«"), where
            assert not re.search(r"(\d|\{n\}|\{rounds\}) [a-zé]", value), where
            if key == "ll.step.start":  # {players} counts players here only
                assert "{players}\u00a0joueurs" in value, where
        elif lang == "ja":
            # Full-width punctuation: no ASCII colon, comma, full stop or brackets in prose
            # (the notation's examples keep their ASCII signs), no space at all.
            prose = re.sub(r"[0-9A-Z]+[>=/][0-9A-Z>=/]*", "", value)
            assert not re.search(r"[:;,.!?()\"' ]", prose), where
            # Names and labels are not sentences: no full stop (nor the Play page's labels:
            # its fields, options, buttons and headings, nor what-if's button and moves, which
            # the site's whatif.chosen frames); a sentence may end on a message or a question
            # it quotes, or on "…" while something is under way.
            if not key.startswith(("ll.card.", "ll.count.", "ll.board.", "ll.table.",
                                   "glossary.edition.", "game.", "teach.book_title")) \
                    and key not in PLAY_LABELS | WHATIF_LABELS \
                    and not key.startswith(PLAY_LABEL_GROUPS):
                assert value.endswith(("。", "{why}", "{error}", "{ask}", "…")), where
        else:
            assert "\u202f" not in value and "«" not in value and "「" not in value, where
            assert not re.search(r" [:;,.!?]", value), where


# --- the plug-in in every language ---------------------------------------------------------

def _random_game(players: int, variant: str, seed: int) -> Game:
    """A whole game of random legal moves, dealt from ``seed``."""
    game = Game(players, variant, seed=seed)
    rng = random.Random(seed)
    while game.phase is not Phase.OVER:
        if game.phase is Phase.DEAL:
            game.deal()
        else:
            game.apply(rng.choice(game.legal_actions()))
    return game


GAMES = [(players, variant) for variant, most in (("standard", 6), ("classic", 4))
         for players in range(2, most + 1)]


def _check_words(lang: str, html: str, where: object) -> None:
    """No field left unfilled; every card is named by this language's name."""
    assert not UNFILLED.search(html), (lang, where, html)
    for number, name in CHIP.findall(html):
        assert name == explain.escape(strings(lang)[f"ll.card.{number}"]), (lang, where, html)
    for number, name in FACE.findall(html):
        assert name == explain.escape(strings(lang)[f"ll.card.{number}"]), (lang, where)
    if lang == "fr":
        for match in re.finditer(r"(.)([:;!?])", text(html)):
            assert match.group(1) == "\u202f", (lang, where, text(html))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("players", "variant"), GAMES)
def test_a_whole_random_game_is_told_and_drawn_in_the_language(
        lang: str, players: int, variant: str) -> None:
    """The words and boards of every step of a whole game, for everyone (an example) and
    for each seat (the Play page, concealed to it), in ``lang``: no missing key (it would
    raise), no field left in braces, every card by its name in ``lang``."""
    game = _random_game(players, variant, seed=players * 7 + len(variant) + LANGS.index(lang))
    assert game.outcome is not None
    steps = session.timeline(Record.from_game(game))
    said = PLUGIN.explain(steps, ui(lang))
    drawn = PLUGIN.boards(steps, ui(lang))
    assert len(said["texts"]) == len(drawn) == len(steps)
    for i, (words_html, board_html) in enumerate(zip(said["texts"], drawn, strict=True)):
        assert words_html
        _check_words(lang, words_html, i)
        _check_words(lang, board_html, i)
    _check_words(lang, said["outcome"], "outcome")
    assert _filled(strings(lang)["ll.outcome.win"], said["outcome"])
    for seat in SEATS[:players]:
        concealed = [session.conceal_step(s, seat) for s in steps]
        for i, html in enumerate(explain.explain(concealed, ui(lang), viewer=seat)["texts"]):
            _check_words(lang, html, (seat, i))
        for i in range(0, len(concealed), 5):
            _check_words(lang, board.board(concealed[i], ui(lang), viewer=seat), (seat, i))
    # A game cut short: going on, or waiting for its next deal.
    _check_words(lang, explain.explain(steps[:-1], ui(lang))["outcome"], "ongoing")


@pytest.mark.parametrize("lang", LANGS)
def test_every_sentence_is_filled_in_the_language(lang: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Random whole games said in ``lang``, for everyone and for each seat, whole and cut
    short (going on, or at a round's end waiting for the next deal), reach every
    ``ll.step.*`` and ``ll.outcome.*`` string, the rare ones too (a Prince on an empty deck,
    a Chancellor with nothing to draw, a Baron's tie…), and each is filled."""
    used: set[str] = set()
    real = explain.Explainer.t

    def noted(self: explain.Explainer, key: str, **fields: object) -> str:
        used.add(key)
        said = real(self, key, **fields)
        _check_words(lang, said, key)
        return said

    monkeypatch.setattr(explain.Explainer, "t", noted)
    for seed in range(20):
        players = 2 + seed % 5
        steps = session.timeline(Record.from_game(_random_game(players, "standard", seed)))
        explain.explain(steps, ui(lang))
        for seat in SEATS[:players]:
            explain.explain([session.conceal_step(s, seat) for s in steps], ui(lang),
                            viewer=seat)
        first_end = next(i for i, step in enumerate(steps) if step.get("round_end"))
        explain.explain(steps[:-1], ui(lang))
        explain.explain(steps[:first_end + 1], ui(lang))
    wanted = {k for k in strings(lang) if k.startswith(("ll.step.", "ll.outcome."))}
    assert wanted - used == set()


@pytest.mark.parametrize("lang", LANGS)
def test_the_play_pages_refusals_are_in_the_language(lang: str) -> None:
    own = ui(lang)
    record = session.new_game(3, "standard", 4)["record"]
    game = Record.loads(record).replay()
    missing = next(c for c in range(10) if c not in game.hand(0))
    error = session.play(record, str(missing), own)["error"]
    assert error["message"] == explain.escape(own["ll.illegal.turn-play-one-card"])
    error = session.play(record, "4", own, "B")["error"]
    assert error["message"] == explain.escape(own["ll.illegal.turn-order"])
    error = session.load("{", own)["error"]
    assert error["message"] == explain.escape(own["ll.play.error.not_json"])
    error = session.play(record, "1>Z", own)["error"]
    assert "1&gt;Z" in error["message"] and not UNFILLED.search(error["message"])
    error = session.position(record, own, "Q")["error"]
    assert not UNFILLED.search(error["message"]) and "Q" in error["message"]
    bad = ('{"format": "loveletter-record", "version": 1, "players": 2, "variant": '
           '"standard", "moves": ["DA612312300111144556789", "1>B=1"]}')
    error = session.load(bad, own)["error"]
    assert explain.escape(own["ll.illegal.guard-guess"]) in error["message"]
    assert "$.moves[1]" in error["message"] and not UNFILLED.search(error["message"])
    state = session.position(record, own, viewer="A")
    assert not UNFILLED.search(str(state))


def test_a_baron_that_loses_says_its_player_is_out_once() -> None:
    # The Baron's sentence names its loser, who may be the player who played it: no second
    # "is out of the round" sentence after it (there was one when the player lost).
    found = 0
    for seed in range(400):
        steps = session.timeline(Record.from_game(_random_game(3, "standard", seed)))
        for step, said in zip(steps, explain.explain(steps, ui("en"))["texts"], strict=True):
            knocked = step.get("effect", {}).get("knocked", [])
            if step["kind"] == "play" and step["card"] == 3 and knocked == [step["player"]]:
                found += 1
                assert text(said).count("out of the round") == 1, (seed, said)
        if found >= 3:
            break
    assert found >= 3  # the seeds reach the case


@pytest.mark.parametrize("lang", LANGS)
def test_a_round_that_ends_on_the_empty_deck_says_so_once(lang: str) -> None:
    # A Chancellor with nothing to draw, or a Prince whose target takes the card set aside,
    # already says the deck is empty: the round's end that follows does not open with it
    # again ("The deck is empty, so there is nothing to draw. The deck is empty: round 1
    # ends…"). Any other round ending on the empty deck still does.
    lead = text(strings(lang)["ll.step.round_deck"].split("{round}")[0]).strip()
    assert lead
    said_first, said_again = 0, 0
    for seed in range(200):
        steps = session.timeline(Record.from_game(_random_game(4, "standard", seed)))
        for step, said in zip(steps, explain.explain(steps, ui(lang))["texts"], strict=True):
            end = step.get("round_end")
            if not end or end["reason"] == "last-standing":
                continue
            if explain.Explainer.said_deck_empty(step):
                said_first += 1
                assert lead not in text(said), (seed, said)
            else:
                said_again += 1
                assert lead in text(said), (seed, said)
        if said_first >= 3 and said_again >= 3:
            break
    assert said_first >= 3 and said_again >= 3  # the seeds reach both cases


# How each language says the deck is empty, in its step strings (independent of which string
# explain.py picks): every round that ends on the empty deck says it exactly once.
DECK_EMPTY = {"en": r"deck (?:is|being) empty",
              "fr": r"pioche est épuisée|pioche étant vide|aucune carte à piocher",
              "ja": r"山札が(?:尽き|空)|引くカードが残っていない",
              "id": r"[Dd]ek (?:habis|sudah kosong)|tidak ada lagi kartu yang dapat diambil"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_round_ending_on_the_empty_deck_says_it_once(lang: str) -> None:
    ends = 0
    for seed in range(60):
        players = 2 + seed % 5
        steps = session.timeline(Record.from_game(_random_game(players, "standard", seed)))
        for step, said in zip(steps, explain.explain(steps, ui(lang))["texts"], strict=True):
            end = step.get("round_end")
            if end and end["reason"] != "last-standing":
                ends += 1
                assert len(re.findall(DECK_EMPTY[lang], text(said))) == 1, (seed, text(said))
    assert ends > 50


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "9 Princess, 2 Priest, and 1 Guard"), ("fr", "9 Princesse, 2 Prêtre et 1 Garde"),
    ("ja", "9 姫、2 司祭、1 衛兵"), ("id", "9 Princess, 2 Priest, dan 1 Guard")])
def test_card_lists_are_joined_as_the_language_writes_a_list(lang: str, expected: str) -> None:
    said = text(explain.Explainer(ui(lang)).chips([9, 2, 1])).replace("\u00a0", " ")
    assert said == expected
