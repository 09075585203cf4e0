// @ts-check
/**
 * Game record files: export a saved game as JSON, read one back.  The engine
 * checks an imported record by replaying it (parlour.records); this module only
 * turns files into objects and back, with messages a person understands.
 * The format is described in docs/records.md.
 */

export const FORMAT = "parlour-record";
export const FORMAT_VERSION = 1;
/** Larger files are refused before parsing: no real game comes near it. */
export const MAX_RECORD_BYTES = 5_000_000;

/**
 * The record file for a saved game (see docs/records.md).
 * @param {import("./games-db.js").SavedGame} saved
 */
export function toRecord(saved) {
  return {
    format: FORMAT,
    format_version: FORMAT_VERSION,
    game: saved.game,
    title: saved.title,
    players: saved.seats.length,
    seed: saved.seed,
    options: saved.options,
    seats: saved.seats.map((s) => ({ name: s.name, kind: s.kind })),
    actions: saved.actions,
    result: saved.result ?? null,
    created: new Date(saved.created).toISOString(),
    updated: new Date(saved.updated).toISOString(),
    app: "Parlour",
  };
}

/** A file name such as "kings-progress-2026-11-22-1432.parlour.json". */
export function recordFileName(saved) {
  const d = new Date(saved.updated);
  const pad = (n) => String(n).padStart(2, "0");
  return `${saved.game}-${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}.parlour.json`;
}

/** Offer a saved game as a downloaded JSON file. @param {import("./games-db.js").SavedGame} saved */
export function downloadRecord(saved) {
  const blob = new Blob([JSON.stringify(toRecord(saved), null, 1) + "\n"], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = recordFileName(saved);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Read a record file chosen by the person; throws Error with a readable message.
 * @param {File} file @returns {Promise<any>}
 */
export async function readRecordFile(file) {
  if (file.size > MAX_RECORD_BYTES) throw new Error(`${file.name} is too large to be a game record.`);
  const text = await file.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${file.name} is not a game record: it is not valid JSON.`);
  }
}
