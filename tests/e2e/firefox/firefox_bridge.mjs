// @ts-check
/**
 * Drives Debian's Firefox over WebDriver BiDi for the pytest Firefox tests
 * (firefox_driver.py starts this script and talks to it).
 *
 * Why this shape: Playwright drives only its own patched Firefox and Debian has
 * no geckodriver, but Firefox speaks WebDriver BiDi natively and puppeteer-core
 * (pinned in package.json, no browser download) is a maintained BiDi client.
 * Python sends one JSON request a line on stdin, {id, op, args}; this script
 * answers one JSON line on stdout, {id, ok, value} or {id, ok: false, error}.
 * Nothing else is written to stdout.
 *
 * Usage: node firefox_bridge.mjs <firefox binary>
 */
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";
import { nextRandom, randomStep } from "./firefox_clicks.mjs";

/**
 * Preferences for a test browser: no background traffic to Mozilla's services
 * (the network here is loopback only; Chromium's tests pass
 * --disable-background-networking for the same reason).  WebRTC keeps its
 * defaults, mDNS host candidates included, as a friend's Firefox has them.
 */
const QUIET_PREFS = {
  "network.captive-portal-service.enabled": false,
  "network.connectivity-service.enabled": false,
  "network.dns.disablePrefetch": true,
  "network.prefetch-next": false,
  "dom.push.connection.enabled": false,
  "browser.region.network.url": "",
  "browser.safebrowsing.update.enabled": false,
  "extensions.blocklist.enabled": false,
  "toolkit.telemetry.enabled": false,
  "browser.ping-centre.telemetry": false,
};

/** Written by the page's own console, caught here: a CSP violation seen by the document. */
const CSP_MARK = "parlour-csp-violation:";
/** Runs before any of the page's scripts, in every document the page opens. */
const CSP_LISTENER = `document.addEventListener("securitypolicyviolation", (e) => {
  console.error(${JSON.stringify(CSP_MARK)} + " " + e.violatedDirective + " blocked " + (e.blockedURI || "(inline)")
    + " at " + (e.sourceFile || "?") + ":" + e.lineNumber);
}, true);`;
/** How often a wait asks the page again. */
const POLL_MS = 50;

const firefox = process.argv[2];
if (!firefox) {
  process.stderr.write("usage: node firefox_bridge.mjs <firefox binary>\n");
  process.exit(2);
}

/** @type {import("puppeteer-core").Browser|null} */
let browser = null;
/** @type {Map<number, {page: import("puppeteer-core").Page, context: import("puppeteer-core").BrowserContext, errors: string[], violations: string[], random: {state: number}}>} */
const pages = new Map();
let nextPage = 1;

/** @param {number} id */
function tab(id) {
  const entry = pages.get(id);
  if (!entry) throw new Error(`no page ${id}`);
  return entry;
}

/**
 * Ask the page `expression` until it is truthy; returns its value.
 * Polled from here (script.evaluate is not subject to the page's CSP, a
 * function built inside the page would be).
 * @param {import("puppeteer-core").Page} page @param {string} expression @param {number} timeout
 */
export async function waitFor(page, expression, timeout) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      last = await page.evaluate(expression);
      if (last) return last;
    } catch (err) {
      // a navigation under way destroys the realm: ask the new document
      if (!/destroyed|navigat|context|Cannot find/i.test(String(err))) throw err;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for: ${expression}`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/**
 * A real mouse click (trusted pointer events, as a person's) at the middle of the nth element
 * matching `selector`, scrolled into view first: one request to find it, one for the click.
 * @param {import("puppeteer-core").Page} page @param {string} selector @param {number} nth
 */
async function clickNth(page, selector, nth = 0) {
  const point = await middleOf(page, selector, nth);
  await page.mouse.click(point.x, point.y);
}

/**
 * The middle of the nth element matching `selector`, in the window, scrolled into view first.
 * @param {import("puppeteer-core").Page} page @param {string} selector @param {number} nth
 * @returns {Promise<{x: number, y: number}>}
 */
async function middleOf(page, selector, nth) {
  const point = await page.evaluate(`(() => {
    const el = document.querySelectorAll(${JSON.stringify(selector)})[${nth}];
    if (!el) return null;
    el.scrollIntoView({ block: "nearest", inline: "nearest" });
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 ? { x: box.left + box.width / 2, y: box.top + box.height / 2 } : { hidden: true };
  })()`);
  if (!point) throw new Error(`no element ${nth} for ${selector}`);
  if (point.hidden) throw new Error(`element ${nth} for ${selector} is not shown`);
  return point;
}

/** @type {Record<string, (args: any) => Promise<any>>} */
const OPS = {
  async launch({ prefs = {} }) {
    browser = await puppeteer.launch({
      browser: "firefox", executablePath: firefox, headless: true,
      extraPrefsFirefox: { ...QUIET_PREFS, ...prefs },
    });
    return browser.version();
  },

  /** A page in a fresh browser context: its own storage, caches and service workers. */
  async newPage({ width = 1300, height = 950 }) {
    if (!browser) throw new Error("launch first");
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    const id = nextPage++;
    const entry = { page, context, errors: /** @type {string[]} */ ([]), violations: /** @type {string[]} */ ([]),
      random: { state: id } };
    page.on("pageerror", (err) => entry.errors.push(String(err?.message ?? err)));
    page.on("console", (msg) => {
      const text = msg.text();
      if (text.startsWith(CSP_MARK)) entry.violations.push(text.slice(CSP_MARK.length).trim());
    });
    await page.evaluateOnNewDocument(CSP_LISTENER);
    await page.setViewport({ width, height });
    pages.set(id, entry);
    return id;
  },

  async goto({ page, url, timeout = 60_000 }) {
    await tab(page).page.goto(url, { waitUntil: "load", timeout });
    return tab(page).page.url();
  },

  async reload({ page, timeout = 60_000 }) {
    await tab(page).page.reload({ waitUntil: "load", timeout });
    return tab(page).page.url();
  },

  async evaluate({ page, expression }) {
    return tab(page).page.evaluate(expression);
  },

  async waitFor({ page, expression, timeout = 30_000 }) {
    return waitFor(tab(page).page, expression, timeout);
  },

  async click({ page, selector, nth = 0 }) {
    await clickNth(tab(page).page, selector, nth);
    return true;
  },

  /** Rest the mouse on the middle of an element (a real pointer move: hover, pointerover). */
  async hover({ page, selector, nth = 0 }) {
    const point = await middleOf(tab(page).page, selector, nth);
    await tab(page).page.mouse.move(point.x, point.y);
    return true;
  },

  /** Type into a field as a person does (what was there is selected first, so typing replaces it). */
  async fill({ page, selector, value }) {
    const field = await tab(page).page.$(selector);
    if (!field) throw new Error(`no field ${selector}`);
    await field.click({ count: 3 });
    await field.evaluate((el) => { /** @type {HTMLInputElement} */ (el).select(); });
    await field.type(value);
    return true;
  },

  async select({ page, selector, value }) {
    const chosen = await tab(page).page.select(selector, value);
    if (!chosen.includes(value)) throw new Error(`${selector} has no option ${value}`);
    return true;
  },

  async screenshot({ page, path, fullPage = false }) {
    await tab(page).page.screenshot({ path, fullPage });
    return path;
  },

  /** Uncaught errors and CSP violations seen so far on this page. */
  async problems({ page }) {
    const { errors, violations } = tab(page);
    return { errors: [...errors], violations: [...violations] };
  },

  async setOffline({ page, offline }) {
    await tab(page).page.setOfflineMode(offline);
    return true;
  },

  /** One person's click at a table, chosen at random among what is offered (firefox_clicks.mjs). */
  async step({ page, settleMs = 60_000 }) {
    const entry = tab(page);
    return randomStep(entry.page, () => nextRandom(entry.random), settleMs, { waitFor, clickNth });
  },

  async seed({ page, seed }) {
    tab(page).random.state = seed | 0;
    return true;
  },

  async closePage({ page }) {
    const entry = tab(page);
    pages.delete(page);
    await entry.context.close();
    return true;
  },

  async quit() {
    if (browser) await browser.close();
    browser = null;
    return true;
  },
};

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  let id = null;
  try {
    const request = JSON.parse(line);
    id = request.id;
    const op = OPS[request.op];
    if (!op) throw new Error(`unknown op ${request.op}`);
    const value = await op(request.args ?? {});
    process.stdout.write(JSON.stringify({ id, ok: true, value: value ?? null }) + "\n");
    if (request.op === "quit") break;
  } catch (err) {
    process.stdout.write(JSON.stringify({ id, ok: false, error: String(err?.stack ?? err) }) + "\n");
  }
}
if (browser) await browser.close();
process.exit(0);
