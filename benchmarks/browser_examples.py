"""Live examples as readers get them (``make bench-browser``): time and bytes on a real connection.

    python benchmarks/browser_examples.py [--repeat 5] [--site DIR] [--variants default,...]
    python benchmarks/browser_examples.py --games loveletter --only play   (a partial run)

Builds the site (unless ``--site`` points at a built one) and serves it the way GitHub Pages
does (``rulesite/serve.py``: gzip for text, JSON, JavaScript and wasm; ``max-age=600``). Opens
``en/end/`` in headless Chromium (Debian's, through Playwright), a fresh on-disk profile (an
empty cache) for every session, with the network emulated by the DevTools protocol on the page
**and on its workers**: the engine's Pyodide runs in a Web Worker, whose requests a page-level
emulation does not slow down. Workers are attached (``Target.setAutoAttach``, paused until their
own emulation is on) and every request of the page and of the worker is logged; the record keeps
the worker's wasm download time, which shows the worker was throttled.

Situations, on the example ``ex-8-vs-11``:

- ``cold``: the page has loaded and the reader clicks Run at once, nothing loaded ahead
  (``?rs-preload=0``, as on a phone): the milliseconds from the click to the first step of the
  engine's result on screen (performance mark ``rs-example-run``), and the bytes transferred
  from the navigation to that moment (bytes on the wire, gzip included, headers excluded;
  runtime = the Python runtime's files), at 20 Mbit/s / 40 ms and at 5 Mbit/s / 80 ms;
- ``warm``: Run again right after, the engine loaded;
- ``revisit``: the page opened again later (reloaded, same profile), then Run: the runtime's
  files come from the worker's Cache Storage;
- ``intent`` (20 Mbit/s): the pointer rests on the widget 300 ms, then clicks Run;
- ``in_view`` (20 Mbit/s): the example is in view 5 s before the click;
- ``idle_desktop`` / ``idle_phone`` (20 Mbit/s): the reader scrolls the whole page and waits,
  without touching an example: bytes of the Python runtime fetched (on a 390 px touch phone,
  the target is 0), the site's service worker running as for any reader;
- ``offline_desktop`` / ``offline_phone`` (20 Mbit/s): a first visit with the service worker
  (rulesite/runtime/sw.js): the bytes it keeps once it is done (a desktop keeps the whole
  language, a phone the styles, scripts, figures and search index and the visited page), the
  runtime bytes among them (0 unasked) and the bytes on the wire; then the connection drops
  and another page of the language opens: the milliseconds to its load event.

The situations about the examples (cold, warm, revisit, intent, in view, and the phone mode)
run with service workers blocked: they measure the example, not the language's files that a
desktop's worker fetches once the page is idle.

``--phone`` measures instead (or also, with ``--phone both``) the phone mode: a 390 by 844 touch
screen at 20 Mbit/s / 40 ms, and a phone-class CPU for the page **and its workers**: Chromium's
renderer processes are put in a cgroup capped at a quarter of one core (cgroup v2
``cpu.max = "25000 100000"``, or cgroup v1 ``cpu.cfs_quota_us`` where the cpu controller is
still on v1; root only; the cgroup is removed afterwards). CDP's CPU throttling is not used:
it slows the page's main thread only, never a worker. Situations:

- ``play_new_game``: the Play page opens, the reader taps New game 3 s later (as player A):
  the milliseconds from the tap to a playable board (``data-state="play"``);
- ``play_moves_default`` / ``play_moves_strong``: the engine's moves of a game played through
  the page (the reader takes the first choice offered), each from the moment it starts
  thinking to the board of its move (p90 and all); the strong level for its first moves;
- ``whatif_cold``: "What if?" at step 0 of ``ex-8-vs-11`` in a fresh profile: the tap to the
  choices on the board (the build computed them: the engine is needed once a move is played);
  ``engine_ms`` beside it, the tap to the engine ready to play that move, says how long a
  reader who picks at once waits.

The site's other games (``GAMES``: Love Letter's ``ex-guard`` on ``en/love-letter/cards/``)
are measured the same way, in ``games`` of the record: on the desktop ``cold`` (its ``warm``
and ``revisit`` too) at both speeds; in the phone mode ``example_cold``, the tap on Run in a
fresh profile to the first step of the engine's result (the page as a phone loads it, nothing
ahead), and ``whatif_cold`` at its example's ``whatif_step``, as above; for a game with a
Play page (``play``), also ``play_new_game`` (the page's own settings) and its engine's moves
at its default and strongest levels for each count of ``players`` (Love Letter: 4 and 6, the
most), under ``play_moves`` by count with their targets, each from the engine call that
decides it to the board after it (the page's pause between two opponents is not counted).

``--games`` (some of ``hanamikoji`` and ``GAMES``) and ``--only play`` (the Play pages: New
game and the engine's moves, no example nor "what if?") make a partial run of the phone mode,
a few minutes for one game: it prints its figures and writes its raw record under ``out/``,
and leaves ``browser_results.json`` as it is (whose phone figures are those of one whole run,
with its date, load and command).

Variants are query strings added to the page's address (``?rs-snapshot=1`` restores Python from
the build's memory snapshot, where the build made one). Writes medians, every run and the
targets to ``benchmarks/browser_results.json`` (read by the engine page) and the raw record to
``benchmarks/out/browser-<time>.json``. Exits 0 once measured: a measurement, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime as dt
import itertools
import json
import os
import platform
import shlex
import statistics
import subprocess
import sys
import tempfile
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from playwright.async_api import CDPSession, Page, Playwright, async_playwright

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
from rulesite.serve import make_server  # noqa: E402 (the repository root is added above)

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--no-first-run", "--disable-quic",
        "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]
EXAMPLE = "ex-8-vs-11"
PAGE = "en/end/"
NETWORKS = {  # download and upload in bits per second, latency (round trip) in ms
    "20mbit": {"down": 20_000_000, "up": 5_000_000, "latency": 40},
    "5mbit": {"down": 5_000_000, "up": 1_000_000, "latency": 80},
}
TARGETS = {
    "cold_20mbit_ms": 3000, "cold_20mbit_bytes": 4_500_000, "cold_5mbit_ms": 9000,
    "warm_ms": 50, "idle_phone_runtime_bytes": 0, "offline_phone_kept_runtime_bytes": 0,
}
RUNTIME_PATHS = ("/assets/pyodide/", "/assets/py/", "/assets/examples/worker.js")
DESKTOP = {"viewport": {"width": 1280, "height": 900}, "service_workers": "block"}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
         "is_mobile": True, "has_touch": True, "service_workers": "block"}
WITH_WORKER = {"service_workers": "allow"}
OFFLINE_PAGE = "en/round/"  # opened offline after the first visit
SETTLED_S = 3  # the kept bytes have not grown for this long: the worker is done
# What the site's service worker and the engine's worker keep (Cache Storage), in bytes.
KEPT_JS = """async () => {
  let bytes = 0, runtime = 0, files = 0;
  for (const name of await caches.keys()) {
    if (!name.startsWith("hk-offline-") && name !== "hk-runtime") continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (request.url.endsWith("/__meta.json")) continue;
      const size = (await (await cache.match(request)).arrayBuffer()).byteLength;
      bytes += size;
      files += 1;
      if (name === "hk-runtime") runtime += size;
    }
  }
  return { bytes, runtime, files };
}"""
TIMEOUT_MS = 120_000
PHONE_TARGETS = {
    "play_new_game_ms": 4000, "play_move_default_p90_ms": 1000,
    "play_move_strong_p90_ms": 3000, "whatif_cold_ms": 5000,
    # As "what if?": a tap that waits for a cold engine on a phone (another game's example).
    "example_cold_ms": 5000,
}
POLL_MS = 100  # how often a wait for the page polls (see click_run)
# Records when an example's what-if choices appear, on its board or beside it, and when its
# engine is ready (whatif_cold).
CHOICES_JS = """(id) => {
  const root = document.querySelector(`[id='${id}']`);
  new MutationObserver((_, observer) => {
    if (!window.__hk.choices
        && root.querySelector(".rs-wi-live [data-choice], .rs-wi-choose [data-choice]")) {
      window.__hk.choices = performance.now();
    }
    if (!window.__hk.engine && root.querySelector(".rs-ex[data-engine='ready']")) {
      window.__hk.engine = performance.now();
    }
    if (window.__hk.choices && window.__hk.engine) observer.disconnect();
  }).observe(root, { subtree: true, childList: true, attributes: true });
}"""
PHONE_CPU = (25_000, 100_000)  # a quarter of one core: quota and period, microseconds
PROFILE_PREFIX = "rs-bench-profile-"  # the phone mode finds its renderers by it
STRONG_MOVES = 5  # engine moves measured at the strong level (each takes seconds)

# Records the time of every click on a widget button (capture phase: before the widget).
INIT_SCRIPT = """
window.__hk = { clicks: [] };
window.__hk.states = [];
document.addEventListener("click", (event) => {
  const button = event.target.closest && event.target.closest("button[data-act], button[data-wi]");
  if (button) window.__hk.clicks.push({ act: button.dataset.act || button.dataset.wi,
                                        t: performance.now() });
}, true);
// The Play page's states (play.js: data-state on #rs-play), with the time each began.
new MutationObserver((records) => {
  for (const r of records) {
    if (r.target.id === "rs-play") {
      window.__hk.states.push({ s: r.target.dataset.state, t: performance.now() });
    }
  }
}).observe(document, { attributes: true, attributeFilter: ["data-state"], subtree: true });
// The engine calls the page sends its worker (runtime.js pump), with the time each left.
window.__hk.calls = [];
const send = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message, ...rest) {
  if (message && message.type === "call") {
    window.__hk.calls.push({ fn: message.fn, t: performance.now() });
  }
  return send.call(this, message, ...rest);
};
"""
SELECTOR = f"[id='{EXAMPLE}'] .rs-ex"
# The other games' live examples: their page and an example on it (the same widget, runtime
# and targets; their own engine), and their Play page.
GAMES: dict[str, dict[str, Any]] = {
    "loveletter": {"page": "en/love-letter/cards/", "example": "ex-guard",
                   "whatif_step": 1,  # step 0 is the deal: "what if?" there offers no move
                   # its Play page: the player counts measured (6, the most, is where the
                   # strong level weighs the most and waits on the most opponents), the levels'
                   # names
                   "play": "en/love-letter/play/", "players": [4, 6],
                   "levels": {"default": "heuristic", "strong": "search"}},
}
PLAYED = ("hanamikoji", *GAMES)  # the games the phone mode measures (--games)


class Wire:
    """Bytes the server writes, counted per request path (the benchmark runs one session at a
    time, so a reset before each one gives that session's bytes)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.log: list[tuple[str, int]] = []

    def reset(self) -> None:
        with self.lock:
            self.log = []

    def add(self, path: str, size: int) -> None:
        with self.lock:
            self.log.append((path, size))

    def bytes(self, runtime: bool = False) -> int:
        with self.lock:
            rows = list(self.log)
        return sum(size for path, size in rows
                   if not runtime or path.split("?")[0].startswith(RUNTIME_PATHS))

    def paths(self, runtime: bool = True) -> list[str]:
        with self.lock:
            return [p for p, _ in self.log if not runtime or p.startswith(RUNTIME_PATHS)]


def serve(site: Path, wire: Wire) -> tuple[Any, str]:
    server = make_server(site, 0)
    handler = server.RequestHandlerClass

    class Counting(handler.func):  # type: ignore[name-defined,misc]
        def copyfile(self, source: Any, outputfile: Any) -> None:
            data = source.read()
            outputfile.write(data)
            wire.add(self.path, len(data))

    server.RequestHandlerClass = lambda *a, **k: Counting(*a, **handler.keywords, **k)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


class Throttle:
    """Network emulation on a page and on every worker it starts (attached before it runs).
    The async API lets the event handlers talk to the browser while the page loads."""

    def __init__(self, network: dict[str, int]) -> None:
        self.conditions = {"offline": False, "latency": network["latency"],
                           "downloadThroughput": network["down"] / 8,
                           "uploadThroughput": network["up"] / 8}
        self.workers: list[str] = []
        self.requests: dict[str, dict[str, Any]] = {}
        self.next_id = 10_000
        self.tasks: set[asyncio.Task[None]] = set()

    async def start(self, page: Page) -> Throttle:
        self.cdp: CDPSession = await page.context.new_cdp_session(page)
        await self.cdp.send("Network.enable")
        await self.cdp.send("Network.emulateNetworkConditions", self.conditions)
        self.cdp.on("Target.attachedToTarget", self._attached)
        self.cdp.on("Target.receivedMessageFromTarget", self._message)
        await self.cdp.send("Target.setAutoAttach", {
            "autoAttach": True, "waitForDebuggerOnStart": True, "flatten": False})
        return self

    async def _to(self, session: str, method: str, params: dict[str, Any] | None = None) -> None:
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        await self.cdp.send("Target.sendMessageToTarget",
                            {"sessionId": session, "message": json.dumps(message)})

    async def _throttle(self, session: str) -> None:
        await self._to(session, "Network.enable")
        await self._to(session, "Network.emulateNetworkConditions", self.conditions)
        await self._to(session, "Runtime.runIfWaitingForDebugger")

    def _attached(self, event: dict[str, Any]) -> None:
        self.workers.append(event["targetInfo"]["url"])
        task = asyncio.ensure_future(self._throttle(event["sessionId"]))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def _message(self, event: dict[str, Any]) -> None:
        message = json.loads(event["message"])
        params = message.get("params", {})
        method = message.get("method", "")
        if method == "Network.requestWillBeSent":
            self.requests[params["requestId"]] = {"url": params["request"]["url"],
                                                  "start": params["timestamp"]}
        elif method == "Network.loadingFinished" and params["requestId"] in self.requests:
            request = self.requests[params["requestId"]]
            request["end"] = params["timestamp"]
            request["bytes"] = params["encodedDataLength"]

    def worker_download(self, name: str) -> dict[str, Any] | None:
        """The worker's download of ``name``: bytes and seconds (the proof of its throttling)."""
        for request in self.requests.values():
            if request["url"].split("?")[0].endswith(name) and "end" in request:
                return {"bytes": request["bytes"],
                        "seconds": round(request["end"] - request["start"], 3)}
        return None


@contextlib.asynccontextmanager
async def session(playwright: Playwright, options: dict[str, Any],
                  network: str) -> AsyncIterator[tuple[Page, Throttle]]:
    """A page in a fresh browser with a fresh on-disk profile (an empty HTTP cache), its
    network emulated."""
    with tempfile.TemporaryDirectory(prefix=PROFILE_PREFIX) as profile:
        context = await playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=ARGS, headless=True, **options)
        try:
            await context.add_init_script(INIT_SCRIPT)
            page = context.pages[0] if context.pages else await context.new_page()
            yield page, await Throttle(NETWORKS[network]).start(page)
        finally:
            await context.close()


async def marks(page: Page, name: str, example: str = EXAMPLE) -> list[float]:
    return [float(t) for t in await page.evaluate(
        """([name, id]) => performance.getEntriesByName(name)
             .filter((m) => m.detail && m.detail.id === id).map((m) => m.startTime)""",
        [name, example])]


async def click_run(page: Page, example: str = EXAMPLE) -> float:
    """Click Run, wait for the first step of the engine's result; ms from the click."""
    before = len(await marks(page, "rs-example-run", example))
    # A reader scrolls to the example first: its controls show once it is near (boot.js).
    await page.locator(f"[id='{example}']").scroll_into_view_if_needed(timeout=TIMEOUT_MS)
    await page.locator(f"[id='{example}'] .rs-ex [data-act=run]").click(timeout=TIMEOUT_MS)
    # Polled every 100 ms, not at every frame (Playwright's default): a check at every frame
    # took a fifth of the main thread's samples under the phone mode's quarter core. The time
    # comes from the page's mark, not from the poll.
    await page.wait_for_function(
        """([id, n]) => performance.getEntriesByName("rs-example-run")
             .filter((m) => m.detail && m.detail.id === id).length > n""",
        arg=[example, before], timeout=TIMEOUT_MS, polling=POLL_MS)
    clicks = [c["t"] for c in await page.evaluate("window.__hk.clicks") if c["act"] == "run"]
    return (await marks(page, "rs-example-run", example))[-1] - clicks[-1]


async def engine_timings(page: Page) -> dict[str, Any]:
    entries = await page.evaluate(
        "performance.getEntriesByName('rs-engine-ready').map((m) => m.detail)")
    return dict(entries[-1]) if entries else {}


async def cold(playwright: Playwright, url: str, network: str, wire: Wire,
               example: str = EXAMPLE) -> dict[str, Any]:
    async with session(playwright, DESKTOP, network) as (page, throttle):
        wire.reset()
        # No loading ahead (policy.js): the click starts everything, the worst case.
        await page.goto(url + ("&" if "?" in url else "?") + "rs-preload=0", wait_until="load",
                        timeout=TIMEOUT_MS)
        ms = await click_run(page, example)
        # Nothing of the runtime loads before the click here (rs-preload=0): all of it counts.
        out = {"ms": ms, "bytes": wire.bytes(), "runtime_bytes": wire.bytes(runtime=True),
               "engine": await engine_timings(page), "workers": len(throttle.workers),
               "worker_wasm": throttle.worker_download("pyodide.asm.wasm.gz"),
               "runtime_files": sorted(set(wire.paths()))}
        out["warm_ms"] = await click_run(page, example)
        # A later visit: the runtime comes from Cache Storage (worker.js), whatever the host's
        # cache headers say.
        wire.reset()
        await page.reload(wait_until="load", timeout=TIMEOUT_MS)
        out["revisit_ms"] = await click_run(page, example)
        out["revisit_runtime_bytes"] = wire.bytes(runtime=True)
        return out


async def preloaded(playwright: Playwright, url: str, how: str) -> dict[str, Any]:
    """20 Mbit/s: the reader shows intent (pointer on the widget) or has the example in view
    before clicking."""
    async with session(playwright, DESKTOP, "20mbit") as (page, _):
        await page.goto(url, wait_until="load", timeout=TIMEOUT_MS)
        widget = page.locator(SELECTOR)
        await widget.scroll_into_view_if_needed()
        if how == "intent":
            await page.mouse.move(0, 0)
            await widget.locator(".rs-ex-board").hover()
            await page.wait_for_timeout(300)
        else:
            await page.wait_for_timeout(5000)
        return {"ms": await click_run(page)}


async def idle(playwright: Playwright, url: str, options: dict[str, Any],
               wire: Wire) -> dict[str, Any]:
    """The reader scrolls through the whole page and waits, touching no example."""
    async with session(playwright, options, "20mbit") as (page, _):
        wire.reset()
        await page.goto(url, wait_until="load", timeout=TIMEOUT_MS)
        height = await page.evaluate("document.documentElement.scrollHeight")
        for y in range(0, height, 400):
            await page.evaluate(f"window.scrollTo(0, {y})")
            await page.wait_for_timeout(100)
        await page.wait_for_timeout(3000)
        return {"runtime_bytes": wire.bytes(runtime=True), "bytes": wire.bytes(),
                "runtime_files": sorted(set(wire.paths()))}


async def offline_visit(playwright: Playwright, url: str, options: dict[str, Any],
                        wire: Wire) -> dict[str, Any]:
    """A first visit with the service worker: what it keeps once done, then another page of
    the language opened offline."""
    async with session(playwright, {**options, **WITH_WORKER}, "20mbit") as (page, _):
        wire.reset()
        await page.goto(url, wait_until="load", timeout=TIMEOUT_MS)
        await page.wait_for_function("() => !!navigator.serviceWorker.controller",
                                     timeout=TIMEOUT_MS)
        kept, still = {"bytes": -1}, 0.0
        deadline = asyncio.get_running_loop().time() + TIMEOUT_MS / 1000
        while still < SETTLED_S and asyncio.get_running_loop().time() < deadline:
            await page.wait_for_timeout(500)
            now = await page.evaluate(KEPT_JS)
            still = still + 0.5 if now["bytes"] == kept["bytes"] else 0.0
            kept = now
        wire_bytes, runtime_wire = wire.bytes(), wire.bytes(runtime=True)
        await page.context.set_offline(True)
        target = url.split("/en/")[0] + "/" + OFFLINE_PAGE
        await page.goto(target, wait_until="load", timeout=TIMEOUT_MS)
        ms = await page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
        title = await page.locator("h1").first.inner_text()
        return {"kept_bytes": kept["bytes"], "kept_runtime_bytes": kept["runtime"],
                "kept_files": kept["files"], "wire_bytes": wire_bytes,
                "runtime_bytes": runtime_wire, "revisit_offline_ms": round(float(ms), 1),
                "offline_page_h1": title}


async def measure_once(playwright: Playwright, url: str, wire: Wire) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for network in NETWORKS:
        out[f"cold_{network}"] = await cold(playwright, url, network, wire)
    out["intent"] = await preloaded(playwright, url, "intent")
    out["in_view"] = await preloaded(playwright, url, "in_view")
    out["idle_desktop"] = await idle(playwright, url, {**DESKTOP, **WITH_WORKER}, wire)
    out["idle_phone"] = await idle(playwright, url, {**PHONE, **WITH_WORKER}, wire)
    out["offline_desktop"] = await offline_visit(playwright, url, DESKTOP, wire)
    out["offline_phone"] = await offline_visit(playwright, url, PHONE, wire)
    return out


class CpuCap:
    """A phone-class CPU for Chromium's renderers (the page and its workers run there): a
    cgroup capped at ``PHONE_CPU``, which renderers join as they appear (a navigation can
    start a new one). Root only; the cgroup is removed on close."""

    def __init__(self) -> None:
        v2 = Path("/sys/fs/cgroup/cgroup.controllers")
        name = f"rs-bench-phone-{os.getpid()}"
        if v2.is_file() and "cpu" in v2.read_text().split():
            self.kind = "cgroup v2 cpu.max"
            self.path = Path("/sys/fs/cgroup") / name
            self.path.mkdir(exist_ok=True)
            (self.path / "cpu.max").write_text(f"{PHONE_CPU[0]} {PHONE_CPU[1]}")
        elif Path("/sys/fs/cgroup/cpu/cpu.cfs_quota_us").is_file():
            # Hybrid hierarchies keep the cpu controller on v1: the same quota, v1's files.
            self.kind = "cgroup v1 cpu.cfs_quota_us"
            self.path = Path("/sys/fs/cgroup/cpu") / name
            self.path.mkdir(exist_ok=True)
            (self.path / "cpu.cfs_period_us").write_text(str(PHONE_CPU[1]))
            (self.path / "cpu.cfs_quota_us").write_text(str(PHONE_CPU[0]))
        else:
            raise SystemExit("--phone needs a cgroup cpu controller (v2 or v1) and root")
        self.moved: set[int] = set()

    def renderers(self) -> list[int]:
        """Chromium renderer processes of this benchmark's browsers, found by their profile
        folder (other Chromiums on the machine are left alone). Chromium rewrites its command
        line as one string: the flags are searched in it, not as separate arguments."""
        found = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                cmd = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if b"--type=renderer" in cmd and PROFILE_PREFIX.encode() in cmd:
                found.append(int(entry.name))
        return found

    def catch(self) -> int:
        """Moves renderers not yet capped into the cgroup; returns how many are capped."""
        for pid in self.renderers():
            if pid in self.moved:
                continue
            with contextlib.suppress(OSError):  # a renderer that just ended
                (self.path / "cgroup.procs").write_text(str(pid))
                self.moved.add(pid)
        return len(self.moved)

    def close(self) -> None:
        parent = self.path.parent
        with contextlib.suppress(OSError):
            for pid in (self.path / "cgroup.procs").read_text().split():
                with contextlib.suppress(OSError):
                    (parent / "cgroup.procs").write_text(pid)
        with contextlib.suppress(OSError):
            self.path.rmdir()


@contextlib.asynccontextmanager
async def capped(cap: CpuCap) -> AsyncIterator[None]:
    """Keeps catching new renderers while a phone session runs."""
    async def watch() -> None:
        while True:
            cap.catch()
            await asyncio.sleep(0.05)

    task = asyncio.ensure_future(watch())
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


# A query added to the phone mode's pages (--phone-query), e.g. ?rs-snapshot=0 to start the
# runtime without its snapshot (docs/assets/examples/policy.js).
PHONE_QUERY = [""]


async def states(page: Page) -> list[dict[str, Any]]:
    return list(await page.evaluate("window.__hk.states"))


async def settled(page: Page) -> str:
    """The Play page's state once it waits for the reader, or has ended or failed."""
    await page.wait_for_selector(
        '#rs-play[data-state="play"], #rs-play[data-state="deal"], '
        '#rs-play[data-state="over"], #rs-play[data-state="failed"]', timeout=TIMEOUT_MS)
    return str(await page.get_attribute("#rs-play", "data-state"))


async def play_new_game(playwright: Playwright, base: str, cap: CpuCap,
                        path: str = "en/play/", seat: str | None = "A") -> dict[str, Any]:
    """Open the Play page at ``path``, tap New game 3 s later (as player ``seat``, or with the
    page's own settings): ms to a playable board."""
    async with session(playwright, PHONE, "20mbit") as (page, _), capped(cap):
        await page.goto(f"{base}/{path}{PHONE_QUERY[0]}", wait_until="load",
                        timeout=TIMEOUT_MS)
        await page.wait_for_timeout(3000)
        if seat:
            await page.check(f'input[name="seat"][value="{seat}"]')
        await page.click('[data-act="new"]')
        await page.wait_for_selector('#rs-play[data-state="play"]', timeout=TIMEOUT_MS)
        tap = [c["t"] for c in await page.evaluate("window.__hk.clicks") if c["act"] == "new"][-1]
        playable = next(s["t"] for s in await states(page) if s["s"] == "play" and s["t"] > tap)
        return {"ms": playable - tap, "engine": await engine_timings(page),
                "renderers_capped": len(cap.moved)}


async def engine_moves(playwright: Playwright, base: str, cap: CpuCap, level: str,
                       most: int) -> list[float]:
    """A game through the Play page (the reader takes the first choice offered): the ms of
    each engine move, from its thinking to the board of its move, up to ``most`` moves."""
    async with session(playwright, PHONE, "20mbit") as (page, _), capped(cap):
        await page.goto(f"{base}/en/play/{PHONE_QUERY[0]}", wait_until="load",
                        timeout=TIMEOUT_MS)
        await page.select_option('select[name="level"]', level)
        await page.check('input[name="seat"][value="A"]')
        await page.click('[data-act="new"]')
        moves: list[float] = []
        for _ in range(200):
            now = await settled(page)
            log = await states(page)
            moves = [b["t"] - a["t"] for a, b in itertools.pairwise(log) if a["s"] == "thinking"]
            if now in ("over", "failed") or len(moves) >= most:
                break
            if now == "deal":
                await page.click('[data-act="deal"]')
                continue
            offer = page.locator('.rs-play-board [data-part^="offer-"][role="button"]')
            if await offer.count():
                await offer.first.dispatch_event("click")
            else:
                await page.locator('.hk-play-marker:not([aria-disabled="true"])').first \
                    .dispatch_event("click")
                while not await page.locator(".rs-play-panel [data-move]").count():
                    await page.locator('.rs-play-board [data-part^="hand-"][role="button"]'
                                       ':not([aria-disabled="true"])[aria-pressed="false"]') \
                        .first.dispatch_event("click")
                await page.locator(".rs-play-panel [data-move]").first.dispatch_event("click")
            await page.wait_for_selector('#rs-play:not([data-state="busy"])', timeout=TIMEOUT_MS)
        return [round(m, 1) for m in moves[:most]]


async def whatif_cold(playwright: Playwright, base: str, cap: CpuCap, page_path: str = PAGE,
                      example: str = EXAMPLE, step: int = 0) -> dict[str, Any]:
    """What if? at ``step`` of the example, cold: ms from the tap to choices on the board
    (``ms``) and to the engine ready (``engine_ms``)."""
    async with session(playwright, PHONE, "20mbit") as (page, _), capped(cap):
        await page.goto(f"{base}/{page_path}{PHONE_QUERY[0]}#{example}-step-{step}",
                        wait_until="load", timeout=TIMEOUT_MS)
        start = page.locator(f"[id='{example}'] button[data-wi='start']")
        await start.wait_for(timeout=TIMEOUT_MS)
        # The moment the choices appear, as the page changes (not when a poll sees it: see
        # click_run).
        await page.evaluate(CHOICES_JS, example)
        await start.dispatch_event("click")
        shown = await page.wait_for_function("() => window.__hk.choices", timeout=TIMEOUT_MS,
                                             polling=POLL_MS)
        ready = await page.wait_for_function("() => window.__hk.engine", timeout=TIMEOUT_MS,
                                             polling=POLL_MS)
        tap = [c["t"] for c in await page.evaluate("window.__hk.clicks") if c["act"] == "start"][-1]
        return {"ms": float(await shown.json_value()) - tap,
                "engine_ms": float(await ready.json_value()) - tap}


async def example_cold(playwright: Playwright, base: str, cap: CpuCap, page_path: str,
                       example: str) -> dict[str, Any]:
    """Run on another game's example in a fresh profile, the page as a phone loads it: ms
    from the tap to the first step of the engine's result."""
    async with session(playwright, PHONE, "20mbit") as (page, _), capped(cap):
        await page.goto(f"{base}/{page_path}{PHONE_QUERY[0]}#{example}", wait_until="load",
                        timeout=TIMEOUT_MS)
        return {"ms": await click_run(page, example), "engine": await engine_timings(page),
                "renderers_capped": len(cap.moved)}


# Another game's Play page (GAMES[...]["play"]): the same frame and states as Hanamikoji's,
# its own choice of a move (docs/assets/play/<game>/choose.js: a card, a player, a guess).
PANEL = ".rs-play-panel"


async def decide(page: Page) -> None:
    """The reader's decision through the panel: the first card (or card to keep) offered,
    the first player, the last card to name, then the confirmation."""
    if await page.locator(f"{PANEL} [data-keep]").count():
        await page.locator(f"{PANEL} [data-keep]").first.dispatch_event("click")
        if await page.locator(f"{PANEL} [data-order]").count():
            await page.locator(f"{PANEL} [data-order]").first.dispatch_event("click")
    else:
        await page.locator(f'{PANEL} [data-card]:not([aria-disabled="true"])').first \
            .dispatch_event("click")
        target = page.locator(f'{PANEL} [data-target]:not([aria-disabled="true"])')
        if await target.count():
            await target.first.dispatch_event("click")
        if await page.locator(f"{PANEL} [data-guess]").count():
            await page.locator(f"{PANEL} [data-guess]").last.dispatch_event("click")
    confirm = f"{PANEL} [data-move]"
    await page.wait_for_selector(confirm, timeout=TIMEOUT_MS)
    await page.locator(confirm).first.dispatch_event("click")


async def game_engine_moves(playwright: Playwright, base: str, cap: CpuCap,
                            where: dict[str, Any], players: int, level: str,
                            most: int) -> list[float]:
    """A game on another game's Play page with ``players`` players: the ms of each engine
    move, from the engine call that decides it (the page's own pause between two opponents,
    there so that each move can be read, is not counted) to the board after it."""
    async with session(playwright, PHONE, "20mbit") as (page, _), capped(cap):
        await page.goto(f"{base}/{where['play']}{PHONE_QUERY[0]}", wait_until="load",
                        timeout=TIMEOUT_MS)
        await page.select_option('select[name="players"]', str(players))
        await page.select_option('select[name="level"]', where["levels"][level])
        await page.click('[data-act="new"]')
        moves: list[float] = []
        for _ in range(400):
            now = await settled(page)
            log = await states(page)
            calls = [c["t"] for c in await page.evaluate("window.__hk.calls")
                     if c["fn"] == "opponent"]
            moves = [next(s["t"] for s in log if s["t"] > t) - t for t in calls
                     if any(s["t"] > t for s in log)]
            if now in ("over", "failed") or len(moves) >= most:
                break
            if now == "deal":
                await page.click('[data-act="deal"]')
            else:
                await decide(page)
            await page.wait_for_selector('#rs-play:not([data-state="busy"])', timeout=TIMEOUT_MS)
        return [round(m, 1) for m in moves[:most]]


def whatif_figures(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Medians and runs of whatif_cold: the choices, and the engine ready to play one."""
    ms, engine = [r["ms"] for r in runs], [r["engine_ms"] for r in runs]
    return {"median_ms": median(ms), "runs_ms": [round(v, 1) for v in ms],
            "engine_median_ms": median(engine), "engine_runs_ms": [round(v, 1) for v in engine]}


def p90(values: list[float]) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))], 1) if ordered else 0.0


def moves_figures(default: list[float], strong: list[float]) -> dict[str, Any]:
    """The engine's moves at the default and strongest levels: p90, median and every move."""
    return {"play_move_default": {"p90_ms": p90(default), "median_ms": median(default or [0.0]),
                                  "moves_ms": default},
            "play_move_strong": {"p90_ms": p90(strong), "median_ms": median(strong or [0.0]),
                                 "moves_ms": strong}}


def moves_targets(figures: dict[str, Any]) -> dict[str, bool]:
    return {key: figures[name]["p90_ms"] <= PHONE_TARGETS[key]
            for name, key in (("play_move_default", "play_move_default_p90_ms"),
                              ("play_move_strong", "play_move_strong_p90_ms"))}


async def measure_phone(base: str, repeat: int, games: tuple[str, ...] = PLAYED,
                        only: str | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """The phone mode, ``repeat`` times, for ``games`` (Hanamikoji's and the other games',
    under ``games``): figures and raw runs. ``only="play"``: their Play pages only."""
    cap = CpuCap()
    every = only is None
    raw: dict[str, Any] = {"new_game": [], "default": [], "strong": [], "whatif": [],
                           "games": {game: [] for game in GAMES if game in games}}
    try:
        async with async_playwright() as playwright:
            for i in range(repeat):
                print(f"phone: run {i + 1}/{repeat} ...", flush=True)
                if "hanamikoji" in games:
                    raw["new_game"].append(await play_new_game(playwright, base, cap))
                    raw["default"].append(await engine_moves(playwright, base, cap, "default",
                                                             40))
                    raw["strong"].append(await engine_moves(playwright, base, cap, "strong",
                                                            STRONG_MOVES))
                    if every:
                        raw["whatif"].append(await whatif_cold(playwright, base, cap))
                for game in raw["games"]:
                    where, run = GAMES[game], {}
                    if every:
                        run = await example_cold(playwright, base, cap, where["page"],
                                                 where["example"])
                        run["whatif"] = await whatif_cold(playwright, base, cap, where["page"],
                                                          where["example"], where["whatif_step"])
                    if "play" in where:
                        run["play_new_game"] = await play_new_game(playwright, base, cap,
                                                                   where["play"], None)
                        run["moves"] = {str(n): {
                            "default": await game_engine_moves(playwright, base, cap, where, n,
                                                               "default", 40),
                            "strong": await game_engine_moves(playwright, base, cap, where, n,
                                                              "strong", STRONG_MOVES * 2)}
                            for n in where["players"]}
                    raw["games"][game].append(run)
    finally:
        cap.close()
    figures: dict[str, Any] = {
        "cpu": f"{cap.kind} {PHONE_CPU[0]} {PHONE_CPU[1]} on the renderers (page and workers)",
        "viewport": PHONE["viewport"], "network": "20mbit", "targets": {}}
    if raw["new_game"]:
        new_game = [r["ms"] for r in raw["new_game"]]
        figures.update({
            "play_new_game": {"median_ms": median(new_game),
                              "runs_ms": [round(v, 1) for v in new_game],
                              "boot": [r["engine"] for r in raw["new_game"]]},
            **moves_figures([m for run in raw["default"] for m in run],
                            [m for run in raw["strong"] for m in run])})
        figures["targets"] = {"play_new_game_ms": figures["play_new_game"]["median_ms"]
                              <= PHONE_TARGETS["play_new_game_ms"], **moves_targets(figures)}
    if raw["whatif"]:
        figures["whatif_cold"] = whatif_figures(raw["whatif"])
        figures["targets"]["whatif_cold_ms"] = figures["whatif_cold"]["median_ms"] \
            <= PHONE_TARGETS["whatif_cold_ms"]
    figures["games"] = {}
    for game, runs in raw["games"].items():
        figures["games"][game] = entry = {**GAMES[game], "targets": {}}
        if every:
            ms = [r["ms"] for r in runs]
            entry.update({"example_cold": {"median_ms": median(ms),
                                           "runs_ms": [round(v, 1) for v in ms],
                                           "boot": [r["engine"] for r in runs]},
                          "whatif_cold": whatif_figures([r["whatif"] for r in runs])})
            entry["targets"] = {
                "example_cold_ms": median(ms) <= PHONE_TARGETS["example_cold_ms"],
                "whatif_cold_ms": entry["whatif_cold"]["median_ms"]
                <= PHONE_TARGETS["whatif_cold_ms"]}
        if "play" not in GAMES[game]:
            continue
        started = [r["play_new_game"]["ms"] for r in runs]
        entry["play_new_game"] = {"median_ms": median(started),
                                  "runs_ms": [round(v, 1) for v in started],
                                  "boot": [r["play_new_game"]["engine"] for r in runs]}
        entry["targets"]["play_new_game_ms"] = median(started) \
            <= PHONE_TARGETS["play_new_game_ms"]
        # The engine's moves per player count ("4", "6"), each with its targets.
        entry["play_moves"] = {}
        for count in map(str, GAMES[game]["players"]):
            by = entry["play_moves"][count] = moves_figures(
                [m for r in runs for m in r["moves"][count]["default"]],
                [m for r in runs for m in r["moves"][count]["strong"]])
            by["targets"] = moves_targets(by)
    return figures, raw


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


def median(values: list[float]) -> float:
    return round(statistics.median(values), 1)


def summarise_cold(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """An example's ``cold`` sessions (with their ``warm`` and ``revisit`` runs) at each
    speed: medians, every run, and whether each meets its target."""
    def pick(situation: str, key: str) -> list[float]:
        return [float(r[situation][key]) for r in runs]

    figures: dict[str, Any] = {}
    for network in NETWORKS:
        ms, size = pick(f"cold_{network}", "ms"), pick(f"cold_{network}", "bytes")
        figures[f"cold_{network}"] = {
            "median_ms": median(ms), "runs_ms": [round(v, 1) for v in ms],
            "median_bytes": int(statistics.median(size)), "runs_bytes": [int(v) for v in size],
            "median_runtime_bytes": int(statistics.median(pick(f"cold_{network}",
                                                               "runtime_bytes"))),
            "boot_ms": [r[f"cold_{network}"]["engine"].get("boot_ms") for r in runs],
            "worker_wasm": [r[f"cold_{network}"]["worker_wasm"] for r in runs],
        }
    warm = [r[f"cold_{n}"]["warm_ms"] for r in runs for n in NETWORKS]
    figures["warm"] = {"median_ms": median(warm), "runs_ms": [round(v, 1) for v in warm]}
    revisit = pick("cold_20mbit", "revisit_ms")
    figures["revisit_20mbit"] = {
        "median_ms": median(revisit), "runs_ms": [round(v, 1) for v in revisit],
        "median_runtime_bytes": int(statistics.median(pick("cold_20mbit",
                                                           "revisit_runtime_bytes")))}
    figures["runtime_files"] = runs[-1]["cold_20mbit"]["runtime_files"]
    figures["targets"] = {
        "cold_20mbit_ms": figures["cold_20mbit"]["median_ms"] <= TARGETS["cold_20mbit_ms"],
        "cold_20mbit_bytes": figures["cold_20mbit"]["median_bytes"]
        <= TARGETS["cold_20mbit_bytes"],
        "cold_5mbit_ms": figures["cold_5mbit"]["median_ms"] <= TARGETS["cold_5mbit_ms"],
        "warm_ms": figures["warm"]["median_ms"] <= TARGETS["warm_ms"],
    }
    return figures


def summarise(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Every situation of the example of ``PAGE``: cold, warm and revisit, then loading
    ahead and idle reading."""
    figures = summarise_cold(runs)
    for situation in ("intent", "in_view"):
        ms = [float(r[situation]["ms"]) for r in runs]
        figures[situation] = {"median_ms": median(ms), "runs_ms": [round(v, 1) for v in ms]}
    for situation in ("idle_desktop", "idle_phone"):
        figures[situation] = {
            "median_runtime_bytes": int(statistics.median(r[situation]["runtime_bytes"]
                                                          for r in runs)),
            "median_bytes": int(statistics.median(r[situation]["bytes"] for r in runs)),
            "runtime_files": runs[-1][situation]["runtime_files"]}
    figures["targets"]["idle_phone_runtime_bytes"] = \
        figures["idle_phone"]["median_runtime_bytes"] <= TARGETS["idle_phone_runtime_bytes"]
    for situation in ("offline_desktop", "offline_phone"):
        figures[situation] = {key: int(statistics.median(float(r[situation][key]) for r in runs))
                              for key in ("kept_bytes", "kept_runtime_bytes", "kept_files",
                                          "wire_bytes", "runtime_bytes")}
        figures[situation]["revisit_offline_ms"] = median(
            [float(r[situation]["revisit_offline_ms"]) for r in runs])
    figures["targets"]["offline_phone_kept_runtime_bytes"] = \
        figures["offline_phone"]["kept_runtime_bytes"] + figures["offline_phone"]["runtime_bytes"] \
        <= TARGETS["offline_phone_kept_runtime_bytes"]
    return figures


def _nproc() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 0


def report(title: str, f: dict[str, Any]) -> None:
    """An example's figures (``summarise`` or ``summarise_cold``), medians."""
    print(f"\n{title}, medians")
    for network in NETWORKS:
        c = f[f"cold_{network}"]
        print(f"  cold {network:<7} {c['median_ms']:>8.1f} ms  {c['median_bytes']:>9} bytes "
              f"(runtime {c['median_runtime_bytes']})")
    print(f"  warm         {f['warm']['median_ms']:>8.1f} ms")
    print(f"  revisit      {f['revisit_20mbit']['median_ms']:>8.1f} ms  "
          f"(runtime {f['revisit_20mbit']['median_runtime_bytes']} bytes)")
    if "intent" in f:
        print(f"  intent 300ms {f['intent']['median_ms']:>8.1f} ms   in view 5 s "
              f"{f['in_view']['median_ms']:.1f} ms")
        print(f"  idle: desktop {f['idle_desktop']['median_runtime_bytes']} runtime bytes, "
              f"phone {f['idle_phone']['median_runtime_bytes']}")
        for situation in ("offline_desktop", "offline_phone"):
            o = f[situation]
            print(f"  first visit, {situation.split('_')[1]}: kept {o['kept_bytes']} bytes in "
                  f"{o['kept_files']} files (runtime {o['kept_runtime_bytes']}), "
                  f"{o['wire_bytes']} on the wire; {OFFLINE_PAGE} offline: "
                  f"{o['revisit_offline_ms']:.1f} ms to load")
    for name, ok in f["targets"].items():
        print(f"  target {name:<26} {'pass' if ok else 'FAIL'} (target {TARGETS[name]})")


async def measure(base: str, variants: dict[str, str], repeat: int, wire: Wire,
                  results: dict[str, Any], raw: dict[str, Any],
                  games: dict[str, Any]) -> str:
    """Every variant, then every other game's example (the site as it is), ``repeat`` times;
    fills ``results``, ``games`` and ``raw``, returns the browser's version."""
    async with async_playwright() as playwright:
        for variant, query in variants.items():
            url = f"{base}/{PAGE}" + (f"?{query}" if query else "")
            runs = []
            for i in range(repeat):
                print(f"{variant}: run {i + 1}/{repeat} ...", flush=True)
                runs.append(await measure_once(playwright, url, wire))
            raw[variant] = runs
            results[variant] = summarise(runs)
        raw["games"] = {}
        for game, where in GAMES.items():
            runs = []
            for i in range(repeat):
                print(f"{game}: run {i + 1}/{repeat} ...", flush=True)
                runs.append({f"cold_{network}": await cold(
                    playwright, f"{base}/{where['page']}", network, wire, where["example"])
                    for network in NETWORKS})
            raw["games"][game] = runs
            games[game] = {**where, **summarise_cold(runs)}
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        version = browser.version
        await browser.close()
    return version


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="fresh-profile runs (default 5)")
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--variants", default="default",
                        help="comma-separated NAME=QUERY (default: the site as it is)")
    parser.add_argument("--phone", choices=("no", "only", "both"),
                        default="both" if os.geteuid() == 0 else "no",
                        help="the phone mode (390 px, 20 Mbit/s, a quarter core; needs root: "
                             "the default as root is both): only it (the other figures kept "
                             "from the last run), both, or no")
    parser.add_argument("--phone-query", default="",
                        help="a query for the phone mode's pages, e.g. '?rs-snapshot=0'")
    parser.add_argument("--games", default=",".join(PLAYED),
                        help=f"comma-separated games of the phone mode (default {','.join(PLAYED)})"
                             "; fewer is a partial run")
    parser.add_argument("--only", choices=("play",),
                        help="the phone mode's Play pages only (New game, the engine's moves): "
                             "a partial run")
    args = parser.parse_args()
    games_measured = tuple(g.strip() for g in args.games.split(",") if g.strip())
    if unknown := set(games_measured) - set(PLAYED):
        parser.error(f"--games: unknown {', '.join(sorted(unknown))} (known: {', '.join(PLAYED)})")
    # A partial run (some games, or only their Play pages) measures the phone mode alone,
    # prints its figures and writes its raw record under out/, and leaves browser_results.json
    # as it is: the record's phone figures are one run's, with one date, load and command.
    partial = args.only is not None or set(games_measured) != set(PLAYED)
    if partial:
        args.phone = "only"
    PHONE_QUERY[0] = args.phone_query
    variants = {}
    for item in filter(None, (v.strip() for v in args.variants.split(","))):
        name, _, query = item.partition("=")
        variants[name] = query

    site = build_site(args.site)
    wire = Wire()
    server, base = serve(site, wire)
    results: dict[str, Any] = {}
    games: dict[str, Any] = {}
    raw: dict[str, Any] = {}
    previous = json.loads((HERE / "browser_results.json").read_text(encoding="utf-8"))
    phone: dict[str, Any] | None = previous.get("phone")
    try:
        if args.phone != "only":
            chromium_version = asyncio.run(measure(base, variants, args.repeat, wire, results,
                                                   raw, games))
        else:  # the desktop figures stay those of the last whole run
            results = previous["variants"]
            games = previous.get("games", {})
            chromium_version = previous["browser"].split()[1]
        if args.phone != "no":
            phone, raw["phone"] = asyncio.run(measure_phone(base, args.repeat, games_measured,
                                                            args.only))
            phone["date"] = dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat() \
                .replace("+00:00", "Z")
            phone["load_average"] = [round(x, 2) for x in os.getloadavg()]
            phone["command"] = "python benchmarks/browser_examples.py " + shlex.join(sys.argv[1:])
    finally:
        server.shutdown()
        server.server_close()

    pyodide = json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text())
    record = {
        "command": "make bench-browser" if sys.argv[1:] == []
        else "python benchmarks/browser_examples.py " + shlex.join(sys.argv[1:]),
        "date": dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z"),
        "machine": {"nproc": _nproc(), "os": platform.platform(),
                    "load_average": [round(x, 2) for x in os.getloadavg()]},
        "browser": f"Chromium {chromium_version} (headless, fresh on-disk profile per session)",
        "server": "rulesite/serve.py on 127.0.0.1: gzip as GitHub Pages serves it",
        "networks": NETWORKS,
        "pyodide": pyodide["version"],
        "page": PAGE,
        "example": EXAMPLE,
        "repeat": args.repeat,
        "targets": TARGETS,
        "variants": results,
        "games": games,
        "phone_targets": PHONE_TARGETS,
        "phone": phone,
    }
    if args.phone == "only":  # the other figures, and what they were measured with, are kept
        record.update({k: previous[k] for k in ("command", "date", "machine", "repeat")})
    out_dir = HERE / "out"
    out_dir.mkdir(exist_ok=True)
    stamp = (phone["date"] if args.phone == "only" and phone else record["date"]).replace(":", "")
    raw_file = out_dir / f"browser-{stamp}.json"
    raw_file.write_text(json.dumps({**record, "raw": raw}, indent=2) + "\n", encoding="utf-8")
    if partial:
        print(f"a partial run: wrote {raw_file.relative_to(ROOT)} only")
        report_phone(phone or {})
        return 0
    (HERE / "browser_results.json").write_text(json.dumps(record, indent=2) + "\n",
                                                encoding="utf-8")
    for variant, figures in results.items():
        report(f"{variant}: {EXAMPLE} on {PAGE}", figures)
    for game, figures in games.items():
        report(f"{game}: {figures['example']} on {figures['page']}", figures)
    if phone:
        report_phone(phone)
    print(f"wrote {raw_file.relative_to(ROOT)} and benchmarks/browser_results.json")
    return 0


def report_phone(phone: dict[str, Any]) -> None:
    """The phone mode's figures (``measure_phone``), those it measured."""
    print(f"\nphone ({phone['cpu']}):")
    if "play_new_game" in phone:
        print(f"  New game -> playable  {phone['play_new_game']['median_ms']:>8.1f} ms (median)")
        print(f"  engine move, default  {phone['play_move_default']['p90_ms']:>8.1f} ms (p90)")
        print(f"  engine move, strong   {phone['play_move_strong']['p90_ms']:>8.1f} ms (p90)")
    if "whatif_cold" in phone:
        print(f"  what if, cold         {phone['whatif_cold']['median_ms']:>8.1f} ms (median; "
              f"engine ready {phone['whatif_cold']['engine_median_ms']:.1f} ms)")
    targets = [*phone["targets"].items()]
    for game, f in phone.get("games", {}).items():
        if "example_cold" in f:
            print(f"  {game} {f['example']}, cold  {f['example_cold']['median_ms']:>8.1f} ms "
                  "(median)")
            print(f"  {game} what if, cold  {f['whatif_cold']['median_ms']:>8.1f} ms (median; "
                  f"engine ready {f['whatif_cold']['engine_median_ms']:.1f} ms)")
        if "play_new_game" in f:
            print(f"  {game} New game -> playable  {f['play_new_game']['median_ms']:>8.1f} ms "
                  "(median)")
        targets += [(f"{game} {name}", ok) for name, ok in f["targets"].items()]
        for count, by in f.get("play_moves", {}).items():
            for level in ("default", "strong"):
                m = by[f"play_move_{level}"]
                print(f"  {game} {count} players, {level:<7} {m['p90_ms']:>8.1f} ms (p90; "
                      f"median {m['median_ms']:.1f}, {len(m['moves_ms'])} moves)")
            targets += [(f"{game} {count}p {name}", ok) for name, ok in by["targets"].items()]
    for name, ok in targets:
        print(f"  target {name:<36} {'pass' if ok else 'FAIL'} "
              f"(target {PHONE_TARGETS[name.split()[-1]]})")


if __name__ == "__main__":
    sys.exit(main())
