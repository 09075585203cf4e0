// @ts-check
/**
 * Network settings: which ICE (STUN/TURN) servers to ask for addresses.
 *
 * By default one public STUN server, so players behind home routers find each
 * other across the internet.  An empty list keeps everything on the local
 * network (and is what the tests use).  Stored in localStorage; `?ice=` in
 * the address overrides it for one visit (empty: none).
 */

export const DEFAULT_ICE_TEXT = "stun:stun.l.google.com:19302";
const KEY = "parlour.iceServers";

/** @param {string} text @returns {RTCIceServer[]} */
export function parseIceServers(text) {
  const trimmed = text.trim();
  if (!trimmed || trimmed === "none") return [];
  if (trimmed.startsWith("[")) {
    const list = JSON.parse(trimmed);
    if (!Array.isArray(list)) throw new Error("ICE servers must be a list.");
    return list;
  }
  return trimmed.split(/[\s,]+/).map((url) => {
    if (!/^(stun|turns?):/.test(url)) throw new Error(`${url} is not a stun: or turn: address.`);
    return { urls: url };
  });
}

/** The ICE-server text in force: ?ice=, then the saved setting, then the default. */
export function iceText() {
  const params = new URLSearchParams(location.search);
  if (params.has("ice")) return params.get("ice") ?? "";
  try {
    const saved = localStorage.getItem(KEY);
    if (saved !== null) return saved;
  } catch { /* storage off */ }
  return DEFAULT_ICE_TEXT;
}

/** Did the person choose ICE servers themselves (rather than the default)? */
export function iceChosen() {
  if (new URLSearchParams(location.search).has("ice")) return true;
  try { return localStorage.getItem(KEY) !== null; } catch { return false; }
}

/** @param {string} text */
export function saveIceText(text) {
  parseIceServers(text); // refuse a malformed setting before keeping it
  try { localStorage.setItem(KEY, text.trim()); } catch { /* storage off */ }
}

/** @returns {RTCIceServer[]} */
export function iceServers() {
  try {
    return parseIceServers(iceText());
  } catch {
    return parseIceServers(DEFAULT_ICE_TEXT);
  }
}

export function defaultIceServers() {
  return parseIceServers(DEFAULT_ICE_TEXT);
}
