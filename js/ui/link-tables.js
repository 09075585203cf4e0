// @ts-check
/**
 * The lobby's tables played by sending links (docs/correspondence.md): those where this browser hosts and those
 * where it holds a seat, in two lists, "Waiting for you" (a move to make or a link to send) and "Waiting for
 * others", each with its last move and the time since.  Opening one goes to its address, as a link would.
 * Read from the records the tables keep (js/net/store.js); nothing here knows a game's rules.
 */
import { h } from "../common/dom.js";
import { listHosted, listMail, loadGuest } from "../net/store.js";

/** The address part a table played by links opens at (js/net/mail-invite.js `MAIL_ROUTE`; the lobby may not import js/net beyond its store). */
const MAIL_ROUTE = "#mail=";

/** How long ago, in words. @param {number} then @param {number} now */
function since(then, now) {
  const minutes = Math.max(0, Math.round((now - then) / 60_000));
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  return `${days} day${days === 1 ? "" : "s"} ago`;
}

/**
 * @typedef {{key: string, title: string, role: string, waiting: "you"|"others", last: string, at: number, open: string}} LinkTable
 */

/** Every unfinished table played by links in this browser. @returns {LinkTable[]} */
export function linkTables() {
  /** @type {LinkTable[]} */
  const out = [];
  for (const r of listHosted()) {
    if (!(r.byLinks ?? r.mail) || r.over || !r.mailStatus) continue;
    out.push({
      key: `host-${r.id}`, title: r.mailStatus.title, role: "you host", waiting: r.mailStatus.waiting,
      last: r.mailStatus.last, at: r.mailStatus.at, open: `#host=${encodeURIComponent(r.id)}`,
    });
  }
  for (const r of listMail()) {
    if (r.over || typeof r.invite !== "string") continue;
    const session = loadGuest(r.table);
    if (session && r.protocol && (session.link_count ?? 0) > (r.protocol.linkNo ?? 0)) continue; // it went on live since
    out.push({
      key: `mail-${r.table}-${r.seat}`, title: r.title || "A game", role: `you play seat ${Number(r.seat) + 1}${r.name ? ` as ${r.name}` : ""}`,
      waiting: r.waiting === "you" ? "you" : "others", last: r.lastText ?? "", at: Number(r.lastMove) || Number(r.updated) || 0,
      open: `${MAIL_ROUTE}${r.invite}`,
    });
  }
  return out.sort((a, b) => b.at - a.at);
}

/** The lobby's section, or null when there is no such table. @param {number} [now] @returns {HTMLElement|null} */
export function linkTablesSection(now = Date.now()) {
  const tables = linkTables();
  if (!tables.length) return null;
  const open = (/** @type {LinkTable} */ t) => {
    location.assign(`${location.pathname}${location.search}${t.open}`);
    location.reload();
  };
  const list = (/** @type {"you"|"others"} */ who, /** @type {string} */ heading) => {
    const mine = tables.filter((t) => t.waiting === who);
    if (!mine.length) return null;
    return h("div", { class: `link-tables ${who}`, "data-waiting": who }, [
      h("h3", {}, [`${heading} (${mine.length})`]),
      h("ul", { class: "saved-list" }, mine.map((t) => h("li", { class: "saved-game link-table", "data-link-table": t.key }, [
        h("div", { class: "saved-what" }, [
          h("strong", {}, [t.title]), ` · ${t.role}`,
          h("div", { class: "hint" }, [`${t.last ? `${t.last} · ` : ""}${since(t.at, now)}`]),
        ]),
        h("div", { class: "saved-buttons" }, [
          h("button", { type: "button", class: who === "you" ? "primary open-link-table" : "open-link-table", onclick: () => open(t) }, ["Open"]),
        ]),
      ]))),
    ]);
  };
  return h("section", { class: "link-tables-all", "aria-label": "Tables played by links" }, [
    h("h2", {}, ["Tables played by links"]),
    ...[list("you", "Waiting for you"), list("others", "Waiting for others")].filter((x) => x !== null),
  ]);
}
