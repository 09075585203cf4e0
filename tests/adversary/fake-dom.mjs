// A small, permissive DOM for the harness: enough for h() (js/common/dom.js), dataset, classList,
// text, and the simple selectors the tables use (tag, .class, #id, [attr], [attr="v"]).  Nothing is drawn.


const SELECTOR = /^([a-z0-9-]*)((?:[.#][\w-]+)*)((?:\[[\w-]+(?:="[^"]*")?\])*)$/i;

function matches(el, selector) {
  return selector.split(",").some((one) => {
    const m = SELECTOR.exec(one.trim());
    if (!m) return false;
    if (m[1] && el.localName !== m[1].toLowerCase()) return false;
    for (const part of m[2].match(/[.#][\w-]+/g) ?? []) {
      if (part[0] === "." && !el.classList.contains(part.slice(1))) return false;
      if (part[0] === "#" && el.id !== part.slice(1)) return false;
    }
    for (const attr of m[3].match(/\[[^\]]+\]/g) ?? []) {
      const [, name, value] = /^\[([\w-]+)(?:="([^"]*)")?\]$/.exec(attr);
      if (!el.hasAttribute(name)) return false;
      if (value !== undefined && el.getAttribute(name) !== value) return false;
    }
    return true;
  });
}

export class FakeNode {
  constructor() { this.parentNode = null; this.childNodes = []; this.listeners = new Map(); }
  get parentElement() { return this.parentNode instanceof FakeElement ? this.parentNode : null; }
  addEventListener(type, fn) { if (!this.listeners.has(type)) this.listeners.set(type, new Set()); this.listeners.get(type).add(fn); }
  removeEventListener(type, fn) { this.listeners.get(type)?.delete(fn); }
  dispatchEvent(event) {
    for (const fn of [...(this.listeners.get(event.type) ?? [])]) (typeof fn === "function" ? fn : fn.handleEvent).call(this, event);
    return true;
  }
  remove() {
    const p = this.parentNode;
    if (p) { p.childNodes = p.childNodes.filter((c) => c !== this); this.parentNode = null; }
  }
}

class FakeText extends FakeNode {
  constructor(text) { super(); this.data = String(text); this.nodeType = 3; }
  get textContent() { return this.data; }
  set textContent(v) { this.data = String(v); }
}

function adopt(parent, child) {
  const node = typeof child === "string" || typeof child === "number" ? new FakeText(child) : child;
  if (node === null || node === undefined) return null;
  if (node.nodeType === 11) return node.childNodes.splice(0).map((c) => adopt(parent, c)); // a fragment
  node.remove?.();
  node.parentNode = parent;
  return node;
}

class ClassList {
  constructor(el) { this.el = el; }
  get list() { return (this.el.getAttribute("class") ?? "").split(/\s+/).filter(Boolean); }
  contains(c) { return this.list.includes(c); }
  add(...cs) { this.el.setAttribute("class", [...new Set([...this.list, ...cs])].join(" ")); }
  remove(...cs) { this.el.setAttribute("class", this.list.filter((c) => !cs.includes(c)).join(" ")); }
  toggle(c, force) {
    const on = force ?? !this.contains(c);
    if (on) this.add(c); else this.remove(c);
    return on;
  }
}

const camel = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
const kebab = (name) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export class FakeElement extends FakeNode {
  constructor(tag) {
    super();
    this.nodeType = 1;
    this.localName = String(tag).toLowerCase();
    this.tagName = this.localName.toUpperCase();
    this.attributes = new Map();
    this.style = { cssText: "", setProperty() {}, removeProperty() {} };
    this.classList = new ClassList(this);
    this.value = "";
    this.disabled = false;
    this.checked = false;
    const el = this;
    this.dataset = new Proxy({}, {
      get: (_t, k) => (typeof k === "string" ? el.attributes.get(`data-${kebab(k)}`) : undefined),
      set: (_t, k, v) => { el.attributes.set(`data-${kebab(String(k))}`, String(v)); return true; },
      deleteProperty: (_t, k) => { el.attributes.delete(`data-${kebab(String(k))}`); return true; },
      has: (_t, k) => el.attributes.has(`data-${kebab(String(k))}`),
      ownKeys: () => [...el.attributes.keys()].filter((a) => a.startsWith("data-")).map((a) => camel(a.slice(5))),
      getOwnPropertyDescriptor: (_t, k) => (el.attributes.has(`data-${kebab(String(k))}`)
        ? { value: el.attributes.get(`data-${kebab(String(k))}`), enumerable: true, configurable: true, writable: true } : undefined),
    });
  }
  get id() { return this.attributes.get("id") ?? ""; }
  set id(v) { this.attributes.set("id", String(v)); }
  get className() { return this.attributes.get("class") ?? ""; }
  set className(v) { this.attributes.set("class", String(v)); }
  get hidden() { return this.attributes.has("hidden"); }
  set hidden(v) { if (v) this.attributes.set("hidden", ""); else this.attributes.delete("hidden"); }
  get children() { return this.childNodes.filter((c) => c instanceof FakeElement); }
  get firstElementChild() { return this.children[0] ?? null; }
  get lastElementChild() { return this.children.at(-1) ?? null; }
  get firstChild() { return this.childNodes[0] ?? null; }
  get isConnected() { return true; }
  get textContent() { return this.childNodes.map((c) => c.textContent).join(""); }
  set textContent(v) { this.childNodes.forEach((c) => { c.parentNode = null; }); this.childNodes = []; if (v !== "" && v !== null && v !== undefined) this.append(String(v)); }
  get innerText() { return this.textContent; }
  set innerText(v) { this.textContent = v; }
  setAttribute(k, v) { this.attributes.set(String(k).toLowerCase(), String(v)); }
  getAttribute(k) { return this.attributes.has(k) ? this.attributes.get(k) : null; }
  hasAttribute(k) { return this.attributes.has(k); }
  removeAttribute(k) { this.attributes.delete(k); }
  toggleAttribute(k, force) { const on = force ?? !this.hasAttribute(k); if (on) this.setAttribute(k, ""); else this.removeAttribute(k); return on; }
  append(...nodes) { for (const n of nodes) { const a = adopt(this, n); if (a) this.childNodes.push(...[a].flat()); } }
  appendChild(n) { this.append(n); return n; }
  prepend(...nodes) { const kids = this.childNodes.splice(0); this.append(...nodes); this.childNodes.push(...kids); }
  replaceChildren(...nodes) { this.childNodes.forEach((c) => { c.parentNode = null; }); this.childNodes = []; this.append(...nodes); }
  insertBefore(n, ref) { this.append(n); if (ref) { this.childNodes.pop(); this.childNodes.splice(this.childNodes.indexOf(ref), 0, n); } return n; }
  removeChild(n) { n.remove(); return n; }
  after(...nodes) { this.siblings(nodes, 1); }
  before(...nodes) { this.siblings(nodes, 0); }
  replaceWith(...nodes) { this.siblings(nodes, 0); this.remove(); }
  siblings(nodes, offset) {
    const p = this.parentNode;
    if (!p) return;
    const at = p.childNodes.indexOf(this) + offset;
    const adopted = nodes.flatMap((n) => [adopt(p, n)].flat().filter(Boolean));
    p.childNodes.splice(at, 0, ...adopted);
  }
  contains(n) { for (let x = n; x; x = x.parentNode) if (x === this) return true; return false; }
  *walk() { for (const c of this.childNodes) if (c instanceof FakeElement) { yield c; yield* c.walk(); } }
  querySelector(sel) { for (const el of this.walk()) if (matches(el, sel)) return el; return null; }
  querySelectorAll(sel) { return [...this.walk()].filter((el) => matches(el, sel)); }
  getElementsByTagName(tag) { return this.querySelectorAll(tag); }
  closest(sel) { for (let x = this; x instanceof FakeElement; x = x.parentNode) if (matches(x, sel)) return x; return null; }
  matches(sel) { return matches(this, sel); }
  focus() {}
  blur() {}
  click() { this.dispatchEvent({ type: "click", target: this, preventDefault() {}, stopPropagation() {} }); }
  scrollIntoView() {}
  getBoundingClientRect() { return { x: 0, y: 0, left: 0, top: 0, right: 0, bottom: 0, width: 0, height: 0 }; }
  animate() { return { finished: Promise.resolve(), cancel() {}, finish() {} }; }
  showModal() { this.open = true; }
  close() { this.open = false; }
  cloneNode(deep) {
    const c = new FakeElement(this.localName);
    for (const [k, v] of this.attributes) c.attributes.set(k, v);
    if (deep) for (const n of this.childNodes) c.append(n instanceof FakeElement ? n.cloneNode(true) : new FakeText(n.textContent));
    return c;
  }
}

class FakeFragment extends FakeElement {
  constructor() { super("#fragment"); this.nodeType = 11; }
}

export class FakeDocument extends FakeNode {
  constructor() {
    super();
    this.documentElement = new FakeElement("html");
    this.body = new FakeElement("body");
    this.head = new FakeElement("head");
    this.activeElement = null;
    this.visibilityState = "visible";
    this.hidden = false;
    this.title = "Parlour";
  }
  createElement(tag) { return new FakeElement(tag); }
  createElementNS(_ns, tag) { return new FakeElement(tag); }
  createTextNode(text) { return new FakeText(text); }
  createDocumentFragment() { return new FakeFragment(); }
  getElementById() { return null; }
  querySelector() { return null; }
  querySelectorAll() { return []; }
  importNode(n) { return n; }
}
