// Named dishonest peers for playTable: each takes a table spec and returns it with the hooks set.
// `intercept(from, to, text, info)` sees every message on every link as sent ("host", "guest<seat>");
// it returns the texts to deliver instead (none: dropped; several: duplicated or injected).
// A rewritten message must keep the product's canonical spelling (canonicalText), or the
// receiving link refuses it unread.
import { canonicalText } from "./harness.mjs";

const isType = (text, t) => text.includes(`"t":"${t}"`);

/** Every key except those that sign, to compare two log entries by what was played. */
const played = (a) => canonicalText({ seat: a.seat, action: a.action });

export const scenarios = {
  /** Nobody cheats. */
  honest: (spec) => spec,

  /**
   * The host's `fair` message has one move replaced: a move not made by the receiving guest's seat
   * gets another logged move's action.  Every such guest must fail its check and blame the host.
   */
  "tamper-fair": (spec) => ({
    ...spec,
    intercept(from, to, text, info) {
      if (from !== "host" || !isType(text, "fair")) return [text];
      const m = JSON.parse(text);
      const actions = m.actions ?? [];
      const mine = info.seat;
      const k = actions.findIndex((a, i) => i > 0 && a.seat !== mine);
      const j = actions.findIndex((a) => played({ seat: actions[k]?.seat, action: a.action }) !== played(actions[k] ?? {}));
      if (k < 0 || j < 0) return [text];
      actions[k] = { ...actions[k], action: actions[j].action };
      info.run.tampered = { step: k, with: j };
      return [canonicalText(m)];
    },
  }),

  /** The host's `fair` message never arrives: no verdict can be reached (the run stalls). */
  "drop-fair": (spec) => ({
    ...spec,
    intercept: (from, _to, text) => (from === "host" && isType(text, "fair") ? [] : [text]),
  }),

  /**
   * The first guest falls silent (nothing it sends arrives) once it has sent 10 messages; the host's
   * turn timer (30 s) hands its seat to a bot.  The other guests must still verify the game fair.
   */
  "guest-silent": (spec) => {
    let sent = 0;
    let silent = null;
    return {
      ...spec,
      turnTimer: spec.turnTimer ?? 30,
      intercept(from, to, text) {
        if (from === "host") return [text];
        silent ??= from;
        if (from !== silent) return [text];
        sent += 1;
        return sent > 10 ? [] : [text];
      },
    };
  },

  /** Every message is delivered twice: the links refuse the copies by their sequence numbers. */
  "duplicate-all": (spec) => ({ ...spec, intercept: (_from, _to, text) => [text, text] }),
};

export function withScenario(name, spec) {
  const make = scenarios[name];
  if (!make) throw new Error(`no scenario ${name}; there are ${Object.keys(scenarios).join(", ")}`);
  return make(spec);
}
