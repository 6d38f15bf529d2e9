"""What the builder writes, checked on the fixture rulebook: rule headings and numbers,
resolved placeholders, every page kind, engine tables, the example seam, search and menus."""

from __future__ import annotations

import ast
import hashlib
import json
import re
from html import unescape
from pathlib import Path

import pytest
from site_html import example_data, parse, target

import gamekit
import hanamikoji
from gamekit.hanamikoji import tables as hanamikoji_tables
from rulesite.pages import examples, tables
from rulesite.pages.writer import render_language
from rulesite.runtime.assets import ENGINE
from rulesite.sources.locales import load
from rulesite.sources.structure import SITE_TABLE_KINDS

REPO = Path(__file__).resolve().parents[2]
LANGS = ("en", "fr", "ja", "id")


def html(site: Path, lang: str, page: str) -> str:
    path = site / lang / ("index.html" if page == "home" else f"{page}/index.html")
    return path.read_text(encoding="utf-8")


def element(source: str, anchor: str) -> str:
    """The outer HTML of the element with id ``anchor`` (headings and divs, not nested divs)."""
    match = re.search(rf'<(h\d|div)\b[^>]*\bid="{re.escape(anchor)}"[^>]*>(.*?)</\1>',
                      source, re.S)
    assert match, f"no element with id {anchor!r}"
    return match.group(0)


def text(fragment: str) -> str:
    """Visible text, entities decoded; runs of spaces (not no-break spaces) become one."""
    return re.sub(r"[ \t\n]+", " ", unescape(re.sub(r"<[^>]+>", "", fragment))).strip()


@pytest.mark.parametrize(("lang", "title"), [("en", "Hands"), ("fr", "Mains"),
                                             ("ja", "手札"), ("id", "Kartu di tangan")])
def test_rule_heading_has_number_anchor_and_permalink(fixture_site: Path, lang: str,
                                                      title: str) -> None:
    heading = element(html(fixture_site, lang, "basics"), "deal-hands")
    assert heading.startswith('<h3 class="rs-rule" id="deal-hands"')
    assert '<a class="rs-num" href="#deal-hands">2.1</a>' in heading
    assert re.search(r'<a class="headerlink" href="#deal-hands" title="[^"]+">', heading)
    assert text(heading).startswith(f"2.1 {title}")


def test_chapters_are_numbered_across_pages(fixture_site: Path) -> None:
    assert text(element(html(fixture_site, "en", "basics"), "phase-deal")).startswith("2 Dealing")
    end = html(fixture_site, "en", "end")
    assert text(element(end, "end-editions")).startswith("3 Editions")
    assert text(element(end, "end-charm-beats-geishas")).startswith("3.1 Charm beats geishas")


def test_placeholders_are_resolved(fixture_site: Path) -> None:
    page = html(fixture_site, "fr", "basics")
    # {ref:rule} shows the rule number; {ref:section} alone in brackets its chapter (its title
    # would echo the words before it); {term:} the French term.
    assert '<a href="#components-geishas">1.1</a>' in page
    assert '(<a href="#components">chapitre\u00a01</a>)' in page
    assert '<a href="../glossary/#hand">main</a>' in page
    assert "Chaque joueur prend 6 cartes" in page  # {n:hand_size}
    home = html(fixture_site, "ja", "home")
    assert '<a href="basics/">「基本」</a>' in home  # {ref:page} in a sentence: quoted
    assert '<a href="basics/#deal-hands">2.1</a>' in home
    assert "テスト用の短い7章" in home


def test_glossary_maps_terms_across_languages(fixture_site: Path) -> None:
    page = html(fixture_site, "fr", "glossary")
    row = re.search(r"<tr>(?:(?!</tr>).)*carte objet.*?</tr>", page, re.S)
    assert row, "no row for item-card"
    cells = [text(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row.group(0))]
    # The page's language comes first, then the others, then the French edition's name.
    assert cells == ["carte objet", "item card", "道具カード", "kartu barang", "carte Objet"]
    assert '<td lang="fr"><a href="#item-card">carte objet</a></td>' in row.group(0)
    entry = text(element(page, "item-card"))
    assert entry.startswith("carte objet\u202f: Une carte qui soutient une geisha.")
    assert "Livret EmperorS4 (anglais)\u202f: Hand" in text(element(page, "hand"))
    assert "Édition française (Kosmos/IELLO)\u202f: main" in text(element(page, "hand"))


@pytest.mark.parametrize("lang", LANGS)
def test_a_newcomer_meets_where_to_start_and_the_pieces_before_a_game_board(
        real_site: Path, lang: str) -> None:
    """The review of 2026-11-25 (F5, F6): on a phone, where the page is one column in the
    order of its HTML, the home page showed a round-2 board before "Where to start", and
    Basics opened with a round-2 scoring board before the pieces. Now "Where to start" comes
    before any board of the home page, and the first figure of Basics is the pieces figure,
    ahead of the scoring figure and of every other board."""
    home = html(real_site, lang, "home")
    start = home.index('id="home-start"')
    assert start < home.index('class="rs-board'), "a board comes before Where to start"
    assert start < home.index("<figure")
    basics = html(real_site, lang, "basics")
    figures = re.findall(r'<figure\b[^>]*\bid="([^"]+)"', basics)
    assert figures[0] == "fig-components", figures  # the pieces, each ringed and named
    assert figures.index("fig-overview") > 0  # the scoring figure after them
    pieces = basics.index('id="fig-components"')
    assert basics.index('class="rs-board') > pieces, "a board comes before the pieces"


def test_glossary_gives_the_name_printed_in_the_languages_own_rulebook(real_site: Path) -> None:
    """Each language's glossary adds its own printed rulebook's names to the two every
    language cites (the EmperorS4 English rulebook and the French box), and no other's."""
    ja = text(element(html(real_site, "ja", "glossary"), "gift"))
    assert "EmperorS4版の日本語ルールブック：贈与" in ja  # noqa: RUF001
    assert "インドネシア語訳" not in ja
    id_ = text(element(html(real_site, "id", "glossary"), "gift"))
    assert "Terjemahan Indonesia buku aturan EmperorS4: Gift" in id_
    assert "berbahasa Jepang" not in id_
    en = html(real_site, "en", "glossary")
    assert "Japanese rulebook" not in en and "Indonesian translation" not in en
    assert '<span lang="ja">贈与</span>' in html(real_site, "ja", "glossary")


def test_misreading_has_claim_answer_and_settling_rule(fixture_site: Path) -> None:
    page = html(fixture_site, "ja", "misreadings")
    assert text(element(page, "mr-hand-of-seven")).startswith(
        "誤解：「手札は7枚から始まる。」")  # noqa: RUF001
    assert "手札は6枚から始まります。" in page
    assert '根拠となるルール：<a href="../basics/#deal-hands">2.1</a>「手札」' in page  # noqa: RUF001


def test_example_block_calls_the_seam(monkeypatch: pytest.MonkeyPatch, locales: Path) -> None:
    calls = []

    def fake(example_id: str, lang: str, *, spec: dict, ui: dict[str, str],
             comments: dict[str, str], game: str | None, play: str | None,
             rules: dict[str, dict[str, str]], starts: str | None, shared: set[str]) -> str:
        assert game == "hanamikoji"  # the page's game: its plug-in runs the example
        assert shared == set()  # the page's first example: no shared block written yet
        # The rules a what-if refusal may link to, each to its own anchor.
        assert all(link["href"].endswith(f"#{rule}") for rule, link in rules.items())
        # Its what-if starts, in a file of the language named by the digest of its text.
        assert starts is not None
        assert re.fullmatch(rf"{examples.STARTS}{example_id}\.[0-9a-f]{{12}}\.json", starts)
        calls.append((example_id, lang, spec["rule"], ui["example.label"], comments, play))
        return f'<div class="board">{example_id}/{lang}</div>'

    monkeypatch.setattr(examples, "render", fake)
    page = render_language(load(locales), "fr")["basics.md"]
    # Its Share links open the game's Play page, if the fixture's game has one.
    play = next((f"{p.address}" for p in load(locales).structure.pages if p.kind == "play"), None)
    assert calls == [("ex-deal", "fr", "deal-hands", "Exemple", {"take": "B prend le 7"}, play)]
    assert ('<div class="rs-example" id="ex-deal" data-example="ex-deal">'
            '<div class="board">ex-deal/fr</div></div>') in page
    assert "Une distribution" in page and "Deux mains de 6 cartes" in page


def test_example_container_in_built_page(fixture_site: Path) -> None:
    """The built page holds exactly what examples.render returns, inside the container."""
    loaded = load(fixture_site.parent / "locales")
    spec, ui = loaded.structure.examples["ex-deal"].spec, loaded.languages["id"].ui
    found = examples.whatif_starts("ex-deal", spec=spec, ui=ui)
    assert found is not None
    starts = f"{examples.STARTS}{found[0]}"
    widget = examples.render("ex-deal", "id", spec=spec, ui=ui,
                             comments=loaded.languages["id"].text["examples"]["ex-deal"]["comments"],
                             starts=starts)
    page = html(fixture_site, "id", "basics")
    assert f'<div class="rs-example" id="ex-deal" data-example="ex-deal">{widget}</div>' in page
    # Beside the pages, the file the widget fetches at the first "what if?".
    assert (fixture_site / "id" / starts).read_text(encoding="utf-8") == found[1]
    assert "Contoh pembagian" in page


# A chip of any game's drawing (a geisha's, a card's) with the punctuation after it.
CHIP_THEN_MARK = re.compile(
    r'<span class="[a-z]+-chip[^"]*">(?:(?!</span>).)*?</span>(?:</span>)*'
    "[\u00a0\u202f]?[.,;:!?\u2026)\u00bb\u3001\u3002\uff09\uff0c\uff0e\uff1a\u300d]")


@pytest.mark.parametrize("lang", LANGS)
def test_a_chip_and_the_punctuation_after_it_never_part(real_site: Path, lang: str) -> None:
    """In the rules of every game, a chip drawn by one of the game's placeholders is kept on
    one line with the punctuation right after it (a line may break after a chip's box, which
    left "、" or ", " at the start of a line): no page holds a chip then a mark outside a
    no-break group. Love Letter's cards were left out when only Hanamikoji's chips were."""
    loose, kept = [], 0
    for page in sorted((real_site / lang).rglob("index.html")):
        source = page.read_text(encoding="utf-8")
        for match in CHIP_THEN_MARK.finditer(source):
            group = source.rfind('<span class="rs-nobr">', 0, match.start())
            between = source[group:match.start()]
            if group == -1 or between.count("<span") <= between.count("</span>"):
                loose.append(f"{page.relative_to(real_site)}: {match.group()!r}")
            elif "love-letter" in str(page):
                kept += 1
    assert not loose, "\n".join(loose[:10])
    assert kept, "no Love Letter chip followed by punctuation to check"


@pytest.mark.parametrize("lang", LANGS)
def test_a_page_writes_what_its_examples_share_once(real_site: Path, lang: str) -> None:
    """The interface strings and rule links a page's examples of one game share are written
    once on the page (examples.render), not once an example: every example finds its block,
    no block is written twice, and on pages of several examples they share one."""
    shared_by_several = 0
    for page in sorted((real_site / lang).rglob("index.html")):
        source = page.read_text(encoding="utf-8")
        if "rs-ex-data" not in source:
            continue
        blocks = re.findall(rf'id="{examples.SHARED}([0-9a-f]+)"', source)
        assert len(blocks) == len(set(blocks)), page
        found = example_data(source)  # each example's own data with its shared block
        assert {data["shared"] for data in found} == set(blocks), page
        assert all(data["strings"] and data["rules"] for data in found), page
        shared_by_several += len(found) > len(blocks)
    assert shared_by_several >= 5


def test_geisha_table_comes_from_the_engine(fixture_site: Path) -> None:
    table = element(html(fixture_site, "en", "basics"), "components-geisha-table")
    rows = [[text(c) for c in re.findall(r"<td>(.*?)</td>", r)]
            for r in re.findall(r"<tr>(.*?)</tr>", table, re.S)[1:]]
    names = hanamikoji.Edition.KOSMOS.geisha_names or ()
    items = hanamikoji.Edition.KOSMOS.item_names or ()
    # A name the French rulebook does not tie to its card is marked, never shown as fact.
    settled = hanamikoji.Edition.KOSMOS.settled_geisha_names
    marked = [n if n in settled else f"{n}*" for n in names]
    assert rows == [[str(n + 1), str(c), str(c), marked[n], items[n]]
                    for n, c in enumerate(hanamikoji.GEISHA_CHARMS)]
    assert marked[0] == "Ayane" and all(m.endswith("*") for m in marked[1:])
    assert "*: not settled by the French rulebook" in text(table)


def test_every_table_kind_has_a_renderer() -> None:
    """The site's kinds are rendered by the site, a game's by its plug-in, and every table a
    game's structure.yml places is one of them."""
    assert set(tables.SITE_TABLES) == set(SITE_TABLE_KINDS)
    game = gamekit.plugin("hanamikoji")
    placed = {b.table for page in load(REPO / "locales").structure.pages
              for section in page.sections for b in section.blocks if b.kind == "table"}
    assert placed <= set(tables.of(game)) and set(game.tables) <= placed


def test_the_builder_reaches_engines_only_through_their_plugins() -> None:
    """No module of the builder imports a game's engine or plug-in package (#19)."""
    packages = {name for game in gamekit.GAMES.values() for name in (game.engine, game.id)}
    packages |= {path.parent.name for path in (REPO / "gamekit").glob("*/__init__.py")}
    pattern = re.compile(rf"^\s*(?:import|from) (?:gamekit\.)?({'|'.join(packages)})\b", re.M)
    for path in (REPO / "rulesite").rglob("*.py"):
        found = pattern.search(path.read_text(encoding="utf-8"))
        assert found is None, (path, found.group(0) if found else None)


# A game's name, or a word only one game has (Hanamikoji's geishas).
# A game's names, and the prefix of its own classes and keys ("hk-chip", "ll-chip"): the
# shared code's own start "rs-".
GAME_WORDS = re.compile(r"hanamikoji|love.?letter|geisha|(?<![\w-])(?:hk|ll)-", re.IGNORECASE)
# Named before the site held a second game, and kept: readers' browsers hold them (the
# runtime's and the offline copies' caches, the reader's language).
KEPT = re.compile(r"hk-runtime|hk-offline-|hk-lang")


def _python_code(path: Path) -> list[str]:
    """The names and strings of a module's code: its docstrings and comments left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    prose = {id(node.value) for node in ast.walk(tree)
             if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    return [found for node in ast.walk(tree) for found in (
        [node.value] if isinstance(node, ast.Constant) and isinstance(node.value, str)
        and id(node) not in prose else
        [node.id] if isinstance(node, ast.Name) else
        [node.attr] if isinstance(node, ast.Attribute) else [])]


def _script_code(path: Path) -> list[str]:
    """A script's or stylesheet's lines, its comments left out."""
    text = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.DOTALL)
    return [re.sub(r"(?:^|\s)//.*$", "", line) for line in text.splitlines()]


def test_the_builder_and_the_shared_browser_code_name_no_game() -> None:
    """The site builder, the widgets, the worker, the Play page's frame and the site's own
    scripts and styles name no game outside their comments and docstrings, nor use a game's
    prefix (#19): a game enters through its plug-in (gamekit.Plugin), its own modules and its
    own stylesheet: board.css holds the board's frame every game uses, a game's boards are
    drawn by the stylesheet its plug-in brings (Plugin.css)."""
    found = [f"{path.relative_to(REPO)}: {word!r}"
             for path in sorted((REPO / "rulesite").rglob("*.py"))
             for word in _python_code(path) if GAME_WORDS.search(KEPT.sub("", word))]
    assets = REPO / "docs" / "assets"
    shared = [*(assets / "examples").glob("*.js"), *(assets / "play").glob("*.js"),
              assets / "play" / "play.css", *(assets / "site").glob("*.js"),
              *(assets / "site").glob("*.css"), assets / "examples" / "board.css",
              assets / "examples" / "widget.css",
              REPO / "rulesite" / "runtime" / "sw.js"]
    found += [f"{path.relative_to(REPO)}: {line.strip()!r}" for path in sorted(shared)
              for line in _script_code(path) if GAME_WORDS.search(KEPT.sub("", line))]
    assert not found, "\n".join(found)


# Classes a shared stylesheet offers every game's modules, though one game only uses them yet
# (widget.css: a row of buttons in a "what if?" chooser).
OFFERED = {"rs-wi-row"}


def _mentions(name: str, text: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) is not None


def test_the_shared_stylesheets_style_no_class_of_one_games_own() -> None:
    """A class that one game's modules only write (gamekit/<game>/, docs/assets/play/<game>/;
    no other game's and none of the shared code) is styled by that game's own stylesheets
    (gamekit.Plugin.css, PlayPage.css), not by the shared ones: board.css, widget.css,
    play.css and the site's (#19; the name test above cannot see a class name)."""
    assets = REPO / "docs" / "assets"
    games = {game: "\n".join(path.read_text(encoding="utf-8") for path in [
        *(REPO / "gamekit" / game).glob("*.py"), *(assets / "play" / game).glob("*.js")])
        for game in gamekit.GAMES}
    shared_code = "\n".join(path.read_text(encoding="utf-8") for path in [
        *(REPO / "rulesite").rglob("*.py"), *(REPO / "gamekit").glob("*.py"),
        *(assets / "examples").glob("*.js"), *(assets / "play").glob("*.js"),
        *(assets / "site").glob("*.js"), *(REPO / "docs" / "overrides").rglob("*.html"),
        REPO / "rulesite" / "runtime" / "sw.js"])

    def classes(path: Path) -> set[str]:
        return set(re.findall(r"\.([A-Za-z][\w-]*)", "".join(_script_code(path))))

    styled = set().union(*(classes(path) for path in assets.rglob("*.css")))
    # Material's own classes (md-*) are the theme's, whoever reads them.
    owned = {name: users[0] for name in styled - OFFERED if not name.startswith("md-")
             if (users := [game for game, code in games.items() if _mentions(name, code)])
             and len(users) == 1 and not _mentions(name, shared_code)}
    shared = [assets / "examples" / "board.css", assets / "examples" / "widget.css",
              assets / "play" / "play.css", *(assets / "site").glob("*.css")]
    found = [f"{path.relative_to(REPO)}: .{name} ({owned[name]}'s)" for path in shared
             for name in sorted(classes(path) & owned.keys())]
    assert not found, "\n".join(found)
    assert {"hk-geisha", "hk-marker", "ll-seat"} <= owned.keys()  # the check sees each game


def test_edition_table_comes_from_edition_endings(fixture_site: Path) -> None:
    endings = hanamikoji_tables.edition_endings()
    assert [e.edition for e in endings] == [e.value for e in hanamikoji.Edition]
    assert [e.round_limit for e in endings] == [None, 3, 3]
    table = text(element(html(fixture_site, "fr", "end"), "editions-table"))
    assert ("Limite de manches Aucune\u202f: on joue jusqu\u2019à ce qu\u2019un joueur gagne"
            " 3\u00a0manches 3\u00a0manches") in table
    assert "Le plus de geishas → Le plus de points de charme" in table
    assert "Victoire partagée Aucun gagnant" in table


def test_api_reference_only_on_api_page(fixture_site: Path) -> None:
    for lang in LANGS:
        for page in ("home", "basics", "glossary", "api"):
            source = html(fixture_site, lang, page)
            assert ('id="hanamikoji.Game"' in source) == (page == "api"), (lang, page)


def test_each_language_has_its_own_search_index(fixture_site: Path) -> None:
    expected = {"en": (["en"], "Hands"), "fr": (["fr"], "Mains"), "ja": (["ja"], "手札"),
                "id": (["en"], "Kartu di tangan")}
    for lang, (search_lang, title) in expected.items():
        index = json.loads((fixture_site / lang / "search" / "search_index.json").read_text())
        assert index["config"]["lang"] == search_lang
        locations = {d["location"]: d["title"] for d in index["docs"]}
        assert title in text(locations["basics/#deal-hands"])
    index = json.loads((fixture_site / "id" / "search" / "search_index.json").read_text())
    assert index["config"]["pipeline"] == ["trimmer"]  # no English stemmer on Indonesian


def test_language_menu_points_at_the_same_page(fixture_site: Path) -> None:
    for lang in LANGS:
        for page in ("home", "basics", "glossary"):
            path = fixture_site / lang / ("index.html" if page == "home" else f"{page}/index.html")
            source = path.read_text(encoding="utf-8")
            links = dict(re.findall(r'<a href="([^"]+)" hreflang="(\w+)"', source))
            by_lang = {code: href for href, code in links.items()}
            assert set(by_lang) == set(LANGS)
            for code, href in by_lang.items():
                opened, _ = target(fixture_site, path, href)
                assert opened == fixture_site / code / path.relative_to(fixture_site / lang)
            assert re.search(rf'hreflang="{lang}" lang="{lang}"\s+class="md-select__link" '
                             r'aria-current="true"', source)


def test_page_language_and_labels(fixture_site: Path) -> None:
    page = html(fixture_site, "fr", "basics")
    assert '<html lang="fr"' in page
    assert "Passer en mode sombre" in page and "Règles de jeux de cartes" in page
    assert 'title="Lien vers ce passage"' in page


def test_example_settings_for_the_browser(fixture_site: Path) -> None:
    path = fixture_site / "ja" / "basics" / "index.html"
    raw = re.search(r'<script id="rs-config" type="application/json">(.*?)</script>',
                    path.read_text(encoding="utf-8"), re.S)
    assert raw
    config = json.loads(raw.group(1))
    assert config["lang"] == "ja"
    assets, _ = target(fixture_site, path, config["assets"])
    assert assets.parent == fixture_site / "assets"
    assert (fixture_site / "assets" / config["engine"]).is_file()
    assert config["engine"].endswith(f"/{ENGINE}")
    assert set(config["runtime"]) == {"dir", "lock", "sha256"}
    # The digest the worker checks the cached engine against is the engine file's own.
    engine = (fixture_site / "assets" / config["engine"]).read_bytes()
    assert config["runtime"]["sha256"]["engine"] == hashlib.sha256(engine).hexdigest()


def test_root_sends_readers_to_their_language(fixture_site: Path) -> None:
    page = (fixture_site / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'<a href="(\w+)/" hreflang="(\w+)">', page)
    assert [code for code, _ in links] == list(LANGS)
    assert all(a == b for a, b in links)
    assert 'var langs = ["en", "fr", "ja", "id"];' in page
    assert "navigator.languages" in page and 'pick = "en"' in page
    assert "Lire les règles en français" in page and "日本語でルールを読む" in page
    assert not parse(fixture_site / "index.html").loads[1:]  # only its own favicon


def test_notation_and_error_tables_on_the_real_site(real_site: Path) -> None:
    structure = load(Path(__file__).resolve().parents[2] / "locales").structure
    page = html(real_site, "en", "notation")
    moves = element(page, "notation-move-table")
    for move in ("S3", "T15", "G267", "C12-67", "P6", "P67"):
        parsed = hanamikoji.parse_move(move)
        assert f"<code>{move}</code>" in moves and f"<code>{parsed!r}</code>" in moves
    errors = element(page, "notation-error-table")
    for rule in hanamikoji.Rule:  # every rule the engine can name links to that rule
        link = (f'<a href="../{structure.page_of[rule.value]}/#{rule.value}">'
                f"{structure.numbers[rule.value]}</a>")
        assert f"Rule.{rule.name}" in errors and link in errors, rule
