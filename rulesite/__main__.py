"""Command line: ``python -m rulesite build | serve | coverage``."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from rulesite.build import REPO, build
from rulesite.coverage import coverage, format_report
from rulesite.errors import SiteError
from rulesite.serve import serve


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rulesite", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    for name, text in (("build", "build the site"), ("serve", "build, then serve the site")):
        cmd = commands.add_parser(name, help=text)
        cmd.add_argument("--locales", type=Path, default=REPO / "locales")
        cmd.add_argument("--out", type=Path, default=REPO / "site")
        cmd.add_argument("--no-pyodide", action="store_true",
                         help="do not copy the Pyodide runtime (live examples will not run)")
        cmd.add_argument("--site-url", default=os.environ.get("SITE_URL"),
                         help="where the site will live, e.g. https://example.org/hanamikoji-rules/"
                              " (default: $SITE_URL; without it: no canonical links, no sitemap)")
    commands.choices["serve"].add_argument("--port", type=int, default=8000)
    commands.choices["serve"].add_argument("--no-build", action="store_true",
                                           help="serve the site as it is")
    cov = commands.add_parser("coverage", help="translation coverage report")
    cov.add_argument("--locales", type=Path, default=REPO / "locales")
    cov.add_argument("--check", action="store_true", help="exit 1 if any language is incomplete")
    args = parser.parse_args(argv)

    try:
        if args.command == "coverage":
            report = coverage(args.locales)
            print(format_report(report))
            return 1 if args.check and not all(lang.complete for lang in report) else 0
        if not (args.command == "serve" and args.no_build):
            site = build(args.locales, args.out, pyodide=not args.no_pyodide,
                         site_url=args.site_url)
            print(f"Built {site}")
        if args.command == "serve":
            serve(args.out.resolve(), args.port)
    except SiteError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
