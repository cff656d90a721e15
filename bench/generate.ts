/**
 * Bench data generator: adds C end customers (generateClients), M products and N items (defaults
 * 2,000 and 200,000) and D deliveries (default 200,000; generateDeliveries) to a migrated, seeded
 * PostgreSQL database, in a few INSERT … SELECT generate_series statements (seconds, not minutes).
 * All row arithmetic is int8 (bigint series): g * 7919 overflows int4 beyond 271,000 rows.
 * Run on its own: DATABASE_URL=postgres://… npx tsx bench/generate.ts [items] [products] [deliveries] [clients]
 */
import { sql } from 'kysely';
import { ClientType, ItemStatus } from '@domain/enums';
import type { Db } from '../server/db/database';

export interface VolumeOptions {
  items: number;
  products: number;
}

const names = [
  'Dell Latitude 5440',
  'HP EliteBook 840 G10',
  'Lenovo ThinkPad T14',
  'Apple MacBook Air 13',
  'Dell P2423D monitor',
  'HP E27 G5 monitor',
  'Logitech MX Keys',
  'Jabra Evolve2 40',
  'Apple iPhone 15',
  'Samsung Galaxy A54',
  'Dell WD19S dock',
  'HP USB-C Dock G5',
];
/** Status mix of the generated items (every status, most in stock or in use). */
const statusMix = [1, 1, 1, 1, 3, 3, 3, 3, 3, 5, 5, 19, 19, 2, 4, 6, 7, 13, 8, 14, 15, 16, 17, 18];

/**
 * Adds `count` end customers spread over the resellers, so the customer lists and the scoping joins see real volumes.
 */
export async function generateClients(db: Db, count: number): Promise<void> {
  for (let from = 1; from <= count; from += 50_000) {
    const to = Math.min(count, from + 49_999);
    await sql`
      with rs as (select array_agg(id order by id) ids from clients where client_type_id = ${sql.lit(ClientType.RESELLER)} and deleted_at is null)
      insert into clients (name, client_type_id, parent_client_id)
      select 'Benchklant ' || lpad(g::text, 6, '0') || ' ' || (array['Zorggroep', 'Gemeente', 'Scholengroep', 'Bouwbedrijf', 'Advocaten'])[1 + (g % 5)::int],
             ${sql.lit(ClientType.EINDKLANT)}, rs.ids[1 + ((g * 7919) % array_length(rs.ids, 1))::int]
      from generate_series(${sql.lit(from)}::bigint, ${sql.lit(to)}::bigint) g, rs`.execute(db);
  }
  await sql`vacuum analyze clients`.execute(db);
}

export async function generateVolume(
  db: Db,
  { items, products }: VolumeOptions,
): Promise<{ firstProductId: number; productCount: number }> {
  const customers = (
    await db
      .selectFrom('clients')
      .select('id')
      .where('client_type_id', '=', ClientType.EINDKLANT)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute()
  ).map((c) => c.id);
  if (!customers.length) throw new Error('No end customers: seed the core data first');
  const customerArray = sql.raw(`('{${customers.join(',')}}'::int[])`);
  const nameArray = sql.raw(`(array[${names.map((n) => `'${n}'`).join(',')}])`);
  const first = await sql<{ id: number }>`
    insert into products (client_id, product_group_id, name, description, article_number, unique_product_id, eol, price_cents)
    select ${customerArray}[1 + (g % ${sql.lit(customers.length)})::int], 1 + (g % 5)::int, ${nameArray}[1 + (g % ${sql.lit(names.length)})::int] || ' v' || (g % 97),
           'Benchmarkartikel', 'BA-' || lpad(g::text, 6, '0'), 'BUID-' || g, 24 + (g % 4)::int * 12, 1000 + g::int
    from generate_series(1::bigint, ${sql.lit(products)}::bigint) g
    returning id`.execute(db);
  const ids = first.rows.map((r) => r.id).sort((a, b) => a - b);
  const firstId = ids[0]!;
  if (ids[ids.length - 1]! - firstId + 1 !== products) throw new Error('product ids are not contiguous');
  const statusArray = sql.raw(`('{${statusMix.join(',')}}'::int[])`);
  // Items that left the stock (in use, at a customer's location, in repair, EOL, lost) have a purchase date
  // up to a month after they came in, over the last 3.3 years: with EOL terms of 24–60 months about one
  // item in ten is on the EOL overview, as in a portal that has run for years.
  // Items in batches of 50,000 so one statement never holds too much; product = a spread of the new ids.
  for (let from = 1; from <= items; from += 50_000) {
    const to = Math.min(items, from + 49_999);
    await sql`
      insert into items (product_id, client_id, status_id, serial, order_number, mac_address, tag_number, daas, date_in_use, created_at, updated_at)
      select p.id, p.client_id, s.status_id,
             case when p.product_group_id = 3 then null else 'BN' || lpad(g::text, 9, '0') end,
             'BORD-' || lpad((g % 20000)::text, 5, '0'),
             case when g % 3 = 0 then upper(substr(md5(g::text), 1, 12)) end,
             case when g % 2 = 0 then 'BAS-' || g end,
             g % 4 = 0,
             case when s.status_id not in (${sql.lit(ItemStatus.INGEKLAARD)}, ${sql.lit(ItemStatus.UITGEKLAARD)}, ${sql.lit(ItemStatus.OP_AFROEP)})
                  then least(current_date, (now() - (g % 1200) * interval '1 day' + (g % 31) * interval '1 day')::date) end,
             now() - (g % 1200) * interval '1 day', now()
      from generate_series(${sql.lit(from)}::bigint, ${sql.lit(to)}::bigint) g
      cross join lateral (select ${statusArray}[1 + ((g * 7) % ${sql.lit(statusMix.length)})::int] as status_id) s
      join products p on p.id = ${sql.lit(firstId)} + ((g * 7919) % ${sql.lit(products)})`.execute(db);
  }
  // VACUUM sets the visibility map, so the per-page counts are index-only scans as they would be after autovacuum.
  await sql`vacuum analyze`.execute(db);
  await flushWrites(db);
  return { firstProductId: firstId, productCount: products };
}

/**
 * Writes the generated pages to disk now: otherwise the checkpoint that gigabytes of new rows call for
 * falls into the first routes measured after them (p97.5 of 118 ms on the first delivery route).
 */
async function flushWrites(db: Db): Promise<void> {
  await sql`checkpoint`.execute(db);
}

/**
 * Adds `count` deliveries (every type and state: open, partly checked out, finished, cancelled) with
 * two lines each, spread over the last 700 days, never completed in the future. int8 arithmetic:
 * g * 7919 overflows int4 beyond 270,000 rows.
 */
export async function generateDeliveries(db: Db, count: number): Promise<{ firstDeliveryId: number }> {
  const before = await sql<{ max: number | null }>`select max(id) as max from deliveries`.execute(db);
  for (let from = 1; from <= count; from += 50_000) {
    const to = Math.min(count, from + 49_999);
    await sql`
      with eu as (select array_agg(id order by id) ids from clients where client_type_id = 4 and deleted_at is null),
           ec as (select array_agg(id order by id) ids from clients where client_type_id = 3 and deleted_at is null)
      insert into deliveries (delivery_type_id, client_id, carrier_id, order_number, your_reference, w_number, date, contact, address,
                              is_cancelled, completed_at, created_at, updated_at)
      select 1 + (g % 8)::int,
             case when g % 8 = 5 then ec.ids[1 + ((g * 7919) % array_length(ec.ids, 1))::int] else eu.ids[1 + ((g * 7919) % array_length(eu.ids, 1))::int] end,
             case when g % 8 = 5 then 1 else 1 + (g % 3)::int end,
             'BLEV-' || lpad(g::text, 7, '0'), 'BREF-' || (g % 5000), case when g % 2 = 0 then 'W' || (3000000 + g) end,
             (now() - (g % 700) * interval '1 day' + interval '5 days')::date, 'Bench Contact ' || (g % 100), 'Benchstraat ' || (g % 300) || ', 1000 AA Amsterdam',
             g % 10 = 0,
             case when g % 10 between 4 and 8 and (g % 700) > 3 then now() - (g % 700) * interval '1 day' + interval '3 days' end,
             now() - (g % 700) * interval '1 day', now() - (g % 700) * interval '1 day'
      from generate_series(${sql.lit(from)}::bigint, ${sql.lit(to)}::bigint) g, eu, ec`.execute(db);
  }
  const first = (before.rows[0]?.max ?? 0) + 1;
  // Two lines per delivery: an article of its end customer; the first is checked out on finished and partly checked-out
  // ones.
  await sql`
    insert into delivery_products (delivery_id, product_id, is_pickup, checked_out_at)
    select d.id, p.id, case when d.delivery_type_id in (1, 2, 4) and k = 1 then 1 else 0 end,
           case when d.completed_at is not null then d.completed_at when d.id % 10 = 3 and k = 1 then d.created_at + interval '1 day' end
    from deliveries d
    join clients c on c.id = d.client_id
    cross join generate_series(1, 2) k
    cross join lateral (select p.id from products p where p.client_id = case when c.client_type_id = 4 then c.parent_client_id else c.id end
                        and p.deleted_at is null order by p.id limit 1) p
    where d.id >= ${sql.lit(first)}`.execute(db);
  await sql`vacuum analyze deliveries`.execute(db);
  await sql`vacuum analyze delivery_products`.execute(db);
  await flushWrites(db);
  return { firstDeliveryId: first };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { openPostgres } = await import('../server/db/open');
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('Set DATABASE_URL to a migrated, seeded database');
  const opened = openPostgres(url, 2);
  const started = performance.now();
  await generateVolume(opened.db, {
    items: Number(process.argv[2] ?? 200_000),
    products: Number(process.argv[3] ?? 2_000),
  });
  await generateDeliveries(opened.db, Number(process.argv[4] ?? 200_000));
  await generateClients(opened.db, Number(process.argv[5] ?? 20_000));
  console.log(`generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await opened.close();
}
