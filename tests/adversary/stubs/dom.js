// Harness stand-in for js/common/dom.js: the real helpers (h, fillNames, sleep… over the harness's
// fake document), except toast, which the device keeps in a list instead of showing.
export * from "../../../js/common/dom.js?real";
import { current } from "../runtime.mjs";

export function toast(message, kind = "error") {
  current()?.device?.toasts.push({ kind, message: String(message) });
}
