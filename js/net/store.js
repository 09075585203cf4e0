// @ts-check
/**
 * What a network table keeps across reloads, in localStorage (small JSON):
 * the host's table (secret, seats, tokens, action log, round) under
 * parlour.p2p.host.<id>, and each guest's record (seat, token, the hashes of
 * the views it was sent, the commitments it saw) under parlour.p2p.guest.<id>.
 * A reloaded host restores from its copy; a reloaded guest keeps its record so
 * the fairness check at the end still covers the whole game.
 */

const PREFIX = "parlour.p2p.";

/** @param {string} key @returns {any} */
function read(key) {
  try {
    const text = localStorage.getItem(PREFIX + key);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** @param {string} key @param {any} value */
function write(key, value) {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch { /* storage full or off: play goes on, a reload will not restore */ }
}

/** @param {string} id */
export const loadHosted = (id) => read(`host.${id}`);
/** @param {string} id @param {any} record */
export const saveHosted = (id, record) => write(`host.${id}`, { ...record, updated: Date.now() });
/** @param {string} id */
export const forgetHosted = (id) => { try { localStorage.removeItem(`${PREFIX}host.${id}`); } catch { /* off */ } };

/** @param {string} table */
export const loadGuest = (table) => read(`guest.${table}`);
/** @param {string} table @param {any} record */
export const saveGuest = (table, record) => write(`guest.${table}`, record);

/** Which table an invite code led to (so a reload with the same link finds its record). @param {string} code */
export const tableForInvite = (code) => read(`invite.${code.slice(0, 40)}`);
/** @param {string} code @param {string} table */
export const rememberInvite = (code, table) => write(`invite.${code.slice(0, 40)}`, table);

/** The table this browser last joined as a guest (sent in hello so a rejoin keeps its seat and record). */
export const lastGuestTable = () => read("guest.last");
/** @param {string} table */
export const setLastGuestTable = (table) => write("guest.last", table);
