// @ts-check
/**
 * What a table played by sending links shows (docs/correspondence.md): the link to send next, as text with Copy,
 * Share where the browser has it, and a QR code (js/tables/p2p-codes.js `codeCard`); and the box where a link
 * that came back is pasted.  Used by the host's panel (one link per seat) and by the guest's (one link).
 * Cards are built once per link and kept, so redrawing a panel never redraws a QR code or loses a half-pasted link.
 */
import { h, toast } from "../common/dom.js";
import { codeCard } from "./p2p-codes.js";

/** @type {Map<string, HTMLElement>} the card of each link on screen (a few at a time) */
const cards = new Map();

/**
 * Longer links than this may be cut by some messengers (and make no QR code a phone reads well): the card offers
 * the link as a file too, which the other side opens with its "Open a link file" button.
 */
export const LONG_LINK = 2000;

/**
 * A link to send, as a card (kept per link); a long one can be saved as a file as well.
 * @param {import("../engine/bridge.js").Engine} engine @param {string} link @param {string} label @param {string} cls
 */
export function linkCard(engine, link, label, cls) {
  let card = cards.get(link);
  if (!card) {
    card = codeCard({ label, text: link, cls, engine, shareTitle: "My move at our Parlour table" });
    card.dataset.chars = String(link.length);
    if (link.length > LONG_LINK) {
      card.append(h("div", { class: "mail-long" }, [
        h("p", { class: "hint" }, [
          `This link is long (${link.length.toLocaleString("en")} characters): some messengers cut long links. `
          + "If yours does, save it as a file and send the file; the other player opens it with “Open a link file”.",
        ]),
        h("button", { type: "button", class: "mail-save", onclick: () => saveLinkFile(link) }, ["Save as a file"]),
      ]));
    }
    cards.set(link, card);
    if (cards.size > 12) cards.delete(/** @type {string} */ (cards.keys().next().value));
  }
  return card;
}

/**
 * The host's row for a seat playing by links: its next link, or that it has everything.
 * @param {import("./host-table.js").HostTable} host @param {number} i @param {import("./host-table.js").Conn} conn
 */
export function mailSeatBlock(host, i, conn) {
  const name = host.names[i];
  if (!conn.mailLink) {
    return h("p", { class: "hint mail-nothing", "data-seat": i }, [`${name} has every move: nothing to send until their link comes.`]);
  }
  const theirTurn = host.waitingFor().includes(i);
  return h("div", { class: "mail-out", "data-seat": i, "data-turn": theirTurn ? "yes" : "no" }, [
    h("p", {}, [host.over ? `The game is over: send ${name} this last link (the game's record, for their own check).`
      : theirTurn ? `It is ${name}'s turn: send them this link.` : `Send ${name} this link when you like (it is not their turn).`]),
    linkCard(host.engine, conn.mailLink, `Link for ${name}`, "mail-link"),
  ]);
}

/**
 * A text field and an Open button; `onOpen` says whether the link was taken (the field empties then).
 * @param {string} placeholder @param {(text: string) => Promise<boolean>} onOpen
 */
export function pasteBox(placeholder, onOpen) {
  const input = /** @type {HTMLInputElement} */ (h("input", {
    type: "text", class: "mail-input", placeholder, spellcheck: "false", autocomplete: "off", "aria-label": placeholder,
  }));
  const button = /** @type {HTMLButtonElement} */ (h("button", {
    type: "button", class: "primary mail-open", onclick: async () => {
      const text = input.value.trim();
      if (!text) return;
      button.disabled = true;
      try {
        // emptied only if it still holds this link: one pasted while this one was being opened waits its turn
        if ((await onOpen(text)) && input.value.trim() === text) input.value = "";
      } catch (err) {
        toast(err instanceof Error ? err.message : String(err));
      } finally {
        button.disabled = false;
      }
    },
  }, ["Open link"]));
  const file = /** @type {HTMLInputElement} */ (h("input", {
    type: "file", class: "mail-file", accept: ".txt,text/plain", hidden: true, "aria-label": "A link file",
    onchange: async () => {
      const chosen = file.files?.[0];
      file.value = "";
      if (!chosen) return;
      if (chosen.size > 1_000_000) { toast("That file is too large to be a Parlour link."); return; }
      try {
        await onOpen(await chosen.text());
      } catch (err) {
        toast(err instanceof Error ? err.message : String(err));
      }
    },
  }));
  const fromFile = h("button", { type: "button", class: "mail-open-file", onclick: () => file.click() }, ["Open a link file…"]);
  return h("div", { class: "mail-box" }, [input, button, fromFile, file]);
}

/** Save a long link as a small text file (the address alone, as it would be pasted). @param {string} link */
function saveLinkFile(link) {
  const url = URL.createObjectURL(new Blob([`${link}\n`], { type: "text/plain" }));
  const a = /** @type {HTMLAnchorElement} */ (h("a", { href: url, download: "parlour-link.txt" }));
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
