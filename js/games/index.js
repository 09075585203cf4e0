// @ts-check
/** Board renderers by game id.  Each draws a seat's view and emits the action a click means. */
import { CastlesBoard } from "./castles/board.js";
import { KingsCottageBoard } from "./kings-cottage/board.js";
import { KingsProgressBoard } from "./kings-progress/board.js";
import { OneSixNineBoard } from "./one-six-nine/board.js";
import { MansionBoard } from "./mansion/board.js";

const BOARDS = {
  "kings-progress": KingsProgressBoard,
  "kings-cottage": KingsCottageBoard,
  "castles": CastlesBoard,
  "one-six-nine": OneSixNineBoard,
  "mansion": MansionBoard,
};

/** @param {string} id */
export function boardFor(id) {
  const board = BOARDS[id];
  if (!board) throw new Error(`No board for game ${id}`);
  return board;
}

export { hasBoard } from "./ids.js";
