// Small helpers the named cases and the scripted strategies use to act on a running table (fuzz-cases.mjs,
// strategies.mjs): run something on the host's device once a condition holds, or cut a guest's connection.

/** Run `fn` on the host's device once `when()` holds (checked every virtual 200 ms). @param {any} ctx */
export function onceWhen(ctx, when, fn) {
  let done = false;
  ctx.hostDev.enter(() => {
    const timer = setInterval(() => {
      if (done || ctx.run.closed) return;
      let ok = false;
      try { ok = when(); } catch { ok = false; }
      if (!ok) return;
      done = true;
      clearInterval(timer);
      Promise.resolve().then(fn).catch((err) => ctx.run.errors.push(`case hook: ${err && err.stack || err}`));
    }, 200);
  });
}

/** The guest at `seat` loses its connection (both ends close, as when a device goes offline). @param {any} ctx */
export function dropConnection(ctx, seat) {
  const dev = ctx.guestDevs.get(seat);
  for (const a of dev.answers) if (a.channel.readyState === "open") dev.enter(() => a.channel.close());
}
