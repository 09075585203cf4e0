// @ts-check
/**
 * Before a table plays, its tab must own it (js/store/table-lock.js): a saved
 * game resumed in a second tab, or a hosted table restored in one, would
 * otherwise save over the first tab's moves, and a guest's invite link opened
 * in two tabs would answer the host twice.  `ownTable` is the one call the
 * tables make.  When another tab has the table, it says so at the top of the
 * table and offers what a page can do: a page cannot bring another tab
 * forward, so the person is told to switch to it themselves; this tab can take
 * over as soon as the other one closes or leaves the game, show the game
 * read-only meanwhile (local tables), or go back to the lobby.  A tab that
 * took over reads the network records afresh (js/net/store.js), so it goes on
 * from the other tab's last copy.
 */
import { h, toast } from "../common/dom.js";
import { claimTable } from "../store/table-lock.js";
import { refreshNetworkStore } from "../net/store.js";

/**
 * @typedef {import("../store/table-lock.js").TableClaim} TableClaim
 * @typedef {{hosted?: boolean, guest?: boolean, readOnly?: () => Promise<void>, refused?: () => void}} OwnOptions
 *   hosted: a network table (worded as hosting); guest: an invite link a guest opened (worded as the invite);
 *   readOnly: draws the game as last saved, without moves;
 *   refused: called once when another tab has the table (the table shows it is not playing)
 * @typedef {{what: string, why: string, leaves: string, noCheck: string}} Wording
 */

const NO_CHECK = "This browser cannot tell whether this game is open in another tab: play it in one tab only, "
  + "or the tabs will save over each other's moves.";

/** What the notice says for each kind of table: why one tab only, what "leaving" it is, and the warning where no check is possible. */
const WORDING = /** @type {Record<"local"|"hosted"|"guest", Wording>} */ ({
  local: {
    what: "This game is open in another tab",
    why: "Only one tab plays a game at a time, so that neither saves over the other's moves.",
    leaves: "leaves the game", noCheck: NO_CHECK,
  },
  hosted: {
    what: "This table is hosted in another tab",
    why: "Only one tab hosts a table at a time: two would answer the same guests with different games.",
    leaves: "leaves the game", noCheck: NO_CHECK,
  },
  guest: {
    what: "This invite is already open in another tab of this browser",
    why: "Only one tab answers an invite: the host can seat one answer code, and two tabs would make two.",
    leaves: "leaves the table",
    noCheck: "This browser cannot tell whether this invite is open in another tab: answer it in one tab only.",
  },
});

/**
 * Own the table `id` in this tab.  Resolves with the held claim
 * (at once when no other tab has it, or once the person chose to take over and
 * the other tab let go; then `claim.waited` is true and the game should be read
 * again), or with null when the person went back to the lobby instead.
 * @param {HTMLElement} root the table's root: the notice goes under its bar (or first, with no bar)
 * @param {string} id the saved game's id, `host-<id>` for a hosted table, `guest-<invite hash>` for an invite
 * @param {OwnOptions} [options]
 * @returns {Promise<TableClaim|null>}
 */
export async function ownTable(root, id, options = {}) {
  const words = WORDING[options.guest ? "guest" : options.hosted ? "hosted" : "local"];
  const claim = await claimTable(id);
  if (claim.held) {
    if (claim.how === "none") toast(words.noCheck, "info");
    return claim;
  }
  options.refused?.();
  return new Promise((resolve) => {
    const waiting = h("p", { class: "table-elsewhere-waiting", hidden: true }, [
      `Waiting for the other tab: this one takes over as soon as that tab is closed or ${words.leaves}.`,
    ]);
    const takeOver = /** @type {HTMLButtonElement} */ (h("button", {
      type: "button", class: "primary take-over", id: "take-over",
      onclick: async () => {
        takeOver.disabled = true;
        takeOver.textContent = "Waiting to take over…";
        waiting.hidden = false;
        if (await claim.whenFree()) {
          // the other tab's last writes may still be on their way here (js/net/record-db.js): read them where they are kept
          await refreshNetworkStore();
          notice.remove();
          resolve(claim);
        }
      },
    }, ["Take over when that tab closes"]));
    const readOnly = options.readOnly;
    const look = readOnly ? /** @type {HTMLButtonElement} */ (h("button", {
      type: "button", class: "read-only", id: "read-only",
      onclick: async () => {
        look.disabled = true;
        try {
          await readOnly();
          look.textContent = "Show the latest moves";
        } catch (err) {
          toast(`The game could not be shown: ${err && err.message || err}`);
        } finally {
          look.disabled = false;
        }
      },
    }, ["Look at it read-only"])) : null;
    const back = h("button", {
      type: "button", class: "back-to-lobby",
      onclick: () => { claim.release(); notice.remove(); resolve(null); },
    }, ["Back to the lobby"]);
    const notice = h("section", { class: "table-elsewhere", id: "table-elsewhere", role: "alert", "data-how": claim.how }, [
      h("h2", {}, [words.what]),
      h("p", {}, [words.why, " A page cannot bring another tab forward: switch to it in your browser's tabs ",
        "(it may be in another window)."]),
      waiting,
      h("div", { class: "table-elsewhere-buttons" }, [takeOver, look, back]),
    ]);
    const bar = root.querySelector(".table-bar");
    if (bar) bar.after(notice);
    else root.prepend(notice);
  });
}
