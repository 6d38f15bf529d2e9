"""What a production build ships for offline use (rulesite/runtime/offline.py): the service
worker's list of the build's files, every page stamped with the build's ID, an offline page
and a web app manifest per language; and what the writing server's build leaves out. The
worker itself runs in tests/browser/test_offline.py."""

from __future__ import annotations

import json
import re
from html import escape
from pathlib import Path
from typing import Any

import pytest

import gamekit
from rulesite.build import REPO
from rulesite.pages import examples
from rulesite.pages.config import OFFLINE_SCRIPT, language_config
from rulesite.runtime import assets, offline
from rulesite.sources.locales import load_all

LANGS = ("en", "fr", "ja", "id")


def build_list(site: Path) -> dict[str, Any]:
    source = (site / offline.WORKER).read_text(encoding="utf-8")
    found = re.search(r"const BUILD = (\{.*?\});\n", source)
    assert found, "sw.js holds no build list"
    return dict(json.loads(found.group(1)))


def file_of(site: Path, path: str) -> Path:
    return site / (path + "index.html" if path == "" or path.endswith("/") else path)


def test_the_worker_lists_every_file_of_the_build_by_its_hash(any_site: Path) -> None:
    build = build_list(any_site)
    assert set(build["languages"]) == set(LANGS)
    entries = [e for lang in LANGS for e in build["languages"][lang]]
    entries += build["runtime"] + build["shared"]
    for path, digest, size in entries:
        data = file_of(any_site, path).read_bytes()
        assert offline.digest(data) == digest and len(data) == size, path
    for lang in LANGS:
        listed = {e[0] for e in build["languages"][lang]}
        pages = {p.parent.relative_to(any_site).as_posix() + "/"
                 for p in (any_site / lang).rglob("index.html")}
        assert pages <= listed, sorted(pages - listed)[:5]
        assert f"{lang}/search/search_index.json" in listed
        assert f"{lang}/{offline.PAGE}" in listed
        assert not [p for p in listed if p.endswith(".map")], "source maps are listed"
        # Search needs lunr's support files and this language's own stemmer, not thirty.
        lunr = [p for p in listed if "/lunr/" in p]
        assert len(lunr) <= 4, lunr
    assert all(path.startswith("assets/") for path, _, _ in build["runtime"])
    assert "/* BUILD */" not in (any_site / offline.WORKER).read_text(encoding="utf-8")


def test_the_worker_knows_the_what_if_folder_from_the_builder(any_site: Path) -> None:
    """The folder of the examples' what-if starts, which a lean visit keeps only when the
    reader asks (sw.js onDemand), is the one the builder writes them to (examples.STARTS),
    given in the build's list: the worker's own source names no folder of the builder's."""
    build = build_list(any_site)
    assert build["later"] == [examples.STARTS]
    source = offline.SOURCE.read_text(encoding="utf-8")
    assert examples.STARTS.strip("/") not in source, "sw.js names the what-if folder itself"
    # Every what-if start the builder wrote is listed in its language, in that folder.
    written = {p.relative_to(any_site).as_posix()
               for p in any_site.glob(f"*/**/{examples.STARTS}*.json")}
    listed = {e[0] for lang in LANGS for e in build["languages"][lang]
              if f"/{examples.STARTS}" in e[0]}
    assert written and written == listed


def test_the_worker_knows_which_engine_files_go_with_the_snapshot(any_site: Path) -> None:
    """"Keep everything" keeps the runtime this device starts from (sw.js runtimeFor): the
    build's list names the files a start from the memory snapshot loads alone (the snapshot,
    every game's engine) and those a start without it loads alone (each game's own engine),
    each a file of the build's runtime; the worker's source names none of them."""
    build = build_list(any_site)
    names = {path.rsplit("/", 1)[-1] for path, _, _ in build["runtime"]}
    only = build["snapshot"]
    assert set(only) == {"with", "without"}
    assert only["without"] == [assets.game_engine(game_id) for game_id in gamekit.GAMES]
    assert only["with"] == [assets.SNAPSHOT, assets.ENGINE]
    assert set(only["without"]) <= names
    assert (assets.SNAPSHOT in names) == bool(list(any_site.glob("assets/pyodide/*/*.wasm.gz")))
    source = offline.SOURCE.read_text(encoding="utf-8")
    assert not [name for name in only["with"] + only["without"] if name in source]


def test_every_page_carries_the_build_id(any_site: Path) -> None:
    ident = build_list(any_site)["id"]
    assert re.fullmatch(r"[0-9a-f]{16}", ident)
    for page in any_site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        if "<head" not in text:
            continue
        assert text.count(f'<meta name="{offline.BUILD_META}" content="{ident}">') == 1, page


def test_a_build_stamped_again_has_a_new_id_and_one_stamp() -> None:
    page = '<html><head><meta charset="utf-8"><meta name="referrer" content="x"></head></html>'
    once = offline.stamped(page, "a" * 16)
    again = offline.stamped(once, "b" * 16)
    assert again.count(offline.BUILD_META) == 1 and "b" * 16 in again


def test_each_language_has_its_offline_page_and_manifest(any_site: Path) -> None:
    games = load_all(REPO / "locales")
    for lang in LANGS:
        ui = games[0].languages[lang].ui
        page = (any_site / lang / offline.PAGE).read_text(encoding="utf-8")
        assert f'<html lang="{lang}">' in page
        for key in ("offline.title", "offline.body", "offline.hint", "offline.home"):
            assert escape(ui[key]) in page, (lang, key)
        assert "Content-Security-Policy" in page  # its inline style allowed by hash only
        manifest = json.loads((any_site / lang / offline.MANIFEST).read_text(encoding="utf-8"))
        assert manifest["name"] == ui["site.name"] and manifest["lang"] == lang
        assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
        for icon in manifest["icons"]:
            assert (any_site / lang / icon["src"]).is_file(), icon
        assert {"192x192", "512x512"} <= {icon["sizes"] for icon in manifest["icons"]}
        home = (any_site / lang / "index.html").read_text(encoding="utf-8")
        assert re.search(r'<link rel="manifest" href="(\./)?manifest\.webmanifest">', home)
        assert "assets/site/offline.js" in home


@pytest.mark.parametrize("works_offline", [True, False])
def test_pages_register_the_worker_only_in_a_production_build(works_offline: bool,
                                                              tmp_path: Path) -> None:
    games = load_all(REPO / "locales")
    config = language_config(games, "fr", repo=REPO, docs_dir=tmp_path, site_dir=tmp_path,
                             engine="py/x/engine.zip", works_offline=works_offline)
    assert (OFFLINE_SCRIPT in config["extra_javascript"]) is works_offline
    strings = config["extra"]["rulesite"]["offline"]
    if works_offline:
        assert strings["offline.reload"] == games[0].languages["fr"].ui["offline.reload"]
    else:
        assert strings is None
