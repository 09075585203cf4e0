// Harness stand-in for js/net/peer.js: invites and answers as real codes (js/net/signal-codec.js),
// but the channel is an in-memory pair (tests/adversary/network.mjs) instead of WebRTC.
// Everything else the real module exports is re-exported unchanged.
export * from "../../../js/net/peer.js?real";
import { decodeSignal, encodeSignal } from "../../../js/net/signal-codec.js";
import { current } from "../runtime.mjs";
import { newEnd, Wire } from "../network.mjs";

/**
 * Live invitations and the counters for tags and ufrags, per run (outside any run, one set for the process): a
 * run's codes are then the same whatever other runs this process plays, so a seed replays the same bytes.
 */
const outsideRuns = {};
function signalling() {
  const run = current()?.run;
  const s = run ? (run.signalling ??= {}) : outsideRuns;
  s.live ??= new Map();
  s.nextTag ??= 1;
  s.nextUfrag ??= 1;
  return s;
}
const FINGERPRINT = new Uint8Array(32).fill(7);

function freshTag(s) {
  for (let i = 0; i < 65535; i++) {
    const tag = s.nextTag;
    s.nextTag = s.nextTag % 65535 + 1;
    if (!s.live.has(tag)) return tag;
  }
  throw new Error("more than 65535 live invitations");
}

function code(fields) {
  return encodeSignal({
    passive: false, usesIce: false, pwd: "harnessharnessharnessha1", fingerprint: FINGERPRINT,
    candidates: [{ family: 0, type: "host", address: "127.0.0.1", port: 9 }], ...fields,
  });
}

/** The channel is open (as js/net/peer.js's channelOpen; the time limit is the run's own). */
export function channelOpen(pc, channel) {
  return new Promise((resolve, reject) => {
    if (channel.readyState === "open") return resolve(channel);
    channel.addEventListener("open", () => resolve(channel));
    pc.addEventListener("connectionstatechange", () => {
      if (pc.connectionState === "failed") reject(new Error("The connection failed."));
    });
  });
}

export class Invitation {
  /** @param {{seat: number|null, kind: number, iceServers: any[], gatherLimit?: number}} opts */
  constructor(opts) {
    this.seat = opts.seat;
    this.kind = opts.kind;
    this.iceServers = opts.iceServers;
    this.gatherLimit = opts.gatherLimit ?? 0;
    this.perRun = signalling();
    this.tag = freshTag(this.perRun);
    const ctx = current();
    this.ctx = ctx;
    const { pc, channel, early } = newEnd(ctx?.device?.name ?? "host");
    this.pc = pc;
    this.channel = channel;
    this.early = early;
    this.code = "";
    /** @type {any} the guest's end once answered */
    this.answer = null;
    this.perRun.live.set(this.tag, this);
    ctx?.device?.invitations.push(this);
  }

  async prepare() {
    this.code = code({ answer: false, tag: this.tag, seat: this.seat, kind: this.kind, ufrag: `inv${(this.perRun.nextUfrag++).toString(36).padStart(5, "0")}` });
    return this.code;
  }

  matches(text) {
    try {
      const s = decodeSignal(text);
      return s.answer && s.tag === this.tag;
    } catch {
      return false;
    }
  }

  async accept(text) {
    const s = decodeSignal(text);
    if (!s.answer) throw new Error("That is an invite link, not an answer code.");
    if (s.tag !== this.tag) throw new Error("That answer code belongs to another invite.");
    const guest = this.answer;
    if (!guest || guest.code !== text) throw new Error("No device answered with that code.");
    if (this.pc.connectionState === "closed") throw new Error("The connection failed.");
    const run = this.ctx.run;
    const wire = new Wire(run, this.channel, guest.channel, { seat: this.seat, kind: this.kind });
    run.wires = [...(run.wires ?? []), wire];
    this.perRun.live.delete(this.tag);
    wire.open();
    return channelOpen(this.pc, this.channel);
  }

  close() {
    this.perRun.live.delete(this.tag);
    this.pc.close();
  }
}

/** The guest's side: answer an invite code (as the real one, minus ICE). */
export async function answerInvitation(inviteCode, iceServers, defaultServers) {
  const offer = decodeSignal(inviteCode);
  if (offer.answer) throw new Error("That is an answer code; it goes to the host, who pastes it into the table.");
  const s = signalling();
  const inv = s.live.get(offer.tag);
  const ctx = current();
  const { pc, channel, early } = newEnd(ctx?.device?.name ?? "guest");
  const answer = code({ answer: true, passive: true, tag: offer.tag, seat: offer.seat, kind: offer.kind, ufrag: `ans${(s.nextUfrag++).toString(36).padStart(5, "0")}` });
  const servers = iceServers ?? (offer.usesIce ? defaultServers : []);
  const entry = { offer, code: answer, pc, channel, early, open: channelOpen(pc, channel), servers };
  if (inv) inv.answer = entry;
  ctx?.device?.answers.push(entry);
  return entry;
}
