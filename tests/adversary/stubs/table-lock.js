// Harness stand-in for js/store/table-lock.js: every claim is granted at once (one tab per device).
export * from "../../../js/store/table-lock.js?real";
import { TableClaim } from "../../../js/store/table-lock.js?real";

export async function claimTable(id) {
  let claim;
  try {
    claim = new TableClaim(id, "locks");
  } catch {
    claim = { id, how: "locks", waited: false, done: false, release() { this.held = false; }, releaseAfter() {}, whenFree: async () => true };
  }
  claim.held = true;
  return claim;
}

export async function tablesInUse() {
  return new Set();
}
