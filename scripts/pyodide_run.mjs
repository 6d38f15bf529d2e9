#!/usr/bin/env node
// Run Python inside the self-hosted Pyodide (node_modules/pyodide) under node, with the
// engine's wheel installed, and exit with the Python program's exit status.
//
//   node scripts/pyodide_run.mjs [options] FILE [ARGS...]
//   node scripts/pyodide_run.mjs [options] -c CODE [ARGS...]
//
// Options (before FILE / -c):
//   --engine WHEEL      the engine wheel to install; by default it is built afresh with
//                       scripts/build_wheel.py into build/wheel ($PYTHON, else .venv, else python3)
//   --wheel WHEEL       install one more wheel (repeatable), e.g. pytest and its dependencies
//   --mount HOST[:DIR]  mount a host directory, by default at the same absolute path (repeatable)
//   --cwd DIR           working directory inside Pyodide (default /home/pyodide, in memory)
//   --timings FILE      write startup timings (ms) to FILE as JSON
//   --pyodide DIR       the Pyodide folder (default node_modules/pyodide; the tests pass the
//                       one with the wasm the site ships: rulesite/runtime/wasm.py)
//
// FILE's own directory is mounted at its host path, so FILE, its neighbours and its
// __file__ look the same as in CPython; like `python FILE`, that directory is sys.path[0].
// Mounted directories are the host's: writes inside them land on disk.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const t0 = performance.now();
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let PYODIDE_DIR = path.join(ROOT, "node_modules", "pyodide");

/** @param {string} message @returns {never} */
function die(message) {
  process.stderr.write(`pyodide_run.mjs: ${message}\n`);
  process.exit(2);
}

/** What the command line asks for (the options above; mode, payload and argv: the program).
 * @typedef {{engine: string | null, wheels: string[], mounts: [string, string][],
 *   cwd: string | null, timings: string | null, mode: "code" | "file", payload: string,
 *   argv: string[]}} Options */

/** @param {string[]} argv @returns {Options} */
function parseArgs(argv) {
  /** @type {Omit<Options, "mode" | "payload" | "argv">} */
  const opts = { engine: null, wheels: [], mounts: [], cwd: null, timings: null };
  let i = 0;
  const value = (/** @type {string} */ flag) => {
    if (i + 1 >= argv.length) die(`${flag} needs a value`);
    return argv[++i];
  };
  for (; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--engine") opts.engine = path.resolve(value(arg));
    else if (arg === "--wheel") opts.wheels.push(path.resolve(value(arg)));
    else if (arg === "--mount") {
      const [host, guest] = value(arg).split(":");
      opts.mounts.push([path.resolve(host), guest || path.resolve(host)]);
    } else if (arg === "--cwd") opts.cwd = value(arg);
    else if (arg === "--timings") opts.timings = path.resolve(value(arg));
    else if (arg === "--pyodide") PYODIDE_DIR = path.resolve(value(arg));
    else if (arg === "-c") {
      return { ...opts, mode: "code", payload: value(arg), argv: ["-c", ...argv.slice(i + 1)] };
    } else if (arg.startsWith("-")) die(`unknown option ${arg}`);
    else {
      const payload = path.resolve(arg);
      return { ...opts, mode: "file", payload, argv: [payload, ...argv.slice(i + 1)] };
    }
  }
  die("usage: node scripts/pyodide_run.mjs [options] (FILE | -c CODE) [ARGS...]");
}

function buildEngineWheel() {
  const venvPython = path.join(ROOT, ".venv", "bin", "python");
  const python = process.env.PYTHON || (fs.existsSync(venvPython) ? venvPython : "python3");
  const script = path.join(ROOT, "scripts", "build_wheel.py");
  const proc = spawnSync(python, [script, path.join(ROOT, "build", "wheel")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (proc.status !== 0) die(`building the engine wheel failed (${python} ${script})`);
  return proc.stdout.trim();
}

// Write all of buf to a file descriptor; stdout may be a non-blocking pipe (EAGAIN).
/** @param {number} fd @param {Uint8Array} buf */
function writeAll(fd, buf) {
  let done = 0;
  while (done < buf.length) {
    try {
      done += fs.writeSync(fd, buf, done, buf.length - done);
    } catch (err) {
      if (err.code !== "EAGAIN") throw err;
    }
  }
  return buf.length;
}

// Runs the program the way `python FILE` / `python -c CODE` would and returns its exit status.
const RUNNER = `
def _pyodide_run(spec_json):
    import builtins, json, os, runpy, sys, traceback
    spec = json.loads(spec_json)
    sys.argv = spec["argv"]
    if spec["cwd"]:
        os.makedirs(spec["cwd"], exist_ok=True)
        os.chdir(spec["cwd"])
    try:
        # Like CPython: FILE's directory first and no cwd entry, or cwd ("") first for -c.
        others = [entry for entry in sys.path if entry != ""]
        if spec["mode"] == "file":
            sys.path[:] = [os.path.dirname(spec["payload"]), *others]
            runpy.run_path(spec["payload"], run_name="__main__")
        else:
            sys.path[:] = ["", *others]
            code = compile(spec["payload"], "<string>", "exec")
            exec(code, {"__name__": "__main__", "__builtins__": builtins})
        status = 0
    except SystemExit as exc:
        if exc.code is None:
            status = 0
        elif isinstance(exc.code, int):
            status = exc.code
        else:
            print(exc.code, file=sys.stderr)
            status = 1
    except BaseException as exc:
        # Hide this wrapper's own frame, as CPython shows only the program's.
        traceback.print_exception(exc.with_traceback(exc.__traceback__.tb_next))
        status = 1
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
    return status
`;

const opts = parseArgs(process.argv.slice(2));
if (!fs.existsSync(path.join(PYODIDE_DIR, "pyodide.mjs"))) {
  die(`${PYODIDE_DIR}/pyodide.mjs not found: run \`make node\``);
}
const engine = opts.engine || buildEngineWheel();
const tBuilt = performance.now();

const { loadPyodide } = await import(path.join(PYODIDE_DIR, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: PYODIDE_DIR + path.sep });
pyodide.setStdout({ write: (/** @type {Uint8Array} */ buf) => writeAll(1, buf) });
pyodide.setStderr({ write: (/** @type {Uint8Array} */ buf) => writeAll(2, buf) });
const tLoaded = performance.now();

// unpackArchive extracts into the working directory unless told otherwise: install into
// site-packages so that imports and importlib.metadata (pytest plugins) work from any cwd.
const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
for (const wheel of [engine, ...opts.wheels]) {
  if (!fs.existsSync(wheel)) die(`wheel not found: ${wheel}`);
  pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", {
    extractDir: sitePackages,
  });
}
const tInstalled = performance.now();

const mounts = [...opts.mounts];
if (opts.mode === "file") {
  const dir = path.dirname(opts.payload);
  const covered = mounts.some(
    ([host, guest]) => host === guest && (dir === host || dir.startsWith(host + path.sep)),
  );
  if (!covered) mounts.push([dir, dir]);
}
for (const [host, guest] of mounts) {
  if (!fs.statSync(host, { throwIfNoEntry: false })?.isDirectory()) {
    die(`not a directory: ${host}`);
  }
  pyodide.FS.mkdirTree(guest);
  pyodide.mountNodeFS(guest, host);
}

pyodide.runPython(RUNNER);
const run = pyodide.globals.get("_pyodide_run");
const spec = { mode: opts.mode, payload: opts.payload, argv: opts.argv, cwd: opts.cwd };
const tStart = performance.now();
const status = run(JSON.stringify(spec));
const tEnd = performance.now();

if (opts.timings) {
  const ms = (/** @type {number} */ a, /** @type {number} */ b) => Math.round(b - a);
  const timings = {
    pyodide_version: pyodide.version,
    engine_wheel_ms: ms(t0, tBuilt),
    load_pyodide_ms: ms(tBuilt, tLoaded),
    install_wheels_ms: ms(tLoaded, tInstalled),
    wheels: 1 + opts.wheels.length,
    run_ms: ms(tStart, tEnd),
    total_ms: ms(t0, tEnd),
  };
  fs.writeFileSync(opts.timings, JSON.stringify(timings, null, 2) + "\n");
}
process.exit(status & 0xff);
