// @ts-check
/**
 * The lobby's list of saved games: games in progress to resume, lately
 * finished ones to replay, export or delete, and a button to open a record
 * file.  Drawn from IndexedDB, so it needs no Python.  A network game says so:
 * a hosted one its table code, a joined one (a guest's) the verdict of its end
 * check, kept up to date while the check runs (js/tables/recheck-service.js),
 * with the table code and the ledger code.  The tables played by links come
 * first, and follow what another tab of this browser writes to them.
 */
import { linkTablesSection } from "./link-tables.js";
import { h, seatName, toast } from "../common/dom.js";
import { deleteGame, listGames } from "../store/games-db.js";
import { downloadRecord } from "../store/records.js";
import { formatBytes, storageState } from "../store/persistence.js";
import { tablesInUse } from "../store/table-lock.js";
import { forgetHosted, onNetworkStoreChange } from "../net/store.js";
import { checkUnfinished, onEndCheck, stopCheck } from "../tables/recheck-signals.js";
import { drawVerdictLine } from "../tables/verdict.js";

/**
 * @typedef {import("../store/games-db.js").SavedGame} SavedGame
 * @typedef {{onResume: (g: SavedGame) => void, onReplay: (g: SavedGame) => void, onOpenFile: (f: File) => void}} Handlers
 */

/** "3 minutes ago", "yesterday", … for the list. @param {number} then @param {number} now */
export function ago(then, now = Date.now()) {
  const s = Math.max(0, Math.round((now - then) / 1000));
  const units = [["day", 86400], ["hour", 3600], ["minute", 60]];
  for (const [unit, size] of units) {
    const n = Math.floor(s / Number(size));
    if (n >= 1) return n === 1 && unit === "day" ? "yesterday" : `${n} ${unit}${n > 1 ? "s" : ""} ago`;
  }
  return "just now";
}

/** "1 move", "12 moves". @param {SavedGame} g */
function moves(g) {
  return `${g.actions.length} move${g.actions.length === 1 ? "" : "s"}`;
}

/** @param {SavedGame} g */
function players(g) {
  return g.seats.map(seatName).join(", ");
}

/**
 * Whether two or more people play `g` (on this device or others): its record, which holds every hidden
 * value, is then offered only once the game is over, as at the table.
 * @param {SavedGame} g
 */
function shared(g) {
  return g.seats.filter((s) => s.kind === "human" || s.kind === "remote").length > 1;
}

/** Why a game of several people offers no Export until it ends, said on its row. */
export const SHARED_EXPORT_WAITS = "Export comes at the end: until then a record would show every player's hidden pieces";

/** @param {SavedGame} g */
function outcome(g) {
  const winners = (g.result?.winners || []).map((w) => g.seats[w]?.name ?? `Seat ${w + 1}`);
  return winners.length === 1 ? `${winners[0]} won` : `draw: ${winners.join(", ")}`;
}

/** What the row says of a network game before its moves: hosted (with the table code) or joined. @param {SavedGame} g */
function networkNote(g) {
  if (g.host) return `hosted for other devices${g.code ? ` · table code ${g.code}` : ""} · `;
  if (g.guest) return g.guest.seat === null ? "watched on another device's table · " : `joined as ${g.seats[g.guest.seat]?.name ?? "a guest"} · `;
  return "";
}

/** A guest's verdict line on its row (js/tables/verdict.js draws it), or nothing. @param {SavedGame} g */
function verdictLine(g) {
  if (!g.guest || !g.verdict) return "";
  const el = h("p", { class: "fairness saved-verdict" });
  drawVerdictLine(el, /** @type {any} */ (g.verdict), g.seats.map((s) => s.name));
  return el;
}

/** Stops the list's last subscription to the checks' progress (each drawing subscribes afresh). */
let stopListening = () => {};
let stopFollowing = () => {};
/** @type {ReturnType<typeof setTimeout>|undefined} */
let followTimer;
/** How long the list waits for a burst of another tab's writes (a table saves after every move) to end. */
const FOLLOW_MS = 250;

/**
 * Another tab changed the network records (it hosts or plays a table by links): the list of tables played by
 * links is drawn again, in place, as that tab left them; the focus stays on the table it was on.
 * @param {HTMLElement} root
 */
function followLinkTables(root) {
  clearTimeout(followTimer);
  followTimer = setTimeout(() => {
    if (root.hidden || !root.isConnected) return; // drawn afresh when the lobby shows again
    const old = root.querySelector(".link-tables-all");
    const active = document.activeElement;
    const focused = old && active && old.contains(active) ? active.closest("[data-link-table]")?.getAttribute("data-link-table") : null;
    const fresh = linkTablesSection();
    if (old && fresh) old.replaceWith(fresh);
    else if (old) old.remove();
    else if (fresh) root.prepend(fresh);
    if (focused && fresh) {
      const button = fresh.querySelector(`[data-link-table="${CSS.escape(focused)}"] button`);
      if (button instanceof HTMLElement) button.focus();
    }
  }, FOLLOW_MS);
}

/**
 * Whether the browser keeps saved games when space runs low (asked when the
 * first game is saved, js/store/persistence.js), and how much room Parlour uses.
 * @param {import("../store/persistence.js").StorageState} state
 */
function storageLine(state) {
  const kept = !state.api
    ? ["unknown", "This browser does not say whether it keeps saved games when space runs low: export records you want to keep."]
    : state.persisted === true
      ? ["kept", "Saved games are kept on this device: the browser will not clear them to make room."]
      : state.persisted === false
        ? ["may-clear", "The browser may clear saved games when space runs low — export records you want to keep."]
        : ["unknown", "The browser did not say whether it keeps saved games: export records you want to keep."];
  const size = state.usage !== null && state.quota !== null
    ? ` Parlour uses ${formatBytes(state.usage)} here (the offline copy of the app included) of the ${formatBytes(state.quota)} the browser allows it.`
    : "";
  return h("p", { class: "hint storage-status", id: "storage-status", "data-kept": kept[0] }, [kept[1], size]);
}

/**
 * Draw the list into `root` (again after each delete).
 * @param {HTMLElement} root @param {Handlers} handlers
 */
export async function renderSavedGames(root, handlers) {
  /** @type {SavedGame[]} */
  let games = [];
  const storage = storageState();
  const inUse = tablesInUse();
  try {
    games = await listGames();
  } catch (err) {
    root.replaceChildren(h("p", { class: "hint" }, [`Saved games are not available here (${err && err.message || err}).`]));
    return;
  }
  const openElsewhere = await inUse;
  const redraw = () => renderSavedGames(root, handlers);
  const remove = async (g) => {
    const elsewhere = openElsewhere.has(g.id) ? " It is open in another tab, which saves it again after its next move." : "";
    const checking = checkUnfinished(g) ? " Its fairness check stops." : "";
    if (!confirm(`Delete the saved ${g.title || g.game} game with ${players(g)}?${elsewhere}${checking}`)) return;
    if (g.guest) stopCheck(g.guest.table);
    try {
      await deleteGame(g.id);
    } catch (err) {
      toast(err && err.message || String(err));
      return;
    }
    if (g.host) forgetHosted(g.host.id);
    redraw();
  };
  /** A hosted game comes back through its own route: the table, its guests' seats and invites. */
  const resume = (g) => {
    if (!g.host) return handlers.onResume(g);
    location.assign(`${location.pathname}${location.search}#host=${encodeURIComponent(g.host.id)}`);
    location.reload();
  };
  const storageNote = games.length ? storageLine(await storage) : "";
  const row = (g, buttons, detail) => h("li", { class: "saved-game", "data-saved": g.id }, [
    h("div", { class: "saved-what" }, [
      h("strong", {}, [g.title || g.game]), " · ", players(g),
      h("div", { class: "hint" }, [detail]),
      verdictLine(g),
    ]),
    h("div", { class: "saved-buttons" }, buttons),
  ]);
  const exportButton = (g) => h("button", { type: "button", class: "export", onclick: () => downloadRecord(g) }, ["Export"]);
  const deleteButton = (g) => h("button", { type: "button", class: "delete", onclick: () => remove(g) }, ["Delete"]);
  const running = games.filter((g) => !g.result);
  const finished = games.filter((g) => g.result);
  const fileInput = h("input", {
    type: "file", accept: ".json,application/json", id: "open-record", class: "visually-hidden",
    onchange: (e) => {
      const file = e.target.files && e.target.files[0];
      e.target.value = "";
      if (file) handlers.onOpenFile(file);
    },
  });
  root.replaceChildren(
    linkTablesSection() ?? "",
    running.length ? h("h2", {}, ["Games in progress"]) : "",
    running.length ? h("ul", { class: "saved-list", id: "in-progress" }, running.map((g) => row(g, [
      h("button", { type: "button", class: "primary resume", onclick: () => resume(g) }, [g.host ? "Resume hosting" : "Resume"]),
      shared(g) ? null : exportButton(g), deleteButton(g), // an unfinished shared game's record holds every secret
    ], `${networkNote(g)}${moves(g)} · last played ${ago(g.updated)}`
      + (openElsewhere.has(g.id) ? " · open in another tab" : "")
      + (shared(g) ? ` · ${SHARED_EXPORT_WAITS}` : "")))) : "",
    finished.length ? h("details", { class: "finished" }, [
      h("summary", {}, [`Finished games (${finished.length})`]),
      h("ul", { class: "saved-list", id: "finished" }, finished.map((g) => row(g, [
        h("button", { type: "button", class: "replay", onclick: () => handlers.onReplay(g) }, ["Replay"]),
        exportButton(g), deleteButton(g),
      ], `${networkNote(g)}${outcome(g)} · ${moves(g)} · ${ago(g.updated)}`))),
    ]) : "",
    h("p", { class: "open-record-row" }, [
      fileInput,
      h("label", { for: "open-record", class: "button-like" }, ["Open a record file…"]),
      h("span", { class: "hint" }, [" Replay a game someone shared with you."]),
    ]),
    storageNote,
  );
  stopFollowing();
  stopFollowing = onNetworkStoreChange(() => followLinkTables(root));
  stopListening();
  stopListening = onEndCheck((g) => {
    const line = root.querySelector(`[data-saved="${CSS.escape(g.id)}"] .saved-verdict`);
    if (line instanceof HTMLElement && g.verdict) drawVerdictLine(line, /** @type {any} */ (g.verdict), g.seats.map((s) => s.name));
  });
}
