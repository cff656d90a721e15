/**
 * A change of the database's shape (an index, say) measured in turns, as bench/ab.ts measures a change of
 * the code: bench/ab.ts cannot, because its two servers share the database. One portal server runs on
 * the bench database; before each turn the change is made (--create) or undone (--drop), the route is
 * warmed up for 2 s (the pool's named statements are planned again after the DDL), then measured. Turns
 * alternate, the order swapped every turn. Prints each turn's req/s and PostgreSQL CPU ms per request,
 * and the medians. The change is left made at the end (a migration being measured is recorded as applied,
 * so the portal would not make it again); run the --drop statement to undo one not kept.
 * Run: npx tsx bench/index-ab.ts <route filter> --create "create index …" --drop "drop index if exists …" [--turns 5]
 * [--seconds 5]
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BenchClient, startServer } from './lib';
import { measure } from './load';
import { postgresCpu, postgresSince } from './proc-cpu';
import { portalRoute, userOf } from './routes';
import { median } from './stats';
import { prepareVolume } from './volume';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    create: { type: 'string' },
    drop: { type: 'string' },
    turns: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '5' },
  },
});
if (!positionals[0] || !args.create || !args.drop)
  throw new Error('usage: npx tsx bench/index-ab.ts <route filter> --create "…" --drop "…"');
const { create, drop } = args;

const volume = await prepareVolume(process.env.BENCH_DB ?? 'portal_bench', true);
const route = portalRoute(volume, positionals[0]);
const server = await startServer(volume.databaseUrl);
const db = new pg.Client({ connectionString: volume.databaseUrl });
await db.connect();

try {
  const client = await new BenchClient(server.url).signIn(userOf(route));
  const target = { target: { base: server.url, headers: client.loadHeaders() }, path: route.path };
  const results = {
    with: [] as { perSecond: number; postgres: number }[],
    without: [] as { perSecond: number; postgres: number }[],
  };
  for (let turn = 0; turn < Number(args.turns); turn++) {
    for (const variant of turn % 2 ? (['with', 'without'] as const) : (['without', 'with'] as const)) {
      await db.query(variant === 'with' ? create : drop);
      await measure(route.name, target, { connections: 32, seconds: 2, warmupSeconds: 0, slices: 0 });
      const before = postgresCpu();
      const r = await measure(route.name, target, {
        connections: 32,
        seconds: Number(args.seconds),
        warmupSeconds: 0,
        slices: 0,
      });
      const postgres = postgresSince(before) / r.requests;
      results[variant].push({ perSecond: r.perSecond, postgres });
      console.log(
        `turn ${turn + 1}, ${variant}: ${r.perSecond.toFixed(0)} req/s, PostgreSQL ${postgres.toFixed(3)} ms per request`,
      );
    }
  }
  const summary = (variant: 'with' | 'without') => ({
    perSecond: median(results[variant].map((r) => r.perSecond)),
    postgres: median(results[variant].map((r) => r.postgres)),
  });
  const [withChange, without] = [summary('with'), summary('without')];
  console.log(
    `${route.name}: with ${withChange.perSecond.toFixed(0)} req/s (PostgreSQL ${withChange.postgres.toFixed(3)} ms), ` +
      `without ${without.perSecond.toFixed(0)} req/s (${without.postgres.toFixed(3)} ms); with/without ${(withChange.perSecond / without.perSecond).toFixed(3)}`,
  );
} finally {
  await db.query(create);
  console.log(`left made: ${create}`);
  await db.end();
  await server.stop();
}
