"""Live example speed in a real browser (``make bench-browser``): how long a reader waits.

    python benchmarks/browser_examples.py [--repeat 5] [--site DIR] [--variants snapshot,plain]

Builds the site (unless ``--site`` points at a built one), serves it on 127.0.0.1 with
``python -m http.server``, and opens ``en/end/`` in headless Chromium (Debian's, through
Playwright), with a fresh on-disk profile for every session. On the example ``ex-8-vs-11``
it measures the time from a click to the first replayed step computed by the engine running
in the page (Pyodide in a Web Worker):

- (a) ``load``: the click comes as soon as the page has loaded (the worker is still booting);
- (b) ``in_view_5s``: the example has been in view for 5 s before the click;
- (c) ``warm``: the same click again, right after (b).

Each is measured for two clicks. ``run``: Run, which executes the example's code in the
worker and replays the result from its first step (the widget's data-runs goes up,
performance mark ``hk-example-run``). ``forward``: "step forward", which shows the next step
at once from the page's build-time data; the figure is the wait until that step comes from
the engine (performance mark ``hk-example-live``, or the redraw if the engine's result was
already there).

Variants: ``snapshot`` (what the site does: Python restored from a memory snapshot) and
``plain`` (``?hk-snapshot=0``: Pyodide started the ordinary way), for comparison.

Writes the medians, every run and the targets to benchmarks/browser_results.json and the raw
record to benchmarks/out/browser-<time>.json. Exits 0 once measured: a measurement, not a test.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import json
import os
import platform
import re
import shlex
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Playwright, sync_playwright

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--no-first-run", "--disable-quic",
        "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]
EXAMPLE = "ex-8-vs-11"
PAGE = "en/end/"
TARGETS_MS = {"load": 2500, "in_view_5s": 300, "warm": 50}
TIMEOUT_MS = 60_000

# Records the time of every click on a widget button, and the time each example root's
# data-step or data-runs changes (a MutationObserver callback runs right after the change).
INIT_SCRIPT = """
window.__hk = { clicks: [], changes: [] };
document.addEventListener("click", (event) => {
  const button = event.target.closest && event.target.closest("button[data-act]");
  if (button) window.__hk.clicks.push({ act: button.dataset.act, t: performance.now() });
}, true);
new MutationObserver((records) => {
  for (const r of records) {
    const root = r.target;
    if (root.classList && root.classList.contains("hk-ex")) {
      window.__hk.changes.push({ attr: r.attributeName, value: root.getAttribute(r.attributeName),
                                 source: root.dataset.source, t: performance.now() });
    }
  }
}).observe(document, { subtree: true, attributes: true,
                       attributeFilter: ["data-step", "data-runs"] });
"""

SELECTOR = f"[id='{EXAMPLE}'] .hk-ex"


def marks(page: Page, name: str) -> list[float]:
    return [float(t) for t in page.evaluate(
        """([name, id]) => performance.getEntriesByName(name)
             .filter((m) => m.detail && m.detail.id === id).map((m) => m.startTime)""",
        [name, EXAMPLE])]


def last_click(page: Page, act: str) -> float:
    clicks = [c["t"] for c in page.evaluate("window.__hk.clicks") if c["act"] == act]
    return float(clicks[-1])


def click_run(page: Page) -> float:
    """Click Run, wait for the replay of the engine's result; milliseconds from the click."""
    before = len(marks(page, "hk-example-run"))
    page.locator(f"{SELECTOR} [data-act=run]").click(timeout=TIMEOUT_MS)
    page.wait_for_function(
        """([id, n]) => performance.getEntriesByName("hk-example-run")
             .filter((m) => m.detail && m.detail.id === id).length > n""",
        arg=[EXAMPLE, before], timeout=TIMEOUT_MS)
    return marks(page, "hk-example-run")[-1] - last_click(page, "run")


def click_forward(page: Page) -> float:
    """Click "step forward"; milliseconds from the click until the step shown is the
    engine's (the engine's verified result arrives, or it is already there)."""
    page.locator(f"{SELECTOR} [data-act=forward]").click(timeout=TIMEOUT_MS)
    page.wait_for_selector(f"{SELECTOR}[data-source='live']", timeout=TIMEOUT_MS)
    clicked = last_click(page, "forward")
    live = marks(page, "hk-example-live")[-1]
    if live > clicked:
        return live - clicked
    redraw = [c["t"] for c in page.evaluate("window.__hk.changes")
              if c["attr"] == "data-step" and c["t"] >= clicked]
    return redraw[0] - clicked


@contextlib.contextmanager
def session(playwright: Playwright) -> Iterator[Page]:
    """A page in a fresh browser with a fresh on-disk profile (an empty HTTP cache)."""
    with tempfile.TemporaryDirectory(prefix="hk-bench-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=ARGS, headless=True,
            viewport={"width": 1280, "height": 900})
        try:
            context.add_init_script(INIT_SCRIPT)
            yield context.pages[0] if context.pages else context.new_page()
        finally:
            context.close()


def engine_timings(page: Page) -> dict[str, Any]:
    entries = page.evaluate(
        "performance.getEntriesByName('hk-engine-ready').map((m) => m.detail)")
    return dict(entries[0]) if entries else {}


def measure_once(playwright: Playwright, url: str) -> dict[str, Any]:
    """Three fresh sessions: (a) forward at load; (a) Run at load; (b) and (c)."""
    out: dict[str, Any] = {}
    with session(playwright) as page:
        page.goto(url, wait_until="load")
        out["load_forward"] = click_forward(page)
        out["page_load_ms"] = page.evaluate(
            "performance.getEntriesByType('navigation')[0].loadEventEnd")
        out["engine"] = engine_timings(page)
    with session(playwright) as page:
        page.goto(url, wait_until="load")
        out["load_run"] = click_run(page)
    with session(playwright) as page:
        page.goto(url, wait_until="load")
        page.locator(f"[id='{EXAMPLE}']").scroll_into_view_if_needed()
        page.wait_for_timeout(5000)
        out["in_view_5s_forward"] = click_forward(page)
        out["in_view_5s_run"] = click_run(page)
        out["warm_forward"] = click_forward(page)
        out["warm_run"] = click_run(page)
    return out


def build_site(site: Path | None) -> Path:
    if site is not None:
        return site.resolve()
    out = ROOT / "build" / "bench-browser" / "site"
    print(f"building the site into {out.relative_to(ROOT)} ...", flush=True)
    code = ("import sys; from pathlib import Path; from rulesite.build import build; "
            "build(out=Path(sys.argv[1]), work=Path(sys.argv[2]))")
    subprocess.run([sys.executable, "-c", code, str(out), str(out.parent / "work")],
                   cwd=ROOT, check=True)
    return out


def serve(site: Path) -> tuple[subprocess.Popen[str], str]:
    server = subprocess.Popen(
        [sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1",
         "--directory", str(site)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert server.stdout is not None
    match = re.search(r"port (\d+)", server.stdout.readline())
    if not match:
        server.terminate()
        raise SystemExit("benchmarks/browser_examples.py: http.server did not start")
    return server, f"http://127.0.0.1:{match.group(1)}"


def summarise(runs: list[dict[str, Any]]) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    for situation, target in TARGETS_MS.items():
        for click in ("run", "forward"):
            values = [r[f"{situation}_{click}"] for r in runs]
            median = statistics.median(values)
            figures[f"{situation}_{click}"] = {
                "median_ms": round(median, 1),
                "runs_ms": [round(v, 1) for v in values],
                "target_ms": target,
                "meets_target": median < target,
            }
    boots = [r["engine"].get("boot_ms") for r in runs if r["engine"].get("boot_ms")]
    figures["engine_boot_ms"] = {"median_ms": statistics.median(boots) if boots else None,
                                 "runs_ms": boots}
    figures["page_load_ms"] = {"median_ms": round(statistics.median(
        r["page_load_ms"] for r in runs), 1)}
    figures["snapshot_used"] = sorted({bool(r["engine"].get("snapshot_used")) for r in runs})
    return figures


def _nproc() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="fresh-profile runs (default 5)")
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--variants", default="snapshot,plain",
                        help="snapshot, plain or both (default snapshot,plain)")
    args = parser.parse_args()
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    if not set(variants) <= {"snapshot", "plain"}:
        parser.error("--variants: snapshot and/or plain")

    site = build_site(args.site)
    server, base = serve(site)
    results: dict[str, Any] = {}
    raw: dict[str, Any] = {}
    try:
        with sync_playwright() as playwright:
            for variant in variants:
                url = f"{base}/{PAGE}" + ("?hk-snapshot=0" if variant == "plain" else "")
                runs = []
                for i in range(args.repeat):
                    print(f"{variant}: run {i + 1}/{args.repeat} ...", flush=True)
                    runs.append(measure_once(playwright, url))
                raw[variant] = runs
                results[variant] = summarise(runs)
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            chromium_version = browser.version
            browser.close()
    finally:
        server.terminate()

    pyodide = json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text())
    record = {
        "command": "make bench-browser" if sys.argv[1:] == []
        else "python benchmarks/browser_examples.py " + shlex.join(sys.argv[1:]),
        "date": dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z"),
        "machine": {"nproc": _nproc(), "os": platform.platform(),
                    "load_average": [round(x, 2) for x in os.getloadavg()]},
        "browser": f"Chromium {chromium_version} (headless, fresh on-disk profile per session)",
        "server": "python -m http.server on 127.0.0.1",
        "pyodide": pyodide["version"],
        "page": PAGE,
        "example": EXAMPLE,
        "repeat": args.repeat,
        "targets_ms": TARGETS_MS,
        "variants": results,
    }
    out_dir = HERE / "out"
    out_dir.mkdir(exist_ok=True)
    stamp = record["date"].replace(":", "")
    raw_file = out_dir / f"browser-{stamp}.json"
    raw_file.write_text(json.dumps({**record, "raw": raw}, indent=2) + "\n", encoding="utf-8")
    (HERE / "browser_results.json").write_text(json.dumps(record, indent=2) + "\n",
                                                encoding="utf-8")

    print(f"\n{EXAMPLE} on {PAGE}, median of {args.repeat} fresh-profile runs (ms)")
    print(f"{'variant':<10} {'situation':<12} {'click':<8} {'median':>8} {'target':>7}")
    for variant, figures in results.items():
        for situation, target in TARGETS_MS.items():
            for click in ("run", "forward"):
                f = figures[f"{situation}_{click}"]
                verdict = "pass" if f["meets_target"] else "FAIL"
                print(f"{variant:<10} {situation:<12} {click:<8} {f['median_ms']:>8.1f} "
                      f"{target:>7}  {verdict}")
        print(f"{variant:<10} engine boot {figures['engine_boot_ms']['median_ms']} ms, "
              f"page load {figures['page_load_ms']['median_ms']} ms")
    print(f"wrote {raw_file.relative_to(ROOT)} and benchmarks/browser_results.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
