// Module hook (registered by tests/vendor-register.mjs, and by the adversary harness's register.mjs): the
// page's vendored modules (build.py's VENDORED_MODULES: copied into dist/ at build time, never in the source
// tree) resolve to their pinned npm packages in .cache/, so the suite's node code runs the sources unbundled.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = new URL("../", import.meta.url);
/** Vendored module (path from the repository root) -> its file in .cache/ (build.py fetches it: fetch_fflate). */
const VENDORED = { "js/vendor/fflate.js": ".cache/fflate-0.8.2/esm/index.mjs" };

export async function resolve(specifier, context, next) {
  if (specifier.endsWith("/vendor/fflate.js") && context.parentURL?.startsWith(ROOT.href)) {
    const url = new URL(specifier, context.parentURL).href;
    const path = url.slice(ROOT.href.length);
    const cached = VENDORED[path];
    if (cached) {
      const target = new URL(cached, ROOT);
      if (!existsSync(fileURLToPath(target))) {
        throw new Error(`${cached} is missing: run "python3 build.py build" (or the suite) once to fetch it.`);
      }
      return { url: target.href, format: "module", shortCircuit: true };
    }
  }
  return next(specifier, context);
}
