// @ts-check
/**
 * WebRTC peer connections for Parlour: one data channel per guest, opened with
 * two short codes and no signalling server.
 *
 * The host makes an offer (`Invitation`), the guest answers it
 * (`answerInvitation`), the host pastes the answer (`Invitation.accept`).  Both
 * sides wait for ICE gathering with a time limit and then pack their whole
 * description (no trickling) into a code with signal-codec.js.  The channel is
 * negotiated (id 0) so neither side waits for the other to announce it.
 */
import { randomBytes } from "./bytes.js";
import { buildSdp, chooseCandidates, decodeSignal, encodeSignal, ANSWER_CANDIDATE_BYTES, MAX_ANSWER_CANDIDATES, MAX_OFFER_CANDIDATES, parseSdp } from "./signal-codec.js";

/** How long to wait for ICE candidates before packing what we have. */
export const GATHER_LIMIT_MS = 4000;
/** How long an invitation waits for the channel after the answer was pasted. */
export const CONNECT_LIMIT_MS = 20000;

/**
 * A connection with its negotiated channel.  Messages that arrive before the
 * Link takes the channel over are kept in `early` (the peer may speak the
 * moment the channel opens, before our `open` handler has run).
 * @param {RTCIceServer[]} iceServers
 */
function newConnection(iceServers) {
  const pc = new RTCPeerConnection({ iceServers });
  const channel = pc.createDataChannel("parlour", { negotiated: true, id: 0, ordered: true });
  /** @type {any[]} */
  const early = [];
  channel.onmessage = (e) => early.push(e.data);
  return { pc, channel, early };
}

/**
 * Resolve when gathering completes or the time limit passes, whichever first.
 * With ICE servers, stop early once a server-reflexive candidate is in and the
 * host candidates had a moment.
 * @param {RTCPeerConnection} pc @param {number} limit
 */
function gathered(pc, limit) {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => { if (!done) { done = true; clearTimeout(timer); resolve(undefined); } };
    const timer = setTimeout(finish, limit);
    if (pc.iceGatheringState === "complete") finish();
    pc.addEventListener("icegatheringstatechange", () => { if (pc.iceGatheringState === "complete") finish(); });
    pc.addEventListener("icecandidate", (e) => {
      if (!e.candidate) finish();
      else if (e.candidate.type === "srflx") setTimeout(finish, 300);
    });
  });
}

/** Resolve with the channel once it is open, reject on failure or time-out. @param {RTCPeerConnection} pc @param {RTCDataChannel} channel @param {number} limit */
export function channelOpen(pc, channel, limit = CONNECT_LIMIT_MS) {
  return new Promise((resolve, reject) => {
    if (channel.readyState === "open") return resolve(channel);
    const timer = setTimeout(() => reject(new Error("The connection did not come up in time.")), limit);
    channel.addEventListener("open", () => { clearTimeout(timer); resolve(channel); });
    pc.addEventListener("connectionstatechange", () => {
      if (pc.connectionState === "failed") { clearTimeout(timer); reject(new Error("The connection failed.")); }
    });
  });
}

/** The host's side of one invite: an offer waiting for its answer. */
export class Invitation {
  /**
   * @param {{seat: number|null, kind: number, iceServers: RTCIceServer[], gatherLimit?: number}} opts
   */
  constructor(opts) {
    this.seat = opts.seat;
    this.kind = opts.kind;
    this.iceServers = opts.iceServers;
    this.gatherLimit = opts.gatherLimit ?? GATHER_LIMIT_MS;
    const tag = randomBytes(2);
    this.tag = (tag[0] << 8) | tag[1];
    const { pc, channel, early } = newConnection(opts.iceServers);
    this.pc = pc;
    this.channel = channel;
    this.early = early;
    this.code = "";
  }

  /** Gather candidates and make the invite code.  @returns {Promise<string>} */
  async prepare() {
    await this.pc.setLocalDescription(await this.pc.createOffer());
    await gathered(this.pc, this.gatherLimit);
    const local = parseSdp(/** @type {RTCSessionDescription} */ (this.pc.localDescription).sdp);
    this.code = encodeSignal({
      answer: false, passive: false, usesIce: this.iceServers.length > 0, tag: this.tag, seat: this.seat,
      kind: this.kind, ufrag: local.ufrag, pwd: local.pwd, fingerprint: local.fingerprint,
      candidates: chooseCandidates(local.candidates, MAX_OFFER_CANDIDATES),
    });
    return this.code;
  }

  /** Does this answer code belong to this invite? @param {string} code */
  matches(code) {
    try {
      const s = decodeSignal(code);
      return s.answer && s.tag === this.tag;
    } catch {
      return false;
    }
  }

  /**
   * Use a guest's answer code; resolves with the open channel.
   * @param {string} code
   * @returns {Promise<RTCDataChannel>}
   */
  async accept(code) {
    const s = decodeSignal(code);
    if (!s.answer) throw new Error("That is an invite link, not an answer code.");
    if (s.tag !== this.tag) throw new Error("That answer code belongs to another invite.");
    await this.pc.setRemoteDescription({ type: "answer", sdp: buildSdp(s) });
    return channelOpen(this.pc, this.channel);
  }

  close() {
    try { this.pc.close(); } catch { /* already closed */ }
  }
}

/**
 * The guest's side: answer an invite code.  Resolves with the answer code and
 * a promise of the open channel.
 * @param {string} inviteCode
 * @param {RTCIceServer[]|null} iceServers  null: follow the host (public STUN only if the host used ICE servers)
 * @param {RTCIceServer[]} defaultServers
 * @param {number} [gatherLimit]
 */
export async function answerInvitation(inviteCode, iceServers, defaultServers, gatherLimit = GATHER_LIMIT_MS) {
  const offer = decodeSignal(inviteCode);
  if (offer.answer) throw new Error("That is an answer code; it goes to the host, who pastes it into the table.");
  const servers = iceServers ?? (offer.usesIce ? defaultServers : []);
  const { pc, channel, early } = newConnection(servers);
  await pc.setRemoteDescription({ type: "offer", sdp: buildSdp(offer) });
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc, gatherLimit);
  const local = parseSdp(/** @type {RTCSessionDescription} */ (pc.localDescription).sdp);
  const code = encodeSignal({
    answer: true, passive: local.passive, usesIce: servers.length > 0, tag: offer.tag, seat: offer.seat,
    kind: offer.kind, ufrag: local.ufrag, pwd: local.pwd, fingerprint: local.fingerprint,
    candidates: chooseCandidates(local.candidates, MAX_ANSWER_CANDIDATES, ANSWER_CANDIDATE_BYTES),
  });
  return { offer, code, pc, channel, early, open: channelOpen(pc, channel, 10 * 60_000) };
}
