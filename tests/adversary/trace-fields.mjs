// Field replacements for the deviant-trace generator (traces.mjs): for each kind of host message, every
// field it carries replaced by another WELL-FORMED value of the same type (the type the guest's parser
// accepts), one field per deviation.  A replacement that cannot apply to a given message (no round, no
// second seal to swap with) is left out of that message's menu.
//
// Each entry says whether it is `material`: whether the changed value is one the guest's verdict rests
// on (a fact of the welcome, the deal, a view it records, who held a seat with which key, a secret round,
// the end-of-game record).  The trace judge holds a material deviation that was made to the rule that
// the verdict is never "Verified fair".  `"used"`: material only when a run used it (the fallback level
// plays only a guest's seat handed to a bot, or a forfeited choice).  Non-material fields are shown and
// never recorded (names, legal moves, away), numbers the guest only orders by (`ev`, `ack`), or fields
// the guest no longer reads (`round`/`dropped` of the old deal, `dealt` after a link's first event);
// the fuzz judge's invariant still holds on them.
import { createHash } from "node:crypto";
import { canonicalText } from "./harness.mjs";
import { messageFields } from "../../js/net/keys.js";

const LEVELS = ["random", "heuristic", "easy", "medium"];
const GAMES = ["kings-progress", "kings-cottage"];

const sha = (text) => createHash("sha256").update(text).digest();
/** Another 64-digit hex value, derived from `text` (so a run replays the same). */
export const otherHex = (text) => sha(`trace:${text}`).toString("hex");
/** Another 32 bytes in the product's base64url (43 characters). */
const otherB64 = (text) => sha(`trace-bytes:${text}`).toString("base64url");
/** The right hash of a view (js/net/bytes.js viewHash: SHA-256 of its canonical text). */
export const viewHashOf = (view) => createHash("sha256").update(canonicalText(view)).digest("hex");
const otherOf = (list, not) => list.find((x) => x !== not);
const flipLast = (hex) => `${hex.slice(0, -1)}${hex.endsWith("0") ? "1" : "0"}`;

/**
 * What a replacement may draw on (filled in by trace-wire.mjs as the run goes): the target guest's seat and
 * the welcome it was sent, its own signed messages (`seal`, `unseal`), the previous game event on its links,
 * the first `dealt` it was sent, the other seats' keys, and a spare key pair of the dishonest host's
 * (`spare.publicKey`, `spare.sign(fields)`: real P-256, so its signatures verify).
 * @typedef {{seat: number, welcome: any, context: any, guest: {seal?: any, unseal?: any}, prevGame: any,
 *   firstDealt: any, keys: Record<string, string>, spare: {publicKey: string, sign: (fields: any) => string}}} Env
 */

/** @typedef {{name: string, material: boolean|"used", apply: (m: any, env: Env) => any}} Field */

/** @param {string} name @param {boolean|"used"} material @param {(m: any, env: Env) => any} apply @returns {Field} */
const f = (name, material, apply) => ({ name, material, apply });

const guestSeats = (env) => (env.welcome?.seating ?? []).flatMap((s, i) => (s.kind === "remote" ? [i] : []));
const hostSeats = (env) => (env.welcome?.seating ?? []).flatMap((s, i) => (s.kind !== "remote" ? [i] : []));

/** @param {any} m a welcome @param {Env} env @returns {Field[]} */
function welcomeFields(m, env) {
  const out = [
    f("table", true, (w) => { w.table = flipLast(w.table); return w; }),
    f("seat.another-guest", true, (w) => {
      const s = w.seating.findIndex((x, i) => x.kind === "remote" && i !== w.seat);
      return s < 0 ? null : { ...w, seat: s };
    }),
    f("seat.not-a-guest", true, (w) => { const s = w.seating.findIndex((x) => x.kind !== "remote"); return s < 0 ? null : { ...w, seat: s }; }),
    f("seat.none", true, (w) => ({ ...w, seat: null })),
    f("game", true, (w) => ({ ...w, game: otherOf(GAMES, w.game) })),
    f("players", true, (w) => ({ ...w, players: w.players + 1 })),
    f("options", true, (w) => ({ ...w, options: w.game === "kings-progress" ? { match: "two-games" } : { match: "single" } })),
    f("fallback", "used", (w) => ({ ...w, fallback: otherOf(LEVELS, w.fallback) })),
    f("host_key", true, (w, e) => ({ ...w, host_key: e.spare.publicKey })),
    f("commitment", true, (w) => ({ ...w, commitment: otherHex(w.commitment) })),
    f("started", true, (w) => ({ ...w, started: !w.started })),
    f("spectator", false, (w) => ({ ...w, spectator: !w.spectator })),
    f("names", false, (w) => ({ ...w, names: [...w.names].reverse() })),
    f("title", false, (w) => ({ ...w, title: `${w.title} (another)` })),
    f("kinds", false, (w) => ({ ...w, kinds: w.kinds.map((k, i) => (i === w.seat ? "bot" : k)) })),
  ];
  // every seat of the seating: its kind changed, and a bot's level changed
  m.seating.forEach((s, i) => {
    out.push(f(`seating.${i}.kind`, true, (w) => {
      w.seating[i] = s.kind === "remote" ? { kind: "human", level: null } : s.kind === "bot" ? { kind: "human", level: null } : { kind: "bot", level: "random" };
      return w;
    }));
    if (s.kind === "bot") out.push(f(`seating.${i}.level`, true, (w) => { w.seating[i] = { kind: "bot", level: otherOf(LEVELS, s.level) }; return w; }));
  });
  return out;
}

/** @param {any} m a waiting event @param {Env} env @returns {Field[]} */
function waitingFields(m, env) {
  const me = String(env.seat);
  const hostSeat = hostSeats(env)[0];
  // an open list is only shown (the guest checks its seat is in it); the final list is recorded, once
  const final = m.deal.reveal === true;
  const out = [
    f("ev.ahead", false, (e) => ({ ...e, ev: e.ev + 5 })),
    f("version", false, (e) => ({ ...e, version: e.version + 1 })),
    f("names", false, (e) => ({ ...e, names: [...e.names].reverse() })),
    f("kinds.mine", false, (e) => ({ ...e, kinds: e.kinds.map((k, i) => (i === env.seat ? "bot" : k)) })),
    f("keys.mine", false, (e, v) => ({ ...e, keys: e.keys.map((k, i) => (i === v.seat ? v.spare.publicKey : k)) })),
    f("ack.ahead", false, (e) => ({ ...e, ack: e.ack + 2 })),
    f("deal.commitment", true, (e) => { e.deal.commitment = otherHex(e.deal.commitment); return e; }),
    f("deal.seats.without-mine", true, (e) => { e.deal.seats = e.deal.seats.filter((s) => s !== env.seat); return e; }),
    f("deal.seats.with-a-host-seat", final, (e) => (hostSeat === undefined ? null : { ...e, deal: { ...e.deal, seats: [...e.deal.seats, hostSeat].sort((a, b) => a - b) } })),
    f("deal.seats.empty", final, (e) => { e.deal.seats = []; return e; }),
    f("deal.sealed.unlisted-seat", final, (e) => {
      if (hostSeat === undefined) return null;
      e.deal.sealed[String(hostSeat)] = otherHex(`seal:${hostSeat}`);
      return e;
    }),
    // an open list said to be final is recorded; a final list said to be open is only shown (the final one comes again)
    f("deal.reveal", !final, (e) => { e.deal.reveal = !e.deal.reveal; return e; }),
    f("deal.round", false, (e) => { e.deal.round = 1; return e; }),
    f("deal.dropped", false, (e) => { e.deal.dropped = [env.seat]; return e; }),
    f("waiting", true, (e) => ({ ...e, waiting: false })),
  ];
  if (me in m.deal.sealed) {
    out.push(f("deal.sealed.mine", final, (e) => { e.deal.sealed[me] = otherHex(e.deal.sealed[me]); return e; }));
    out.push(f("deal.sealed.without-mine", final, (e) => { delete e.deal.sealed[me]; return e; }));
  }
  const others = Object.keys(m.deal.sealed).filter((s) => s !== me);
  if (others.length) out.push(f("deal.sealed.another", final, (e) => { e.deal.sealed[others[0]] = otherHex(e.deal.sealed[others[0]]); return e; }));
  return out;
}

/**
 * The fields of a round (an event's `round`).  What the guest records of a round is each seat's commitment, once
 * (under the round's version), and the commitments it revealed against: a commitment or the round's version replaced
 * is material.  A round shown without a seat, without itself, as not asking yet, or as already revealed records
 * nothing: the round's next event shows it whole again.
 * @param {any} m @param {Env} env @returns {Field[]}
 */
function roundFields(m, env) {
  const round = m.round;
  const me = env.seat;
  const other = round.seats.find((s) => s !== me);
  const out = [
    f("round.removed", false, (e) => ({ ...e, round: null })),
    // recorded only with the commitments it holds (the round's opening event holds none yet)
    f("round.version", Object.keys(round.committed).length > 0, (e) => { e.round.version += 1; return e; }),
    f("round.reveal", false, (e) => { e.round.reveal = !e.round.reveal; return e; }),
    f("round.committed.mine", true, (e) => { e.round.committed[String(me)] = otherHex(`${e.round.committed[String(me)]}:${me}`); return e; }),
  ];
  if (round.seats.includes(me)) {
    out.push(f("round.seats.without-mine", false, (e) => { e.round.seats = e.round.seats.filter((s) => s !== me); delete e.round.committed[String(me)]; return e; }));
    if (!(round.revealed ?? []).includes(me)) out.push(f("round.revealed.mine", false, (e) => { e.round.revealed = [...(e.round.revealed ?? []), me]; return e; }));
  }
  if (other !== undefined) {
    out.push(f("round.seats.without-another", false, (e) => { e.round.seats = e.round.seats.filter((s) => s !== other); delete e.round.committed[String(other)]; return e; }));
    out.push(f("round.committed.another", true, (e) => { e.round.committed[String(other)] = otherHex(`${e.round.committed[String(other)]}:${other}`); return e; }));
    if (String(other) in round.committed) out.push(f("round.committed.without-another", false, (e) => { delete e.round.committed[String(other)]; return e; }));
  }
  return out;
}

/**
 * The fields of the deal shown at a link's first game event (`dealt`).  On a rejoin link the guest already holds the
 * deal from its first link (a `dealt` left out there changes nothing; one shown again is checked against it).
 * @param {string} state @param {any} m @param {Env} env @returns {Field[]}
 */
function dealtFields(state, m, env) {
  const me = String(env.seat);
  const dealt = m.dealt;
  const hostSeat = hostSeats(env)[0];
  const out = [
    f("dealt.removed", state === "first-game", (e) => { delete e.dealt; return e; }),
    f("dealt.commitment", true, (e) => { e.dealt.commitment = otherHex(e.dealt.commitment); return e; }),
    f("dealt.round", false, (e) => { e.dealt.round = 1; return e; }),
    f("dealt.dropped", false, (e) => { e.dealt.dropped = []; return e; }),
  ];
  if (dealt.seals[me]) {
    out.push(
      f("dealt.seal.mine.hash", true, (e) => { e.dealt.seals[me].hash = otherHex(e.dealt.seals[me].hash); return e; }),
      // a real signature by this guest's own key, over another of its statements (its unseal)
      f("dealt.seal.mine.sig", true, (e, v) => (v.guest.unseal?.sig ? { ...e, dealt: { ...e.dealt, seals: { ...e.dealt.seals, [me]: { ...e.dealt.seals[me], sig: v.guest.unseal.sig } } } } : null)),
      f("dealt.seal.mine.key", true, (e, v) => { e.dealt.seals[me].key = v.spare.publicKey; return e; }),
      // the guest's own hash, signed again by the host's spare key: the same bytes, so the same seed (not material;
      // the table code, made from the whole deal, differs from the host's)
      f("dealt.seal.mine.resigned", false, (e, v) => {
        const seal = e.dealt.seals[me];
        e.dealt.seals[me] = { hash: seal.hash, key: v.spare.publicKey, sig: v.spare.sign(messageFields(v.context, env.seat, { t: "seal", hash: seal.hash })) };
        return e;
      }),
      f("dealt.seal.mine.removed", true, (e) => { delete e.dealt.seals[me]; delete e.dealt.bytes[me]; return e; }),
    );
    if (hostSeat !== undefined) {
      out.push(f("dealt.seal.host-seat", true, (e) => { e.dealt.seals[String(hostSeat)] = { ...e.dealt.seals[me] }; return e; }));
      out.push(f("dealt.bytes.host-seat", true, (e) => {
        e.dealt.seals[String(hostSeat)] = { ...e.dealt.seals[me] };
        e.dealt.bytes[String(hostSeat)] = e.dealt.bytes[me] ?? otherB64(me);
        return e;
      }));
    }
  }
  if (dealt.bytes[me]) {
    out.push(f("dealt.bytes.mine.removed", true, (e) => { delete e.dealt.bytes[me]; return e; }));
    out.push(f("dealt.bytes.mine.other", true, (e) => { e.dealt.bytes[me] = otherB64(e.dealt.bytes[me]); return e; }));
  }
  const seated = Object.keys(dealt.seals);
  if (seated.length >= 2) {
    out.push(f("dealt.seals.swapped", true, (e) => {
      const [a, b] = seated;
      [e.dealt.seals[a], e.dealt.seals[b]] = [e.dealt.seals[b], e.dealt.seals[a]];
      if (a in e.dealt.bytes && b in e.dealt.bytes) [e.dealt.bytes[a], e.dealt.bytes[b]] = [e.dealt.bytes[b], e.dealt.bytes[a]];
      return e;
    }));
  }
  return out;
}

/**
 * @param {string} state @param {any} m a game event @param {Env} env @returns {Field[]}
 */
function gameFields(state, m, env) {
  const me = env.seat;
  // on a rejoin link's first event the seat changes hands at that very move: the bot held it there too
  const rejoined = state === "first-game-rejoin";
  const other = m.kinds.findIndex((_, i) => i !== me);
  const out = [
    f("version.ahead", true, (e) => ({ ...e, version: e.version + 1 })),
    // another view with its right hash: the previous event's when there is one, else this one with a field more
    f("view.other", true, (e, v) => {
      const view = v.prevGame && canonicalText(v.prevGame.view) !== canonicalText(e.view) ? v.prevGame.view : { ...e.view, trace: 1 };
      return { ...e, view, hash: viewHashOf(view) };
    }),
    f("hash.of-another-view", false, (e, v) => {
      const view = v.prevGame && canonicalText(v.prevGame.view) !== canonicalText(e.view) ? v.prevGame.view : { ...e.view, trace: 1 };
      return { ...e, hash: viewHashOf(view) };
    }),
    f("to_move", false, (e) => ({ ...e, to_move: e.to_move.length === 1 ? [(e.to_move[0] + 1) % e.kinds.length] : [e.to_move[0] ?? 0] })),
    f("names", false, (e) => ({ ...e, names: [...e.names].reverse() })),
    f("away.mine", false, (e) => ({ ...e, away: [...new Set([...(e.away ?? []), me])] })),
    f("kinds.mine-bot", !rejoined, (e) => ({ ...e, kinds: e.kinds.map((k, i) => (i === me ? "bot" : k)) })),
    f("kinds.mine-human", true, (e) => ({ ...e, kinds: e.kinds.map((k, i) => (i === me ? "human" : k)) })),
    f("kinds.another", true, (e) => ({ ...e, kinds: e.kinds.map((k, i) => (i === other ? (k === "bot" ? "remote" : "bot") : k)) })),
    f("keys.mine", true, (e, v) => ({ ...e, keys: e.keys.map((k, i) => (i === me ? v.spare.publicKey : k)) })),
    f("keys.another", true, (e, v) => ({ ...e, keys: e.keys.map((k, i) => (i === other ? v.spare.publicKey : k)) })),
    f("ack.ahead", false, (e) => ({ ...e, ack: e.ack + 2 })),
    f("ev.ahead", false, (e) => ({ ...e, ev: e.ev + 5 })),
    f("waiting", true, (e) => ({ ...e, waiting: true })),
    f("deal.added-back", false, (e, v) => ({ ...e, deal: { commitment: v.welcome.commitment, seats: guestSeats(v), sealed: {}, reveal: true } })),
  ];
  if (m.version > 0) out.push(f("version.back", true, (e) => ({ ...e, version: e.version - 1 })));
  if (m.ack > 0) out.push(f("ack.back", false, (e) => ({ ...e, ack: e.ack - 1 })));
  if (Array.isArray(m.legal) && m.legal.length) out.push(f("legal.none", false, (e) => ({ ...e, legal: [] })));
  if (m.over) {
    out.push(f("over.false", true, (e) => ({ ...e, over: false })));
    out.push(f("result.other", true, (e) => ({ ...e, result: otherResult(e.result) })));
  } else {
    out.push(f("over.true", false, (e) => ({ ...e, over: true })));
  }
  if (m.round) out.push(...roundFields(m, env));
  else out.push(f("round.added", false, (e) => ({ ...e, round: { version: e.version, seats: e.kinds.map((_, i) => i), committed: {}, reveal: false, revealed: [] } })));
  if (m.dealt) out.push(...dealtFields(state, m, env));
  else if (env.firstDealt) out.push(f("dealt.again", false, (e, v) => ({ ...e, dealt: { ...v.firstDealt, commitment: otherHex(v.firstDealt.commitment) } })));
  return out;
}

/** A result of the same shape, with the seats' standings changed (the winner another seat). @param {any} r */
function otherResult(r) {
  if (!r || typeof r !== "object") return { winners: [0] };
  const copy = JSON.parse(JSON.stringify(r));
  for (const [k, v] of Object.entries(copy)) {
    if (Array.isArray(v) && v.length > 1) { copy[k] = [...v].reverse(); if (canonicalText(copy[k]) !== canonicalText(v)) return copy; }
  }
  return { ...copy, winners: [] };
}

/** @param {any} m the end-of-game record @param {Env} env @returns {Field[]} */
function fairFields(m, env) {
  const me = env.seat;
  const hostSeat = hostSeats(env)[0];
  const out = [
    f("secret", true, (x) => ({ ...x, secret: otherB64(x.secret) })),
    f("seed", true, (x) => ({ ...x, seed: otherHex(x.seed) })),
    f("entropy.mine", true, (x) => ({ ...x, entropy: x.entropy.map((b, i) => (i === me ? otherB64(String(b)) : b)) })),
    f("entropy.mine-none", true, (x) => ({ ...x, entropy: x.entropy.map((b, i) => (i === me ? null : b)) })),
    f("keys.mine", true, (x, v) => ({ ...x, keys: x.keys.map((k) => (k.seat === me ? { ...k, key: v.spare.publicKey } : k)) })),
    f("control.mine-bot", true, (x) => ({
      ...x, control: [...x.control, { version: 1, seat: me, kind: "bot" }, { version: 2, seat: me, kind: "remote" }].sort((a, b) => a.version - b.version),
    })),
    f("actions.last-removed", true, (x) => ({ ...x, actions: x.actions.slice(0, -1) })),
  ];
  if (hostSeat !== undefined) out.push(f("entropy.host-seat", true, (x) => ({ ...x, entropy: x.entropy.map((b, i) => (i === hostSeat ? otherB64(`host:${i}`) : b)) })));
  if (m.seals?.[String(me)]) {
    out.push(f("seals.mine.sig", true, (x, v) => ({ ...x, seals: { ...x.seals, [me]: { ...x.seals[me], sig: v.guest.unseal?.sig ?? v.spare.sign({ what: "trace" }) } } })));
    out.push(f("seals.mine.removed", true, (x) => { delete x.seals[String(me)]; return x; }));
  }
  const acts = m.actions;
  const swap = acts.findIndex((a, i) => i + 1 < acts.length && a.seat !== acts[i + 1].seat);
  if (swap >= 0) out.push(f("actions.swapped", true, (x) => { [x.actions[swap], x.actions[swap + 1]] = [x.actions[swap + 1], x.actions[swap]]; return x; }));
  const replaced = acts.findIndex((a) => acts.some((b) => b.seat === a.seat && canonicalText(b.action) !== canonicalText(a.action)));
  if (replaced >= 0) {
    out.push(f("actions.move-replaced", true, (x) => {
      const a = x.actions[replaced];
      const alt = x.actions.find((b) => b.seat === a.seat && canonicalText(b.action) !== canonicalText(a.action));
      x.actions[replaced] = { ...a, action: alt.action };
      return x;
    }));
  }
  // another person's signed move outside a secret round (this guest's own moves are held to its own record, and a
  // round's moves to the signed reveals that played them)
  const inRounds = new Set();
  for (const v of new Set([...(m.reveals ?? []), ...(m.forfeits ?? [])].map((r) => r.version))) {
    const seats = [...(m.reveals ?? []), ...(m.forfeits ?? [])].filter((r) => r.version === v).length;
    for (let k = v; k < v + seats; k++) inRounds.add(k);
  }
  const signed = acts.findIndex((a, k) => a.sig && a.seat !== me && !inRounds.has(k));
  if (signed >= 0) out.push(f("actions.sig-removed", true, (x) => { delete x.actions[signed].sig; return x; }));
  if (m.reveals?.length) out.push(f("reveals.nonce", true, (x) => { x.reveals[0].nonce = otherHex(x.reveals[0].nonce).slice(0, 32); return x; }));
  if (m.bots?.length) {
    out.push(f("bots.level", true, (x) => { x.bots[0].bot = otherOf(LEVELS, x.bots[0].bot); return x; }));
    out.push(f("bots.removed", true, (x) => { x.bots.splice(0, 1); return x; }));
    const late = m.bots.findIndex((b) => b.ply > 0);
    if (late >= 0) out.push(f("bots.ply", true, (x) => { x.bots[late].ply -= 1; return x; }));
  }
  const mine = acts.findIndex((a) => a.seat === me);
  // a forfeit is read against a sealed choice: one naming no round (this guest's own signed move) changes nothing the
  // verdict rests on
  if (mine >= 0) out.push(f("forfeits.added", !!m.reveals?.length, (x) => ({ ...x, forfeits: [...x.forfeits, { seat: me, version: mine, reason: "bot", step: mine }] })));
  return out;
}

/** @param {any} m @param {Env} env @returns {Field[]} */
function byeFields(m) {
  return [
    f("ack.back", false, (b) => ({ ...b, ack: Math.max(0, b.ack - 1) })),
    f("ack.ahead", false, (b) => ({ ...b, ack: b.ack + 1 })),
    f("ack.missing", false, (b) => { delete b.ack; return b; }),
  ].filter((x) => x.name !== "ack.back" || m.ack > 0);
}

/** @param {any} m @param {Env} env @returns {Field[]} */
function errorFields(m, env) {
  const out = [
    f("ref.none", false, (e) => ({ ...e, ref: null })),
    f("error.text", false, (e) => ({ ...e, error: "That move is not allowed." })),
  ];
  // the guest's move before the refused one, which the host played: now said to be refused
  const earlier = (env.guest.acts ?? []).filter((n) => n < m.ref).at(-1);
  if (earlier !== undefined) out.push(f("ref.an-earlier-move", true, (e) => ({ ...e, ref: earlier })));
  return out;
}

const noteFields = () => [f("text.blames", false, (n) => ({ ...n, text: "{p1} cheated: the guest's fault." }))];

/**
 * Every field replacement that applies to host message `m` in wire state `state`.
 * @param {string} state @param {any} m @param {Env} env @returns {Field[]}
 */
export function fieldsFor(state, m, env) {
  switch (m.t) {
    case "welcome": return welcomeFields(m, env);
    case "ev": return m.waiting ? waitingFields(m, env) : gameFields(state, m, env);
    case "fair": return fairFields(m, env);
    case "bye": return byeFields(m, env);
    case "error": return errorFields(m, env);
    case "note": return noteFields(m, env);
    default: return [];
  }
}

/** The field replacement `name` applied to a copy of `m` (null: it does not apply to this message). */
export function replaceField(state, m, env, name) {
  const field = fieldsFor(state, m, env).find((x) => x.name === name);
  if (!field) return null;
  const out = field.apply(JSON.parse(JSON.stringify(m)), env);
  return out && canonicalText(out) !== canonicalText(m) ? { message: out, material: field.material } : null;
}
