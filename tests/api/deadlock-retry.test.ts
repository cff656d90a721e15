import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { inTransaction } from '../../server/http/command';
import { createTestContext, type TestContext } from '../support/context';

// PostgreSQL only (vitest.config.ts): PGlite has one connection, so its transactions never deadlock.
describe('a command chosen as deadlock victim', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
    await sql`create table deadlock_probe (id int primary key, n int not null)`.execute(ctx.db);
    await sql`insert into deadlock_probe values (1, 0), (2, 0)`.execute(ctx.db);
  });
  afterAll(() => ctx?.close());

  it('is run again, so both commands are applied exactly once', async () => {
    // Each transaction takes its first row, waits until the other holds its own, then wants the other's row.
    let arrived = 0;
    let release!: () => void;
    const bothLocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    const attempts = { first: 0, second: 0 };
    const increment = (name: keyof typeof attempts, order: [number, number]) =>
      inTransaction(ctx.db, async (trx) => {
        attempts[name]++;
        await sql`update deadlock_probe set n = n + 1 where id = ${order[0]}`.execute(trx);
        if (++arrived === 2) release();
        await bothLocked;
        await sql`update deadlock_probe set n = n + 1 where id = ${order[1]}`.execute(trx);
        return name;
      });

    const done = await Promise.all([increment('first', [1, 2]), increment('second', [2, 1])]);

    expect(done).toEqual(['first', 'second']);
    expect(attempts.first + attempts.second).toBe(3); // one of them was rolled back once and ran again
    const rows = await sql<{ id: number; n: number }>`select id, n from deadlock_probe order by id`.execute(ctx.db);
    expect(rows.rows).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  });

  it('still reports an error that running again cannot fix', async () => {
    await expect(
      inTransaction(ctx.db, async (trx) => {
        await sql`insert into deadlock_probe values (1, 0)`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '23505' });
  });
});
