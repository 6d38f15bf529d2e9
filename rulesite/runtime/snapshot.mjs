#!/usr/bin/env node
// Make a memory snapshot of Pyodide with the engine imported, for the browser to start from
// (rulesite/runtime/stdlib.py: snapshot; docs/assets/examples/worker.js loads it on phones).
//
//   node rulesite/runtime/snapshot.mjs RUNTIME_DIR STDLIB.zip ENGINE.zip OUT.bin
//
// RUNTIME_DIR holds the Pyodide the site ships (reduced wasm: rulesite/runtime/wasm.py runtime); the
// snapshot is only valid with exactly these files. It is made after the standard library and
// the engine are imported and nothing else has run: no game, no reader's code. The worker
// reseeds `random` after restoring it, and every deal and engine seed comes from the page.
// What the image fixes for every reader: the string hash seed (nothing secret depends on it)
// and the environment (LANG=C.UTF-8; nothing here reads it).
//
// The memory in the image is stored as its difference (XOR) with the memory the wasm starts
// with, its data segments: most of those bytes are unchanged, so the image gzips to about
// 2.7 MB instead of 4.2 MB. worker.js undoes it with the memory of the instance it has just
// made, which holds exactly those bytes (the same module instantiated the same way).
//
// And only the blocks of that difference that are not all zeros are written (a 30 MB memory
// holds about 9 MB of them): unpacking and undoing 30 MB took seconds of a phone's start-up.
// The file:
//   Pyodide's header, as makeMemorySnapshot wrote it (its second word: its length, where
//     the memory starts in Pyodide's image)
//   u32 the memory's length in bytes, u32 BLOCK, u32 the length of the initial memory's
//     start that holds bytes other than zeros (its data segments; all zeros after it)
//   a bitmap, one bit a block of the memory (bit i % 8 of byte i / 8): 1 when it is written
//   the blocks written, in order (the memory's length is a multiple of BLOCK)
// worker.js gives Pyodide the header alone (its restoreSnapshot then copies no memory) and
// puts the memory back itself: the initial memory's start as instantiated, zeros after it,
// the blocks applied.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dir, stdlib, engine, out] = process.argv.slice(2);
if (!out) {
  process.stderr.write("usage: snapshot.mjs RUNTIME_DIR STDLIB.zip ENGINE.zip OUT.bin\n");
  process.exit(2);
}
const root = path.resolve(dir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(root + "pyodide.mjs").href);
const lock = JSON.parse(fs.readFileSync(root + "pyodide-lock.json", "utf8"));
// The memory as instantiated, before anything has run: a copy taken as the loader gets it.
/** @type {Uint8Array | null} */
let initial = null;
// Node's WebAssembly, whose two loaders are wrapped here (lib.dom declares it, Node's types
// do not): what the wrappers read of what a loader makes.
/** @typedef {(...args: unknown[]) => Promise<{instance: {exports: {memory: {buffer: ArrayBuffer}}}}>} Loader */
const wasm = /** @type {Record<string, Loader>} */ (/** @type {any} */ (globalThis).WebAssembly);
for (const name of ["instantiate", "instantiateStreaming"]) {
  const original = wasm[name];
  wasm[name] = async (...args) => {
    const made = await original.apply(wasm, args);
    initial = initial || new Uint8Array(made.instance.exports.memory.buffer.slice(0));
    return made;
  };
}
const pyodide = await loadPyodide({
  indexURL: root,
  stdLibURL: path.resolve(stdlib),
  lockFileContents: { info: lock.info, packages: {} },
  _makeSnapshot: true,
  // What a browser's Pyodide calls itself: the default would be this script's path on the
  // build machine, kept in the image (sys.executable, the environment's "_").
  _sysExecutable: "./this.program",
  stdout: () => {},
  stderr: (/** @type {string} */ text) => process.stderr.write(text + "\n"),
});
pyodide.FS.writeFile("/lib/rs-engine.zip", new Uint8Array(fs.readFileSync(engine)));
// The same imports as the worker's PREPARE; gc leaves fewer dead objects in the image.
pyodide.runPython(`
import gc, sys
sys.path.insert(0, "/lib/rs-engine.zip")
import gamekit  # the runner, then every registered game's plug-in, over their engines
for game_id in gamekit.GAMES:
    gamekit.plugin(game_id)
gc.collect()
`);
const image = /** @type {Uint8Array} */ (pyodide.makeMemorySnapshot());
// Set by the wrapped loaders, which the type checker does not follow into.
const first = /** @type {Uint8Array | null} */ (initial);
if (!first) throw new Error("snapshot.mjs: the wasm was not instantiated through WebAssembly");
// The header's second word is where the memory starts in the image (Pyodide's restoreSnapshot).
const start = new Uint32Array(image.buffer, image.byteOffset, 2)[1];
const memory = image.subarray(start);
for (let i = 0; i < Math.min(memory.length, first.length); i += 1) memory[i] ^= first[i];
const BLOCK = 4096; // measured: 64 KiB blocks keep 7 % more bytes, 512-byte ones 2 % fewer
if (start % 4 || memory.length % BLOCK) {
  throw new Error(`snapshot.mjs: a header of ${start} bytes, a memory of ${memory.length}: `
    + `expected multiples of 4 and ${BLOCK}`);
}
const blocks = memory.length / BLOCK;
const bitmap = new Uint8Array(Math.ceil(blocks / 8));
const written = [];
for (let i = 0; i < blocks; i += 1) {
  const block = memory.subarray(i * BLOCK, (i + 1) * BLOCK);
  if (block.some((byte) => byte !== 0)) {
    bitmap[i >> 3] |= 1 << (i & 7);
    written.push(block);
  }
}
let prefix = first.length;
while (prefix > 0 && first[prefix - 1] === 0) prefix -= 1;
prefix = Math.min(memory.length, Math.ceil(prefix / BLOCK) * BLOCK);
const sizes = new Uint8Array(new Uint32Array([memory.length, BLOCK, prefix]).buffer);
fs.writeFileSync(out, Buffer.concat([image.subarray(0, start), sizes, bitmap, ...written]));
