// @ts-check
/**
 * The lobby's game cards: one per game, each a picture of its board (drawn by
 * the game's own renderer, js/ui/board-picture.js), its one-line pitch, the
 * players and typical length, and what makes it special.  The words come from
 * games.json (each game's `pitch`, `length` and `special`, which live with its
 * rules in Python).
 *
 * The cards are one radio group: each card is a button with role "radio" and
 * `aria-checked`; only the chosen one is in the Tab order, and the arrow keys
 * (and Home, End) move the choice, as in a group of radio buttons.  A card's
 * name is its title; the pitch, facts and special line describe it.
 */
import { h } from "../common/dom.js";
import { drawBoardPicture, pictureSources } from "./board-picture.js";

/** Keys that move the choice, and where to. */
const STEPS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** "2–4 players", "2 players". @param {{min_players: number, max_players: number}} game */
export function playerCount(game) {
  return game.min_players === game.max_players ? `${game.min_players} players` : `${game.min_players}–${game.max_players} players`;
}

/**
 * Build the cards.  `onChoose` runs when a person picks another game; the
 * cards stay in place (pictures are drawn once), only their state changes.
 * @param {any[]} catalogue games.json
 * @param {string} chosen the id of the game chosen at first
 * @param {(game: any) => void} onChoose
 * @param {string[]} names seat names for the pictures' labels
 * @param {() => Promise<unknown>} [picturesWait] asked once the pictures' sources are in: settles when they may be drawn
 * @param {(game: any, button: HTMLButtonElement) => void} [onLearn] "Learn by playing" on a card: that title's lesson
 * @returns {{element: HTMLElement, choose: (id: string) => void}}
 */
export function gameCards(catalogue, chosen, onChoose, names, picturesWait = () => Promise.resolve(), onLearn) {
  /** @type {HTMLButtonElement[]} */
  const cards = catalogue.map((game) => /** @type {HTMLButtonElement} */ (card(game, () => pick(game.id))));
  // each card with its "Learn by playing" under it (a button cannot hold another button)
  const slots = cards.map((button, i) => h("div", { class: "game-card-slot", "data-card-for": catalogue[i].id }, [
    button,
    onLearn ? learnButton(catalogue[i], onLearn) : "",
  ]));
  const element = h("div", { class: "game-cards", role: "radiogroup", "aria-label": "Game" }, slots);
  element.addEventListener("keydown", (event) => {
    const at = cards.indexOf(/** @type {any} */ (document.activeElement));
    if (at < 0) return;
    const step = STEPS[event.key];
    const to = event.key === "Home" ? 0 : event.key === "End" ? cards.length - 1
      : step ? (at + step + cards.length) % cards.length : -1;
    if (to < 0) return;
    event.preventDefault();
    cards[to].focus();
    pick(catalogue[to].id);
  });

  /** @param {string} id */
  function show(id) {
    for (const [i, button] of cards.entries()) {
      const on = catalogue[i].id === id;
      button.classList.toggle("chosen", on);
      button.setAttribute("aria-checked", String(on));
      button.tabIndex = on ? 0 : -1;
      // the chosen card's "Learn by playing" is the next Tab stop; the others are for the pointer (one stop, not five)
      const learn = /** @type {HTMLButtonElement|null} */ (slots[i].querySelector(".learn"));
      if (learn) learn.tabIndex = on ? 0 : -1;
    }
  }

  /** @param {string} id */
  function pick(id) {
    if (id === chosen) return;
    chosen = id;
    show(id);
    onChoose(catalogue.find((g) => g.id === id));
  }

  show(chosen);
  drawPictures(cards, catalogue, names, picturesWait);
  return { element, choose: pick };
}

/**
 * A card's "Learn by playing": the title's guided first game.  Choosing the card comes with it, so the
 * lobby behind the lesson shows that title when the person comes back.
 * @param {any} game @param {(game: any, button: HTMLButtonElement) => void} onLearn
 */
function learnButton(game, onLearn) {
  const button = /** @type {HTMLButtonElement} */ (h("button", {
    type: "button", class: "learn", "aria-label": `Learn by playing: ${game.title}`,
    title: `A short guided game of ${game.title} against a tutor, one step at a time (about 5 minutes)`,
    onclick: () => onLearn(game, button),
  }, ["Learn by playing"]));
  return button;
}

/** @param {any} game @param {() => void} onclick */
function card(game, onclick) {
  const id = `card-${game.id}`;
  return h("button", {
    class: "game-card", type: "button", role: "radio", "aria-checked": "false", "data-game": game.id,
    "aria-labelledby": `${id}-title`, "aria-describedby": [`${id}-pitch`, `${id}-facts`, game.special ? `${id}-special` : ""].join(" ").trim(),
    onclick,
  }, [
    h("span", { class: "game-picture", "data-for": game.id }),
    h("span", { class: "game-card-text" }, [
      h("strong", { class: "game-card-title", id: `${id}-title` }, [game.title]),
      h("span", { class: "game-card-pitch", id: `${id}-pitch` }, [game.pitch || ""]),
      h("span", { class: "game-card-facts", id: `${id}-facts` }, [
        h("span", { class: "game-card-players" }, [playerCount(game)]),
        game.length ? h("span", { class: "game-card-length" }, [game.length]) : "",
      ]),
      game.special ? h("span", { class: "game-card-special", id: `${id}-special` }, [game.special]) : "",
    ]),
  ]);
}

/** Settles once the page has painted what it holds now. */
function afterPaint() {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * Fetch what the pictures are drawn from once the lobby is on screen (the
 * boards' modules load only now), and draw them once `wait` has settled and
 * the cards are laid out.  The fetches do not wait: one still in flight when a
 * person leaves the page (at once, say, when Python is ready) is reported by
 * Firefox as a page error under its service worker.
 *
 * A board is framed by measuring it, so it cannot be drawn while the lobby is
 * hidden: a page opened at a table (a reload, a saved game's address, an
 * invitation) or a game started before Python was ready would get five blank
 * frames, kept when the person came back.  Those pictures wait until the lobby
 * shows again, and the table meanwhile has the processor to itself.
 * @param {HTMLButtonElement[]} cards @param {any[]} catalogue @param {string[]} names
 * @param {() => Promise<unknown>} wait asked when the sources are in, so it sees a game asked for meanwhile
 */
async function drawPictures(cards, catalogue, names, wait) {
  await afterPaint();
  const sources = catalogue.map((game) => pictureSources(game.id));
  for (const source of sources) source.catch(() => {}); // drawBoardPicture's await sees a failure and says so
  await Promise.allSettled(sources);
  await wait().catch(() => {}); // so only promptly resolved awaits come between the check below and the drawing
  do {
    await laidOut(cards[0]);
    await afterPaint(); // what was waited for ("Ready", the lobby) is on screen before the drawing holds the page
  } while (!isLaidOut(cards[0])); // hidden again meanwhile (a game started at once): wait for the next showing
  await Promise.all(cards.map((button, i) =>
    drawBoardPicture(/** @type {HTMLElement} */ (button.querySelector(".game-picture")), catalogue[i].id, names, sources[i])));
}

/** Whether `element` has a box on the page (neither it nor an ancestor hidden). @param {Element} element */
function isLaidOut(element) {
  return element.isConnected && element.getClientRects().length > 0;
}

/**
 * Settles once `element` is laid out: at once if it is, else when it is next
 * given a size (a ResizeObserver sees a hidden element's box appear).
 * @param {Element} element
 * @returns {Promise<void>}
 */
function laidOut(element) {
  if (isLaidOut(element)) return Promise.resolve();
  return new Promise((resolve) => {
    const watch = new ResizeObserver(() => {
      if (!isLaidOut(element)) return;
      watch.disconnect();
      resolve();
    });
    watch.observe(element);
  });
}
