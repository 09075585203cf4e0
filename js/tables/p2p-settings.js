// @ts-check
/**
 * The lobby's network setting: the ICE (STUN/TURN) servers used to find a
 * way between devices.  A public STUN server by default (play across the
 * internet); empty for a local network only.
 */
import { h, toast } from "../common/dom.js";
import { openModal } from "../common/modal.js";
import { answerLinkIce, DEFAULT_ICE_TEXT, describeIce, iceText, linkIceNeedsConsent, linkIceText, parseIceServers, saveIceText } from "../net/settings.js";

/**
 * When the address (`?ice=`) names network servers that are not the person's
 * own setting, ask before using them: they would see this device's network
 * address.  Resolves once answered (at once when there is nothing to ask).
 * @returns {Promise<void>}
 */
export function askAboutLinkServers() {
  if (!linkIceNeedsConsent()) return Promise.resolve();
  let servers = "";
  try { servers = describeIce(parseIceServers(linkIceText() ?? "")); } catch { servers = String(linkIceText()); }
  return new Promise((resolve) => {
    let close = () => {};
    const answer = (/** @type {boolean} */ yes) => { answerLinkIce(yes); close(); dialog.remove(); resolve(); };
    const dialog = h("div", { class: "overlay ice-consent", role: "dialog", "aria-modal": "true", "aria-labelledby": "ice-consent-title" }, [
      h("div", { class: "dialog" }, [
        h("h2", { id: "ice-consent-title" }, ["Use this link's network servers?"]),
        h("p", {}, ["The address you opened asks to connect through servers that are not in your own settings. ",
          "Those servers would learn your device's network address."]),
        h("p", { class: "ice-consent-servers" }, [servers]),
        h("div", { class: "dialog-buttons" }, [
          h("button", { type: "button", id: "ice-consent-no", class: "primary", onclick: () => answer(false) }, ["Use my own settings"]),
          h("button", { type: "button", id: "ice-consent-yes", onclick: () => answer(true) }, ["Use them for this visit"]),
        ]),
      ]),
    ]);
    document.body.append(dialog);
    close = openModal(dialog, { initial: /** @type {HTMLElement} */ (dialog.querySelector("#ice-consent-no")) });
  });
}

export function networkSettings() {
  const input = /** @type {HTMLInputElement} */ (h("input", {
    id: "ice-servers", type: "text", value: iceText(), spellcheck: "false", size: 40,
    placeholder: "empty: this network only", "aria-label": "ICE servers",
    onchange: () => {
      try {
        saveIceText(input.value);
      } catch (err) {
        toast(err.message);
      }
    },
  }));
  return h("details", { class: "lobby-row p2p-settings" }, [
    h("summary", {}, ["Network settings (friends on other devices)"]),
    h("p", { class: "hint" }, [
      "Friends on other devices join with an invite link and send back a short answer code: no server in between. ",
      `ICE servers help devices find each other across the internet (default ${DEFAULT_ICE_TEXT}); `,
      "leave it empty to play on this network only.",
    ]),
    h("label", { for: "ice-servers" }, ["ICE servers "]), input,
  ]);
}
