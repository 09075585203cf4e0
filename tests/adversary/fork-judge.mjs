// The judge across forks (issue 42, item 5c): a dishonest host may run a separate game for each guest, showing
// each a ghost of the others.  Each run's own judge (fuzz.mjs) holds every guest to that run's real game; this
// one holds each honest guest to the other honest guests' inputs too, across runs:
//
//   no honest device shows "Verified fair" for a game other than an honest run of its own inputs with its own
//   bytes in the seed, unless its table code differs from another honest device's; and no honest party is
//   ever blamed.
//
// So two honest guests whose final table codes match must have verified the same game (the same seed and moves),
// with each one's bytes in it and each one's moves as it chose them; guests whose codes differ are told apart by
// the people comparing the codes, whatever their verdicts say.
import { canonicalText } from "./harness.mjs";

/**
 * @param {{out: any, seat: number}[]} honest each an honest guest: its run (fuzzOne with keep) and its seat there
 * @returns {{codes: Record<string, string|null>, verdicts: Record<string, string|null>, differ: boolean, violations: any[]}}
 */
export function judgeForks(honest) {
  const violations = [];
  const seen = honest.map(({ out, seat }) => {
    const tables = out.raw?.ctx?.allGuests?.get(seat) ?? [];
    const g = tables.at(-1);
    const v = g?.fairness ?? null;
    return {
      seat, name: `${out.seed}#${seat}`, v, code: v?.code ?? g?.protocol?.session?.code ?? null, fair: g?.fuzzFairs?.at(-1) ?? null,
      entropy: g?.protocol?.session?.entropy ?? null,
      choices: tables.flatMap((t) => t.fuzzChoices ?? []),
    };
  });
  for (const g of seen) {
    const failed = g.v && !g.v.ok ? (g.v.steps ?? []).find((s) => !s.ok) : null;
    if (failed && failed.blame !== "host") violations.push({ rule: "an honest guest's failed verdict blames someone other than the host", guest: g.name, failed });
    for (const note of g.v?.notes ?? []) if (/fault|responsible|cheat/i.test(note)) violations.push({ rule: "a note blames someone", guest: g.name, note });
  }
  for (const g of seen) {
    if (!g.v?.ok) continue;
    for (const h of seen) {
      if (h === g || !h.code || h.code !== g.code) continue;
      // the same code: the people comparing them are told it is the same game, so it must be
      const same = g.fair && h.fair && g.fair.seed === h.fair.seed
        && canonicalText(g.fair.actions.map((a) => [a.seat, a.action])) === canonicalText(h.fair.actions.map((a) => [a.seat, a.action]));
      if (!same) violations.push({ rule: "two honest guests with the same table code verified different games", guests: [g.name, h.name] });
      if (g.fair && g.fair.entropy?.[h.seat] !== h.entropy) {
        violations.push({ rule: "verified fair with the same table code as a guest whose bytes are not in its seed", guest: g.name, other: h.name });
      }
      for (const [step, a] of (g.fair?.actions ?? []).entries()) {
        if (a.seat !== h.seat) continue;
        const chose = h.choices.some((c) => canonicalText(c.action) === canonicalText(a.action));
        if (!chose) {
          violations.push({ rule: "verified fair with the same table code as a guest that never chose a move in its seat", guest: g.name, other: h.name, step });
          break;
        }
      }
    }
  }
  const codes = Object.fromEntries(seen.map((g) => [g.name, g.code]));
  const verdicts = Object.fromEntries(seen.map((g) => [g.name, g.v ? g.v.kind ?? (g.v.ok ? "fair" : "failed") : null]));
  const distinct = new Set(seen.map((g) => g.code));
  return { codes, verdicts, differ: distinct.size === seen.length, violations };
}
