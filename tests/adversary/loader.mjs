// Module hooks (node >= 20.6, registered by register.mjs): the harness's stand-ins replace a few
// product modules, for every importer, while everything else loads unchanged from the tree.
//
// A stand-in imports the module it replaces as "<path>?real" when it keeps some of its exports.
// When the real module exports a name the stand-in does not (the product changed), the stand-in
// gains a permissive export of that name (stubs/permissive.mjs), so the harness keeps loading.
import { readFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = new URL("../../", import.meta.url);
const STUBS = new URL("./stubs/", import.meta.url);

/** Product module (path from the repository root) -> its stand-in under tests/adversary/stubs/. */
export const REPLACED = {
  "js/engine/bridge.js": "bridge.js",
  "js/net/peer.js": "peer.js",
  "js/common/dom.js": "dom.js",
  "js/tables/table-view.js": "table-view.js",
  "js/tables/host-panel.js": "host-panel.js",
  "js/tables/p2p-join.js": "p2p-join.js",
  "js/store/table-lock.js": "table-lock.js",
  "js/store/games-db.js": "games-db.js",
};

const byStub = new Map(Object.entries(REPLACED).map(([realPath, stub]) => [new URL(stub, STUBS).href, realPath]));

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  const url = resolved.url;
  if (!url.startsWith(ROOT.href) || url.includes("?")) return resolved; // "?real": the module itself
  const path = url.slice(ROOT.href.length);
  const stub = REPLACED[path];
  if (!stub) return resolved;
  return { url: new URL(stub, STUBS).href, format: "module", shortCircuit: true };
}

const EXPORTED = [
  /export\s+(?:async\s+)?(?:function\s*\*?|class|const|let|var)\s+([A-Za-z_$][\w$]*)/g,
];

function exportNames(source) {
  const names = new Set();
  for (const re of EXPORTED) for (const m of source.matchAll(re)) names.add(m[1]);
  for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of m[1].split(",")) {
      const name = part.trim().split(/\s+as\s+/).pop()?.trim();
      if (name) names.add(name);
    }
  }
  if (/export\s+default\b/.test(source)) names.add("default");
  return names;
}

export async function load(url, context, next) {
  const realPath = byStub.get(url.split("?")[0]);
  if (!realPath) return next(url, context);
  const source = await readFile(fileURLToPath(url), "utf8");
  if (/export\s*\*\s*from\s*["'][^"']*\?real["']/.test(source)) return { format: "module", source, shortCircuit: true };
  let wanted;
  try {
    wanted = exportNames(await readFile(fileURLToPath(new URL(realPath, ROOT)), "utf8"));
  } catch {
    wanted = new Set();
  }
  const have = exportNames(source);
  const missing = [...wanted].filter((n) => !have.has(n));
  if (!missing.length) return { format: "module", source, shortCircuit: true };
  const helper = new URL("permissive.mjs", STUBS).href;
  const extra = [`import { permissive as __permissive } from ${JSON.stringify(helper)};`,
    ...missing.map((n) => (n === "default" ? `export default __permissive("default");` : `export const ${n} = __permissive(${JSON.stringify(n)});`))];
  return { format: "module", source: `${source}\n${extra.join("\n")}\n`, shortCircuit: true };
}

export { pathToFileURL };
