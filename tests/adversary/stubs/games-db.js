// Harness stand-in for js/store/games-db.js: saved games in memory, per device (no IndexedDB in node).
export * from "../../../js/store/games-db.js?real";
import { current } from "../runtime.mjs";

const games = () => current()?.device?.savedGames ?? new Map();

export async function saveGame(record) {
  games().set(record.id, record);
}

export async function listGames() {
  return [...games().values()].sort((a, b) => b.updated - a.updated);
}

export async function loadGame(id) {
  return games().get(id);
}

export async function deleteGame(id) {
  games().delete(id);
}
