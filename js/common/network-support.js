// @ts-check
/**
 * Can this browser play over the network?  Network tables need WebRTC data
 * channels (RTCPeerConnection) and WebCrypto's subtle API (signatures, hashes).
 * Some browsers lack the first: WebKitGTK as Debian builds it has no
 * RTCPeerConnection at all.  Games on this device work there all the same, so
 * the app says so where network play would start instead of failing.
 */

/** The sentence shown wherever network play would start in a browser without it. */
export const NO_NETWORK_PLAY = "This browser cannot play over the network; games on this device work.";

/** @returns {boolean} */
export function networkPlaySupported() {
  return typeof globalThis.RTCPeerConnection === "function" && !!globalThis.crypto?.subtle;
}

/** The sentence shown where play by links would start in a browser that cannot do it. */
export const NO_MAIL_PLAY = "This browser cannot play by sending links (it lacks WebCrypto); games on this device work.";

/** Can this browser play by sending links?  It needs WebCrypto (keys, signatures, encryption), not WebRTC. @returns {boolean} */
export function mailPlaySupported() {
  return !!globalThis.crypto?.subtle;
}
