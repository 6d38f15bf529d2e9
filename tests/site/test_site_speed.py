"""The engine page shows the latest benchmark figures, read from benchmarks/*.json, written as
each language writes a number (CLDR's grouping and decimal signs, through Babel)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "fr", "ja", "id")
# CLDR's grouping and decimal signs (cldr.unicode.org, "Number Symbols"), written out here so
# that a figure printed with Python's English defaults fails on a French or Indonesian page.
SIGNS = {"en": (",", "."), "fr": ("\u202f", ","), "ja": (",", "."), "id": (".", ",")}
SPACE = r"(\s|&nbsp;|&#160;|\u00a0)"


def written(lang: str, value: float, digits: int = 0) -> str:
    """``value`` as ``lang`` writes it: "9,654" and "4.47" in English, « 9 654 » and
    « 4,47 » in French, "9.654" and "4,47" in Indonesian."""
    group, decimal = SIGNS[lang]
    english = f"{value:,.{digits}f}"
    return english.replace(",", "\0").replace(".", decimal).replace("\0", group)


def page(site: Path, lang: str) -> str:
    return (site / lang / "api" / "index.html").read_text(encoding="utf-8")


MEASURED = ("api-engine-speed-table", "api-speed-table", "api-players-table")
"""The engine page's measured tables: Hanamikoji's engine and players (its plug-in's), every
game's browser figures (the site's)."""


def tables(html: str) -> str:
    """The text of the engine page's measured tables."""
    found = [re.search(rf'id="{anchor}".*?</table>', html, re.S) for anchor in MEASURED]
    assert all(found), MEASURED
    return re.sub(r"<[^>]+>", " ", "".join(block.group(0) for block in found if block))


@pytest.mark.parametrize("lang", LANGS)
def test_speed_table_shows_the_benchmark_figures(real_site: Path, lang: str) -> None:
    html = page(real_site, lang)
    engine = json.loads((ROOT / "benchmarks" / "results.json").read_text(encoding="utf-8"))
    browser = json.loads((ROOT / "benchmarks" / "browser_results.json").read_text("utf-8"))
    assert 'id="api-speed"' in html
    # The engine alone (Hanamikoji's plug-in reads results.json), one row a runtime, each
    # with its command: the table's decision rows were measured by another.
    engine_rows = rows_of(html, "api-engine-speed-table")
    for runtime in engine["runtimes"]:
        row = next((r for r in engine_rows
                    if written(lang, runtime["games_per_second"]["median"]) in r), None)
        assert row and engine["command"] in row, (runtime["id"], engine_rows)
        # The versions as recorded; "under" is said in the page's language.
        runtime_name, _, host = runtime["label"].partition(" under ")
        assert runtime_name in html and host in html
    under = any(" under " in runtime["label"] for runtime in engine["runtimes"])
    assert (" under " in tables(html)) == (lang == "en" and under)
    live = browser["variants"]["default"]
    for key in ("cold_20mbit", "cold_5mbit", "warm"):
        assert written(lang, live[key]["median_ms"]) in html
    assert written(lang, live["cold_20mbit"]["median_bytes"] / 1e6, 2) in html
    # The browser's figures (the site's table, browser_results.json only), each row with the
    # command that took it (make bench-browser or the script's own; the phone mode's differs).
    browser_rows = rows_of(html, "api-speed-table")
    assert all(browser["command"] in row for row in browser_rows[:5]), browser_rows
    assert engine["command"] not in "".join(browser_rows)
    # The other games' live examples (Love Letter's), each named in the page's language.
    games = browser.get("games", {})
    for game, figures in games.items():
        name = yaml.safe_load((ROOT / "locales" / game / lang / "ui.yml").read_text(
            encoding="utf-8"))["game.name"]
        row = next((r for r in re.findall(r"<tr>.*?</tr>", html, re.S) if name in r
                    and written(lang, figures["cold_20mbit"]["median_ms"]) in r), None)
        assert row, (game, lang)
        assert written(lang, browser["targets"]["cold_20mbit_ms"]) in row
    # The phone mode (390 px, a quarter of one core), with its targets, when it was measured;
    # figures taken on a loaded machine say so.
    phone = browser.get("phone")
    if phone:
        for key, figure in (("play_new_game", "median_ms"), ("play_move_default", "p90_ms"),
                            ("play_move_strong", "p90_ms"), ("whatif_cold", "median_ms")):
            assert written(lang, phone[key][figure]) in html, key
        # Hanamikoji's four, and when recorded the engine ready after "what if?" (no target)
        rows = 4 + ("engine_median_ms" in phone["whatif_cold"])
        for game, figures in phone.get("games", {}).items():
            assert written(lang, figures["example_cold"]["median_ms"]) in html, game
            rows += 1 + ("whatif_cold" in figures)  # its example, its "what if?"
            if "play_new_game" in figures:  # its Play page: New game, then both levels' moves
                name = yaml.safe_load((ROOT / "locales" / game / lang / "ui.yml").read_text(
                    encoding="utf-8"))["game.name"]
                every_row = re.findall(r"<tr>.*?</tr>", html, re.S)
                assert any(name in r and written(lang, figures["play_new_game"]["median_ms"]) in r
                           for r in every_row), (game, lang)
                # The moves per player count, each row naming its count (a record of one
                # count keeps it in "players" and the moves beside it).
                by_count = figures.get("play_moves") or {str(figures["players"]): figures}
                for count, moves in by_count.items():
                    for key in ("play_move_default", "play_move_strong"):
                        row = next((r for r in every_row if name in r
                                    and re.search(rf"(?<!\d){written(lang, int(count))}(?!\d)", r)
                                    and written(lang, moves[key]["p90_ms"]) in r), None)
                        assert row, (game, count, key, lang)
                rows += 1 + 2 * len(by_count)
        for target in browser["phone_targets"].values():
            assert re.search(rf"{re.escape(written(lang, target))}{SPACE}ms\b", html), target
        # The load note is its own element, once per phone row when the machine was loaded,
        # nowhere when it was quiet (a figure like "0.5" may read the same elsewhere).
        loaded = phone["load_average"][0] > browser["machine"]["nproc"] / 2
        notes = re.findall(r'<span class="rs-load-note">(.*?)</span>', html, re.S)
        assert len(notes) == (rows if loaded else 0), notes
        assert all(written(lang, phone["load_average"][0], 1) in note for note in notes), notes


@pytest.mark.parametrize("lang", LANGS)
def test_players_table_shows_the_tournament(real_site: Path, lang: str) -> None:
    """Every match of benchmarks/players.json, one row each, the command and date said once
    under the table (one run took them all); the default player's decision time beside the
    engine's speed, with its command in its row."""
    html = page(real_site, lang)
    players = json.loads((ROOT / "benchmarks" / "players.json").read_text(encoding="utf-8"))
    rows = rows_of(html, "api-players-table")
    assert len(rows) == len(players["matches"])
    for row, match in zip(rows, players["matches"], strict=True):
        assert written(lang, 100 * match["score_rate"], 1) in row
        assert f" {written(lang, match['games'])} " in row
        for spec in (match["player"], match["opponent"]):
            if spec.startswith("mcts:"):
                assert written(lang, int(spec[5:])) in row, spec
        assert players["command"] not in row  # said once, under the table
    assert f"<code>{players['command']}</code>" in under_table(html, "api-players-table")
    engine_rows = rows_of(html, "api-engine-speed-table")
    for runtime in players["runtimes"]:
        n = re.escape(written(lang, runtime["median_decision_ms"]))
        row = next((r for r in engine_rows if re.search(rf"{n}{SPACE}m[sd]\b", r)), None)
        assert row and players["command"] in row, (n, engine_rows)


@pytest.mark.parametrize("lang", ["fr", "id"])
def test_no_figure_is_written_the_english_way(real_site: Path, lang: str) -> None:
    """On a French or Indonesian page, no measured figure keeps an English decimal point
    (« 4.47 Mo ») or English grouping (« 9,654 »), nor stays ungrouped (« 9654 parties/s »).
    Version numbers (``3.14.2``) and years are not figures."""
    text = tables(page(real_site, lang))
    text = re.sub(r"v?\d+(\.\d+){2,}|\b20\d\d\b", "", text)
    english_decimal = r"\d\.\d" if lang == "fr" else r"\d\.\d{1,2}(?!\d)"
    assert not re.findall(english_decimal, text)
    assert not re.findall(r"\d,\d{3}(?!\d)", text)  # English grouping
    assert not re.findall(r"\d{4,}", text)  # no grouping at all


def game_page(site: Path, lang: str, game: str, page_file: str) -> str:
    folder = next(entry["folder"] for entry in yaml.safe_load(
        (ROOT / "locales" / "site" / "site.yml").read_text(encoding="utf-8"))["games"]
        if entry["id"] == game)
    return (site / lang / folder / page_file / "index.html").read_text(encoding="utf-8")


def rows_of(html: str, anchor: str) -> list[str]:
    """The body rows of the table block ``anchor``, as text."""
    block = re.search(rf'id="{anchor}".*?</table>', html, re.S)
    assert block, anchor
    return [re.sub(r"[ \t\r\n]+", " ", re.sub(r"<[^>]+>", " ", row))  # keeps U+202F
            for row in re.findall(r"<tr>.*?</tr>", block.group(0), re.S)[1:]]


def under_table(html: str, anchor: str) -> str:
    """What the block ``anchor`` says under its table."""
    found = re.search(rf'id="{anchor}".*?</table>(.*?)</div>', html, re.S)
    assert found, anchor
    return found.group(1)


@pytest.mark.parametrize("lang", LANGS)
def test_love_letter_engine_speed_in_both_runtimes(real_site: Path, lang: str) -> None:
    """Love Letter's notation page (its engine's page) shows each table of
    benchmarks/loveletter_speed.json in CPython and in Pyodide, one row a table, with the
    command, and the load note when the machine was loaded."""
    html = game_page(real_site, lang, "loveletter", "notation")
    record = json.loads((ROOT / "benchmarks" / "loveletter_speed.json").read_text("utf-8"))
    assert [r["id"] for r in record["runtimes"]] == ["cpython", "pyodide"]
    rows = rows_of(html, "ll-engine-speed-table")
    tables = record["runtimes"][0]["tables"]
    assert len(rows) == len(tables)
    for row, key in zip(rows, tables, strict=True):
        assert written(lang, tables[key]["players"]) in row
        for runtime in record["runtimes"]:  # CPython's figure, then Pyodide's
            figure = written(lang, runtime["tables"][key]["games_per_second"])
            assert figure in row, (key, runtime["id"], row)
    for runtime in record["runtimes"]:
        assert runtime["label"].partition(" under ")[0] in html
    # The command and date, said once under the table, with the load note if it was high.
    loaded = record["load_average"][0] > record["nproc"] / 2
    under = under_table(html, "ll-engine-speed-table")
    assert f"<code>{record['command']}</code>" in under
    assert under.count('class="rs-load-note"') == html.count('class="rs-load-note"') == loaded


@pytest.mark.parametrize("lang", LANGS)
def test_love_letter_tournament_on_its_play_page(real_site: Path, lang: str) -> None:
    """Love Letter's Play page shows every match of benchmarks/loveletter_players.json: its
    games, score rate and interval, and where the fair share lies against that interval (the
    page says so when the strong level is not clearly better)."""
    html = game_page(real_site, lang, "loveletter", "play")
    record = json.loads((ROOT / "benchmarks" / "loveletter_players.json").read_text("utf-8"))
    ui = yaml.safe_load((ROOT / "locales" / "loveletter" / lang / "ui.yml").read_text("utf-8"))
    rows = rows_of(html, "ll-play-strength-table")
    assert len(rows) == len(record["matches"])
    readings = {key: re.escape(ui[f"ll.table.strength.{key}"]).replace(
        re.escape("{share}"), ".*") for key in ("above", "within", "below")}
    for row, match in zip(rows, record["matches"].values(), strict=True):
        assert f" {written(lang, match['games'])} " in row
        for rate in (match["score_rate"], *match["ci95"], match["fair_share"]):
            assert written(lang, 100 * rate, 1) in row, (rate, row)
        assert written(lang, match["players"]) in row
        assert ui[f"ll.table.deck.{match['variant']}"] in row
        low, high = match["ci95"]
        fair = match["fair_share"]
        reading = "above" if low > fair else "below" if high < fair else "within"
        found = [k for k, pattern in readings.items() if re.search(pattern, row)]
        assert found == [reading], (match, row)
        assert record["command"] not in row  # said once, under the table
    under = under_table(html, "ll-play-strength-table")
    assert f"<code>{record['command']}</code>" in under
    loaded = any(m["load_average"][0] > record["nproc"] / 2 for m in record["matches"].values())
    assert under.count('class="rs-load-note"') == html.count('class="rs-load-note"') == loaded
    # Every player count of both decks, the search player against the heuristic in each.
    measured = {(m["players"], m["variant"]) for m in record["matches"].values()
                if (m["measured"], m["opponent"]) == ("search", "heuristic")}
    assert measured == {*((n, "standard") for n in range(2, 7)),
                        *((n, "classic") for n in range(2, 5))}


def phone_record(loveletter: dict[str, object]) -> dict[str, object]:
    """A browser record whose phone mode measured Love Letter's Play page with ``loveletter``'s
    figures (its other figures beside them)."""
    moves = {"play_move_default": {"p90_ms": 11.0}, "play_move_strong": {"p90_ms": 22.0}}
    return {"machine": {"nproc": 2}, "phone_targets": {
        "play_new_game_ms": 4000, "play_move_default_p90_ms": 1000,
        "play_move_strong_p90_ms": 3000, "whatif_cold_ms": 5000, "example_cold_ms": 5000},
        "phone": {"command": "make bench-browser", "date": "2026-11-27T02:00:00Z",
                  "load_average": [0.1, 0.1, 0.1], "play_new_game": {"median_ms": 33.0},
                  **moves, "whatif_cold": {"median_ms": 44.0},
                  "games": {"loveletter": {"example_cold": {"median_ms": 55.0},
                                           "play_new_game": {"median_ms": 66.0},
                                           **loveletter}}}}


@pytest.mark.parametrize("lang", LANGS)
def test_phone_rows_give_each_player_count_its_moves(lang: str) -> None:
    """Love Letter's engine moves are measured at several player counts (``play_moves``): a
    row per count and level, naming the count; a record of one count (``players`` and the
    moves beside it) still reads, as one count."""
    from rulesite.pages.tables import phone_rows
    from rulesite.sources import locales

    ui = locales.load(ROOT / "locales").languages[lang].ui  # Hanamikoji's engine page's
    name = yaml.safe_load((ROOT / "locales" / "loveletter" / lang / "ui.yml").read_text(
        encoding="utf-8"))["game.name"]

    def moves(default: float, strong: float) -> dict[str, object]:
        return {"play_move_default": {"p90_ms": default}, "play_move_strong": {"p90_ms": strong}}

    by_count = phone_rows(ui, phone_record({"players": [4, 6], "play_moves": {
        "4": moves(101.0, 1201.0), "6": moves(202.0, 2402.0)}}), "Chromium")
    one_count = phone_rows(ui, phone_record({"players": 4, **moves(101.0, 1201.0)}), "Chromium")
    assert len(by_count) == len(one_count) + 2
    for count, default, strong in ((4, 101, 1201), (6, 202, 2402)):
        for figure in (default, strong):
            row = [r[0] for r in by_count if written(lang, figure) in r[2]]
            assert len(row) == 1 and name in row[0], (count, figure, by_count)
            assert re.search(rf"(?<!\d){written(lang, count)}(?!\d)", row[0]), row
    assert [r for r in one_count if written(lang, 1201) in r[2]
            and re.search(rf"(?<!\d){written(lang, 4)}(?!\d)", r[0])]


# The load note's core count in each language's plural form: one core, and two.
CORES = {"en": ("1 core)", "2 cores)"), "fr": ("1\u00a0cœur)", "2\u00a0cœurs)"),
         "ja": ("\uff081コアで", "\uff082コアで"), "id": ("pada 1 inti)", "pada 2 inti)")}


@pytest.mark.parametrize("lang", LANGS)
def test_the_load_note_counts_cores_in_the_languages_plural(lang: str) -> None:
    """A benchmark on a machine of one core (a runner's single vCPU) reads "1 core", not
    "1 cores"; the note appears only when the load average was over half the cores."""
    from rulesite.pages.tables import measured
    from rulesite.sources import locales

    ui = locales.load(ROOT / "locales").languages[lang].ui
    when = "2026-11-27T12:00:00+00:00"
    assert "rs-load-note" not in measured(ui, "make bench", when, load=0.4, cores=1)
    for cores, expected in zip((1, 2), CORES[lang], strict=True):
        note = measured(ui, "make bench", when, load=1.5, cores=cores)
        assert 'class="rs-load-note"' in note and expected in note, note
        assert written(lang, 1.5, 1) in note, note
