"""Run every live example inside Pyodide the way the browser worker does; print one JSON line.

Run by ``scripts/pyodide_examples.mjs``, which sets Pyodide up as ``worker.js`` does and
defines ``INPUT``: a JSON file ``{"strings": {...}, "examples": {id: code}, "ui": {...}}``
(``ui``: every interface string, for the session). Like the worker,
this imports ``gamekit`` (the runner and the game's plug-in) from the compiled engine zip on
``sys.path``.
Besides the examples, a few faulty programs take the error paths (syntax error, bad move, no
game), and a few moves of a game go through the session (the plug-in's, as the Play page
calls it: :func:`session_sample`). The output line, after ``RS_EXAMPLES ``: each example's
result, each faulty program's error, the session's answers, and ``stdlib``: every module
that came from the standard library zip (how ``rulesite/runtime/stdlib_modules.txt`` was made).
"""

import json
import sys
from typing import Any

FAULTY = {
    "syntax": "game = Game(seed=1\n",
    "bad_move": "game = Game(seed=1, auto_deal=True)\ngame.apply('S9')\n",
    "exception": "game = Game(seed=1, auto_deal=True)\n1 / 0\n",
    "no_game": "x = 1\n",
    "not_game": "game = 3\n",
    "printed": "print('hello')\ngame = Game(seed=2, auto_deal=True)\n",
}


def session_sample(session: Any, ui: dict[str, str]) -> dict[str, Any]:
    """A few moves through the session as the Play page makes them (tests/pyodide compares
    this with CPython)."""
    record = session.new_game("kosmos", 5)["record"]
    for _ in range(6):
        state = session.position(record, ui, "A")
        if state["to_move"] == "A":
            record = session.play(record, state["legal"][-1], ui, "A")["record"]
        else:
            # Untimed: a time limit would stop the two interpreters at different iterations
            # on a loaded machine, and the records would differ (a CI failure).
            record = session.opponent(record, "easy", 5, False)["record"]
    return {"record": record, "position": session.position(record, ui, "A"),
            "link": session.open_link(session.link(record, 3), ui),
            "damaged": session.load("{", ui), "replay": session.replay(record, ui, "B")}


def main(path: str) -> None:
    # As worker.js's PREPARE does.
    sys.path.insert(0, "/lib/rs-engine.zip")
    import gamekit
    from gamekit import runner

    with open(path, encoding="utf-8") as file:
        spec = json.load(file)
    results = {}
    for example_id, code in spec["examples"].items():
        result = gamekit.run(None, code, spec["strings"])
        results[example_id] = json.loads(json.dumps(result, ensure_ascii=False))
    game = gamekit.plugin()
    errors = {name: runner.run(code, game).get("error") for name, code in FAULTY.items()}
    zipped = sorted(
        name for name, module in list(sys.modules.items())
        if "python3" in (getattr(getattr(module, "__spec__", None), "origin", None) or "")
        and ".zip/" in module.__spec__.origin)
    print("RS_EXAMPLES " + json.dumps({
        "results": results, "errors": errors, "stdlib": zipped,
        "session": session_sample(game.session, spec["ui"]),
        "python": list(sys.version_info[:2]), "engine": runner.__file__}))


if "INPUT" in globals():  # run by pyodide_examples.mjs; imported by tests for session_sample
    main(INPUT)  # type: ignore[name-defined]  # noqa: F821 (set by pyodide_examples.mjs)
