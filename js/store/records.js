// @ts-check
/**
 * Game record files: export a saved game as JSON, read one back.  The engine
 * checks an imported record by replaying it (parlour.records); this module only
 * turns files into objects and back, with messages a person understands.
 * The format is described in docs/records.md.
 */

export const FORMAT = "parlour-record";
export const FORMAT_VERSION = 1;
/**
 * The largest record Parlour reads, in bytes of JSON text: the same number as
 * MAX_RECORD_BYTES in py/parlour/records.py (the one limit; the engine takes
 * any record this size).  No real game comes near it (a long one is 20 kB).
 */
export const MAX_RECORD_BYTES = 1_000_000;

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
    seats: saved.seats.map((s) => ({ name: s.name, kind: s.kind, ...(s.level ? { level: s.level } : {}) })),
    actions: saved.actions,
    result: saved.result ?? null,
    created: new Date(saved.created).toISOString(),
    updated: new Date(saved.updated).toISOString(),
    ...(saved.host || saved.guest ? { network: network(saved) } : {}),
    app: "Parlour",
  };
}

/**
 * A network game's side of the record: who kept it (the host, or a guest and its seat), the table code, and for
 * a guest the ledger code and the verdict of its end check (docs/records.md).
 * @param {import("./games-db.js").SavedGame} saved
 */
function network(saved) {
  if (!saved.guest) return { role: "host", table_code: saved.code ?? null };
  const v = saved.verdict;
  return {
    role: "guest", seat: saved.guest.seat, table_code: saved.code ?? null, ledger_code: saved.ledger ?? null,
    verdict: v ? { kind: v.kind, text: v.text ?? "", ...(v.bots ? { bots: { total: v.bots.total, done: v.bots.done } } : {}) } : null,
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
  const tooLarge = () => new Error(`${file.name} is too large to be a game record (the largest Parlour opens is ${MAX_RECORD_BYTES / 1_000_000} MB).`);
  if (file.size > MAX_RECORD_BYTES) throw tooLarge();
  const text = await file.text();
  let record;
  try {
    record = JSON.parse(text);
  } catch {
    throw new Error(`${file.name} is not a game record: it is not valid JSON.`);
  }
  // Measured again as sent to the engine: rewritten JSON is rarely longer, but can be (1e9 becomes 1000000000).
  let sent;
  try {
    sent = JSON.stringify(record);
  } catch {
    throw new Error(`${file.name} is not a game record: it is nested too deeply.`);
  }
  if (sent.length > MAX_RECORD_BYTES) throw tooLarge();
  return record;
}
