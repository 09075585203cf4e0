// In-memory WebRTC for the harness: a pair of fake RTCPeerConnection + RTCDataChannel ends per
// invite, delivering each text asynchronously (a step of the run, clock.mjs: one turn of its loop per
// message, in the order sent) through the run's `intercept(from, to, text, info) -> texts` hook (drop,
// duplicate, reorder, replace, inject).
import { als, current } from "./runtime.mjs";

/** A tiny EventTarget with `on<type>` attributes, dispatching in the owning device's context. */
class Emitter {
  constructor(ctx) {
    this.ctx = ctx;
    this.listeners = new Map();
  }
  addEventListener(type, fn) {
    if (!this.listeners.has(type)) this.listeners.set(type, []);
    this.listeners.get(type).push(fn);
  }
  removeEventListener(type, fn) {
    const list = this.listeners.get(type);
    if (list) this.listeners.set(type, list.filter((f) => f !== fn));
  }
  dispatch(type, fields = {}) {
    const event = { type, target: this, currentTarget: this, ...fields };
    const run = () => {
      const handler = this[`on${type}`];
      if (typeof handler === "function") handler.call(this, event);
      for (const fn of [...(this.listeners.get(type) ?? [])]) (typeof fn === "function" ? fn : fn.handleEvent).call(this, event);
    };
    const errors = this.ctx?.run?.errors;
    als.run(this.ctx, () => {
      try { run(); } catch (err) { errors?.push(`${type} handler: ${err && err.stack || err}`); }
    });
  }
}

export class FakeChannel extends Emitter {
  constructor(ctx, label) {
    super(ctx);
    this.label = label;
    this.readyState = "connecting";
    this.onmessage = null;
    this.onopen = null;
    this.onclose = null;
    this.bufferedAmount = 0;
    /** @type {FakeChannel|null} */
    this.peer = null;
    /** @type {Wire|null} */
    this.wire = null;
    this.side = "";
  }
  send(text) {
    if (this.readyState !== "open") {
      const err = new Error(`Failed to execute 'send' on 'RTCDataChannel': RTCDataChannel.readyState is not 'open'`);
      err.name = "InvalidStateError";
      throw err;
    }
    this.wire.send(this, text);
  }
  close() {
    if (this.readyState === "closed" || this.readyState === "closing") return;
    this.readyState = "closing";
    this.wire?.closeFrom(this);
    if (!this.wire) this.closed();
  }
  closed() {
    if (this.readyState === "closed") return;
    this.readyState = "closed";
    this.dispatch("close");
  }
}

export class FakePeerConnection extends Emitter {
  constructor(ctx) {
    super(ctx);
    this.connectionState = "new";
    this.iceConnectionState = "new";
    this.iceGatheringState = "complete";
    this.signalingState = "stable";
    /** @type {FakeChannel|null} */
    this.channel = null;
  }
  setState(state) {
    if (this.connectionState === state || this.connectionState === "closed") return;
    this.connectionState = state;
    this.dispatch("connectionstatechange");
  }
  close() {
    if (this.connectionState === "closed") return;
    this.connectionState = "closed"; // closing one's own connection fires no event here (as in browsers)
    this.signalingState = "closed";
    if (this.channel && this.channel.readyState !== "closed") {
      this.channel.readyState = "closed";
      this.channel.wire?.closeFrom(this.channel, true);
    }
  }
}

/** Both ends of one channel, and the hook between them. */
export class Wire {
  constructor(run, a, b, info) {
    this.run = run;
    this.ends = [a, b];
    this.info = info; // {seat, kind}
    for (const end of this.ends) end.wire = this;
    a.peer = b;
    b.peer = a;
    this.counts = run.netCounts ??= {};
  }
  open() {
    for (const end of this.ends) {
      end.readyState = "open";
      this.run.soon("open", () => {
        if (end.readyState === "open") {
          end.dispatch("open");
          end.pcRef?.setState("connected");
        }
      }, end, end.side);
    }
  }
  count(from, to, text) {
    const m = /"t":"([^"]{1,24})"/.exec(text);
    const key = `${from}>${to}:${m ? m[1] : "?"}`;
    this.counts[key] = (this.counts[key] ?? 0) + 1;
  }
  send(fromEnd, text) {
    const toEnd = fromEnd.peer;
    const from = fromEnd.side;
    const to = toEnd.side;
    const hook = this.run.intercept;
    let texts = [text];
    if (hook) {
      const out = hook(from, to, text, { seat: this.info.seat, wire: this, run: this.run, inject: (t) => this.deliver(toEnd, from, to, t) });
      if (out !== undefined && out !== null) texts = Array.isArray(out) ? out : [out];
    }
    for (const t of texts) this.deliver(toEnd, from, to, t);
  }
  /** Deliver `text` to `toEnd` later (a step of the run), after everything already on its way. */
  deliver(toEnd, from, to, text) {
    this.run.soon("delivery", () => {
      if (toEnd.readyState === "open" && !this.run.closed) {
        if (typeof text === "string") this.count(from, to, text);
        if (typeof text !== "string" || !/"t":"ping"/.test(text)) this.run.progress();
        toEnd.dispatch("message", { data: text });
      }
    }, toEnd, `${from}>${to}`);
  }
  closeFrom(end, viaPc = false) {
    const other = end.peer;
    this.run.soon("close", () => {
      if (!viaPc) end.closed();
      if (other.readyState !== "closed") {
        other.closed();
        other.pcRef?.setState("disconnected");
      }
    }, other, other.side);
  }
}

/** One end: a connection, its negotiated channel, and the early buffer (as js/net/peer.js's newConnection). */
export function newEnd(side) {
  const ctx = current();
  const pc = new FakePeerConnection(ctx);
  const channel = new FakeChannel(ctx, "parlour");
  channel.side = side;
  channel.pcRef = pc;
  pc.channel = channel;
  const early = [];
  channel.onmessage = (e) => early.push(e.data);
  return { pc, channel, early };
}
