// @ts-check
/**
 * js/engine/snapshot-pages.js: the worker keeps Python's snapshot as its
 * non-zero pages and puts it back byte for byte, and refuses a record that
 * does not describe the bytes kept (the worker then starts Python the slow
 * way).  Run by tests/test_snapshot_pages.py with `node --test`.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { PAGE, nonzeroRuns, packPages, unpackPages } from "../js/engine/snapshot-pages.js";

/** A snapshot-like memory: `pages` pages plus a short tail, with bytes set at the given offsets. */
function memoryWith(/** @type {number} */ pages, /** @type {number} */ tail, /** @type {number[]} */ set) {
  const memory = new Uint8Array(pages * PAGE + tail);
  for (const offset of set) memory[offset] = 1 + (offset % 251);
  return memory;
}

/** What the worker stores: the runs' bytes one after another. */
function stored(/** @type {Uint8Array[]} */ pages) {
  const all = new Uint8Array(pages.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of pages) { all.set(p, at); at += p.length; }
  return all.buffer;
}

test("zero pages are left out and neighbouring pages make one run", () => {
  const memory = memoryWith(8, 144, [5, PAGE + 9, 4 * PAGE + 3, 5 * PAGE - 1, 8 * PAGE + 143]);
  assert.deepEqual(nonzeroRuns(memory), [[0, 2 * PAGE], [4 * PAGE, PAGE], [8 * PAGE, 144]]);
});

test("a page whose only byte is its last is kept", () => {
  assert.deepEqual(nonzeroRuns(memoryWith(3, 0, [2 * PAGE - 1])), [[PAGE, PAGE]]);
});

test("the snapshot comes back byte for byte, at any offset in its buffer", () => {
  const memory = memoryWith(12, 144, [0, 3 * PAGE + 7, 3 * PAGE + 8, 7 * PAGE, 11 * PAGE + 65535, 12 * PAGE + 100]);
  for (const shift of [0, 1, 3]) { // a view that does not start on a 4-byte boundary checks byte by byte
    const buffer = new Uint8Array(memory.length + shift);
    buffer.set(memory, shift);
    const view = buffer.subarray(shift);
    const { bytes, runs, pages } = packPages(view);
    assert.equal(bytes, memory.length);
    assert.ok(pages.reduce((n, p) => n + p.length, 0) < memory.length / 2);
    assert.deepEqual(unpackPages(bytes, runs, stored(pages)), memory);
  }
});

test("an all-zero snapshot keeps nothing and comes back as zeros", () => {
  const { bytes, runs, pages } = packPages(new Uint8Array(3 * PAGE));
  assert.deepEqual(runs, []);
  assert.deepEqual(unpackPages(bytes, runs, stored(pages)), new Uint8Array(3 * PAGE));
});

test("a record that does not describe the bytes kept is refused", () => {
  const memory = memoryWith(4, 0, [10, 2 * PAGE + 1]);
  const { bytes, runs, pages } = packPages(memory);
  const kept = stored(pages);
  assert.throws(() => unpackPages(bytes, runs, kept.slice(0, 2048)), /does not fit|bytes kept/);
  assert.throws(() => unpackPages(bytes, runs, stored([...pages, new Uint8Array(5)])), /5 bytes kept|bytes kept/);
  assert.throws(() => unpackPages(bytes, [[0, PAGE], [PAGE - 1, PAGE]], kept), /does not fit/); // overlapping
  assert.throws(() => unpackPages(bytes, [[3 * PAGE + 1, PAGE]], kept), /does not fit/); // past the end
  assert.throws(() => unpackPages(bytes, [[0, -PAGE]], kept), /does not fit/);
  assert.throws(() => unpackPages(bytes, "runs", kept), /not a paged record/);
  assert.throws(() => unpackPages(Number.NaN, runs, kept), /not a paged record/);
  assert.throws(() => unpackPages(bytes, [["0", PAGE]], kept), /does not fit/);
});
