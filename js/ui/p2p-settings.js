// @ts-check
/**
 * The lobby's network setting: the ICE (STUN/TURN) servers used to find a
 * way between devices.  A public STUN server by default (play across the
 * internet); empty for a local network only.
 */
import { h, toast } from "./dom.js";
import { DEFAULT_ICE_TEXT, iceText, saveIceText } from "../net/settings.js";

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
