// The guest's state diagram, written down as data for the deviant-trace generator (traces.mjs).
//
// Two layers.  GUEST_STATES is the machine of js/net/guest-protocol.js (read from the code, not from
// docs/p2p.md, whose section is being rewritten): each state, the host messages it reads and what
// each does there.  WIRE_STATES are the places on a host→guest link where the generator deviates:
// one kind of host message as the guest meets it in one of those states, recognised on the wire by
// `classify` (a welcome before the game, a waiting event with an open or a final list, a link's
// first game event carrying `dealt`, ...).  The generator deviates every wire state with every kind
// of deviation (trace-deviations.mjs), so the diagram is the coverage the tests assert.

/**
 * The guest's states (GuestProtocol.state and what it keeps per link), and what each does with a host
 * message.  "✗" ends the table with the host named; "ignored" reads nothing; a refused event asks for `sync`.
 */
export const GUEST_STATES = {
  new: { reads: {}, next: { "hello sent": "hello" } },
  hello: {
    reads: { welcome: "well-formed facts, the same as a known table's: welcomed, seal out (✗ otherwise)" },
    ignores: ["ev", "error", "note", "bye", "fair"],
    next: { welcome: "waiting" },
  },
  waiting: {
    what: "welcomed, the game not started on this link: waiting for the deal (the open list, the final list, `unseal`)",
    reads: {
      welcome: "the same facts and seat: nothing; others ✗",
      "ev (waiting, open list)": "my seat listed on a link welcomed before the game (✗ otherwise); the commitment the welcome's",
      "ev (waiting, final list)": "complete, my seal listed as mine, never changing: recorded once, `unseal` once per link (✗ otherwise)",
      "ev (game, first)": "`dealt` checked against the commitment, the signed seals, the final list, my bytes (✗ otherwise)",
      error: "marks the sent message it names refused",
      note: "shown",
      bye: "this link ends (`ack` recorded); answered with bye",
      fair: "✗: before the game ended on this device",
    },
    next: { "ev (game, first)": "playing", bye: "ended" },
  },
  playing: {
    what: "game events: views, who holds each seat with which key, secret rounds (commit, reveal)",
    reads: {
      "ev (game)": "refused (sync) when its view is not its hash, its version goes back, kinds/keys/round malformed; recorded otherwise; "
        + "my seat held by another while this link held it ✗",
      "ev (waiting)": "✗: back to waiting after the start",
      "ev (round)": "each commitment recorded once (changed ✗); reveal only when all committed and mine is listed (✗ otherwise)",
      welcome: "the same facts and seat: nothing; others ✗",
      error: "marks the sent message it names refused", note: "shown", bye: "this link ends", fair: "✗: before the game ended",
    },
    next: { "ev (over)": "over", bye: "ended" },
  },
  over: { reads: { fair: "the end check (verify_fair): the verdict", "ev (game)": "as in playing" }, next: { fair: "verdict" } },
  verdict: { reads: {}, what: "Verified fair (kind fair), Moves verified (late/unseeded/partial/watching), or failed with blame" },
  ended: { reads: {}, what: "after the host's bye: nothing more on this link; a rejoin invite opens a new link (hello)" },
  failed: { reads: {}, what: "the host broke the protocol: nothing more is read; the verdict names the host" },
};

/**
 * Where on the wire the generator deviates: one kind of host message in one guest state.
 * `occurrence` picks which message of the class is deviated ("first", or "middle" of the honest run's).
 * `decides`: the guest's record of the deal or its seat is decided here (depth-2 pairs start and end at these).
 * `table`: the table (traces.mjs TABLES) whose runs reach this state.
 */
export const WIRE_STATES = [
  { id: "welcome", in: "hello", kind: "welcome", label: "welcome on a link before the game", decides: true },
  { id: "waiting-open", in: "waiting", kind: "ev", label: "waiting event with an open list", decides: true },
  { id: "waiting-final", in: "waiting", kind: "ev", label: "waiting event with the final list (reveal)", decides: true },
  { id: "first-game", in: "waiting", kind: "ev", label: "a link's first game event (carries dealt)", decides: true },
  { id: "game", in: "playing", kind: "ev", label: "game event in the middle", occurrence: "middle" },
  { id: "round-open", in: "playing", kind: "ev", label: "event opening a secret round" },
  { id: "round-commit", in: "playing", kind: "ev", label: "round event after a commitment came in" },
  { id: "round-reveal", in: "playing", kind: "ev", label: "event asking for reveals" },
  { id: "over", in: "playing", kind: "ev", label: "the over event", decides: true },
  { id: "fair", in: "over", kind: "fair", label: "fair (the end-of-game record)", decides: true },
  { id: "error", in: "playing", kind: "error", label: "error (the host refuses the guest's move)" },
  { id: "note", in: "playing", kind: "note", label: "note (an announcement)" },
  { id: "bye", in: "playing", kind: "bye", label: "bye (the host closes the link for a handover)", decides: true },
  { id: "welcome-rejoin", in: "hello", kind: "welcome", label: "welcome on a rejoin link after the start", decides: true },
  { id: "first-game-rejoin", in: "waiting", kind: "ev", label: "a rejoin link's first game event (dealt again)", decides: true },
];

export const WIRE_STATE = Object.fromEntries(WIRE_STATES.map((s) => [s.id, s]));

/**
 * A second state a message is also in: the first game event of a game that opens with a secret round (King's
 * Cottage's only round, its bets, opens with the game) is that round's opening event too.  Its round is deviated
 * under "round-open" (the round's fields); as a whole message it is deviated under its first state.
 * @param {string|null} state @param {any} m @returns {string|null}
 */
export function alsoState(state, m) {
  return (state === "first-game" || state === "first-game-rejoin") && m.round && !m.round.reveal ? "round-open" : null;
}

/**
 * What the classifier remembers of one link: whether it opened after the start (its welcome said so), whether it
 * carried a game event yet, and the secret rounds it showed.
 * @returns {{rejoin: boolean, played: boolean, rounds: Set<number>}}
 */
export function newLinkMemory() {
  return { rejoin: false, played: false, rounds: new Set() };
}

/**
 * The wire state of a host message as the guest on this link meets it (null for pings and anything the
 * diagram does not deviate).  Updates the link's memory.
 * @param {any} m the message as the host sent it @param {ReturnType<typeof newLinkMemory>} link
 * @returns {string|null}
 */
export function classify(m, link) {
  switch (m.t) {
    case "welcome":
      link.rejoin = m.started === true;
      return m.started ? "welcome-rejoin" : "welcome";
    case "ev": {
      if (m.waiting) return m.deal?.reveal ? "waiting-final" : "waiting-open";
      const first = !link.played;
      link.played = true;
      if (first || m.dealt !== undefined) {
        if (m.round) link.rounds.add(m.round.version); // a round the game opens with: its later events are not "round-open"
        return link.rejoin ? "first-game-rejoin" : "first-game";
      }
      if (m.over) return "over";
      const round = m.round;
      if (round) {
        const opened = !link.rounds.has(round.version);
        link.rounds.add(round.version);
        if (round.reveal) return "round-reveal";
        return opened ? "round-open" : "round-commit";
      }
      return "game";
    }
    case "fair": case "error": case "note": case "bye":
      return m.t;
    default:
      return null;
  }
}
