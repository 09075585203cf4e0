// @ts-check
/**
 * Brotli copies for build.py (tools/brotli_copies.py): node's zlib has brotli built in, so the build needs
 * no library of its own for it.  Usage: node brotli.mjs <jobs.json>, a list of [source, target] paths;
 * each target gets the source at brotli's best quality (11, the largest window), the same bytes every time.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";

for (const [source, target] of JSON.parse(readFileSync(process.argv[2], "utf8"))) {
  const data = readFileSync(source);
  writeFileSync(target, brotliCompressSync(data, { params: {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
    [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
  } }));
}
