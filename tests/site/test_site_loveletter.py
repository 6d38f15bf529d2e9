"""Love Letter's pages on the real site, beside Hanamikoji's: under ``<lang>/love-letter/`` in
each language's site, every rule with its number and its ID as anchor, its tables from the
engine, its examples computed by the engine with the page naming the game the worker loads,
its figures, its own changelog and whole rulebook, citations naming the game and its rules
version, a home page in each game listing the other game, search finding both games' rules,
its rules side by side in two languages (``compare/love-letter/<a>-<b>/``), and its Play page
at ``love-letter/play/`` (its own settings, strings and module)."""

from __future__ import annotations

import json
import re
from functools import cache
from html import escape, unescape
from pathlib import Path
from typing import Any

import pytest
from site_html import example_data

import gamekit
import loveletter
from rulesite.sources.locales import Locales, load

REPO = Path(__file__).resolve().parents[2]
LANGS = ("en", "fr", "ja", "id")
FOLDER = "love-letter"


@cache
def ll() -> Locales:
    return load(REPO / "locales", "loveletter")


@cache
def hk() -> Locales:
    return load(REPO / "locales", "hanamikoji")


def page_html(site: Path, lang: str, page_id: str, folder: str = FOLDER) -> str:
    page = next(p for p in (ll() if folder else hk()).structure.pages if p.id == page_id)
    name = "" if page.kind == "home" else page.filename.removesuffix(".md") + "/"
    return (site / lang / folder / name / "index.html").read_text(encoding="utf-8")


def text(fragment: str) -> str:
    return re.sub(r"[ \t\n]+", " ", unescape(re.sub(r"<[^>]+>", "", fragment))).strip()


def script(source: str, script_id: str) -> dict[str, Any]:
    match = re.search(rf'<script id="{script_id}" type="application/json">(.*?)</script>',
                      source, re.S)
    assert match, script_id
    data: dict[str, Any] = json.loads(match.group(1))
    return data


def rules_by_page() -> dict[str, list[tuple[str, str]]]:
    """Rules page ID -> [(rule ID, number)] of Love Letter's structure.yml."""
    return {page.id: [(block.id, ll().structure.numbers[block.id])
                      for section in page.sections for block in section.blocks
                      if block.kind == "rule"]
            for page in ll().structure.pages if page.kind == "rules"}


def test_every_page_is_under_the_games_folder_in_every_language(real_site: Path) -> None:
    for lang in LANGS:
        for page in ll().structure.pages:
            name = "" if page.kind == "home" else page.filename.removesuffix(".md") + "/"
            assert (real_site / lang / FOLDER / name / "index.html").is_file(), (lang, page.id)
        # Hanamikoji's pages stay at the language's root.
        assert (real_site / lang / "basics" / "index.html").is_file()


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_has_its_number_and_anchor(real_site: Path, lang: str) -> None:
    pages = rules_by_page()
    assert sum(map(len, pages.values())) == len(ll().structure.versions[0].numbers)
    for page_id, rules in pages.items():
        source = page_html(real_site, lang, page_id)
        for rule_id, number in rules:
            heading = re.search(rf'<h3 class="rs-rule" id="{rule_id}">(.*?)</h3>', source, re.S)
            assert heading, (lang, page_id, rule_id)
            title = ll().languages[lang].text["rules"][rule_id]["title"]
            assert text(heading.group(1)).startswith(f"{number} "), (lang, rule_id)
            assert f'href="#{rule_id}">{number}</a>' in heading.group(1)
            assert "{" not in text(heading.group(1)) and title.split("{")[0].strip()[:4] in \
                text(heading.group(1)), (lang, rule_id)


@pytest.mark.parametrize("lang", LANGS)
def test_pages_name_their_game_for_the_worker_and_the_citations(real_site: Path,
                                                                lang: str) -> None:
    ui = ll().languages[lang].ui
    source = page_html(real_site, lang, "cards")
    assert script(source, "rs-config")["game"] == "loveletter"
    teach = script(source, "rs-teach")
    # Love Letter's own rules version (its changelog's newest), not Hanamikoji's.
    assert teach["site"] == ui["game.rules"]
    assert teach["version"] == ll().structure.versions[-1].version
    assert set(teach["terms"]) == {term.id for term in ll().structure.glossary}
    # Hanamikoji's pages name their own game and rules.
    home = (real_site / lang / "index.html").read_text(encoding="utf-8")
    assert script(home, "rs-config")["game"] == "hanamikoji"
    assert script(home, "rs-teach")["site"] == hk().languages[lang].ui["game.rules"]
    assert ui["game.rules"] != hk().languages[lang].ui["game.rules"]


@pytest.mark.parametrize("lang", LANGS)
def test_footer_links_the_games_own_changelog_and_book(real_site: Path, lang: str) -> None:
    label = ll().languages[lang].ui["site.version"].format(
        version=ll().structure.versions[-1].version)  # its own changelog's, not Hanamikoji's
    pages = sorted((real_site / lang / FOLDER).rglob("index.html"))
    assert len(pages) == len(ll().structure.pages) + 1  # and its whole rulebook
    for path in pages:
        source = path.read_text(encoding="utf-8")
        up = "../" * len(path.parent.relative_to(real_site / lang).parts)
        version = re.search(r'<div class="md-copyright__highlight rs-version">\s*'
                            r'<a href="([^"]+)">([^<]+)</a>', source)
        assert version and version.group(1) == f"{up}love-letter/changelog/", path
        assert unescape(version.group(2)) == label
        links = re.search(r'<div class="md-copyright__highlight rs-teach-links">(.*?)</div>',
                          source, re.S)
        assert links and f'href="{up}love-letter/book/"' in links.group(1), path
        # Its own rules side by side, not Hanamikoji's (compare/<a>-<b>/).
        other = "fr" if lang == "en" else "en"
        assert f'href="{up}../compare/love-letter/{lang}-{other}/"' in links.group(1), path


@pytest.mark.parametrize("lang", LANGS)
def test_the_whole_rulebook_holds_every_rule(real_site: Path, lang: str) -> None:
    source = (real_site / lang / FOLDER / "book" / "index.html").read_text(encoding="utf-8")
    for rules in rules_by_page().values():
        for rule_id, number in rules:
            assert f'id="{rule_id}"' in source and f">{number}</a>" in source, (lang, rule_id)
    assert script(source, "rs-teach")["site"] == ll().languages[lang].ui["game.rules"]
    # Its introduction offers the game's rules beside each other language.
    intro = source[:source.index('<div class="md-copyright')]
    assert sorted(re.findall(r'href="\.\./\.\./\.\./(compare/[^"]+)"', intro)) == sorted(
        f"compare/love-letter/{lang}-{other}/" for other in LANGS if other != lang)


@pytest.mark.parametrize("lang", LANGS)
def test_tables_come_from_the_engine(real_site: Path, lang: str) -> None:
    ui = ll().languages[lang].ui
    source = page_html(real_site, lang, "basics")
    table = source[source.index("<table"):source.index("</table>")]
    rows = re.findall(r"<tr>(.*?)</tr>", table, re.S)[1:]
    standard = loveletter.card_counts(loveletter.Variant.STANDARD)
    classic = loveletter.card_counts(loveletter.Variant.CLASSIC)
    assert len(rows) == len(loveletter.Card) + 1
    for row, card in zip(rows, sorted(loveletter.Card, key=lambda c: c.value), strict=False):
        cells = [text(c) for c in re.findall(r"<td>(.*?)</td>", row, re.S)]
        assert cells[0].startswith(str(card.value))
        assert ll().languages[lang].glossary[card.name.lower()]["term"] in cells[0]
        assert re.search(rf"(?<!\d){standard[card]}(?!\d)", cells[1])
        if card in classic:
            assert re.search(rf"(?<!\d){classic[card]}(?!\d)", cells[2])
        else:
            assert cells[2] == ui["ll.table.cards.none"]
    total = [text(c) for c in re.findall(r"<td>(.*?)</td>", rows[-1], re.S)]
    assert str(sum(standard.values())) in total[1] and str(sum(classic.values())) in total[2]
    tokens = page_html(real_site, lang, "end")
    for players, needed in loveletter.TOKENS_TO_WIN.items():
        assert re.search(rf"<td>{players}</td>\s*<td>[^<\d]*{needed}(?!\d)", tokens), \
            (lang, players)


@pytest.mark.parametrize("lang", LANGS)
def test_the_notation_page_shows_moves_the_engine_reads(real_site: Path, lang: str) -> None:
    """Love Letter's notation page, in each language: every move its table writes is one the
    engine reads back as the move the Python column builds, one move of each kind (a card
    that chooses nobody, one that chooses a player, the Guard's named card, the Chancellor's
    keep, a deal of the whole standard deck)."""
    source = page_html(real_site, lang, "notation")
    table = source[source.index('id="ll-notation-move-table"'):]
    table = table[table.index("<table"):table.index("</table>")]
    rows = [[unescape(re.sub(r"<[^>]+>", "", c)) for c in re.findall(r"<td>(.*?)</td>", r, re.S)]
            for r in re.findall(r"<tr>(.*?)</tr>", table, re.S)[1:]]
    kinds = []
    for _label, written, python in rows:
        move = loveletter.parse_move(written)
        assert repr(move) == python, (lang, written)
        kinds.append(type(move).__name__ + ("" if not isinstance(move, loveletter.Play) else
                                            "".join(k for k, v in (("T", move.target),
                                                                   ("G", move.guess))
                                                    if v is not None)))
    assert sorted(kinds) == ["Deal", "Keep", "Play", "PlayT", "PlayTG"], kinds
    deal = next(loveletter.parse_move(w) for _, w, _ in rows if w.startswith("D"))
    assert isinstance(deal, loveletter.Deal)
    assert sorted(deal.deck) == sorted(loveletter.full_deck(loveletter.Variant.STANDARD))
    # Reached from the game's menu, under its title in the page's language.
    title = ll().languages[lang].text["pages"]["notation"]["title"]
    menu = page_html(real_site, lang, "basics")
    link = menu.index('<a href="../notation/" class="md-nav__link">')
    assert text(menu[link:menu.index("</a>", link)]) == title


@pytest.mark.parametrize("lang", LANGS)
def test_examples_are_the_engines_and_offer_what_if(real_site: Path, lang: str) -> None:
    ui = ll().languages[lang].ui
    examples = ll().structure.examples
    seen = set()
    for page in rules_by_page():
        source = page_html(real_site, lang, page)
        for data in example_data(source):
            seen.add(data["id"])
            # The engine's own run of the code, in the page's words.
            run = gamekit.run("loveletter", examples[data["id"]].spec["code"], ui)
            assert data["result"]["steps"] == run["steps"], (lang, data["id"])
            assert data["result"]["outcome"] == run["outcome"]
            assert data["result"]["texts"] == run["texts"]
            # "What if?" with the game's own chooser, whose module the build ships; Share
            # opens the game's Play page.
            assert data["whatif"] == "play/loveletter/whatif.js"
            assert (real_site / lang / "assets" / data["whatif"]).is_file()
            assert data["play"] == "love-letter/play/"
            assert any(key.startswith("ll.whatif.") for key in data["strings"])
            assert any(key.startswith("ll.card.") for key in data["strings"])
            # Said once on the page, as the reader sees it without the script.
            assert f'<p class="rs-ex-outcome">{run["outcome"]}</p>' in source
    assert seen == set(examples)


@pytest.mark.parametrize("lang", LANGS)
def test_every_figure_is_drawn_with_its_caption(real_site: Path, lang: str) -> None:
    sources = "".join(page_html(real_site, lang, p.id) for p in ll().structure.pages
                      if p.kind != "home")
    for fig_id in ll().structure.figures:
        figure = re.search(rf'<figure class="[^"]*" id="{fig_id}">(.*?)</figure>', sources, re.S)
        assert figure, (lang, fig_id)
        assert 'class="rs-board ll-board"' in figure.group(1)
        assert "<figcaption>" in figure.group(1)
        # Markdown keeps every board whole: each figure's tags close in order (a long line
        # of nested lists once lost its closing tags, and the page's layout with them).
        assert balanced(figure.group(0)), (lang, fig_id)


VOID = {"br", "img", "hr", "input", "meta", "link", "source", "path", "wbr"}


def balanced(html: str) -> bool:
    """Whether every element of ``html`` is closed, in order."""
    stack: list[str] = []
    for closing, tag in re.findall(r"<(/?)([a-z][a-z0-9]*)\b[^>]*>", html):
        if tag in VOID:
            continue
        if not closing:
            stack.append(tag)
        elif not stack or stack.pop() != tag:
            return False
    return not stack


@pytest.mark.parametrize("lang", LANGS)
def test_each_home_page_lets_a_reader_choose_a_game(real_site: Path, lang: str) -> None:
    names = [game.languages[lang].ui["game.name"] for game in (hk(), ll())]
    # Each home page lists the other game (its own intro stands above the list).
    for home, link, name in (((real_site / lang / "index.html"), "love-letter/", names[1]),
                             ((real_site / lang / FOLDER / "index.html"), "../", names[0])):
        source = home.read_text(encoding="utf-8")
        chooser = re.search(r'<h2 id="home-games">(.*?)</h2>.*?</ul>', source, re.S)
        assert chooser, home
        assert chooser.group(1).startswith(
            escape(hk().languages[lang].ui["home.games"])), chooser.group(1)
        found = re.findall(r'<li><a href="([^"]+)"><strong>([^<]+)</strong></a>', chooser.group(0))
        assert found == [(link, name)], (home, found)
        # The intro on its own line: no colon, which each language writes its way.
        assert len(re.findall(r"</strong></a><br\s*/?>", chooser.group(0))) == 1, home
    # The menu has a section per game.
    menu = (real_site / lang / "index.html").read_text(encoding="utf-8")
    for name in names:
        assert re.search(rf'<span class="md-ellipsis">\s*{re.escape(name)}\s*</span>', menu)


@pytest.mark.parametrize("lang", LANGS)
def test_search_finds_both_games_rules(real_site: Path, lang: str) -> None:
    index = json.loads((real_site / lang / "search" / "search_index.json").read_text("utf-8"))
    locations = {doc["location"] for doc in index["docs"]}
    for page_id, rules in rules_by_page().items():
        for rule_id, _ in rules:
            assert f"{FOLDER}/{page_id}/#{rule_id}" in locations, (lang, rule_id)
    assert "round/#deal-shuffle" in locations  # Hanamikoji's, at the root
    config = script(page_html(real_site, lang, "cards"), "rs-config")
    assert config["games"] == [
        {"folder": "", "name": hk().languages[lang].ui["game.name"]},
        {"folder": f"{FOLDER}/", "name": ll().languages[lang].ui["game.name"]}]


@pytest.mark.parametrize("lang", LANGS)
def test_the_play_page_offers_the_games_settings_in_its_language(real_site: Path,
                                                                 lang: str) -> None:
    """At love-letter/play/ (the glossary keeps the ID ``play``), in the game's menu: the
    player counts, the variants (each saying the counts it seats, which the engine's own
    PLAYER_COUNTS give), the levels the worker plays, every string of the page's script and
    of the session in this language, Love Letter's module, and rule links that resolve."""
    ui = ll().languages[lang].ui
    page = page_html(real_site, lang, "ll-play")
    home = page_html(real_site, lang, "ll-home")
    assert 'href="play/"' in home  # the game's menu
    # and the home page's note on where to start, as Hanamikoji's home page does
    start = re.search(r'<div class="rs-note" id="ll-home-where-to-start">(.*?)</div>', home,
                      re.S)
    assert start and 'href="play/"' in start.group(1), lang
    data = json.loads(re.search(r'<script type="application/json" class="rs-play-data">'
                                r"(.*?)</script>", page, re.S).group(1))  # type: ignore[union-attr]
    assert data["game"] == "loveletter"
    assert {k: v for k, v in ui.items() if k.startswith("ll.")}.items() <= \
        data["strings"].items()
    assert not any(k.startswith("play.") for k in data["strings"])  # Hanamikoji's own
    for key in ("ll.play.new", "ll.play.download", "ll.play.load", "ll.play.share"):
        assert ui[key].replace("'", "&#x27;") in page
    players = re.search(r'<select name="players">(.*?)</select>', page, re.S)
    assert players is not None
    standard = loveletter.PLAYER_COUNTS[loveletter.Variant.STANDARD]
    assert re.findall(r'<option value="(\d)"', players.group(1)) == [str(n) for n in standard]
    for variant in loveletter.Variant:
        counts = " ".join(map(str, loveletter.PLAYER_COUNTS[variant]))
        assert f'<option value="{variant.value}" data-players="{counts}"' in page
    for level in gamekit.plugin("loveletter").session.LEVELS:
        assert f'<option value="{level}"' in page
    rules = data["rules"]
    assert {"countess-forced", "handmaid-protection", "priest-look"} <= rules.keys()
    for rule_id, link in rules.items():
        target, _, anchor = link["href"].partition("#")
        built = (real_site / lang / FOLDER / "play" / target / "index.html").resolve()
        assert anchor == rule_id and f'id="{rule_id}"' in built.read_text(encoding="utf-8")
    assert '<script type="module" src="../../assets/play/loveletter/play.js">' in page
    assert '<link rel="stylesheet" href="../../assets/play/play.css">' in page
    assert (real_site / lang / "assets" / "play" / "loveletter" / "play.js").is_file()
    # Its page and its Python name no other game's Play module.
    assert "hanamikoji/play.js" not in page
