import { sql, type Insertable, type NotNull } from 'kysely';
import { ClientType, ItemStatus, type ItemStatusId } from '@domain/enums';
import { addMonths } from '@domain/eol';
import type { Database, Db } from '../database';
import type { CoreSeedResult } from './core';
import { Random, insertInChunks, known } from './random';

/**
 * End customers (by seed order) that get items nearing EOL: one per reseller, a second of the first, one under the
 * provider.
 */
const CUSTOMER_INDEXES = [0, 1, 2, 3, 9];

/**
 * Items reaching EOL in the next 3 months for several customers (issue 11), dated from the
 * database's today so the overview has content whenever the demo is seeded; plus per customer one
 * item whose EOL passed (still on the overview) and one already marked EOL (not on it).
 */
export async function seedEol(db: Db, core: CoreSeedResult, scale: number): Promise<void> {
  const rnd = new Random(1111);
  const { today } = known(
    (await sql<{ today: string }>`select to_char(current_date, 'YYYY-MM-DD') as today`.execute(db)).rows[0],
  );
  const customers = CUSTOMER_INDEXES.map((i) => core.endCustomerIds[i]).filter((id): id is number => id != null);
  const rows: Insertable<Database['items']>[] = [];
  let n = 0;

  for (const clientId of customers) {
    const products = await db
      .selectFrom('products')
      .select(['id', 'eol'])
      .where('client_id', '=', clientId)
      .where('eol', 'is not', null)
      .$narrowType<{ eol: NotNull }>()
      .where('deleted_at', 'is', null)
      .where('is_active', '=', true)
      .orderBy('id')
      .limit(2)
      .execute();
    const endUsers = await db
      .selectFrom('clients')
      .select('id')
      .where('parent_client_id', '=', clientId)
      .where('client_type_id', '=', ClientType.EINDGEBRUIKER)
      .orderBy('id')
      .execute();
    for (const product of products) {
      // Day offsets from today to the EOL day: spread over the horizon, one overdue, one settled.
      const offsets: { days: number; status: ItemStatusId }[] = [
        ...Array.from({ length: (3 + rnd.int(0, 4)) * scale }, () => ({
          days: rnd.int(1, 88),
          status: ItemStatus.IN_GEBRUIK as ItemStatusId,
        })),
        { days: rnd.int(2, 80), status: ItemStatus.OP_AFROEP },
        { days: -rnd.int(5, 40), status: ItemStatus.IN_GEBRUIK },
        { days: -rnd.int(5, 40), status: ItemStatus.EOL },
      ];
      for (const { days, status } of offsets) {
        n += 1;
        const eolDay = new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
        const purchase = addMonths(eolDay, -product.eol);
        const inUse = status === ItemStatus.IN_GEBRUIK && endUsers.length > 0;
        const created = new Date(Date.parse(`${purchase}T00:00:00Z`) - 7 * 86_400_000);
        rows.push({
          product_id: product.id,
          client_id: inUse ? rnd.pick(endUsers).id : clientId,
          status_id: status,
          serial: `EOL${String(500000 + n).padStart(8, '0')}`,
          order_number: `ORD-EOL-${String(100 + Math.ceil(n / 4)).padStart(5, '0')}`,
          tag_number: `AST-EOL-${String(n).padStart(4, '0')}`,
          date_in_use: purchase,
          shipping_date: purchase,
          address: inUse ? 'Thuiswerkplek' : null,
          created_at: created,
          updated_at: created,
        });
      }
    }
  }

  const inserted: { id: number; product_id: number; client_id: number; status_id: number; created_at: Date }[] = [];
  await insertInChunks(rows, 500, async (chunk) => {
    inserted.push(
      ...(await db
        .insertInto('items')
        .values(chunk)
        .returning(['id', 'product_id', 'client_id', 'status_id', 'created_at'])
        .execute()),
    );
  });
  const events = inserted.flatMap((item) => [
    {
      item_id: item.id,
      product_id: item.product_id,
      client_id: item.client_id,
      status_id: ItemStatus.INGEKLAARD as number,
      action: 'Item ingeklaard',
      created_at: item.created_at,
    },
    {
      item_id: item.id,
      product_id: item.product_id,
      client_id: item.client_id,
      status_id: item.status_id,
      action: 'Status gewijzigd',
      created_at: new Date(item.created_at.getTime() + 7 * 86_400_000),
    },
  ]);
  await insertInChunks(events, 1000, (chunk) => db.insertInto('events').values(chunk).execute());
}
