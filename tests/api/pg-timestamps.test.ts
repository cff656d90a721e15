import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openPostgres, type OpenedDatabase } from '../../server/db/open';

// PostgreSQL only (vitest.config.ts): PGlite hands its values over without their text form, which
// server/db/timestamps.ts reads.
describe('timestamps read from PostgreSQL', () => {
  let opened: OpenedDatabase;

  beforeAll(() => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = '/postgres';
    opened = openPostgres(url.toString(), 1, () => {}, { listen: false });
  });
  afterAll(() => opened?.close());

  it('are the instants PostgreSQL holds, in any session time zone, to the millisecond', async () => {
    // Amsterdam before 1937 was 19 minutes 32 seconds ahead of Greenwich: an offset with seconds.
    for (const zone of ['Europe/Amsterdam', 'UTC', 'Asia/Kolkata', 'America/St_Johns', 'Pacific/Chatham']) {
      const rows = await opened.db.connection().execute(async (db) => {
        await sql`select set_config('TimeZone', ${zone}, false)`.execute(db);
        return (
          await sql<{ t: Date; ms: number }>`
          select t, floor(extract(epoch from t) * 1000)::float8 as ms
          from generate_series(timestamptz '1901-01-01 00:00:00+00', timestamptz '2100-01-01 00:00:00+00', interval '9 days 3 hours 17 minutes 31.123457 seconds') t`.execute(
            db,
          )
        ).rows;
      });
      expect(rows.length).toBeGreaterThan(7900);
      const wrong = rows.filter((r) => !(r.t instanceof Date) || r.t.getTime() !== r.ms);
      expect(wrong.slice(0, 3), zone).toEqual([]);
    }
  });
});
