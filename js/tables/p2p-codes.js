// @ts-check
/**
 * The two codes of a network table on screen: a code (invite link or answer)
 * as text with a copy button, a QR code and, where the browser has it, the
 * Web Share API; the box where the host pastes an answer; and the table code
 * every screen shows once the game is dealt.
 * QR codes come from segno in the engine worker, as SVG shown in an <img>
 * (an image cannot run anything, whatever its content).
 */
import { h, toast } from "../common/dom.js";
import { COMPARE_LINE } from "../net/table-code.js";

/**
 * @param {{label: string, text: string, cls: string, engine: import("../engine/bridge.js").Engine, shareTitle: string}} opts
 * @returns {HTMLElement}
 */
export function codeCard(opts) {
  const field = h("textarea", { class: `code-text ${opts.cls}`, readonly: true, rows: 3, spellcheck: "false", "aria-label": opts.label });
  /** @type {HTMLTextAreaElement} */ (field).value = opts.text;
  const qr = h("div", { class: "qr", "aria-label": `QR code: ${opts.label}` }, [h("span", { class: "hint" }, ["Drawing the QR code…"])]);
  const buttons = h("div", { class: "code-buttons" }, [
    h("button", {
      type: "button", class: "copy", onclick: async () => {
        try {
          await navigator.clipboard.writeText(opts.text);
          toast("Copied.", "info");
        } catch {
          /** @type {HTMLTextAreaElement} */ (field).select();
          toast("Select the text and copy it (the browser refused the clipboard).", "info");
        }
      },
    }, ["Copy"]),
    "share" in navigator ? h("button", {
      type: "button", class: "share",
      onclick: () => navigator.share({ title: opts.shareTitle, text: opts.text }).catch(() => {}),
    }, ["Share…"]) : null,
  ]);
  opts.engine.call("qr_svg", { text: opts.text }).then((reply) => {
    const img = h("img", { alt: `QR code of the ${opts.label.toLowerCase()}`, class: "qr-img",
      src: reply.uri });
    qr.replaceChildren(img);
    qr.dataset.ready = "true";
  }, (err) => {
    qr.replaceChildren(h("span", { class: "hint" }, [`No QR code: ${err.message}`]));
  });
  return h("div", { class: "code-card" }, [h("div", { class: "code-col" }, [h("strong", {}, [opts.label]), field, buttons]), qr]);
}

/** Engines whose QR codes are being readied (warmQrCodes). @type {WeakSet<object>} */
const readied = new WeakSet();

/**
 * Ready the engine's QR codes before the first one is wanted: segno is installed on first use (micropip, a
 * few seconds on a slow device), so a network table starts it as it is set up, beside the connection's own
 * set-up, and the invite's or the answer's code is drawn at once.  Once per engine; a failure is the
 * code card's to tell.
 * @param {import("../engine/bridge.js").Engine} engine
 */
export function warmQrCodes(engine) {
  if (readied.has(engine)) return;
  readied.add(engine);
  engine.call("qr_svg", { text: "Parlour" }).catch(() => readied.delete(engine));
}

/**
 * Where the host pastes a guest's answer code.
 * @param {(code: string) => Promise<void>} onSubmit
 */
export function answerBox(onSubmit) {
  const input = /** @type {HTMLInputElement} */ (h("input", {
    type: "text", class: "answer-input", placeholder: "Paste the answer code here", spellcheck: "false",
    autocomplete: "off", "aria-label": "Answer code from the guest",
  }));
  const error = h("p", { class: "answer-error error", role: "alert" });
  const button = /** @type {HTMLButtonElement} */ (h("button", {
    type: "button", class: "primary answer-connect", onclick: async () => {
      const code = input.value.trim();
      if (!code) return;
      error.textContent = "";
      button.disabled = true;
      button.textContent = "Connecting…";
      try {
        await onSubmit(code);
      } catch (err) {
        error.textContent = `${err.message} If it does not connect: both devices must reach each other (same Wi-Fi, or a STUN server in the settings).`;
        button.disabled = false;
        button.textContent = "Connect";
      }
    },
  }, ["Connect"]));
  return h("div", { class: "answer-box" }, [h("div", { class: "answer-row" }, [input, button]), error]);
}

/**
 * The table code on screen (js/net/table-code.js), with the line that says what to do with it.  Every screen
 * at a network table shows it from the first move on: the host's, every guest's, a spectator's.
 * @param {string} code "XXXX-XXXX", or "" before the game is dealt
 * @returns {HTMLElement|null}
 */
export function tableCodeLine(code) {
  if (!code) return null;
  return h("p", { class: "table-code", "data-code": code }, [
    "Table code ", h("strong", { class: "code" }, [code]), " · ",
    h("span", { class: "hint" }, [COMPARE_LINE]),
  ]);
}
