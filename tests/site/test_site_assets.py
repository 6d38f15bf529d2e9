"""What the site ships besides pages (compiled engine, Pyodide runtime), the output-folder
guard, the static server, and the docstring Markdown extension."""

from __future__ import annotations

import gzip
import hashlib
import io
import re
import threading
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import markdown
import pytest

import gamekit
from rulesite.build import REPO, build
from rulesite.errors import AssetError, SiteError
from rulesite.runtime.assets import (
    ENGINE,
    GZIPPED,
    PYODIDE_FILES,
    SNAPSHOT,
    STDLIB,
    copy_pyodide,
    game_engine,
)
from rulesite.runtime.stdlib import MODULES
from rulesite.serve import make_server


def _unzipped(path: Path) -> zipfile.ZipFile:
    return zipfile.ZipFile(io.BytesIO(gzip.decompress(path.read_bytes())))


def _named_by_content(folder: Path, names: list[str]) -> None:
    """The folder's name changes with any of its files, so browsers may keep them for good."""
    digest = hashlib.sha256()
    for name in names:
        digest.update((folder / name).read_bytes())
    assert folder.name == digest.hexdigest()[:12], folder


def test_compiled_engine_in_the_site(any_site: Path) -> None:
    """The engine and gamekit (runner, words, boards, session), as bytecode, in a folder named
    by content; with the runtime, its memory snapshot beside them (named by content with the
    engine)."""
    shipped = sorted((any_site / "assets" / "py").glob("*/*"))
    with_runtime = bool(list((any_site / "assets" / "pyodide").glob(f"*/{STDLIB}")))
    own = [game_engine(game_id) for game_id in gamekit.GAMES]
    files = [ENGINE, *own, *([SNAPSHOT] if with_runtime else [])]
    assert sorted(p.name for p in shipped) == sorted(files)
    folder = shipped[0].parent
    _named_by_content(folder, files)
    names = _unzipped(folder / ENGINE).namelist()
    # Each game's own: gamekit's modules, its plug-in and its engine, as in every game's, and
    # nothing of another game (a page of one game fetches its own only, without the snapshot).
    for game_id, name in zip(gamekit.GAMES, own, strict=True):
        game = gamekit.plugin(game_id)
        alone = set(_unzipped(folder / name).namelist())
        assert alone == {n for n in names if n.startswith((f"{game.engine}/",
                                                           f"gamekit/{game_id}/"))
                         or re.fullmatch(r"gamekit/\w+\.pyc", n)}, game_id
        assert f"gamekit/{game_id}/session.pyc" in alone and "gamekit/runner.pyc" in alone
    # Both engines and gamekit, less the command lines and the plug-ins' tables (build time
    # only, never downloaded by a reader: rulesite/runtime/stdlib.py).
    expected = {name + "c" for package in ("hanamikoji", "loveletter", "gamekit")
                for path in (REPO / package).rglob("*.py")
                if not (name := path.relative_to(REPO).as_posix()).startswith(
                    ("hanamikoji/_cli/", "hanamikoji/__main__.py", "loveletter/__main__.py"))}
    build_only = {name for name in expected if re.fullmatch(r"gamekit/\w+/tables\.pyc", name)}
    assert build_only and not build_only & set(names)
    assert expected - build_only <= set(names)
    assert not [name for name in names
                if name.startswith(("hanamikoji/_cli", "hanamikoji/__main__"))]
    assert {"gamekit/runner.pyc", "gamekit/hanamikoji/explain.pyc",
            "gamekit/hanamikoji/board.pyc", "gamekit/hanamikoji/session.pyc",
            "gamekit/loveletter/board.pyc", "loveletter/__init__.pyc"} <= set(names)
    assert not [name for name in names if name.endswith("/tables.pyc")]
    assert not [name for name in names if name.endswith(".py")]


def test_pyodide_runtime_in_the_real_site(real_site: Path) -> None:
    folders = list((real_site / "assets" / "pyodide").iterdir())
    assert len(folders) == 1, folders
    shipped = sorted(p.name for p in folders[0].iterdir())
    assert shipped == sorted([*(n + ".gz" if n in GZIPPED else n for n in PYODIDE_FILES), STDLIB])
    _named_by_content(folders[0], [n + ".gz" if n in GZIPPED else n for n in PYODIDE_FILES]
                      + [STDLIB])
    for name in PYODIDE_FILES:  # the wasm is reduced: test_site_wasm.py
        data = (folders[0] / name).read_bytes() if name not in GZIPPED \
            else gzip.decompress((folders[0] / f"{name}.gz").read_bytes())
        if name != "pyodide.asm.wasm":
            assert data == (REPO / "node_modules" / "pyodide" / name).read_bytes(), name
    stdlib = _unzipped(folders[0] / STDLIB).namelist()
    assert len(stdlib) == len(MODULES) and all(name.endswith(".pyc") for name in stdlib)
    assert "json/__init__.pyc" in stdlib and "random.pyc" in stdlib
    assert not (folders[0] / "python_stdlib.zip").exists()


def test_missing_pyodide_says_what_to_do(tmp_path: Path) -> None:
    with pytest.raises(AssetError, match=r"node_modules/pyodide: missing .*run `make node`"):
        copy_pyodide(tmp_path / "node_modules", tmp_path / "out")


def test_refuses_to_wipe_a_folder_it_did_not_make(tmp_path: Path, locales: Path) -> None:
    out = tmp_path / "precious"
    out.mkdir()
    (out / "notes.txt").write_text("keep me", encoding="utf-8")
    with pytest.raises(SiteError, match="not made by rulesite"):
        build(locales, out, work=tmp_path / "work", pyodide=False)
    assert (out / "notes.txt").read_text(encoding="utf-8") == "keep me"


def test_server_binds_loopback_and_serves_wasm(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<p>hi</p>", encoding="utf-8")
    (tmp_path / "x.wasm").write_bytes(b"\0asm")
    (tmp_path / "x.mjs").write_text("export {}", encoding="utf-8")
    server = make_server(tmp_path, 0)
    host, port = server.server_address[:2]
    assert host == "127.0.0.1" and port
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/") as response:
            assert response.read() == b"<p>hi</p>"
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/x.wasm") as response:
            assert response.headers["Content-Type"] == "application/wasm"
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/x.mjs") as response:
            assert response.headers["Content-Type"] == "text/javascript"
        # Like GitHub Pages: gzip when the browser takes it, validators, ten minutes' cache.
        request = urllib.request.Request(f"http://127.0.0.1:{port}/x.wasm",
                                         headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request) as response:
            assert response.headers["Content-Encoding"] == "gzip"
            assert gzip.decompress(response.read()) == b"\0asm"
            assert response.headers["Cache-Control"] == "max-age=600"
            etag = response.headers["ETag"]
        request = urllib.request.Request(f"http://127.0.0.1:{port}/x.wasm",
                                         headers={"If-None-Match": etag})
        with pytest.raises(urllib.error.HTTPError, match="304"):
            urllib.request.urlopen(request)
    finally:
        server.shutdown()
        server.server_close()


def test_docstring_markup() -> None:
    source = ("Charm:\n\n>>> [charm(g) for g in GEISHAS]\n[2, 2, 2, 3, 3, 4, 5]\n\nAfter.\n\n"
              "```python\n>>> inside_a_fence\n:class:`Kept`\n```\n\n"
              "See :class:`Game` and :attr:`~Player.A`.\n")
    html = markdown.markdown(source, extensions=["fenced_code", "rulesite.pages.docstring_markup"])
    assert '<code class="language-pycon">&gt;&gt;&gt; [charm(g) for g in GEISHAS]\n' \
           "[2, 2, 2, 3, 3, 4, 5]\n</code>" in html
    assert "<p>After.</p>" in html
    assert '<code class="language-python">&gt;&gt;&gt; inside_a_fence' in html
    assert "<blockquote>" not in html
    assert "<p>See <code>Game</code> and <code>Player.A</code>.</p>" in html
    assert ":class:`Kept`" in html  # fenced code is left as it is


def _rules(css: str) -> list[tuple[str, str]]:
    """Each rule of a stylesheet as (selector, declarations), comments, spacing and a last
    declaration's semicolon aside."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL)
    return [(re.sub(r"\s+", "", selector), re.sub(r"\s+", "", body).rstrip(";"))
            for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css)]


def test_own_stylesheets_ship_minified_with_every_rule(real_site: Path) -> None:
    """The site's own stylesheets, as readers get them: no comment, no spacing, and every
    rule of the source, in its order (rulesite/runtime/styles.py)."""
    sources = sorted((REPO / "docs" / "assets").rglob("*.css"))
    assert len(sources) >= 8
    for source in sources:
        shipped = real_site / "en" / source.relative_to(REPO / "docs")
        text = shipped.read_text(encoding="utf-8")
        assert "/*" not in text and "\n  " not in text, shipped
        assert len(text) < len(source.read_text(encoding="utf-8")), shipped
        assert _rules(text) == _rules(source.read_text(encoding="utf-8")), shipped
