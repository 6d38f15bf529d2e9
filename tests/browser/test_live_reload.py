"""``make serve`` while writing: a saved locale file rebuilds its language and reloads the open
page; a broken file shows its file and key in the terminal and over the page; the server keeps
running and recovers once the file is fixed.

Runs the writing server (rulesite.serve.start_live) on port 0 with a temporary copy of the
fixture rulebook, without the Pyodide runtime, so that builds stay short.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import wait_until
from playwright.sync_api import Browser, Error
from run_once import assemble_fixture

from rulesite.runtime import offline
from rulesite.serve import RETIRE_JS, STATE, LiveSite, start_live

REBUILD_TIMEOUT_S = 90  # one language on a busy 2-core machine, with margin


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveSite, Path, list[str]]]:
    root = tmp_path_factory.mktemp("live")
    locales = assemble_fixture(root / "locales")  # with the real interface strings
    lines: list[str] = []
    site = start_live(locales, root / "site", 0, work=root / "work", pyodide=False,
                      log=lines.append)
    yield site, locales, lines
    site.close()


def state(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(url + STATE) as response:
        return dict(json.load(response))


def replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_saved_change_rebuilds_and_reloads_then_a_broken_key_shows_over_the_page(
        live: tuple[LiveSite, Path, list[str]], chromium: Browser) -> None:
    site, locales, lines = live
    assert state(site.url) == {"version": 1, "error": None}
    # The reload script is added by the server; the built files do not have it.
    page_file = Path(site.watcher.site) / "fr" / "basics" / "index.html"
    assert "__rulesite" not in page_file.read_text(encoding="utf-8")

    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        page.goto(f"{site.url}/fr/basics/")
        assert "Une distribution" in page.locator(".rs-example-title").inner_text()
        page.evaluate("window.__kept = 1")  # gone once the page has reloaded

        # Saving a change rebuilds French only, and the open page reloads by itself.
        text = locales / "hanamikoji" / "fr" / "text.yml"
        replace(text, 'title: "Une distribution"', 'title: "Une donne"')
        page.wait_for_function(
            "() => document.querySelector('.rs-example-title')?.textContent.includes("
            "'Une donne')", timeout=REBUILD_TIMEOUT_S * 1000)
        assert page.evaluate("window.__kept") is None
        assert state(site.url) == {"version": 2, "error": None}
        assert any("rebuilding fr…" in line for line in lines), lines

        # A broken key: the terminal and the page name the file and the key.
        replace(text, 'title: "Une donne"', "title: Exemple: une donne")
        overlay = page.locator("#rs-build-error")
        overlay.wait_for(timeout=REBUILD_TIMEOUT_S * 1000)
        message = overlay.locator("pre").inner_text()
        assert str(text) in message and "examples.ex-deal.title" in message, message
        assert any(str(text) in line and "examples.ex-deal.title" in line
                   for line in lines), lines
        assert state(site.url)["version"] == 2  # the last good pages are still served
        with urllib.request.urlopen(f"{site.url}/fr/basics/") as response:
            assert response.status == 200

        # A change to another language while the build is broken is not lost: it is built
        # with the fix. Its rebuild (French still pending, Indonesian) ends before the fix is
        # saved, failing on French: were the fix saved while it ran, it could read it and
        # pass, and the step after would test nothing.
        before = len(lines)
        replace(locales / "hanamikoji" / "id" / "text.yml", 'title: "Contoh pembagian"',
                'title: "Contoh pembagian kartu"')
        wait_until(lambda: len(lines) >= before + 2, "the rebuild of the Indonesian change",
                   timeout_s=REBUILD_TIMEOUT_S)
        started, ended = lines[before:before + 2]
        assert started.endswith("changed: rebuilding fr, id…"), started
        assert str(text) in ended and "examples.ex-deal.title" in ended, ended
        assert state(site.url)["error"] is not None  # French is still broken

        # Fixing it rebuilds, the overlay goes, the page shows the fix.
        replace(text, "title: Exemple: une donne", 'title: "Une bonne donne"')
        page.wait_for_function(
            "() => document.querySelector('.rs-example-title')?.textContent.includes("
            "'Une bonne donne')", timeout=REBUILD_TIMEOUT_S * 1000)
        assert overlay.count() == 0
        assert state(site.url) == {"version": 3, "error": None}
        id_page = Path(site.watcher.site) / "id" / "basics" / "index.html"
        assert "Contoh pembagian kartu" in id_page.read_text(encoding="utf-8")
    finally:
        context.close()


def test_the_writing_server_keeps_no_service_worker(
        live: tuple[LiveSite, Path, list[str]]) -> None:
    """A translator's pages are never served from a worker's cache: the writing build has no
    worker, registers none, and a worker a production build left on this address is
    answered with one that unregisters itself."""
    site, locales, _ = live
    built = locales.parent / "site"
    assert not (built / "sw.js").exists()
    for page in built.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert "offline.js" not in text and 'rel="manifest"' not in text, page
    with urllib.request.urlopen(site.url + "/sw.js") as response:
        assert response.headers["Content-Type"].startswith("text/javascript")
        assert response.read().decode() == RETIRE_JS


def test_a_worker_left_by_a_production_build_retires_itself(
        live: tuple[LiveSite, Path, list[str]], chromium: Browser) -> None:
    """A reader who visited a production build on this address has its service worker
    (rulesite/runtime/sw.js) and its cache: the writing server answers the browser's update
    check of that worker with one that empties the cache, unregisters itself and reloads the
    open page, which the server then answers itself."""
    site, _, lines = live
    # A rebuild (one the test above started) removes sw.js: none is running (the watcher logs
    # each rebuild's start, then its end, one line each).
    wait_until(lambda: " changed: rebuilding " not in lines[-1], "the last rebuild",
               timeout_s=REBUILD_TIMEOUT_S)
    # The production build's worker, as it was on this address before.
    worker = Path(site.watcher.site) / offline.WORKER
    worker.write_text(offline.SOURCE.read_text(encoding="utf-8"), encoding="utf-8")
    context = chromium.new_context(service_workers="allow")
    page = context.new_page()
    try:
        page.goto(f"{site.url}/en/")
        page.evaluate("""async () => {
            await navigator.serviceWorker.register("/sw.js",
              { scope: "/", updateViaCache: "none" });
            await navigator.serviceWorker.ready;
          }""")
        page.reload()
        page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=30_000)
        assert [n for n in page.evaluate("caches.keys()") if n.startswith(offline.CACHE_PREFIX)]
        worker.unlink()  # the writing server's build: no worker

        loaded: list[str] = []
        page.on("framenavigated", lambda frame: loaded.append(frame.url)
                if frame == page.main_frame else None)
        # The browser checks the worker for an update (as it does at a visit); not awaited
        # here: the page reloads meanwhile.
        page.evaluate("""() => { navigator.serviceWorker.getRegistration()
            .then((r) => r.update()).catch(() => undefined); }""")

        def still_there() -> bool:
            try:
                return bool(page.evaluate("""async () => Boolean(
                    navigator.serviceWorker.controller
                    || await navigator.serviceWorker.getRegistration()
                    || (await caches.keys()).some((n) => n.startsWith("hk-offline-")))"""))
            except Error:  # the page is reloading
                return True

        wait_until(lambda: loaded and not still_there(),
                   lambda: ("the production build's worker is still there", loaded),
                   timeout_s=30, page=page)
        assert loaded == [f"{site.url}/en/"]  # reloaded once, by the retiring worker
    finally:
        worker.unlink(missing_ok=True)
        context.close()
