// Harness stand-in for js/tables/table-view.js: the table screen of a network table with nothing
// drawn.  It keeps what the table gave it (the board's onAction, the last drawing with its legal
// moves and whether the person may act, the phase, the result and what went under it) so the
// harness can click the way a person does: through opts.onAction, only in phase "move".
import { current } from "../runtime.mjs";
import { fillNames } from "../../../js/common/dom.js?real";
import { moverSuffix } from "../../../js/tables/result-text.js";

function el(tag, cls) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  return e;
}

class BoardStub {
  constructor(opts) {
    this.opts = opts;
    this.refused = 0;
    this.lastMoveBy = null;
    this.lastMoveDrawn = true;
  }
  update(s) { this.last = s; }
  moveRefused() { this.refused += 1; }
  statusText() { return ""; }
  sidePanel() { return el("div"); }
  resultDetail() { return null; }
}

export class NetTableView {
  constructor(root, opts) {
    this.root = root;
    this.opts = opts;
    this.names = opts.names;
    this.device = current()?.device ?? null;
    this.els = {
      title: el("h2", "table-title"), status: el("p", "status"), board: el("div", "board"), side: el("div", "side-panel"),
      net: el("div", "p2p-panel"), notice: el("div", "p2p-board-notice"), log: el("ol", "log"), overlay: el("div", "overlay"),
    };
    this.els.title.textContent = opts.title;
    this.els.overlay.hidden = true;
    root.replaceChildren(this.els.status, this.els.net, this.els.overlay);
    this.drawn = { version: -1, viewer: null };
    this.lookBack = null;
    this.board = new BoardStub(opts);
    this.interludes = new Set();
    this.draws = 0;
    /** @type {any} the last drawing: {view, legal, forms, viewer, active, suffix, version} */
    this.lastDraw = null;
    this.result = null;
    this.phase = "";
    this.device?.views.push(this);
    this.setPhase("busy");
  }

  setPhase(phase) {
    this.root.dataset.phase = phase;
    this.phase = phase;
    this.device?.onPhase?.(this, phase);
  }

  offerLookBack() {}
  showPast() { return false; }
  async showLive(_reply, redraw) { await redraw(); }

  draw(s) {
    this.draws += 1;
    this.drawn = { version: s.version ?? -1, viewer: s.viewer };
    this.lastDraw = { ...s, legal: s.active ? s.legal : [], forms: s.active ? s.forms ?? [] : [], n: this.draws };
    this.board.update(this.lastDraw);
    this.els.status.textContent = s.suffix ?? "";
  }

  offerInterlude() {}

  notice(text) {
    this.els.notice.textContent = text;
    this.els.notice.hidden = !text;
  }

  status(text) {
    this.els.status.textContent = text;
  }

  moverText(toMove, me) {
    return moverSuffix(toMove, me, this.names);
  }

  showResult(result, extra = null, ending = "") {
    this.result = { result, extra, ending };
    const dialog = el("div", "dialog result");
    dialog.id = "result";
    const h2 = el("h2");
    h2.textContent = "Game over";
    dialog.append(h2);
    if (ending) dialog.append(fillNames(String(ending), this.names));
    if (extra) dialog.append(extra);
    this.els.overlay.replaceChildren(dialog);
    this.els.overlay.hidden = false;
  }

  /** Where the device's record of the game stands ("ready", "later", "never"): the result's Export record. */
  recordReady(record = "ready") {
    this.record = record;
  }

  setNetPanel(node) {
    this.els.net.replaceChildren(node);
  }
}
