// WebCrypto as a device sees it: getRandomValues seeded per device (when the run asks), and every `subtle` call a
// step of the device's run (clock.mjs), so its result lands in the order the calls were made, whatever order node's
// thread pool finishes them in.
//
// SHA digests (and, with PARLOUR_HARNESS_FAST_ECDSA=1, ECDSA P-256 signing and verifying) are answered by node's
// synchronous crypto in a resolved promise: the same bytes, without WebCrypto's job hop (and with no real work in
// flight, so no step).  Imported keys are kept per run: js/net/keys.js keeps imported public keys in a cache that
// every device and run of this node process shares (each browser tab has its own), so whether a verify finds its
// key there would depend on what other runs did meanwhile; here the same import in the same run always returns the
// same promise, whether or not the product's own cache still had it.
import { createHash, KeyObject, sign as nodeSign, verify as nodeVerify, webcrypto } from "node:crypto";
import { als, outside, real } from "./context.mjs";
import { settleLater } from "./perturb.mjs";

const HASHES = { "SHA-1": "sha1", "SHA-256": "sha256", "SHA-384": "sha384", "SHA-512": "sha512" };

function algorithmName(a) {
  return typeof a === "string" ? a.toUpperCase() : typeof a?.name === "string" ? a.name.toUpperCase() : null;
}

function bytesOf(data) {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return null;
}

function fastDigest(algorithm, data) {
  const hash = HASHES[algorithmName(algorithm)];
  const bytes = bytesOf(data);
  if (!hash || !bytes) return null;
  const out = createHash(hash).update(bytes).digest();
  return Promise.resolve(out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength));
}

function ecdsaOk(algorithm, key, type, usage) {
  return algorithmName(algorithm) === "ECDSA" && algorithmName(algorithm.hash) === "SHA-256" && key?.type === type
    && key.algorithm?.name === "ECDSA" && key.algorithm?.namedCurve === "P-256" && key.usages?.includes(usage);
}

function fastSign(algorithm, key, data) {
  const bytes = bytesOf(data);
  if (!bytes || !ecdsaOk(algorithm, key, "private", "sign")) return null;
  try {
    const sig = outside(() => nodeSign("sha256", bytes, { key: KeyObject.from(key), dsaEncoding: "ieee-p1363" }));
    return Promise.resolve(sig.buffer.slice(sig.byteOffset, sig.byteOffset + sig.byteLength));
  } catch {
    return null;
  }
}

function fastVerify(algorithm, key, signature, data) {
  const bytes = bytesOf(data);
  const sig = bytesOf(signature);
  if (!bytes || !sig || sig.length !== 64 || !ecdsaOk(algorithm, key, "public", "verify")) return null;
  try {
    return Promise.resolve(outside(() => nodeVerify("sha256", bytes, { key: KeyObject.from(key), dsaEncoding: "ieee-p1363" }, sig)));
  } catch {
    return null;
  }
}

/** What identifies an import: the same arguments give the same key. */
function importId(format, keyData, algorithm, extractable, usages) {
  const bytes = bytesOf(keyData);
  const data = bytes ? Buffer.from(bytes).toString("base64") : JSON.stringify(Object.entries(keyData ?? {}).sort());
  return JSON.stringify([format, data, algorithm, extractable, usages]);
}

const fast = { digest: fastDigest, ...(process.env.PARLOUR_HARNESS_FAST_ECDSA ? { sign: fastSign, verify: fastVerify } : {}) };

const subtle = new Proxy(webcrypto.subtle, {
  get(target, prop) {
    const v = Reflect.get(target, prop, target);
    if (typeof v !== "function") return v;
    return (...args) => {
      const quick = fast[prop]?.(...args);
      if (quick) return quick;
      const c = als.getStore();
      const run = c?.run && !c.run.closed ? c.run : null;
      if (!run) return v.apply(target, args);
      let id = null;
      if (prop === "importKey") {
        id = importId(...args);
        const known = run.importedKeys?.get(id);
        if (known) return known;
      }
      // node's job is the run's step, not a device's own work (async-audit.mjs): made as no device; it lands in order
      const p = run.defer("crypto", settleLater(c.device, outside(() => v.apply(target, args))), String(prop));
      if (id) (run.importedKeys ??= new Map()).set(id, p);
      return p;
    };
  },
});

export const cryptoStub = {
  subtle,
  getRandomValues(array) {
    const rng = als.getStore()?.device?.cryptoRng;
    if (!rng) return real.getRandomValues(array);
    rng.fill(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
    return array;
  },
  randomUUID: () => webcrypto.randomUUID(),
};
