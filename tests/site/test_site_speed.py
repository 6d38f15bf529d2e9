"""The engine page shows the latest benchmark figures, read from benchmarks/*.json."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("lang", ["en", "fr", "ja", "id"])
def test_speed_table_shows_the_benchmark_figures(real_site: Path, lang: str) -> None:
    html = (real_site / lang / "api" / "index.html").read_text(encoding="utf-8")
    engine = json.loads((ROOT / "benchmarks" / "results.json").read_text(encoding="utf-8"))
    browser = json.loads((ROOT / "benchmarks" / "browser_results.json").read_text("utf-8"))
    assert 'id="api-speed"' in html
    for runtime in engine["runtimes"]:
        assert str(runtime["games_per_second"]["median"]) in html
        assert runtime["label"] in html
    live = browser["variants"]["default"]
    for key in ("cold_20mbit", "cold_5mbit", "warm"):
        assert f"{live[key]['median_ms']:.0f}" in html
    assert f"{live['cold_20mbit']['median_bytes'] / 1e6:.2f}" in html
    assert "make bench" in html and "make bench-browser" in html
    # The phone mode (390 px, a quarter of one core), with its targets, when it was measured;
    # figures taken on a loaded machine say so.
    phone = browser.get("phone")
    if phone:
        for key, figure in (("play_new_game", "median_ms"), ("play_move_default", "p90_ms"),
                            ("play_move_strong", "p90_ms"), ("whatif_cold", "median_ms")):
            assert f"{phone[key][figure]:.0f}" in html, key
        for target in browser["phone_targets"].values():
            assert re.search(rf"\b{target}(\s|&nbsp;|&#160;|\u00a0)ms\b", html), target
        # The load note is its own element, once per phone row when the machine was loaded,
        # nowhere when it was quiet (a figure like "0.5" may read the same elsewhere).
        loaded = phone["load_average"][0] > browser["machine"]["nproc"] / 2
        notes = re.findall(r'<span class="hk-load-note">(.*?)</span>', html, re.S)
        assert len(notes) == (4 if loaded else 0), notes
        assert all(f"{phone['load_average'][0]:.1f}" in note for note in notes), notes


@pytest.mark.parametrize("lang", ["en", "fr", "ja", "id"])
def test_players_table_shows_the_tournament(real_site: Path, lang: str) -> None:
    html = (real_site / lang / "api" / "index.html").read_text(encoding="utf-8")
    players = json.loads((ROOT / "benchmarks" / "players.json").read_text(encoding="utf-8"))
    assert players["command"] in html
    sep = "," if lang in ("fr", "id") else "."
    for match in players["matches"]:
        whole, tenth = f"{100 * match['score_rate']:.1f}".split(".")
        assert f"{whole}{sep}{tenth}" in html
        assert f">{match['games']}<" in html
    for runtime in players["runtimes"]:
        n = f"{runtime['median_decision_ms']:.0f}"
        assert re.search(rf"\b{n}(\s|&nbsp;|&#160;|\u00a0)m[sd]\b", html), n
