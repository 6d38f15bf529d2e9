"""Command line: ``python -m rulesite build | serve | coverage | publish``."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from rulesite.build import REPO, build, rebuild_languages
from rulesite.errors import SiteError
from rulesite.serve import serve, serve_live
from rulesite.sources import published
from rulesite.sources.coverage import coverage, format_report
from rulesite.sources.locales import load


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rulesite", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    for name, text in (("build", "build the site"), ("serve", "build, then serve the site")):
        cmd = commands.add_parser(name, help=text)
        cmd.add_argument("--locales", type=Path, default=REPO / "locales")
        cmd.add_argument("--out", type=Path, default=REPO / "site")
        cmd.add_argument("--work", type=Path, default=REPO / "build" / "site",
                         help="folder for the generated Markdown and MkDocs configurations")
        cmd.add_argument("--no-pyodide", action="store_true",
                         help="do not copy the Pyodide runtime (live examples will not run)")
    commands.choices["build"].add_argument(
        "--site-url", default=os.environ.get("SITE_URL"),
        help="where the site will live, e.g. https://example.org/rules/ (default: "
             "$SITE_URL; without it: no canonical links, hreflang alternates or sitemap)")
    commands.choices["build"].add_argument(
        "--no-offline", action="store_true",
        help="no service worker, offline pages or web app manifests (rulesite serve builds so: "
             "a worker would keep pages a translator is editing)")
    commands.choices["build"].add_argument(
        "--only", action="append", metavar="LANG",
        help="rebuild only this language's pages in an existing site (repeatable)")
    serve_cmd = commands.choices["serve"]
    serve_cmd.add_argument("--port", type=int, default=8000)
    serve_cmd.add_argument("--no-build", action="store_true",
                           help="serve the site as it is, without building it first")
    serve_cmd.add_argument("--no-watch", action="store_true",
                           help="do not rebuild and reload when locales/ or the engine change")
    cov = commands.add_parser("coverage", help="translation coverage report")
    cov.add_argument("--locales", type=Path, default=REPO / "locales")
    cov.add_argument("--check", action="store_true", help="exit 1 if any language is incomplete")
    pub = commands.add_parser(
        "publish", help="record the newest version's rule texts (locales/<game>/published/)",
        description="Compare every rule's title and text with the version before the newest "
                    "one in changelog.yml, print per language which rules changed and how the "
                    "newest version lists them, and write its record if every changed rule "
                    "is listed (locales/README.md, Numbering).")
    pub.add_argument("--locales", type=Path, default=REPO / "locales")
    pub.add_argument("--game", metavar="ID",
                     help="the game whose rules to record (default: the site's first, as "
                          "locales/site/site.yml lists them)")
    pub.add_argument("--reworded", nargs="+", default=[], metavar="ID",
                     help="list these rules under reworded (meaning changed) first")
    pub.add_argument("--editorial", nargs="+", default=[], metavar="ID",
                     help="list these rules under editorial (same meaning) first")
    pub.add_argument("--rest", choices=("reworded", "editorial"),
                     help="list every other changed rule not yet listed under this group")
    pub.add_argument("--amend", action="store_true",
                     help="rewrite the record of a version that is not out yet")
    pub.add_argument("--check", action="store_true", help="report only, write nothing")
    args = parser.parse_args(argv)

    try:
        if args.command == "coverage":
            report = coverage(args.locales)
            print(format_report(report))
            return 1 if args.check and not all(lang.complete for lang in report) else 0
        if args.command == "publish":
            return _publish(args)
        if args.command == "build":
            if args.only:
                site = rebuild_languages(args.locales, args.out, args.only, work=args.work)
                print(f"Rebuilt {', '.join(args.only)} in {site}")
            else:
                site = build(args.locales, args.out, work=args.work,
                             pyodide=not args.no_pyodide, site_url=args.site_url,
                             works_offline=not args.no_offline)
                print(f"Built {site}")
            return 0
        if args.no_watch:
            if not args.no_build:
                site = build(args.locales, args.out, work=args.work, pyodide=not args.no_pyodide,
                             works_offline=False)
                print(f"Built {site}")
            serve(args.out.resolve(), args.port)
            return 0
        # Watching: a build that fails is shown in the page and the server waits for a fix.
        serve_live(args.locales.resolve(), args.out.resolve(), args.port,
                   work=args.work.resolve(), build_first=not args.no_build,
                   pyodide=not args.no_pyodide)
    except SiteError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


def _publish(args: argparse.Namespace) -> int:
    """``publish``: list the changed rules, fill the newest version's lists, write."""
    first = load(args.locales.resolve(), args.game)
    root = first.root  # the game's folder: its changelog.yml and published/
    groups = {"reworded": list(args.reworded), "editorial": list(args.editorial)}
    if args.rest:
        report = published.publish(root, first.texts(), first.structure.versions, write=False)
        groups[args.rest] += [r for r in report.unlisted if r not in groups["reworded"]
                              and r not in groups["editorial"]]
    if any(groups.values()) and not args.check:
        published.add_to_newest(root / "changelog.yml",
                                {g: ids for g, ids in groups.items() if ids})
    locales = load(args.locales.resolve(), args.game)
    report = published.publish(root, locales.texts(), locales.structure.versions,
                               amend=args.amend, write=not args.check)
    print("\n".join(report.lines()))
    return 1 if report.unlisted or report.unchanged else 0


if __name__ == "__main__":
    sys.exit(main())
