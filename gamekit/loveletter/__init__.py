"""Love Letter's plug-in: its boards (:mod:`.board`), its steps in words (:mod:`.explain`)
and the games played on its pages (:mod:`.session`, which also makes the timeline), over the
engine package ``loveletter``; its tables (:mod:`.tables`) are written at build time only."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

import loveletter
from gamekit.loveletter import board, explain, session
from gamekit.plugin import (
    BuildTables,
    Placeholder,
    Played,
    PlayPage,
    Plugin,
    Rulebooks,
    SetupError,
    Steps,
    apply_moves,
)

CARDS = tuple(str(c) for c in range(10))
_STANDARD, _CLASSIC = loveletter.Variant.STANDARD, loveletter.Variant.CLASSIC
FACTS: dict[str, int] = {
    "players_min": min(loveletter.PLAYER_COUNTS[_STANDARD]),
    "players_max": max(loveletter.PLAYER_COUNTS[_STANDARD]),
    "classic_players_max": max(loveletter.PLAYER_COUNTS[_CLASSIC]),
    "deck_cards": len(loveletter.full_deck(_STANDARD)),
    "classic_cards": len(loveletter.full_deck(_CLASSIC)),
    "card_kinds": len(loveletter.card_counts(_STANDARD)),
    "face_up_two": 3,  # checked against a dealt 2-player game by the tests
    "chancellor_draw": 2,  # checked against the engine's Chancellor by the tests
    # Components the engine does not model, from the rulebook's list of contents.
    "tokens": 13,
    "reference_cards": 6,
    **{f"tokens_{n}": loveletter.TOKENS_TO_WIN[n] for n in loveletter.PLAYER_COUNTS[_STANDARD]},
}
"""The game's numbers by name, what ``{n:NAME}`` in its text says (the names of
``locales/loveletter``'s text, tests/loveletter/test_ll_locales.py's FACT_NUMBERS)."""


def played(game: Any) -> Played:
    """The timeline and the record of ``game`` (a ``loveletter.Game``)."""
    record = loveletter.Record.from_game(game)
    return Played(session.timeline(record), session.dump(record))


def setup(spec: Mapping[str, Any]) -> Steps:
    """The timeline of a figure: ``players`` (default 2), ``variant`` (default
    ``standard``) and ``moves`` (notation from the deal, separated by spaces), each checked
    by the engine."""
    players = spec.get("players", 2)
    try:
        game = loveletter.Game(players, spec.get("variant", "standard"))
    except loveletter.NotationError as error:
        raise SetupError("variant", str(error)) from None
    except loveletter.LoveLetterError as error:
        raise SetupError("players", str(error)) from None
    apply_moves(spec, lambda move: game.apply(loveletter.parse_move(move)),
                loveletter.LoveLetterError)
    return session.timeline(loveletter.Record.from_game(game))


# The part names board.py documents (PARTS), P a seat A to F.
PARTS = re.compile("|".join(re.escape(name).replace("P", "[A-F]") for name in board.PARTS))


def _card(name: str) -> str:
    """Card ``name`` (its number), drawn as on the boards."""
    return f'<span class="ll-chip ll-c{name}"><b>{name}</b></span>'


def play_setup(t: Callable[..., str], lang: str) -> str:
    """The Play page's settings: the number of players (the reader and computer opponents),
    the variant (the classic one says how many it seats: play.js narrows the counts to fit,
    and ``session.new_game`` refuses a count the variant lacks) and the opponents' level.
    Every language starts on the 2019 game, the one the site's rules describe."""
    del lang
    counts = loveletter.PLAYER_COUNTS
    players = "".join(
        f'<option value="{n}"{" selected" if n == 2 else ""}>'
        f'{t("ll.play.players.n", n=n)}</option>'
        for n in counts[_STANDARD])
    variants = "".join(
        f'<option value="{v.value}" data-players="{" ".join(map(str, counts[v]))}"'
        f'{" selected" if v is _STANDARD else ""}>{t(f"ll.play.variant.{v.value}")}</option>'
        for v in loveletter.Variant)
    levels = "".join(
        f'<option value="{level}"{" selected" if level == "heuristic" else ""}>'
        f'{t(f"ll.play.level.{level}")}</option>' for level in session.LEVELS)
    return "".join([
        f'<label class="rs-play-field"><span>{t("ll.play.players")}</span>'
        f'<select name="players">{players}</select></label>',
        f'<label class="rs-play-field"><span>{t("ll.play.variant")}</span>'
        f'<select name="variant" aria-describedby="ll-play-variant-hint">{variants}</select>'
        f'<span class="rs-play-hint" id="ll-play-variant-hint">'
        + t("ll.play.variant_hint", cards=FACTS["classic_cards"],
            max=FACTS["classic_players_max"])
        + "</span></label>",
        f'<label class="rs-play-field"><span>{t("ll.play.level")}</span>'
        f'<select name="level">{levels}</select></label>',
    ])


PLUGIN = Plugin(
    id="loveletter",
    engine="loveletter",
    game_type=loveletter.Game,
    played=played,
    explain=explain.explain,
    boards=board.boards,
    session=session,
    calls=("new_game", "position", "replay", "play", "deal", "opponent", "load", "open_link",
           "link", "step_of_moves"),
    editions=session.variants(),
    facts=FACTS,
    version=loveletter.__version__,
    placeholders={"card": Placeholder.among(CARDS, "expected a card number, 0 to 9", _card)},
    setup_keys=frozenset({"players", "variant", "moves"}),
    setup=setup,
    board=board.board,
    parts=PARTS,
    hideable=frozenset({"head", "table"} | {f"{part}-{s}" for part in ("hand", "discards")
                                             for s in loveletter.SEATS}),
    # structure.yml's glossary: `zman` the 2019 English cards, `filosofia` the French first
    # edition's eight characters (the classic game), `seed-id` the Indonesian translation;
    # no Japanese name is settled.
    rulebooks=Rulebooks(
        language={"zman": "en", "filosofia": "fr", "seed-id": "id"},
        glossary=("zman",),
        column=None,
        own={"en": "zman", "fr": "filosofia", "id": "seed-id"},
        edition={"zman": "standard", "filosofia": "classic", "seed-id": "standard"},
    ),
    tables=BuildTables("gamekit.loveletter.tables"),
    css=("assets/examples/loveletter.css",),
    ui_prefix="ll.",
    whatif="play/loveletter/whatif.js",
    # The strings its tables read (gamekit/loveletter/tables.py).
    ui_keys=("ll.table.cards.card", "ll.table.cards.standard", "ll.table.cards.classic",
             "ll.table.cards.none", "ll.table.cards.total", "ll.table.tokens.players",
             "ll.table.tokens.tokens",
             *(f"ll.table.notation.{key}" for key in ("move", "written", "python", "alone",
                                                      "target", "guess", "keep", "deal")),
             "ll.table.speed.game", "ll.table.speed.row", "ll.table.deck.standard",
             "ll.table.deck.classic", "ll.count.players",
             *(f"ll.table.strength.{key}" for key in ("random", "heuristic", "search", "match",
                                                      "fair", "above", "within", "below")),
             # The site's, which these tables share with every game's measured figures.
             "table.speed.command", "table.speed.under", "table.speed.per_second",
             "table.players.match",
             "table.players.games", "table.players.score", "table.players.interval",
             "table.players.vs", "table.players.percent", "table.players.range"),
    # Its page's module speaks the ll.* strings only, beside the site's controls and errors.
    play=PlayPage(module="loveletter/play.js", setup=play_setup,
                  prefixes=("ll.", "widget.", "error."), css="loveletter/play.css"),
)
