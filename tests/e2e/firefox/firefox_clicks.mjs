// @ts-check
/**
 * One click of a person playing at random, made in Firefox: the same choices
 * as tests/e2e/clicking.py (click_randomly, fill_form) and p2p_helpers.py
 * (click_once, invest) make in Chromium, so any game can be played to its end
 * by clicking what the board highlights.  Done here rather than from Python so
 * one request to the bridge is one click, not half a dozen round trips.
 */

/** The table waits for a person (to move, to pass the device, to see a round's end), shows the result, or has stopped. */
export const SETTLED = "['move', 'privacy', 'interlude', 'over', 'stalled'].includes(document.querySelector('[data-phase]')?.dataset.phase)";
const LEGAL = "#board [data-piece].legal, #board [data-target].legal";
const TARGETS = "#board [data-target].legal";
const FORM = "#board form.parlour-form";
const STEPPERS = `${FORM} button.form-step[data-step='+1']:not([disabled])`;
/** At most this many stepper clicks before a form is sent (as clicking.fill_form). */
const FORM_STEPS = 4;
/** King's Cottage's stakes run from -3 to +3. */
const MAX_STAKE = 3;

/** What the table offers now, read in one request. */
const LOOK = `(() => {
  const all = (s) => document.querySelectorAll(s);
  return {
    phase: document.querySelector('[data-phase]')?.dataset.phase || '',
    interlude: all('#interlude-continue').length > 0,
    houses: [...all('#kc-invest fieldset[data-house]')].map((e) => e.dataset.house),
    form: all(${JSON.stringify(FORM)}).length > 0,
    canCancel: all(${JSON.stringify(`${FORM} .form-cancel`)}).length > 0,
    selected: all('#board [data-piece].selected').length,
    targets: all(${JSON.stringify(TARGETS)}).length,
    legal: all(${JSON.stringify(LEGAL)}).length,
    prompt: document.querySelector('#prompt')?.textContent || '',
  };
})()`;

/**
 * @typedef {import("puppeteer-core").Page} Page
 * @typedef {{waitFor: (page: Page, expression: string, timeout: number) => Promise<any>,
 *   clickNth: (page: Page, selector: string, nth?: number) => Promise<void>}} Tools
 * @typedef {{phase: string, did: string|null, nothing?: string, raced?: string}} Step
 */

/**
 * Wait up to `settleMs` for the table to settle (0: do not wait), then make one click.
 * `did` says what was clicked: null when it was not this person's move; `nothing`
 * carries the prompt when a person was to move and nothing was highlighted;
 * `raced` when the board was redrawn under the click (look again); `settleMs` and
 * `clickMs` how long the table took to settle and the click to be chosen and made.
 * @param {Page} page @param {() => number} rng @param {number} settleMs @param {Tools} tools
 * @returns {Promise<Step & {settleMs: number, clickMs: number}>}
 */
export async function randomStep(page, rng, settleMs, tools) {
  const t0 = Date.now();
  if (settleMs > 0) await tools.waitFor(page, SETTLED, settleMs);
  const settled = Date.now() - t0;
  const step = await choose(page, rng, tools);
  return { ...step, settleMs: settled, clickMs: Date.now() - t0 - settled };
}

/** @param {Page} page @param {() => number} rng @param {Tools} tools @returns {Promise<Step>} */
async function choose(page, rng, tools) {
  let look = await page.evaluate(LOOK);
  const phase = look.phase;
  const below = (/** @type {number} */ n) => Math.floor(rng() * n);
  try {
    if (phase === "privacy") {
      await tools.clickNth(page, "#reveal");
      return { phase, did: "reveal" };
    }
    if (phase === "interlude" || look.interlude) { // a round just scored (Castles): seen, then on to play
      await tools.clickNth(page, "#interlude-continue");
      return { phase, did: "interlude" };
    }
    if (phase !== "move") return { phase, did: null };
    if (look.houses.length > 1) {
      await invest(page, look.houses, below, tools);
      return { phase, did: "invest" };
    }
    if (look.form) {
      if (await fillForm(page, look, below, tools)) return { phase, did: "form" };
      look = await page.evaluate(LOOK);
    }
    const useTargets = look.selected > 0 && look.targets > 0;
    const count = useTargets ? look.targets : look.legal;
    if (!count) return { phase, did: null, nothing: look.prompt };
    await tools.clickNth(page, useTargets ? TARGETS : LEGAL, below(count));
    return { phase, did: "click" };
  } catch (err) {
    return { phase, did: null, raced: String(err) };
  }
}

/**
 * A few random steppers, then send; a form that cannot be sent is cancelled
 * (false: click something on the board instead), as clicking.fill_form does.
 * @param {Page} page @param {any} look @param {(n: number) => number} below @param {Tools} tools
 */
async function fillForm(page, look, below, tools) {
  for (let i = below(FORM_STEPS + 1); i > 0; i--) {
    const steppers = await page.evaluate(`document.querySelectorAll(${JSON.stringify(STEPPERS)}).length`);
    if (!steppers) break;
    await tools.clickNth(page, STEPPERS, below(steppers));
  }
  const disabled = await page.evaluate(`!!document.querySelector(${JSON.stringify(`${FORM} .form-submit`)})?.disabled`);
  if (!disabled) {
    await tools.clickNth(page, `${FORM} .form-submit`);
    return true;
  }
  if (look.canCancel) {
    await tools.clickNth(page, `${FORM} .form-cancel`);
    return false;
  }
  const problem = await page.evaluate(`document.querySelector(${JSON.stringify(`${FORM} .form-problem`)})?.textContent || ''`);
  throw new Error(`the form cannot be sent: ${problem}`);
}

/**
 * King's Cottage's secret investments: a stake on one house, the opposite on another (p2p_helpers.invest).
 * @param {Page} page @param {string[]} houses @param {(n: number) => number} below @param {Tools} tools
 */
async function invest(page, houses, below, tools) {
  const first = houses[below(houses.length)];
  const rest = houses.filter((h) => h !== first);
  const second = rest[below(rest.length)];
  const stake = below(MAX_STAKE + 1);
  await tools.clickNth(page, `#kc-invest fieldset[data-house='${first}'] input[data-stake='${stake}']`);
  await tools.clickNth(page, `#kc-invest fieldset[data-house='${second}'] input[data-stake='${-stake}']`);
  await tools.clickNth(page, "#kc-invest-submit");
}

/** Mulberry32's increment (a small seeded generator: the same seed gives the same clicks). */
const MULBERRY_STEP = 0x6d2b79f5;
const TWO_TO_32 = 2 ** 32;

/** The next number in [0, 1) from a seeded state, which it advances. @param {{state: number}} random */
export function nextRandom(random) {
  random.state = (random.state + MULBERRY_STEP) | 0;
  let t = random.state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / TWO_TO_32;
}
