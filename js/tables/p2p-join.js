// @ts-check
/**
 * The guest's first screen after opening an invite link: pick a name, get the
 * short answer code (text, copy, QR, share) to send back to the host, and wait
 * for the channel to open.  Two codes, no server, and a hint when it does not
 * connect.
 */
import { codeCard } from "./p2p-codes.js";
import { h } from "../common/dom.js";

/**
 * @param {HTMLElement} root
 * @param {{spectator: boolean, rejoin: boolean, name: string, notice: string, servers: string, onJoin: (name: string) => void,
 *   mail?: boolean}} opts  mail: a table played by sending links
 */
export function renderJoin(root, opts) {
  const input = /** @type {HTMLInputElement} */ (h("input", {
    id: "join-name", type: "text", maxlength: 24, value: opts.name, autocomplete: "nickname", "aria-label": "Your name",
  }));
  const go = /** @type {HTMLButtonElement} */ (h("button", {
    id: "join-go", class: "primary", type: "button",
    onclick: () => {
      go.disabled = true;
      go.textContent = opts.mail ? "Making your link…" : "Making your answer code…";
      opts.onJoin(input.value.trim());
    },
  }, [opts.mail ? "Make my link" : "Make my answer code"]));
  root.replaceChildren(h("div", { class: "p2p-join", "data-step": "name" }, [
    h("h2", {}, [opts.spectator ? "Watch a game" : opts.rejoin ? "Rejoin a game" : "Join a game"]),
    opts.notice ? h("p", { class: "p2p-notice", role: "status" }, [opts.notice]) : null,
    opts.mail ? h("p", {}, [
      "Played by sending links: no server, and no one needs to be online at the same time. ",
      "Each move travels as a link you send back to the host by any messenger or mail; the host's device runs the game.",
    ]) : h("p", {}, [
      "Two codes, no server: this link carried the host's code; next you get a short answer code to send back. ",
      "Once the host pastes it, the game plays directly between your devices.",
    ]),
    opts.servers ? h("p", { class: "hint p2p-servers" }, [opts.servers]) : null,
    h("div", { class: "lobby-row" }, [h("label", { for: "join-name" }, ["Your name "]), input]),
    go,
    h("div", { class: "answer-slot" }),
  ]));
}

/**
 * Show the answer code under the join form.
 * @param {HTMLElement} root @param {string} code @param {import("../engine/bridge.js").Engine} engine
 */
export function showAnswer(root, code, engine) {
  const step = /** @type {HTMLElement} */ (root.querySelector(".p2p-join"));
  step.dataset.step = "answer";
  const go = /** @type {HTMLElement|null} */ (root.querySelector("#join-go"));
  if (go) go.hidden = true;
  const hint = h("p", { class: "hint p2p-hint", hidden: true }, [
    "Still not connected? Check the host pasted the whole code, and that both devices can reach each other: ",
    "the same Wi-Fi, or a STUN server in the network settings for play across the internet.",
  ]);
  setTimeout(() => { hint.hidden = false; }, 30_000);
  /** @type {HTMLElement} */ (root.querySelector(".answer-slot")).replaceChildren(
    h("p", {}, ["Send this answer code to the host (copy it, share it, or let them scan it). The game appears here once they paste it."]),
    codeCard({ label: "Answer code", text: code, cls: "answer-code", engine, shareTitle: "My Parlour answer code" }),
    h("p", { class: "p2p-waiting", role: "status" }, ["Waiting for the host…"]),
    hint,
  );
}

/**
 * An invite link opened again after its game ended (a reload at the finished table): nothing to join; the game,
 * its verdict and its record are among the lobby's saved games (the check goes on there if it had not finished).
 * @param {HTMLElement} root @param {{name: string, onLobby: () => void}} opts
 */
export function renderFinished(root, opts) {
  root.replaceChildren(h("div", { class: "p2p-join", "data-step": "finished" }, [
    h("h2", {}, ["This game is over"]),
    h("p", { class: "p2p-notice", role: "status" }, [
      `You played this game with this link${opts.name ? ` as ${opts.name}` : ""}. `
      + "Its verdict and its record are in the lobby's saved games, under Finished games.",
    ]),
    h("button", { type: "button", class: "primary", onclick: () => opts.onLobby() }, ["Back to the lobby"]),
  ]));
}

/** @param {HTMLElement} root @param {string} message */
export function showJoinError(root, message) {
  const slot = root.querySelector(".answer-slot");
  const line = h("p", { class: "error", role: "alert" }, [message]);
  if (slot) slot.replaceChildren(line);
  else root.replaceChildren(line);
}
