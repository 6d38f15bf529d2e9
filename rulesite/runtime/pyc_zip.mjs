#!/usr/bin/env node
// Compile Python modules with Pyodide's own Python into a zip of sourceless .pyc files, for the
// live examples to import without compiling anything (rulesite/pycode.py).
//
//   node rulesite/runtime/pyc_zip.mjs PYODIDE_DIR JOB.json OUT.zip
//
// JOB.json: {"stdlib": [module names from Pyodide's python_stdlib.zip],
//            "files": {"path/in/zip.py": "/host/path.py", ...},
//            "bare": true}   (no real line tables: smaller; tracebacks show each function's
//                             first line)
// Docstrings and asserts are always left out (optimize=2), so are column tables. The bytecode
// must match the browser's interpreter, hence Pyodide rather than the host's Python.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dir, jobFile, out] = process.argv.slice(2);
if (!out) {
  process.stderr.write("usage: pyc_zip.mjs PYODIDE_DIR JOB.json OUT.zip\n");
  process.exit(2);
}
const job = JSON.parse(fs.readFileSync(jobFile, "utf8"));
const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: path.resolve(dir) + path.sep,
  env: { PYTHONNODEBUGRANGES: "1" },
  stdout: () => {},
  stderr: (/** @type {string} */ text) => process.stderr.write(text + "\n"),
});
/** @type {Record<string, string>} */
const sources = {};
for (const [name, host] of Object.entries(job.files || {})) sources[name] = fs.readFileSync(host, "utf8");
if ((job.stdlib || []).length) {
  pyodide.FS.writeFile("/tmp/full.zip", new Uint8Array(fs.readFileSync(path.join(dir, "python_stdlib.zip"))));
}
pyodide.globals.set("job", JSON.stringify({ stdlib: job.stdlib || [], sources, bare: Boolean(job.bare) }));
pyodide.runPython(`
import importlib._bootstrap_external as external
import json
import sys
import zipfile

spec = json.loads(job)
HOME = "/lib/python%d%d.zip/" % sys.version_info[:2]  # where Pyodide puts its zip

def bare(code):
    # Every instruction on the code's first line (entries of kind 13, "no columns", up to 8
    # code units each, line delta 0): far smaller than the real table, and still a valid one,
    # which tracebacks and warnings need.
    consts = tuple(bare(c) if hasattr(c, "co_code") else c for c in code.co_consts)
    table, units = bytearray(), len(code.co_code) // 2
    while units > 0:
        step = min(units, 8)
        table += bytes((0x80 | 13 << 3 | (step - 1), 0))
        units -= step
    return code.replace(co_linetable=bytes(table), co_consts=consts)

def pyc(source, filename):
    code = compile(source, filename, "exec", optimize=2, dont_inherit=True)
    return bytes(external._code_to_timestamp_pyc(bare(code) if spec["bare"] else code, 0, 0))

entries = {}
if spec["stdlib"]:
    with zipfile.ZipFile("/tmp/full.zip") as full:
        files = set(full.namelist())
        for name in spec["stdlib"]:
            stem = name.replace(".", "/")
            path = stem + ".py" if stem + ".py" in files else stem + "/__init__.py"
            if path not in files:
                raise SystemExit(f"{name}: not in Pyodide's standard library")
            entries[path + "c"] = pyc(full.read(path), HOME + path)
for path, source in spec["sources"].items():
    entries[path + "c"] = pyc(source, path)
with zipfile.ZipFile("/tmp/out.zip", "w") as out:  # stored: the whole file is gzipped later
    for path in sorted(entries):
        out.writestr(zipfile.ZipInfo(path, (1980, 1, 1, 0, 0, 0)), entries[path])
`);
fs.writeFileSync(out, pyodide.FS.readFile("/tmp/out.zip"));
