// @ts-check
/**
 * The lobby: choose a game (js/ui/game-cards.js), the number of players, each
 * seat (person or bot) and the game's options.  It works from games.json,
 * written at build time, so it is usable before Python has loaded.
 *
 * An option's choices may be tied to player counts (`choice_players` in
 * games.json, the same declaration the engine checks): the lobby offers a
 * choice only at the counts it is allowed at, and an option with a single
 * choice left is not shown at all.
 */
import { h } from "../common/dom.js";
import { rulesButton } from "../common/rules.js";
import { networkSettings } from "../tables/p2p-settings.js";
import { NO_NETWORK_PLAY, mailPlaySupported, networkPlaySupported } from "../common/network-support.js";

/** Can a friend on another device take a seat here: over the network, or by links? */
const friendsPossible = () => networkPlaySupported() || mailPlaySupported();
import { gameCards } from "./game-cards.js";
import { loadLobbySetup, saveLobbySetup } from "../store/lobby-memory.js";

const DEFAULT_NAMES = ["Alex", "Ada", "Brune", "Cyril"];
const DEFAULT_LEVEL = "medium";
/** Players at a new table, where the game allows that many. */
const DEFAULT_PLAYERS = 3;
/** Who may sit in a seat: the values of each seat's menu. */
const SEAT_KINDS = ["human", "bot", "remote"];
/** The longest seat name the lobby takes (its text fields' maxlength). */
const MAX_NAME = 24;
/** @param {string} id */
const levelName = (id) => id.charAt(0).toUpperCase() + id.slice(1);

/**
 * The choices of an option allowed with `players` players.
 * @param {{choices: string[], choice_players?: Record<string, number[]>}} spec @param {number} players
 */
export function allowedChoices(spec, players) {
  return spec.choices.filter((c) => !spec.choice_players?.[c] || spec.choice_players[c].includes(players));
}

/**
 * @param {HTMLElement} root
 * @param {any[]} catalogue
 * @param {(choice: {game: any, seats: {kind: string, name: string, level?: string}[], options: Record<string, any>, mail: boolean}) => void} onStart
 *   mail: friends on other devices play by sending links (docs/correspondence.md), not over a live connection
 * @param {() => Promise<unknown>} [picturesWait] settles when the cards' pictures may be drawn (js/ui/game-cards.js)
 * @param {(game: any, button: HTMLButtonElement) => void} [onLearn] a card's "Learn by playing": that title's lesson
 * @param {() => void} [onFriend] a seat was just given to a friend on another device (the page readies what an
 *   invite needs, its QR code, while the rest is chosen)
 */
export function renderLobby(root, catalogue, onStart, picturesWait, onLearn, onFriend) {
  const remembered = rememberedSetup(catalogue); // the last setup shown, so a reload starts from it
  let game = remembered?.game ?? catalogue[0];
  let players = remembered?.players ?? Math.min(DEFAULT_PLAYERS, game.max_players);
  /** @type {{kind: string, name: string, level: string}[]} */
  let seats = remembered?.seats ?? [];
  /** @type {Record<string, any>} */
  let options = remembered?.options ?? {};
  /** Friends on other devices play by sending links (else over the network); by links only where the network cannot. */
  let mail = !networkPlaySupported() || !!remembered?.mail;
  const remember = () => saveLobbySetup({
    game: game.id, players, seats: seats.map((s) => ({ kind: s.kind, name: s.name, level: s.level })), options, mail,
  });

  const seatsFor = (n) => Array.from({ length: n }, (_, i) => {
    const seat = seats[i] || { kind: i === 0 ? "human" : "bot", name: DEFAULT_NAMES[i], level: DEFAULT_LEVEL };
    // a remembered friend's seat in a browser that cannot play over the network becomes a bot's
    return seat.kind === "remote" && !friendsPossible() ? { ...seat, kind: "bot", level: seat.level || DEFAULT_LEVEL } : seat;
  });
  /** @returns {{id: string, help: string}[]} */
  const levels = () => game.bot_levels ?? [{ id: "random", help: "" }];
  /** The options shown at this player count: those with a choice to make. */
  const offered = () => Object.entries(game.options).filter(([, spec]) => allowedChoices(spec, players).length > 1);

  const cards = gameCards(catalogue, game.id, (g) => {
    game = g;
    players = Math.min(Math.max(players, g.min_players), g.max_players);
    options = {};
    draw();
  }, DEFAULT_NAMES, picturesWait, onLearn && ((g, button) => { cards.choose(g.id); onLearn(g, button); }));
  const form = h("div", { class: "lobby-form" });
  root.replaceChildren(h("h2", {}, ["Choose a game"]), cards.element, form);
  cards.element.addEventListener("click", showStart);

  function draw() {
    seats = seatsFor(players);
    for (const [name, value] of Object.entries(options)) { // a choice the new player count does not allow
      if (!allowedChoices(game.options[name], players).includes(value)) delete options[name];
    }
    const focused = focusKey(form);
    form.replaceChildren(
      h("div", { class: "lobby-row lobby-rules lobby-form-head" }, [
        h("h3", { class: "lobby-form-title" }, [game.title]),
        rulesButton(game.id, { label: `Rules of ${game.title}`, title: "Read the rules of the chosen game" }),
      ]),
      h("div", { class: "lobby-row lobby-players" }, [
        h("label", { for: "players" }, ["Players "]),
        h("select", {
          id: "players", onchange: (e) => { players = Number(e.target.value); draw(); },
        }, range(game.min_players, game.max_players).map((n) =>
          h("option", { value: n, selected: n === players }, [String(n)]))),
      ]),
      h("fieldset", { class: "seats" }, [
        h("legend", {}, ["Seats (in turn order)"]),
        ...seats.map((seat, i) => h("div", { class: "seat-row", "data-seat": i }, [
          h("span", { class: "seat-no" }, [`Seat ${i + 1}`]),
          h("input", {
            type: "text", value: seat.name, maxlength: MAX_NAME, "aria-label": `Name of seat ${i + 1}`, class: "seat-name",
            oninput: (e) => { seat.name = e.target.value; remember(); },
          }),
          h("select", {
            "aria-label": `Who plays seat ${i + 1}`, class: "seat-kind",
            onchange: (e) => {
              seat.kind = e.target.value;
              if (seat.kind === "remote") onFriend?.();
              draw();
            },
          }, [
            h("option", { value: "human", selected: seat.kind === "human" }, ["Person on this device"]),
            h("option", { value: "bot", selected: seat.kind === "bot" }, ["Bot"]),
            h("option", { value: "remote", selected: seat.kind === "remote", disabled: !friendsPossible() }, ["Friend on another device"]),
          ]),
          seat.kind === "bot" && h("select", {
            "aria-label": `Level of the bot in seat ${i + 1}`, class: "seat-level",
            onchange: (e) => { seat.level = e.target.value; draw(); },
          }, levels().map((l) => h("option", { value: l.id, selected: seat.level === l.id }, [levelName(l.id)]))),
          seat.kind === "bot" && h("small", { class: "seat-level-help" }, [
            levels().find((l) => l.id === seat.level)?.help ?? "",
          ]),
        ])),
      ]),
      ...offered().map(([name, spec]) => h("div", { class: "lobby-row lobby-option" }, [
        h("label", { for: `opt-${name}` }, [`${spec.label} `]),
        h("select", { id: `opt-${name}`, onchange: (e) => { options[name] = e.target.value; remember(); } },
          allowedChoices(spec, players).map((c) => h("option", { value: c, selected: (options[name] ?? spec.default) === c }, [c]))),
        h("small", {}, [` ${spec.help || ""}`]),
      ])),
      ...(seats.some((s) => s.kind === "remote") ? [howFriendsPlay(mail, (m) => { mail = m; draw(); })] : []),
      ...(!networkPlaySupported() ? [h("p", { class: "hint no-network", id: "no-network" }, [NO_NETWORK_PLAY])]
        : mail && seats.some((s) => s.kind === "remote") ? [] : [networkSettings()]),
      h("p", { class: "hint" }, [
        "With more than one person on this device, a privacy screen asks to pass the device before each person's turn.",
      ]),
      h("button", {
        id: "start", class: "primary", type: "button",
        onclick: () => onStart({
          game,
          seats: seats.map((s, i) => ({
            kind: s.kind, name: s.name.trim() || `Seat ${i + 1}`, ...(s.kind === "bot" ? { level: s.level } : {}),
          })),
          options: { ...options },
          mail: mail && seats.some((s) => s.kind === "remote"),
        }),
      }, ["Start game"]),
    );
    refocus(form, focused);
    remember();
  }
  draw();
}

/**
 * How friends on other devices play: together online over the network, or by sending links over days.
 * @param {boolean} mail @param {(mail: boolean) => void} onChange
 */
function howFriendsPlay(mail, onChange) {
  const choice = (/** @type {boolean} */ byLinks, /** @type {string} */ label, /** @type {string} */ help, /** @type {boolean} */ possible) => h("label", { class: "how-choice" }, [
    h("input", {
      type: "radio", name: "how-friends-play", value: byLinks ? "links" : "network", checked: mail === byLinks, disabled: !possible,
      onchange: () => onChange(byLinks),
    }),
    h("span", {}, [h("strong", {}, [label]), " ", h("small", {}, [help])]),
  ]);
  return h("fieldset", { class: "how-friends-play" }, [
    h("legend", {}, ["How friends on other devices play"]),
    choice(false, "Play with friends over the network", "everyone online at the same time; moves go straight between the devices.", networkPlaySupported()),
    choice(true, "Play by sending links", "no one needs to be online at the same time: each move travels as a link you send by any messenger or mail, over days if you like.", mailPlaySupported()),
  ]);
}

/**
 * A game card was tapped or clicked: bring "Start game" into sight (on a phone it is far below the cards),
 * with the seats above it as far as they fit.  Arrow keys between the cards choose without a click, and
 * leave the page where it is.  @param {MouseEvent} event
 */
function showStart(event) {
  const start = document.getElementById("start");
  if (!start || !event.detail) return; // detail 0: a key pressed the card, and its focus must stay in sight
  if (!(/** @type {Element} */ (event.target)).closest?.(".game-card")) return; // a card's "Learn by playing" leaves the lobby
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  requestAnimationFrame(() => start.scrollIntoView({ block: "nearest", behavior: still ? "auto" : "smooth" }));
}

/**
 * The stored setup (js/store/lobby-memory.js) checked against the games on
 * offer: an unknown game gives null (the defaults), and anything else out of
 * place (a player count or level the game lacks, an option choice not allowed
 * at that count, an overlong name) falls back to its default alone.
 * @param {any[]} catalogue
 * @returns {{game: any, players: number, seats: {kind: string, name: string, level: string}[], options: Record<string, any>, mail: boolean}|null}
 */
function rememberedSetup(catalogue) {
  const stored = loadLobbySetup();
  const game = stored && catalogue.find((g) => g.id === stored.game);
  if (!stored || !game) return null;
  const count = Number(stored.players);
  const players = Number.isInteger(count) && count >= game.min_players && count <= game.max_players
    ? count : Math.min(DEFAULT_PLAYERS, game.max_players);
  const levels = (game.bot_levels ?? [{ id: "random" }]).map((/** @type {{id: string}} */ l) => l.id);
  const seats = (Array.isArray(stored.seats) ? stored.seats : []).slice(0, game.max_players).map((s, i) => ({
    kind: SEAT_KINDS.includes(s?.kind) ? s.kind : (i === 0 ? "human" : "bot"),
    name: typeof s?.name === "string" ? s.name.slice(0, MAX_NAME) : DEFAULT_NAMES[i],
    level: levels.includes(s?.level) ? s.level : DEFAULT_LEVEL,
  }));
  /** @type {Record<string, any>} */
  const options = {};
  const chosen = stored.options && typeof stored.options === "object" ? /** @type {Record<string, any>} */ (stored.options) : {};
  for (const [name, spec] of Object.entries(game.options)) {
    if (allowedChoices(/** @type {any} */ (spec), players).includes(chosen[name])) options[name] = chosen[name];
  }
  return { game, players, seats, options, mail: stored.mail === true };
}

/**
 * What names the focused control of `form`, so the same control can take the
 * focus back after a redraw (changing a menu redraws the form).
 * @param {HTMLElement} form @returns {string|null} a selector
 */
function focusKey(form) {
  const active = document.activeElement;
  if (!active || !form.contains(active)) return null;
  if (active.id) return `#${CSS.escape(active.id)}`;
  const label = active.getAttribute("aria-label");
  return label ? `[aria-label="${CSS.escape(label)}"]` : null;
}

/** @param {HTMLElement} form @param {string|null} selector */
function refocus(form, selector) {
  if (selector) /** @type {HTMLElement|null} */ (form.querySelector(selector))?.focus();
}

function range(a, b) {
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}
