// @ts-check
/**
 * Network settings: which ICE (STUN/TURN) servers to ask for addresses.
 *
 * By default one public STUN server, so players behind home routers find each
 * other across the internet.  An empty list keeps everything on the local
 * network (and is what the tests use).  Stored in localStorage; `?ice=` in
 * the address overrides it for one visit (empty: none).  Servers learn the
 * addresses of the devices that use them, so an address naming servers that
 * are not the person's own setting is used only once the person agrees
 * (js/tables/p2p-settings.js asks; the answer holds for this tab's visit).
 */

export const DEFAULT_ICE_TEXT = "stun:stun.l.google.com:19302";
const KEY = "parlour.iceServers";
const CONSENT = "parlour.iceConsent";

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

/** The servers the address asks for with `?ice=`, or null when it names none. */
export function linkIceText() {
  const params = new URLSearchParams(location.search);
  return params.has("ice") ? params.get("ice") ?? "" : null;
}

/** The person's own setting: saved, else the default. */
export function ownIceText() {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved !== null) return saved;
  } catch { /* storage off */ }
  return DEFAULT_ICE_TEXT;
}

/** @param {string} text */
function serversIn(text) {
  try { return parseIceServers(text); } catch { return []; }
}

/** No servers, or the person's own: safe to use without asking. @param {string} link */
function safeLink(link) {
  return !serversIn(link).length || link.trim() === ownIceText().trim();
}

/** This tab's answer about the address's servers: "yes", "no" or null (not asked). */
function linkIceAnswer() {
  try {
    const answer = sessionStorage.getItem(CONSENT) ?? "";
    const link = linkIceText();
    return answer === `yes:${link}` ? "yes" : answer === `no:${link}` ? "no" : null;
  } catch { return null; }
}

/** Does `?ice=` name servers that are not the person's own, with no answer yet? */
export function linkIceNeedsConsent() {
  const link = linkIceText();
  return link !== null && !safeLink(link) && linkIceAnswer() === null;
}

/** @param {boolean} accept use the address's servers for this visit, or keep one's own */
export function answerLinkIce(accept) {
  try { sessionStorage.setItem(CONSENT, `${accept ? "yes" : "no"}:${linkIceText()}`); } catch { /* storage off: asked again */ }
}

/** The ICE-server text in force: ?ice= when safe or agreed to, else the saved setting, else the default. */
export function iceText() {
  const link = linkIceText();
  if (link !== null && (safeLink(link) || linkIceAnswer() === "yes")) return link;
  return ownIceText();
}

/** Did the person choose ICE servers themselves (rather than the default)? */
export function iceChosen() {
  if (linkIceText() !== null && iceText() === linkIceText()) return true;
  try { return localStorage.getItem(KEY) !== null; } catch { return false; }
}

/** A line saying which servers a connection uses. @param {RTCIceServer[]} servers */
export function describeIce(servers) {
  if (!servers.length) return "Network servers: none (devices on this network only).";
  return `Network servers: ${servers.map((s) => [s.urls].flat().join(" ")).join(", ")}.`;
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
