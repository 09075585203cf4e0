// @ts-check
/**
 * How the worker keeps Python's memory snapshot on the device: its pages that
 * hold anything, as they are, and where each run of them goes.
 *
 * Why not gzip: inflating the 30 MB snapshot (DecompressionStream) took about
 * 600 ms on the worker's own thread at every start, in Chromium on this
 * machine, and blocked Pyodide's downloads and its WebAssembly compile
 * meanwhile.  About half of the snapshot is pages of zeros (the heap Python
 * has not used yet): leaving them out keeps about 15 MB, which goes back into
 * place with a few copies and no decompression at all.
 *
 * Shared by the worker (js/engine/worker.js) and tests/snapshot_pages_cases.mjs.
 */

/** The run granularity: WebAssembly's page size, so a run is whole pages of the heap. */
export const PAGE = 65536;

/**
 * Whether bytes[start, end) are all zero.  Compares four bytes at a time where the view allows.
 * @param {Uint8Array} bytes @param {number} start @param {number} end
 */
function allZero(bytes, start, end) {
  let i = start;
  if ((bytes.byteOffset + i) % 4 === 0) {
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset + i, (end - i) >> 2);
    for (let w = 0; w < words.length; w++) if (words[w] !== 0) return false;
    i += words.length * 4;
  }
  for (; i < end; i++) if (bytes[i] !== 0) return false;
  return true;
}

/**
 * The runs of pages that are not all zero, as [offset, length] pairs in order;
 * neighbouring pages that hold something make one run.
 * @param {Uint8Array} memory @param {number} [page]
 * @returns {[number, number][]}
 */
export function nonzeroRuns(memory, page = PAGE) {
  /** @type {[number, number][]} */
  const runs = [];
  for (let start = 0; start < memory.length; start += page) {
    const end = Math.min(memory.length, start + page);
    if (allZero(memory, start, end)) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === start) last[1] += end - start;
    else runs.push([start, end - start]);
  }
  return runs;
}

/**
 * What is kept: the total length, the runs, and their bytes one after another.
 * @param {Uint8Array} memory
 * @returns {{bytes: number, runs: [number, number][], pages: Uint8Array[]}}
 */
export function packPages(memory) {
  const runs = nonzeroRuns(memory);
  return { bytes: memory.length, runs, pages: runs.map(([offset, length]) => memory.subarray(offset, offset + length)) };
}

/**
 * The snapshot again: zeros, with each run copied back to its place.  Throws
 * when the record does not describe `stored` (another format, a cut-off or
 * damaged record), so the worker starts Python the slow way instead.
 * @param {number} bytes the snapshot's length
 * @param {unknown} runs [offset, length] pairs
 * @param {ArrayBuffer} stored the runs' bytes one after another
 * @returns {Uint8Array}
 */
export function unpackPages(bytes, runs, stored) {
  if (!Number.isSafeInteger(bytes) || bytes <= 0 || !Array.isArray(runs)) throw new Error("snapshot: not a paged record");
  const memory = new Uint8Array(bytes);
  let read = 0;
  let end = 0;
  for (const run of runs) {
    const [offset, length] = Array.isArray(run) ? run : [];
    if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || length <= 0 || offset < end
        || offset + length > bytes || read + length > stored.byteLength) {
      throw new Error(`snapshot: run ${JSON.stringify(run)} does not fit a ${bytes}-byte snapshot`);
    }
    memory.set(new Uint8Array(stored, read, length), offset);
    read += length;
    end = offset + length;
  }
  if (read !== stored.byteLength) throw new Error(`snapshot: ${stored.byteLength} bytes kept, the runs name ${read}`);
  return memory;
}
