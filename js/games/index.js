// @ts-check
/**
 * Board renderers by game id.  Each draws a seat's view and emits the action a
 * click means; each comes with the platform's motion (js/board/motion.js):
 * updates animated, the last move marked.
 */
import { withMotion } from "../board/motion.js";
import { CastlesBoard } from "./castles/board.js";
import { KingsCottageBoard } from "./kings-cottage/board.js";
import { KingsProgressBoard } from "./kings-progress/board.js";
import { OneSixNineBoard } from "./one-six-nine/board.js";
import { MansionBoard } from "./mansion/board.js";

const BOARDS = {
  "kings-progress": withMotion(KingsProgressBoard),
  "kings-cottage": withMotion(KingsCottageBoard),
  "castles": withMotion(CastlesBoard),
  "one-six-nine": withMotion(OneSixNineBoard),
  "mansion": withMotion(MansionBoard),
};

/** @param {string} id */
export function boardFor(id) {
  const board = BOARDS[id];
  if (!board) throw new Error(`No board for game ${id}`);
  return board;
}

export { hasBoard } from "./ids.js";
