"""Build the whole site: check the locales, render each language's pages into
``build/site/<lang>/``, run one strict MkDocs build per language into ``site/<lang>/``, then add
the compiled engine, the Pyodide runtime and the root language chooser."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from html import escape
from pathlib import Path
from urllib.parse import urlsplit
from xml.etree import ElementTree

import yaml

from rulesite.errors import BuildError, SiteError
from rulesite.pages import compare, search
from rulesite.pages.book import FILENAME as BOOK
from rulesite.pages.book import BookWriter
from rulesite.pages.config import language_config
from rulesite.pages.root import not_found, root_index
from rulesite.pages.writer import render_language
from rulesite.runtime import assets, csp, offline, styles
from rulesite.sources import published
from rulesite.sources.locales import Locales, load_all

REPO = Path(__file__).resolve().parent.parent
MARKER = ".rulesite"  # marks an output folder this builder may wipe


def _fresh(folder: Path) -> None:
    """Empty ``folder``, refusing to wipe anything the builder did not make."""
    if folder.exists() and any(folder.iterdir()) and not (folder / MARKER).exists():
        raise SiteError(f"{folder} exists and was not made by rulesite; refusing to delete it")
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    (folder / MARKER).write_text("made by python -m rulesite build\n", encoding="utf-8")


def site_root(url: str | None) -> str | None:
    """The site's address as given (``SITE_URL``), checked and ending in ``/``; None if not
    given. Pages then use it for canonical links, hreflang alternates and the sitemap."""
    if not url or not url.strip():
        return None
    url = url.strip()
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise SiteError(f"SITE_URL: {url!r} is not the address of a site: expected "
                        "http(s)://host/path/, e.g. https://example.org/rules/")
    return url if url.endswith("/") else f"{url}/"


def write_sources(games: list[Locales], lang: str, work: Path, out: Path, engine: str,
                  runtime: dict[str, object], site_url: str | None = None,
                  works_offline: bool = False) -> Path:
    """Write the Markdown pages of every game (each in its folder: ``site.yml``), static
    assets and MkDocs config of ``lang``; return the config."""
    folder = work / lang
    docs = folder / "docs"
    docs.mkdir(parents=True)
    for locales in games:
        pages = docs / locales.game.folder
        pages.mkdir(parents=True, exist_ok=True)
        # The pages and the files their examples fetch (the book's examples are theirs).
        for name, text in render_language(locales, lang, games).items():
            (pages / name).parent.mkdir(parents=True, exist_ok=True)
            (pages / name).write_text(text, encoding="utf-8")
        (pages / BOOK).write_text(BookWriter(locales, lang).render_book(), encoding="utf-8")
    shutil.copytree(REPO / "docs" / "assets", docs / "assets")
    config = language_config(games, lang, repo=REPO, docs_dir=docs, site_dir=out / lang,
                             engine=engine, runtime=runtime, site_url=site_url,
                             works_offline=works_offline)
    path = folder / "mkdocs.yml"
    path.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def run_mkdocs(config: Path) -> None:
    """``mkdocs build --strict`` on one language; any warning fails the build."""
    # rulesite itself must be importable: mkdocs.yml uses its Markdown extension.
    path = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": path}
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config)],
                          capture_output=True, text=True, env=env, check=False, cwd=REPO)
    output = proc.stdout + proc.stderr
    # --strict stops on MkDocs' own warnings; the text check also catches any plugin warning
    # logged outside MkDocs' count.
    if proc.returncode != 0 or "WARNING" in output:
        raise BuildError(f"mkdocs build failed for {config}:\n{output}")


def build(locales_dir: Path | str = REPO / "locales", out: Path | str = REPO / "site", *,
          work: Path | str = REPO / "build" / "site", pyodide: bool = True,
          jobs: int = 2, site_url: str | None = None, works_offline: bool = True) -> Path:
    """Build the site into ``out`` and return it. ``pyodide=False`` skips the runtime copy
    (the live examples then cannot start); the compiled engine is always written (both in
    folders named by their content: :mod:`rulesite.runtime.assets`). ``site_url``:
    where the site will live (``SITE_URL``, e.g. ``https://example.org/hanamikoji-rules/``);
    without it every link still works, but pages have no canonical link, no hreflang
    alternates and no site-wide sitemap, and the 404 page assumes the site is at the host's
    root. ``works_offline``: the service worker, offline pages and web app manifests
    (:mod:`rulesite.runtime.offline`); ``rulesite serve`` builds without them."""
    site_url = site_root(site_url)
    out, work = Path(out).resolve(), Path(work).resolve()
    games = load_all(locales_dir)
    locales = games[0]  # the site's first game: the root pages, 404
    for game in games:
        published.check_current(game.root, game.structure.versions, game.texts())
    _fresh(out)
    _fresh(work)
    engine = assets.write_engine(REPO / "node_modules", out / "assets" / "py", snapshot=pyodide)
    runtime: dict[str, object] = {"dir": "pyodide/", "lock": {}}
    if pyodide:
        runtime = assets.copy_pyodide(REPO / "node_modules", out / "assets" / "pyodide")
    runtime["sha256"] = assets.sha256s(
        out / "assets" / str(runtime["dir"]) if pyodide else None, engine)
    configs = [write_sources(games, lang, work, out,
                             engine.relative_to(out / "assets").as_posix(), runtime, site_url,
                             works_offline)
               for lang in locales.structure.languages]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(run_mkdocs, configs))
    for lang in locales.structure.languages:
        search.add_synonyms(games, lang, out / lang)
        styles.minify_tree(out / lang / "assets")
    # Hosts serve the root 404.html for any missing address; the languages' own would only
    # be reached by a direct link.
    for lang in locales.structure.languages:
        (out / lang / "404.html").unlink()
    # Served at any depth, the 404 page links by absolute path: the site's path, if known.
    (out / "404.html").write_text(not_found(locales, urlsplit(site_url).path if site_url
                                            else "/"), encoding="utf-8")
    if site_url:
        sitemaps = [out / lang / "sitemap.xml" for lang in locales.structure.languages]
        pairs = tuple(f"{site_url}{path}" for path in compare.addresses(games))
        (out / "sitemap.xml").write_text(merged_sitemap(sitemaps, pairs), encoding="utf-8")
        # Material's script fetches sitemap.xml next to every hreflang alternate (it expects
        # them to be language roots); a copy there keeps those requests from failing, at every
        # depth (a game's pages are in its folder: en/love-letter/cards/).
        for sitemap in sitemaps:
            for index in sitemap.parent.rglob("*/index.html"):
                shutil.copy2(sitemap, index.parent / "sitemap.xml")
    compare.write(games, out, site_url)  # side by side, for teachers
    csp.secure_tree(out)
    root = csp.secure(root_index(locales))
    if works_offline:
        langs = locales.structure.languages
        root = offline.write(out, {lang: locales.languages[lang].ui for lang in langs},
                             {lang: {game.structure.plugin.id: game.structure.version
                                     for game in games} for lang in langs}, root)
    (out / "index.html").write_text(root, encoding="utf-8")  # last: marks a finished build
    return out


def merged_sitemap(sitemaps: list[Path], more: tuple[str, ...] = ()) -> str:
    """One sitemap with every page of every language (each language's MkDocs sitemap, the
    whole rulebook included), then the addresses ``more`` (the side-by-side pages)."""
    namespace = "http://www.sitemaps.org/schemas/sitemap/0.9"
    entries = []
    for path in sitemaps:
        for url in ElementTree.parse(path).getroot().iter(f"{{{namespace}}}url"):
            loc = url.findtext(f"{{{namespace}}}loc")
            if loc:
                entries.append(f"  <url><loc>{escape(loc)}</loc></url>")
    entries.extend(f"  <url><loc>{escape(loc)}</loc></url>" for loc in more)
    return "\n".join(['<?xml version="1.0" encoding="UTF-8"?>',
                      f'<urlset xmlns="{namespace}">', *entries, "</urlset>", ""])


def rebuild_languages(locales_dir: Path | str, out: Path | str, langs: list[str], *,
                      work: Path | str = REPO / "build" / "site") -> Path:
    """Rebuild the pages of ``langs`` in an existing site ``out`` (made by :func:`build`),
    for ``rulesite serve`` when a locale file changes: everything is checked as for a full
    build, the compiled engine and the Pyodide runtime are kept, and each language is built
    aside, then swapped in, so the server never serves half a language."""
    out, work = Path(out).resolve(), Path(work).resolve()
    games = load_all(locales_dir)
    locales = games[0]
    for game in games:
        published.check_current(game.root, game.structure.versions, game.texts())
    unknown = sorted(set(langs) - set(locales.structure.languages))
    if unknown:
        raise SiteError(f"unknown language {unknown[0]!r}; expected one of "
                        f"{', '.join(locales.structure.languages)}")
    found = assets.shipped(out / "assets", REPO / "node_modules")
    if not (out / MARKER).is_file() or found is None:
        raise SiteError(f"{out} holds no built site to update; run `python -m rulesite build`")
    engine, runtime = found
    # Rebuilt pages are served as they are (rulesite serve): no service worker keeps them.
    (out / offline.WORKER).unlink(missing_ok=True)
    staging = work / ".staging"
    for folder in (staging, *(work / lang for lang in langs)):
        shutil.rmtree(folder, ignore_errors=True)
    configs = [write_sources(games, lang, work, staging, engine, runtime) for lang in langs]
    with ThreadPoolExecutor(max_workers=2) as pool:
        list(pool.map(run_mkdocs, configs))
    for lang in langs:
        search.add_synonyms(games, lang, staging / lang)
        styles.minify_tree(staging / lang / "assets")
        (staging / lang / "404.html").unlink()
        old = out / f".{lang}.old"
        shutil.rmtree(old, ignore_errors=True)
        if (out / lang).exists():
            (out / lang).rename(old)
        (staging / lang).rename(out / lang)
        shutil.rmtree(old, ignore_errors=True)
    shutil.rmtree(staging, ignore_errors=True)
    (out / "404.html").write_text(not_found(locales), encoding="utf-8")
    compare.write(games, out)
    for lang in langs:
        csp.secure_tree(out / lang)
    csp.secure_tree(out / "compare")
    csp.secure_tree(out / "book")
    (out / "404.html").write_text(csp.secure(not_found(locales)), encoding="utf-8")
    (out / "index.html").write_text(csp.secure(root_index(locales)), encoding="utf-8")
    return out


def build_once(locales_dir: Path | str, root: Path, *, pyodide: bool = True,
               site_url: str | None = None) -> Path:
    """Build into ``root/site`` unless a finished build is already there: lets several test
    folders share one build per session. ``index.html`` is written last, so it marks the end."""
    site = root / "site"
    if not (site / "index.html").is_file():
        build(locales_dir, site, work=root / "work", pyodide=pyodide, site_url=site_url)
    return site
