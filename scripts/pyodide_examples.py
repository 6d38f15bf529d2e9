"""Run every live example inside Pyodide the way the browser worker does; print one JSON line.

    node scripts/pyodide_run.mjs [--stdlib ZIP] -c "$(cat scripts/pyodide_examples.py)" INPUT

INPUT (JSON): ``{"runner": path, "explain": path, "strings": {...}, "examples": {id: code}}``,
on a mounted host folder. Like ``docs/assets/examples/worker.js``, the runner and explainer are
written into site-packages as ``hk_example_runner`` / ``hk_example_explain`` and run from
there. Besides the examples, a few faulty programs take the error paths (syntax error, illegal
move, no game). The output line, after ``HK_EXAMPLES ``: each example's result, each faulty
program's error, and ``stdlib``: every module that came from the standard library zip, which
is how ``rulesite/stdlib.py`` chose what the reduced zip keeps.

Runs with ``-c`` so that no file-runner machinery (runpy) is imported on top of the worker's.
"""

import json
import sys
import sysconfig  # the worker asks sysconfig for site-packages too

FAULTY = {
    "syntax": "game = Game(seed=1\n",
    "illegal": "game = Game(seed=1, auto_deal=True)\ngame.apply('S9')\n",
    "exception": "game = Game(seed=1, auto_deal=True)\n1 / 0\n",
    "no_game": "x = 1\n",
    "not_game": "game = 3\n",
    "printed": "print('hello')\ngame = Game(seed=2, auto_deal=True)\n",
}


def main(path: str) -> None:
    with open(path, encoding="utf-8") as file:
        spec = json.load(file)
    site = sysconfig.get_path("purelib")
    for name, source in (("hk_example_runner", spec["runner"]),
                         ("hk_example_explain", spec["explain"])):
        with open(source, encoding="utf-8") as src, \
                open(f"{site}/{name}.py", "w", encoding="utf-8") as dst:
            dst.write(src.read())
    import hk_example_explain
    import hk_example_runner

    results = {}
    for example_id, code in spec["examples"].items():
        result = hk_example_runner.run(code)
        if "steps" in result:
            result.update(hk_example_explain.explain(result["steps"], spec["strings"]))
        results[example_id] = json.loads(json.dumps(result, ensure_ascii=False))
    errors = {name: hk_example_runner.run(code).get("error") for name, code in FAULTY.items()}
    zipped = sorted(
        name for name, module in list(sys.modules.items())
        if ".zip/" in (getattr(getattr(module, "__spec__", None), "origin", None) or ""))
    print("HK_EXAMPLES " + json.dumps({"results": results, "errors": errors, "stdlib": zipped,
                                       "python": list(sys.version_info[:2])}))


main(sys.argv[1])
