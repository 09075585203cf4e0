// @ts-check
/**
 * Wait until a table has handled everything in its queue.  A table (host or guest) runs one thing at a time on a
 * promise chain, `queue`; each step may add more, so this waits until the chain stops growing.  A link opened by
 * mail is taken in only once it is (js/tables/mail-host.js, mail-guest.js).
 * @param {{queue: Promise<unknown>}} table
 */
export async function settled(table) {
  let q;
  do {
    q = table.queue;
    await q;
  } while (q !== table.queue);
}
