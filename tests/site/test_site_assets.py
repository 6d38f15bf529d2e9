"""What the site ships besides pages (engine wheel, Pyodide runtime), the output-folder
guard, the static server, and the docstring Markdown extension."""

from __future__ import annotations

import threading
import urllib.request
import zipfile
from pathlib import Path

import markdown
import pytest

import hanamikoji
from rulesite.assets import PYODIDE_FILES, copy_pyodide
from rulesite.build import REPO, build
from rulesite.errors import AssetError, SiteError
from rulesite.serve import make_server


def test_engine_wheel_in_the_site(any_site: Path) -> None:
    wheels = list((any_site / "assets" / "py").glob("*.whl"))
    assert [w.name for w in wheels] == [f"hanamikoji-{hanamikoji.__version__}-py3-none-any.whl"]
    with zipfile.ZipFile(wheels[0]) as wheel:
        names = wheel.namelist()
        assert "hanamikoji/__init__.py" in names and "hanamikoji/py.typed" in names
        source = wheel.read("hanamikoji/_constants.py")
    assert source == (REPO / "hanamikoji" / "_constants.py").read_bytes()


def test_pyodide_runtime_in_the_real_site(real_site: Path) -> None:
    for name in PYODIDE_FILES:
        shipped = real_site / "assets" / "pyodide" / name
        assert shipped.read_bytes() == (REPO / "node_modules" / "pyodide" / name).read_bytes()


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
    finally:
        server.shutdown()
        server.server_close()


def test_docstring_markup() -> None:
    source = ("Charm:\n\n>>> [charm(g) for g in GEISHAS]\n[2, 2, 2, 3, 3, 4, 5]\n\nAfter.\n\n"
              "```python\n>>> inside_a_fence\n:class:`Kept`\n```\n\n"
              "See :class:`Game` and :attr:`~Player.A`.\n")
    html = markdown.markdown(source, extensions=["fenced_code", "rulesite.docstring_markup"])
    assert '<code class="language-pycon">&gt;&gt;&gt; [charm(g) for g in GEISHAS]\n' \
           "[2, 2, 2, 3, 3, 4, 5]\n</code>" in html
    assert "<p>After.</p>" in html
    assert '<code class="language-python">&gt;&gt;&gt; inside_a_fence' in html
    assert "<blockquote>" not in html
    assert "<p>See <code>Game</code> and <code>Player.A</code>.</p>" in html
    assert ":class:`Kept`" in html  # fenced code is left as it is
