/**
 * Check-in bench: one pre-notification of 1,000 serials checked in with POST /api/delivery/save on
 * PostgreSQL (loopback only), five times, each a new pre-notification, with the items table at the
 * bench volume so the duplicate check runs against a full index.
 *
 * Standalone: `npx tsx bench/checkin.ts` (DATABASE_URL as admin, default the local server;
 * BENCH_ITEMS, default 200,000). From bench/run.ts: `run(ctx)` on its database and server.
 * Reports the HTTP round trip over loopback (an upper bound of the server time) and the time of the
 * check-in itself in-process (service code and its one transaction, no HTTP).
 */
import crypto from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { openPostgres } from '../server/db/open';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemo } from '../server/db/seed';
import { loadAuthUser } from '../server/http/access';
import { checkIn } from '../server/modules/prenotifications/checkin';
import { generateVolume } from './generate';
import { BenchClient, freshDatabase, startServer } from './lib';

const SERIALS = 1000;
const ROUNDS = 5;

interface Ctx {
  databaseUrl: string;
  signIn(email: string): Promise<BenchClient>;
}

async function newPreNotification(databaseUrl: string, round: string) {
  const opened = openPostgres(databaseUrl, 2);
  try {
    const product = await opened.db
      .selectFrom('products')
      .select(['id', 'client_id'])
      .where('product_group_id', '!=', 3)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const asn = await opened.db
      .insertInto('asns')
      .values({ client_id: product.client_id, reference: `BENCH-${round}`, stock_owner: 'Eindklant' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const line = await opened.db
      .insertInto('asn_products')
      .values({ asn_id: asn.id, product_id: product.id, expected: SERIALS })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { asnId: asn.id, lineId: line.id };
  } finally {
    await opened.close();
  }
}

const serials = (round: string) =>
  Array.from({ length: SERIALS }, (_, i) => `CHK${round}${String(i).padStart(6, '0')}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function run(ctx: Ctx): Promise<void> {
  const client = await ctx.signIn('magazijn@demo.local');
  const http: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const round = `H${r}${crypto.randomBytes(2).toString('hex')}`;
    const { asnId, lineId } = await newPreNotification(ctx.databaseUrl, round);
    const t = performance.now();
    const res = await client.request('POST', '/api/delivery/save', {
      id: asnId,
      products: [{ asn_product_id: lineId, serials: serials(round) }],
    });
    const body = (await res.json()) as { data?: { created: number } };
    http.push(performance.now() - t);
    if (res.status !== 200 || body.data?.created !== SERIALS)
      throw new Error(`check-in failed: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  }

  // The same command in-process: service code and its transaction, without HTTP and JSON.
  const opened = openPostgres(ctx.databaseUrl, 2);
  const service: number[] = [];
  try {
    const userRow = await opened.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'magazijn@demo.local')
      .executeTakeFirstOrThrow();
    const user = (await loadAuthUser(opened.db, userRow.id))!;
    for (let r = 0; r < ROUNDS; r++) {
      const round = `S${r}${crypto.randomBytes(2).toString('hex')}`;
      const { asnId, lineId } = await newPreNotification(ctx.databaseUrl, round);
      const t = performance.now();
      await opened.db.transaction().execute((trx) =>
        checkIn(
          trx,
          user,
          {
            id: asnId,
            products: [{ asn_product_id: lineId, product_id: null, quantity: null, serials: serials(round) }],
          },
          false,
        ),
      );
      service.push(performance.now() - t);
    }
  } finally {
    await opened.close();
  }
  const fmt = (xs: number[]) =>
    `median ${median(xs).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms (runs: ${xs.map((x) => x.toFixed(0)).join(', ')})`;
  console.log(
    `\nCheck-in of one pre-notification with ${SERIALS} serials (POST /api/delivery/save), ${ROUNDS} runs each:`,
  );
  console.log(`  HTTP round trip over loopback: ${fmt(http)}`);
  console.log(`  in-process service + transaction: ${fmt(service)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const items = Number(process.env.BENCH_ITEMS ?? 200_000);
  const databaseUrl = await freshDatabase('portal_bench_checkin');
  const opened = openPostgres(databaseUrl, 4);
  await migrateToLatest(opened.db);
  await seedDemo(opened.db);
  if (items > 0) await generateVolume(opened.db, { items, products: Number(process.env.BENCH_PRODUCTS ?? 2_000) });
  const count = await opened.db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  await opened.close();
  console.log(`PostgreSQL database with ${count.n} items`);
  const server = await startServer(databaseUrl, 38412);
  try {
    await run({ databaseUrl, signIn: (email) => new BenchClient(server.url).signIn(email) });
  } finally {
    await server.stop();
  }
}
