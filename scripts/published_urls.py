"""Record every URL and anchor a published version of the rules put online.

Usage: python scripts/published_urls.py COMMIT VERSION OUT [--site DIR]

Checks out COMMIT (the commit that published VERSION, locales/published/<VERSION>.json says
which) in a temporary git worktree, builds its site there with that commit's own builder
(``python -m rulesite build --no-pyodide``, ``SITE_URL`` set to :data:`SITE_URL`, which the
builders that know it use for their sitemap), and writes OUT: every page of the build as a URL
relative to the site's root, and on each page every anchor with what it names (a rule's number,
an example's ID, a step's example and number, a figure's ID: tests/site/published_anchors.py).
``--site DIR`` reads an existing build of COMMIT instead of building one.

tests/site/published/1.0.json and 1.1.json were made this way on 2026-11-26, from a46163a
("Rules text 1.0", as locales/published/1.0.json names it) and 172f602 ("Rules text 1.1"),
with Python 3.11, the packages of pyproject.toml's docs extra and pyodide 314.0.7 in
node_modules; each file names its commit. They are the record of what readers were given:
never regenerate one to make tests/site/test_site_published_urls.py pass.
tests/site/published/loveletter-1.0.json, Love Letter's rules 1.0, was made the same way from
f67a7ba (its build with ``--site``), keeping only its pages (``<lang>/love-letter/``) and their
sitemap entries. If the site no
longer answers an address, restore it (the page, or a redirect page; the anchor) instead.
Reading an old build with a changed tests/site/published_anchors.py must give the same file.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "site"))

from published_anchors import page_file, page_urls, read_page  # noqa: E402  (after the path above)

# Where the recorded builds say they live: any address would do, the lists hold relative URLs.
SITE_URL = "https://example.org/hanamikoji-rules/"


def build_commit(commit: str, out: Path) -> None:
    """Build ``commit``'s site into ``out`` from a temporary worktree of this repository."""
    with tempfile.TemporaryDirectory(prefix="published-") as scratch:
        tree = Path(scratch) / "tree"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), commit],
                       check=True, capture_output=True)
        try:
            # The builder reads Pyodide's files from node_modules even without the runtime.
            (tree / "node_modules").symlink_to((ROOT / "node_modules").resolve())
            env = {**os.environ, "SITE_URL": SITE_URL}
            subprocess.run([sys.executable, "-m", "rulesite", "build", "--no-pyodide",
                            "--out", str(out)], cwd=tree, env=env, check=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                           check=True, capture_output=True)


def record(site: Path, commit: str, version: str) -> dict[str, Any]:
    """The published list of the build ``site`` of ``commit``."""
    pages = {url: {anchor_id: str(anchor)
                   for anchor_id, anchor in sorted(read_page(page_file(site, url)).anchors.items())}
             for url in page_urls(site)}
    return {
        "version": version,
        "commit": commit,
        "note": f"Every page (URL relative to the site's root) and, on each, every anchor and "
                f"what it names, as rules version {version} published them: made by "
                f"scripts/published_urls.py from a build of commit {commit[:7]}. The record of "
                f"what readers were given: never regenerate it to make a test pass.",
        "sitemap": sitemap(site),
        "pages": pages,
    }


def sitemap(site: Path) -> list[str]:
    """The pages ``site``'s sitemap lists, relative to its root (none: the build had none)."""
    if not (site / "sitemap.xml").exists():
        return []
    locs = ET.parse(site / "sitemap.xml").iter("{http://www.sitemaps.org/schemas/sitemap/0.9}loc")
    urls = [loc.text or "" for loc in locs]
    if not all(url.startswith(SITE_URL) for url in urls):
        raise SystemExit(f"{site / 'sitemap.xml'} lists pages outside {SITE_URL}")
    return sorted(url[len(SITE_URL):] for url in urls)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("commit", help="the commit that published the version")
    parser.add_argument("version", help="the version, as changelog.yml names it (1.0)")
    parser.add_argument("out", type=Path, help="the JSON file to write")
    parser.add_argument("--site", type=Path, help="an existing build of the commit")
    args = parser.parse_args()
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify",
                             f"{args.commit}^{{commit}}"],
                            check=True, capture_output=True, text=True).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="published-site-") as scratch:
        site = args.site
        if site is None:
            site = Path(scratch) / "site"
            build_commit(commit, site)
        data = record(site, commit, args.version)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    count = sum(len(anchors) for anchors in data["pages"].values())
    print(f"{args.out}: {len(data['pages'])} pages, {count} anchors")
    return 0


if __name__ == "__main__":
    sys.exit(main())
