/** Asks until `done` holds, every 5 ms for at most `ms`; returns how long that took (fails after `ms`). */
export async function within(ms: number, done: () => boolean | Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await done())) {
    if (performance.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return Math.round(performance.now() - started);
}
