/** Asks until `done` holds, every 5 ms for at most `ms`; returns how long that took (fails after `ms`). */
export async function within(ms: number, done: () => boolean | Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await done())) {
    if (performance.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return Math.round(performance.now() - started);
}

/**
 * Resolves once `changes` has delivered nothing for `quietMs` (at most `maxMs` in all): the echoes of
 * earlier writes, which every listening connection of the app delivers on its own, have arrived.
 */
export async function quietFor(
  changes: { subscribe(listener: () => void): () => void },
  quietMs = 500,
  maxMs = 10_000,
): Promise<void> {
  let last = performance.now();
  const unsubscribe = changes.subscribe(() => {
    last = performance.now();
  });
  try {
    await within(maxMs, () => performance.now() - last >= quietMs);
  } finally {
    unsubscribe();
  }
}
