"""What Workbox would cost this site, measured: its precache over a production build, against
what the site's own service worker keeps (rulesite/runtime/offline.py, sw.js).

    python benchmarks/workbox_precache.py [--site DIR] [--workbox DIR]

Installs ``workbox-build`` (:data:`WORKBOX`) from npm into a temporary folder (or uses the one
in ``--workbox DIR``: a folder with it in ``node_modules``), builds the site as ``make
bench-browser`` does unless ``--site`` points at a production build, and runs Workbox on it
under Node:

- ``getManifest`` over the files a precache must hold for the pages to work offline (every
  file, without what a reader never asks for: the worker itself, source maps, the gzipped
  sitemap), as one site-wide precache (what a single worker at the site's root would fetch
  at install, for every reader, phones included), without and with the Python runtime
  (``assets/``: the engine's worker keeps it once used, as ours does, or Workbox's precache
  takes it), and one language's folder at a time (what a worker scoped to that language would
  fetch); Workbox skips files over ``maximumFileSizeToCacheInBytes`` (2 MiB by default), so
  the manifests are made with the limit raised, and the files the default would skip listed;
- ``generateSW`` for the site-wide precache: the worker it writes and the Workbox runtime it
  ships beside it (``workbox-<hash>.js``), in bytes and gzipped;

and writes the figures beside this script (``workbox_results.json``) with ours: the site's
worker (``sw.js``, its code and the build's list), each language's files as its list holds
them, and what a first visit keeps, as ``make bench-browser`` measured it
(``browser_results.json``: ``offline_phone``, ``offline_desktop``).
"""

from __future__ import annotations

import argparse
import datetime as dt
import gzip
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from browser_examples import build_site  # the build make bench-browser measures

HERE = Path(__file__).resolve().parent
WORKBOX = "workbox-build@7.4.1"
LANGS = ("en", "fr", "ja", "id")
# What a reader never asks for (offline.py _SKIP and _SKIP_SUFFIXES), left out of every glob.
IGNORED = ["sw.js", "**/*.map", "**/sitemap.xml.gz", ".rulesite", "**/.rulesite"]
LIMIT = 64 * 1024 * 1024  # raised for the manifests: every file counted
DEFAULT_LIMIT = 2 * 1024 * 1024  # Workbox's maximumFileSizeToCacheInBytes

# Run by Node with the folder holding workbox-build and the site; prints JSON.
SCRIPT = r"""
const path = require("path");
const fs = require("fs");
const [workbox, site, out, configs] = process.argv.slice(1);  // node -e: no script path
const { getManifest, generateSW } = require(path.join(workbox, "node_modules", "workbox-build"));
(async () => {
  const result = { manifests: {} };
  for (const [name, config] of Object.entries(JSON.parse(configs))) {
    const { count, size, warnings, manifestEntries } = await getManifest(
      { globDirectory: site, ...config });
    result.manifests[name] = { count, size, warnings,
      urls: manifestEntries.map((e) => e.url) };
  }
  const { count, size, filePaths } = await generateSW({
    globDirectory: site, swDest: path.join(out, "sw.js"),
    ...JSON.parse(configs).site, mode: "production", sourcemap: false,
  });
  result.generated = { count, size, files: filePaths.map((p) => path.basename(p)) };
  process.stdout.write(JSON.stringify(result));
})().catch((error) => { console.error(error); process.exit(1); });
"""


def install(folder: Path) -> Path:
    """``workbox-build`` installed with npm into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "package.json").write_text('{"private": true}\n', encoding="utf-8")
    subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--loglevel=error", WORKBOX],
                   cwd=folder, check=True)
    return folder


def configs() -> dict[str, dict[str, Any]]:
    """Workbox's glob options: the site-wide precache without the runtime (``site``), with
    it (``site_runtime``), and each language's folder."""
    base = {"maximumFileSizeToCacheInBytes": LIMIT}
    out = {"site": {**base, "globPatterns": ["**/*"],
                    "globIgnores": [*IGNORED, "assets/**"]},
           "site_runtime": {**base, "globPatterns": ["**/*"], "globIgnores": IGNORED}}
    for lang in LANGS:
        out[lang] = {**base, "globPatterns": [f"{lang}/**/*"], "globIgnores": IGNORED}
    return out


def gzipped(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=9, mtime=0))


def ours(site: Path) -> dict[str, Any]:
    """The site's worker and its list: the code's bytes, the list's, and each language's
    files as the list holds them (what a desktop keeps of that language)."""
    source = (site / "sw.js").read_text(encoding="utf-8")
    found = re.search(r"const BUILD = (\{.*?\});\n", source)
    if not found:
        raise SystemExit(f"{site}/sw.js holds no build list: not a production build")
    build = json.loads(found.group(1))
    code = source.replace(found.group(1), "{}").encode()
    out: dict[str, Any] = {"worker_bytes": len(source.encode()),
                           "worker_gzip_bytes": gzipped(source.encode()),
                           "code_bytes": len(code), "code_gzip_bytes": gzipped(code),
                           "languages": {}}
    for lang in LANGS:
        entries = build["languages"][lang]
        out["languages"][lang] = {"count": len(entries), "size": sum(e[2] for e in entries)}
    out["runtime"] = {"count": len(build["runtime"]),
                      "size": sum(e[2] for e in build["runtime"])}
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path,
                        help="a production build (default: build one, as make bench-browser)")
    parser.add_argument("--workbox", type=Path,
                        help=f"a folder with {WORKBOX} in node_modules (default: install it "
                             "into a temporary folder)")
    args = parser.parse_args()
    site = build_site(args.site)
    with tempfile.TemporaryDirectory(prefix="workbox-") as temp:
        folder = args.workbox.resolve() if args.workbox else install(Path(temp) / "npm")
        # Every package npm put in (nested ones included), as its "added N packages" counts.
        packages = len([p for p in (folder / "node_modules").rglob("package.json")
                        if p.parent.parent.name == "node_modules"
                        or (p.parent.parent.parent.name == "node_modules"
                        and p.parent.parent.name.startswith("@"))])
        out = Path(temp) / "out"
        out.mkdir()
        proc = subprocess.run(["node", "-e", SCRIPT, str(folder), str(site), str(out),
                               json.dumps(configs())],
                              capture_output=True, text=True, check=False)
        if proc.returncode:
            raise SystemExit(f"workbox-build failed:\n{proc.stderr}")
        measured = json.loads(proc.stdout)
        shipped = {path.name: {"bytes": len(path.read_bytes()),
                               "gzip_bytes": gzipped(path.read_bytes())}
                   for path in sorted(out.glob("*.js"))}
    version = json.loads((folder / "node_modules" / "workbox-build" / "package.json")
                         .read_text(encoding="utf-8"))["version"] if args.workbox else WORKBOX
    sizes = {str(p.relative_to(site)): p.stat().st_size for p in site.rglob("*") if p.is_file()}
    manifests = {}
    for name, found in measured["manifests"].items():
        too_big = sorted(url for url in found["urls"] if sizes.get(url, 0) > DEFAULT_LIMIT)
        manifests[name] = {"files": found["count"], "bytes": found["size"],
                           "over_the_default_limit": too_big}
    browser = json.loads((HERE / "browser_results.json").read_text(encoding="utf-8"))
    first_visit = {situation: {key: browser["variants"]["default"][situation][key]
                               for key in ("kept_bytes", "kept_files", "kept_runtime_bytes")}
                   for situation in ("offline_phone", "offline_desktop")}
    record = {
        "command": "python benchmarks/workbox_precache.py " + " ".join(sys.argv[1:]),
        "date": dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat()
        .replace("+00:00", "Z"),
        "workbox_build": version, "npm_packages_installed": packages,
        "workbox_precache": manifests,
        "workbox_generated": shipped,
        "ours": ours(site),
        "ours_first_visit": first_visit,
    }
    (HERE / "workbox_results.json").write_text(json.dumps(record, indent=2) + "\n",
                                               encoding="utf-8")
    mb = 1e6
    for name, found in manifests.items():
        print(f"Workbox precache {name}: {found['files']} files, {found['bytes'] / mb:.2f} MB")
    for name, found in shipped.items():
        print(f"Workbox ships {name}: {found['bytes']} bytes ({found['gzip_bytes']} gzipped)")
    mine = record["ours"]
    print(f"ours: sw.js {mine['worker_bytes']} bytes ({mine['worker_gzip_bytes']} gzipped), "
          f"its code {mine['code_bytes']} ({mine['code_gzip_bytes']} gzipped)")
    for lang, found in mine["languages"].items():
        print(f"ours, {lang} whole: {found['count']} files, {found['size'] / mb:.2f} MB")
    for situation, found in first_visit.items():
        print(f"ours, first visit ({situation}): {found['kept_files']} files, "
              f"{found['kept_bytes'] / mb:.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
