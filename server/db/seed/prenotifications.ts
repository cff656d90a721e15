import { ItemStatus, StockOwner } from '@domain/enums';
import type { Db } from '../database';
import type { CoreSeedResult } from './core';
import { Random, insertInChunks, nth } from './random';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Open and finished pre-notifications over the seeded products: per end customer (the first 12,
 * times `scale`) two open ones (one partly checked in) and one finished, with items for what arrived.
 */
export async function seedPreNotifications(db: Db, core: CoreSeedResult, scale: number): Promise<void> {
  const rnd = new Random(7311);
  const now = Date.now();
  const creator = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'magazijn@demo.local')
    .executeTakeFirst();
  const customers = core.endCustomerIds.slice(0, 12 * scale);
  let serialNo = 0;
  let asnNo = 0;
  const items: Record<string, unknown>[] = [];

  for (const [c, clientId] of customers.entries()) {
    const products = await db
      .selectFrom('products')
      .select(['id', 'product_group_id'])
      .where('client_id', '=', clientId)
      .where('deleted_at', 'is', null)
      .where('is_active', '=', true)
      .orderBy('id')
      .execute();
    if (products.length === 0) continue;
    const project = await db
      .selectFrom('projects')
      .select('id')
      .where('client_id', '=', clientId)
      .orderBy('id')
      .executeTakeFirst();
    for (const kind of ['open', 'partial', 'finished'] as const) {
      // Open ones were announced 13-30 days ago, so what arrived (12 days after) lies in the past too.
      const created = now - rnd.int(kind === 'finished' ? 40 : 13, kind === 'finished' ? 200 : 30) * DAY;
      const daas = rnd.chance(0.3);
      const stockOwner = rnd.pick(StockOwner);
      const reference = `VM-2026-${String(100 + ++asnNo).padStart(5, '0')}`;
      const asn = await db
        .insertInto('asns')
        .values({
          client_id: clientId,
          project_id: rnd.chance(0.5) ? (project?.id ?? null) : null,
          user_id: creator?.id ?? null,
          reference,
          w_number: rnd.chance(0.7) ? `W${rnd.int(100000, 999999)}` : null,
          expected: iso(kind === 'finished' ? created + 10 * DAY : now + rnd.int(3, 30) * DAY),
          partial_delivery: kind === 'partial',
          daas,
          stock_owner: stockOwner,
          start_date_contract: daas ? iso(created + 14 * DAY) : null,
          end_date_contract: daas ? iso(created + (14 + 3 * 365) * DAY) : null,
          comment: rnd.chance(0.4) ? 'Levering via de laadperron, graag vooraf bellen.' : null,
          completed_at: kind === 'finished' ? new Date(created + 12 * DAY) : null,
          created_at: new Date(created),
          updated_at: new Date(created),
        })
        .returning(['id', 'reference'])
        .executeTakeFirstOrThrow();
      const lines = [nth(products, c), nth(products, c + 1)].filter(
        (p, i, all) => all.findIndex((q) => q.id === p.id) === i,
      );
      for (const [k, p] of lines.entries()) {
        const expected = rnd.int(2, 6);
        const arrived = kind === 'finished' ? expected : kind === 'partial' && k === 0 ? Math.floor(expected / 2) : 0;
        await db
          .insertInto('asn_products')
          .values({ asn_id: asn.id, product_id: p.id, expected, arrived, daas, stock_owner: stockOwner })
          .execute();
        for (let n = 0; n < arrived; n++) {
          items.push({
            product_id: p.id,
            client_id: clientId,
            asn_id: asn.id,
            status_id: ItemStatus.INGEKLAARD,
            order_number: asn.reference,
            serial: p.product_group_id === 3 ? null : `VM${String(++serialNo).padStart(8, '0')}`,
            daas,
            stock_owner: stockOwner,
            created_at: new Date(created + 12 * DAY),
            updated_at: new Date(created + 12 * DAY),
          });
        }
      }
    }
  }
  const inserted: { id: number; client_id: number; product_id: number; created_at: Date }[] = [];
  await insertInChunks(items, 1000, async (chunk) => {
    inserted.push(
      ...(await db
        .insertInto('items')
        .values(chunk as never)
        .returning(['id', 'client_id', 'product_id', 'created_at'])
        .execute()),
    );
  });
  await insertInChunks(
    inserted.map((i) => ({
      item_id: i.id,
      client_id: i.client_id,
      product_id: i.product_id,
      status_id: ItemStatus.INGEKLAARD,
      action: 'Item ingeklaard (voormelding)',
      created_at: i.created_at,
    })),
    2000,
    (chunk) => db.insertInto('events').values(chunk).execute(),
  );
}
