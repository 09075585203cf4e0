// Harness stand-in for js/tables/p2p-join.js: the join screen draws nothing; the device keeps what
// it was asked (its onJoin is what the "Make my answer code" button calls), the answer code and errors.
import { current } from "../runtime.mjs";

export function renderJoin(root, opts) {
  current()?.device?.joins.push(opts);
}

export function showAnswer(root, code, engine) {
  const d = current()?.device;
  if (d) d.answerShown = code;
}

export function showJoinError(root, message) {
  current()?.device?.joinErrors.push(String(message));
}
