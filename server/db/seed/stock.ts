import { ItemStatus, StockOwner, type ItemStatusId } from '@domain/enums';
import type { Db } from '../database';
import { createStandardProductGroups } from '../../modules/stock';
import type { CoreSeedResult } from './core';
import { Random, insertInChunks, known, nth } from './random';

/** Catalogue per product group (group 3 = accessories: counted, their items carry no serial). */
const catalogue: { group: number; name: string; prefix: string; eol: number | null; price: number }[] = [
  { group: 1, name: 'Dell Latitude 5440', prefix: 'DL', eol: 48, price: 109900 },
  { group: 1, name: 'HP EliteBook 840 G10', prefix: 'HP', eol: 48, price: 124900 },
  { group: 1, name: 'Lenovo ThinkPad T14 Gen 4', prefix: 'PF', eol: 36, price: 114900 },
  { group: 1, name: 'Apple MacBook Air 13 M2', prefix: 'C0', eol: 60, price: 139900 },
  { group: 2, name: 'Dell P2423D 24 inch', prefix: 'CN', eol: 72, price: 24900 },
  { group: 2, name: 'HP E27 G5 27 inch', prefix: 'HM', eol: 72, price: 29900 },
  { group: 3, name: 'Logitech MX Keys toetsenbord', prefix: '', eol: null, price: 10900 },
  { group: 3, name: 'Logitech M185 muis', prefix: '', eol: null, price: 1900 },
  { group: 3, name: 'Jabra Evolve2 40 headset', prefix: '', eol: null, price: 8900 },
  { group: 3, name: 'Targus laptoptas 15,6 inch', prefix: '', eol: null, price: 3900 },
  { group: 4, name: 'Apple iPhone 15 128GB', prefix: 'F2', eol: 36, price: 96900 },
  { group: 4, name: 'Samsung Galaxy A54', prefix: 'R5', eol: 30, price: 44900 },
  { group: 5, name: 'Dell WD19S dockingstation', prefix: 'WD', eol: 60, price: 21900 },
  { group: 5, name: 'HP USB-C Dock G5', prefix: 'HD', eol: 60, price: 19900 },
];

/** Status spread of the demo items; every status occurs. */
const statusWeights: [ItemStatusId, number][] = [
  [ItemStatus.INGEKLAARD, 24],
  [ItemStatus.IN_GEBRUIK, 30],
  [ItemStatus.OP_AFROEP, 11],
  [ItemStatus.VOORRAAD_KLANTLOCATIE, 8],
  [ItemStatus.UITGEKLAARD, 5],
  [ItemStatus.REPARATIE, 3],
  [ItemStatus.EOL, 4],
  [ItemStatus.IN_BEHANDELING, 2],
  [ItemStatus.VERMIST, 1],
  [ItemStatus.REPARATIE_AANGEVRAAGD, 2],
  [ItemStatus.REPARATIE_ONTVANGEN, 2],
  [ItemStatus.REPARATIE_IN_BEHANDELING, 2],
  [ItemStatus.REPARATIE_AFGEROND, 2],
  [ItemStatus.WACHTEN_OP_ONDERDELEN, 2],
  [ItemStatus.WACHTEN_OP_GOEDKEURING_OFFERTE, 2],
];
const weightTotal = statusWeights.reduce((s, [, w]) => s + w, 0);
function pickStatus(rnd: Random): ItemStatusId {
  let r = rnd.next() * weightTotal;
  for (const [status, w] of statusWeights) if ((r -= w) < 0) return status;
  return ItemStatus.INGEKLAARD;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const hex2 = (rnd: Random) => rnd.int(0, 255).toString(16).padStart(2, '0').toUpperCase();

interface StockSeedResult {
  productIds: number[];
}

/** Product groups, about 60 products, 3,000 items in every status, projects and bundles (times `scale`). */
export async function seedStock(
  db: Db,
  core: CoreSeedResult,
  scale: number,
  today = new Date(),
): Promise<StockSeedResult> {
  const rnd = new Random(4242);
  await createStandardProductGroups(db);

  const endUsersOf = new Map<number, number[]>();
  const endUsers = await db
    .selectFrom('clients')
    .select(['id', 'parent_client_id'])
    .where('id', 'in', core.endUserIds.length ? core.endUserIds : [0])
    .orderBy('id')
    .execute();
  for (const { id, parent_client_id: parent } of endUsers)
    if (parent != null) endUsersOf.set(parent, [...(endUsersOf.get(parent) ?? []), id]);

  // Products: 5 per end customer (times scale), the last one inactive now and then.
  const productRows = core.endCustomerIds.flatMap((clientId, c) =>
    Array.from({ length: 5 * scale }, (_, k) => {
      const entry = nth(catalogue, c * 5 + k * 3);
      const n = c * 100 + k;
      return {
        client_id: clientId,
        product_group_id: entry.group,
        name: entry.name,
        description: `${entry.name} voor ${k % 2 ? 'kantoor' : 'thuiswerken'}`,
        article_number: `ART-${String(10000 + n)}`,
        unique_product_id: `UID-${clientId}-${k + 1}`,
        eol: entry.eol,
        price_cents: entry.price,
        is_active: !(k === 4 && c % 4 === 0),
      };
    }),
  );
  const products: { id: number; client_id: number; product_group_id: number; prefix: string }[] = [];
  await insertInChunks(productRows, 500, async (chunk) => {
    const rows = await db
      .insertInto('products')
      .values(chunk)
      .returning(['id', 'client_id', 'product_group_id', 'name'])
      .execute();
    products.push(...rows.map((r) => ({ ...r, prefix: catalogue.find((e) => e.name === r.name)?.prefix ?? 'SN' })));
  });

  const projectRows = core.endCustomerIds.flatMap((clientId, c) =>
    [1, 2].map((k) => ({ client_id: clientId, number: `PRJ-${2024 + k}-${String(c * 10 + k).padStart(3, '0')}` })),
  );
  const projects = await db.insertInto('projects').values(projectRows).returning(['id', 'client_id']).execute();

  const productsOf = new Map<number, typeof products>();
  for (const p of products) productsOf.set(p.client_id, [...(productsOf.get(p.client_id) ?? []), p]);

  // Items arrived 10 to 1400 days before the day of seeding; what followed (in use, shipped, status) within a week.
  const now = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const itemRows = Array.from({ length: 3000 * scale }, (_, n) => {
    const customer = nth(core.endCustomerIds, n);
    const product = rnd.pick(productsOf.get(customer) ?? []);
    const status = pickStatus(rnd);
    const users = endUsersOf.get(customer) ?? [];
    const inUse = status === ItemStatus.IN_GEBRUIK && users.length > 0;
    const created = new Date(now - rnd.int(10, 1400) * 86_400_000);
    const daas = rnd.chance(0.3);
    const accessory = product.product_group_id === 3;
    const hasMac = product.product_group_id === 1 || product.product_group_id === 4;
    const projectsHere = projects.filter((p) => p.client_id === customer);
    return {
      product_id: product.id,
      client_id: inUse ? rnd.pick(users) : customer,
      project_id: rnd.chance(0.6) ? rnd.pick(projectsHere).id : null,
      status_id: status,
      serial: accessory ? null : `${product.prefix}${String(1000000 + n * 7 + 13).padStart(8, '0')}`,
      order_number: `ORD-${2024 + (n % 3)}-${String(1000 + (n % 700)).padStart(5, '0')}`,
      tag_number: !accessory && rnd.chance(0.7) ? `AST-${String(50000 + n)}` : null,
      mac_address: hasMac ? Array.from({ length: 6 }, () => hex2(rnd)).join(':') : null,
      date_in_use: inUse || (!accessory && rnd.chance(0.3)) ? iso(new Date(created.getTime() + 7 * 86_400_000)) : null,
      shipping_date:
        inUse || status === ItemStatus.UITGEKLAARD ? iso(new Date(created.getTime() + 3 * 86_400_000)) : null,
      start_date_contract: daas ? iso(created) : null,
      end_date_contract: daas ? iso(new Date(created.getTime() + 3 * 365 * 86_400_000)) : null,
      daas,
      stock_owner: daas ? rnd.pick(StockOwner) : null,
      address: inUse ? 'Thuiswerkplek' : null,
      description: null,
      created_at: created,
      updated_at: created,
    };
  });
  const itemIds: { id: number; status_id: number; client_id: number; product_id: number; created_at: Date }[] = [];
  await insertInChunks(itemRows, 1000, async (chunk) => {
    itemIds.push(
      ...(await db
        .insertInto('items')
        .values(chunk)
        .returning(['id', 'status_id', 'client_id', 'product_id', 'created_at'])
        .execute()),
    );
  });

  // Activity history: checked in, then the current status when it differs.
  const eventRows = itemIds.flatMap((item) => {
    const rows = [
      {
        item_id: item.id,
        client_id: item.client_id,
        product_id: item.product_id,
        status_id: ItemStatus.INGEKLAARD as number,
        action: 'Item ingeklaard',
        created_at: item.created_at,
      },
    ];
    if (item.status_id !== ItemStatus.INGEKLAARD) {
      rows.push({
        item_id: item.id,
        client_id: item.client_id,
        product_id: item.product_id,
        status_id: item.status_id,
        action: 'Status gewijzigd',
        created_at: new Date(item.created_at.getTime() + 5 * 86_400_000),
      });
    }
    return rows;
  });
  await insertInChunks(eventRows, 2000, (chunk) => db.insertInto('events').values(chunk).execute());

  // Two bundles per end customer with a few of its products.
  for (const customer of core.endCustomerIds) {
    const own = productsOf.get(customer) ?? [];
    const [workplace, homeWork] = await db
      .insertInto('bundles')
      .values([
        { client_id: customer, name: 'Standaard werkplek' },
        { client_id: customer, name: 'Thuiswerkpakket' },
      ])
      .returning('id')
      .execute();
    await db
      .insertInto('bundle_product')
      .values([
        ...own.slice(0, 3).map((p) => ({ bundle_id: known(workplace).id, product_id: p.id })),
        ...own.slice(2, 4).map((p) => ({ bundle_id: known(homeWork).id, product_id: p.id })),
      ])
      .execute();
  }
  return { productIds: products.map((p) => p.id) };
}
