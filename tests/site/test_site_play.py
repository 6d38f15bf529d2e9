"""The Play page as built: in every language, in the nav and linked from the home page, its
controls readable before any script, and every rule link it gives the page's script pointing
at a rule that exists on the built site."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import gamekit
from hanamikoji import FACTS, MCTSPlayer
from rulesite.sources.locales import Locales, load

REPO = Path(__file__).resolve().parents[2]
LANGS = ("en", "fr", "ja", "id")


@pytest.fixture(scope="module")
def locales() -> Locales:
    return load(REPO / "locales")


@pytest.mark.parametrize("lang", LANGS)
def test_the_play_page_is_built_linked_and_its_rule_links_resolve(
        real_site: Path, locales: Locales, lang: str) -> None:
    ui = locales.languages[lang].ui
    page = (real_site / lang / "play" / "index.html").read_text(encoding="utf-8")
    home = (real_site / lang / "index.html").read_text(encoding="utf-8")
    assert 'href="play/"' in home  # the home page's note on where to start, and the nav
    data = json.loads(re.search(r'<script type="application/json" class="rs-play-data">'
                                r"(.*?)</script>", page, re.S).group(1))  # type: ignore[union-attr]
    # The page's script and session.py find every string they use, in this language.
    assert {k: v for k, v in ui.items() if k.startswith("play.")}.items() <= \
        data["strings"].items()
    for key in ("play.new", "play.download", "play.load", "play.share", "play.stop"):
        assert ui[key].replace("'", "&#x27;") in page
    for option in ("emperors4", "emperors4-3-rounds", "kosmos"):
        assert f'<option value="{option}"' in page
    # The levels offered are the worker's own, in words (how long it thinks), not iterations.
    for level in gamekit.plugin("hanamikoji").session.LEVELS:
        label = ui[f"play.level.{level}"].replace("'", "&#x27;")
        assert re.search(rf'<option value="{level}"[^>]*>{re.escape(label)}</option>', page)
        assert str(MCTSPlayer.DEFAULT_ITERATIONS) not in label
    # Which edition to pick, with the round limit the engine plays.
    hint = ui["play.edition_hint"].replace("{limit}", str(FACTS["round_limit"]))
    assert hint.replace("'", "&#x27;") in page
    # Step back and forward are buttons styled as the page's others (44 px targets: play.css).
    assert re.search(r'<button type="button" class="rs-btn" data-act="back">', page)
    rules = data["rules"]
    assert "actions-marker-once" in rules and "end-charm-beats-geishas" in rules
    for rule_id, link in rules.items():
        target, _, anchor = link["href"].partition("#")
        assert anchor == rule_id
        built = (real_site / lang / "play" / target / "index.html").resolve()
        assert f'id="{rule_id}"' in built.read_text(encoding="utf-8"), link
    # The game's module, as its plug-in names it (gamekit.PlayPage).
    assert '<script type="module" src="../assets/play/hanamikoji/play.js">' in page
    assert (real_site / lang / "assets" / "play" / "hanamikoji" / "play.js").is_file()


# The rules each printed rulebook plays, read from the rulebooks (not from the builder's
# table): the EmperorS4 rulebooks (English, Japanese, Indonesian) play until a goal, with a
# 3-round limit only as an option; the French box (Kosmos/IELLO) plays at most 3 rounds.
PRINTED_RULES = {"en": "emperors4", "fr": "kosmos", "ja": "emperors4", "id": "emperors4"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_play_page_starts_on_the_rules_of_the_languages_rulebook(
        real_site: Path, lang: str) -> None:
    page = (real_site / lang / "play" / "index.html").read_text(encoding="utf-8")
    select = re.search(r'<select name="edition"[^>]*>(.*?)</select>', page, re.S)
    assert select is not None
    chosen = re.findall(r'<option value="([a-z0-9-]+)" selected>', select.group(1))
    assert chosen == [PRINTED_RULES[lang]], chosen


GAME_NAMES = re.compile(r"hanamikoji|love.?letter|geisha|marker", re.I)


def test_the_play_frame_names_no_game() -> None:
    """The frame every game's Play page shares (the builder's page, the browser's frame, its
    records and links) names no game outside its comments: each game enters through its
    plug-in (gamekit.PlayPage: its settings, strings and module)."""
    import ast

    source = (REPO / "rulesite" / "pages" / "play.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.FunctionDef)) and node.body
                  and isinstance(node.body[0], ast.Expr)}
    code = [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and id(node) not in docstrings]
    code += [node.id for node in ast.walk(tree) if isinstance(node, ast.Name)]
    assert not [s for s in code if GAME_NAMES.search(s)]
    for name in ("frame.js", "store.js", "share.js", "play.css"):
        lines = (REPO / "docs" / "assets" / "play" / name).read_text(encoding="utf-8")
        code_lines = [line for line in lines.splitlines()
                      if not line.lstrip().startswith(("//", "/*", "*"))]
        assert not [line for line in code_lines if GAME_NAMES.search(line)], name
