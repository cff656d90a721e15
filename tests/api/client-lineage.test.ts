/**
 * Issue 13: deliveries and products carry the reseller and the end customer above their client
 * (migration 20261126T0100-client-lineage), kept by triggers, and the lists of a reseller and an end
 * customer read their rows by it. Whatever happens to clients (moved, retyped, several writers at
 * once) and to the rows (created, given another client), every row's lineage equals the one read from
 * its client, its parent and its grandparent, product_counts (migration 20261126T0300) equals the
 * products counted by their lineage, every product holds its end customer's and reseller's names as
 * the product search reads them (migration 20261127T1900), every delivery its client's and end
 * customer's names as the delivery lists show them (migration 20261128T1600), every product its end
 * customer's and reseller's names as the stock list shows them (migration 20261128T1700), and each
 * user's list shows its part of the hierarchy.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/context';
import {
  hierarchyUsers,
  insertClient as insertClientIn,
  insertDelivery as insertDeliveryIn,
  overlapping,
  seededRandom,
  type HierarchyUsers,
} from '../support/hierarchy';
import { ClientType, DeliveryType } from '@domain/enums';

let ctx: TestContext;
let users: HierarchyUsers;
let serial = 0;

/** Rows whose stored lineage differs from the one read from the client (x), its parent (p) and grandparent (g). */
async function lineageMismatches(table: 'deliveries' | 'products') {
  const { rows } = await sql<{ id: number }>`select t.id from ${sql.table(table)} t
    join clients x on x.id = t.client_id left join clients p on p.id = x.parent_client_id left join clients g on g.id = p.parent_client_id
    where t.reseller_id is distinct from (select c.id from (values (1, x.id, x.client_type_id), (2, p.id, p.client_type_id), (3, g.id, g.client_type_id)) c(depth, id, type)
                                          where c.type = ${ClientType.RESELLER} order by c.depth limit 1)
       or t.end_customer_id is distinct from (select c.id from (values (1, x.id, x.client_type_id), (2, p.id, p.client_type_id)) c(depth, id, type)
                                          where c.type = ${ClientType.EINDKLANT} order by c.depth limit 1)`.execute(
    ctx.db,
  );
  return rows.map((r) => r.id);
}

/** Products whose shown names differ from their client's and their lineage reseller's. */
async function productNameMismatches() {
  const { rows } = await sql<{ id: number }>`select t.id from products t join clients x on x.id = t.client_id
    where t.client_name is distinct from x.name
       or t.reseller_name is distinct from (select r.name from clients r where r.id = t.reseller_id)`.execute(ctx.db);
  return rows.map((r) => r.id);
}

/**
 * Deliveries whose stored names differ from their client's and their end customer's (the client's where the row has
 * none).
 */
async function deliveryNameMismatches() {
  const { rows } = await sql<{ id: number }>`select t.id from deliveries t join clients x on x.id = t.client_id
    where t.client_name is distinct from x.name
       or t.end_customer_name is distinct from coalesce((select e.name from clients e where e.id = t.end_customer_id), x.name)`.execute(
    ctx.db,
  );
  return rows.map((r) => r.id);
}

/**
 * Products whose stored search names differ from their client's name and the name of its parent when that is a
 * reseller.
 */
async function searchNameMismatches() {
  const { rows } = await sql<{ id: number }>`select t.id from products t
    join clients x on x.id = t.client_id left join clients r on r.id = x.parent_client_id and r.client_type_id = ${ClientType.RESELLER}
    where t.client_name_search is distinct from lower(x.name) or t.reseller_name_search is distinct from lower(r.name)`.execute(
    ctx.db,
  );
  return rows.map((r) => r.id);
}

async function expectLineageExact(label: string) {
  expect(await lineageMismatches('deliveries'), `${label}: deliveries`).toEqual([]);
  expect(await lineageMismatches('products'), `${label}: products`).toEqual([]);
  expect(await searchNameMismatches(), `${label}: products' search names`).toEqual([]);
  expect(await deliveryNameMismatches(), `${label}: deliveries' names`).toEqual([]);
  expect(await productNameMismatches(), `${label}: products' shown names`).toEqual([]);
  // product_counts (its rows that are not 0) against the live products grouped by every scope they count in.
  const table = await sql<{
    scope_id: number;
    is_active: boolean;
    n: number;
  }>`select scope_id, is_active, n from product_counts
    where n <> 0 order by 1, 2`.execute(ctx.db);
  const direct = await sql<{
    scope_id: number;
    is_active: boolean;
    n: number;
  }>`select s.id scope_id, t.is_active, count(*)::int n
    from products t join (select id from clients union all select 0) s on s.id in (0, t.reseller_id, t.end_customer_id, t.client_id)
    where t.deleted_at is null group by 1, 2 order by 1, 2`.execute(ctx.db);
  expect(table.rows, `${label}: product_counts`).toEqual(direct.rows);
}

/**
 * The ids of the open deliveries a user of `viewer` sees by the hierarchy of server/http/scope.ts (itself, children,
 * grandchildren).
 */
async function openDeliveriesInScope(viewer: number): Promise<number[]> {
  const { rows } = await sql<{
    id: number;
  }>`select d.id from deliveries d join clients x on x.id = d.client_id left join clients p on p.id = x.parent_client_id
    where d.deleted_at is null and not d.is_cancelled and d.completed_at is null and d.delivery_type_id <> ${DeliveryType.BACKORDER}
      and ${viewer} in (x.id, x.parent_client_id, p.parent_client_id) order by d.id`.execute(ctx.db);
  return rows.map((r) => r.id);
}

/** The ids of the active products a user of `viewer` sees, by the same hierarchy. */
async function productsInScope(viewer: number): Promise<number[]> {
  const { rows } = await sql<{
    id: number;
  }>`select t.id from products t join clients x on x.id = t.client_id left join clients p on p.id = x.parent_client_id
    where t.deleted_at is null and t.is_active and ${viewer} in (x.id, x.parent_client_id, p.parent_client_id) order by t.id`.execute(
    ctx.db,
  );
  return rows.map((r) => r.id);
}

const sortedIds = (res: { body: { data: { id: number }[] } }) => res.body.data.map((r) => r.id).sort((a, b) => a - b);

async function expectListsShowTheirHierarchy(label: string) {
  const { admin, reseller, klant, resellerId, klantId } = users;
  for (const [user, viewer] of [
    [reseller, resellerId],
    [klant, klantId],
  ] as const) {
    const deliveries = await user.get('/api/deliveries?per_page=200');
    expect(deliveries.status).toBe(200);
    expect(sortedIds(deliveries), `${label}: deliveries of ${viewer}`).toEqual(await openDeliveriesInScope(viewer));
    const products = await user.get('/api/products?per_page=200');
    const direct = await productsInScope(viewer);
    expect(products.body.total, `${label}: products of ${viewer}`).toBeLessThan(200);
    expect(sortedIds(products), `${label}: products of ${viewer}`).toEqual(direct);
    expect(products.body.total, `${label}: product total of ${viewer}`).toBe(direct.length);
  }
  const all = await sql<{
    n: number;
  }>`select count(*)::int n from products where deleted_at is null and is_active`.execute(ctx.db);
  expect((await admin.get('/api/products')).body.total, `${label}: all products`).toBe(all.rows[0]!.n);
}

const insertClient = (type: number, parent: number | null) => insertClientIn(ctx.db, type, parent);

const insertDelivery = (clientId: number, db = ctx.db) => insertDeliveryIn(db, clientId, 'LIJN');

async function insertProduct(clientId: number, db = ctx.db): Promise<number> {
  const row = await db
    .insertInto('products')
    .values({
      client_id: clientId,
      product_group_id: 1,
      name: `Lijnartikel ${++serial}`,
      article_number: `LA-${serial}`,
      unique_product_id: `LU-${serial}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  users = await hierarchyUsers(ctx);
});
afterAll(() => ctx.close());

describe('client lineage of deliveries and products', () => {
  it('follows a move of an end customer to another reseller, a delivery given another client, and a retype', async () => {
    const { admin, reseller, resellerId, klantId, otherResellerId } = users;
    await expectLineageExact('seeded');
    await expectListsShowTheirHierarchy('seeded');

    const customer = await insertClient(ClientType.EINDKLANT, resellerId);
    const endUser = await insertClient(ClientType.EINDGEBRUIKER, customer);
    const own = await insertDelivery(customer);
    const theirs = await insertDelivery(endUser);
    await insertProduct(customer);
    await expectLineageExact('created');
    expect((await reseller.get('/api/deliveries?per_page=200')).body.data.map((r: { id: number }) => r.id)).toEqual(
      expect.arrayContaining([own, theirs]),
    );

    // Through the API, as an office user moves a customer: its deliveries and its end users' go with it.
    const moved = await admin.put(`/api/clients/${customer}`, {
      name: 'Lijnklant verhuisd',
      parent_client_id: otherResellerId,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await expectLineageExact('moved');
    await expectListsShowTheirHierarchy('moved');
    const shown = (await reseller.get('/api/deliveries?per_page=200')).body.data.map((r: { id: number }) => r.id);
    expect(shown).not.toContain(own);
    expect(shown).not.toContain(theirs);
    expect(
      (await reseller.get(`/api/deliveries?search=LIJN-`)).body.data.map((r: { id: number }) => r.id),
    ).not.toContain(theirs);

    await ctx.db.updateTable('deliveries').set({ client_id: klantId }).where('id', '=', own).execute();
    await expectLineageExact('delivery given another client');
    await expectListsShowTheirHierarchy('delivery given another client');

    await ctx.db
      .updateTable('clients')
      .set({ client_type_id: ClientType.RESELLER })
      .where('id', '=', customer)
      .execute();
    await expectLineageExact('retyped');
    await ctx.db
      .updateTable('clients')
      .set({ client_type_id: ClientType.EINDKLANT, parent_client_id: resellerId })
      .where('id', '=', customer)
      .execute();
    await expectLineageExact('retyped and moved back');
    await expectListsShowTheirHierarchy('moved back');

    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('clients')
          .set({ parent_client_id: otherResellerId })
          .where('id', '=', customer)
          .execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectLineageExact('rolled back');
    await expectListsShowTheirHierarchy('rolled back');
  });

  it('lets the product search find an article by its end customer and reseller after a rename, a move and another client', async () => {
    const { admin, resellerId, otherResellerId, klantId } = users;
    const found = async (term: string) =>
      (
        (await admin.get(`/api/products?search=${encodeURIComponent(term)}&per_page=200`)).body.data as { id: number }[]
      ).map((p) => p.id);
    const customer = await insertClient(ClientType.EINDKLANT, resellerId);
    const product = await insertProduct(customer);
    expect(await found('zoekklant oost')).toEqual([]);
    const renamed = await admin.put(`/api/clients/${customer}`, { name: 'Zoekklant Oost' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await found('ZOEKKLANT oost')).toEqual([product]);

    expect((await admin.put(`/api/clients/${otherResellerId}`, { name: 'Zoekreseller Noord' })).status).toBe(200);
    expect(await found('zoekreseller noord')).not.toContain(product);
    const moved = await admin.put(`/api/clients/${customer}`, {
      name: 'Zoekklant Oost',
      parent_client_id: otherResellerId,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await found('zoekreseller noord')).toContain(product);
    const row = (
      await admin.get(`/api/products?search=${encodeURIComponent('Zoekreseller Noord')}&per_page=200`)
    ).body.data.find((p: { id: number }) => p.id === product);
    expect(row).toMatchObject({
      client_name: 'Zoekklant Oost',
      reseller_id: otherResellerId,
      reseller_name: 'Zoekreseller Noord',
    });

    await ctx.db.updateTable('products').set({ client_id: klantId }).where('id', '=', product).execute();
    expect(await found('zoekklant oost')).toEqual([]);
    expect(await found('zoekreseller noord')).not.toContain(product);
    await expectLineageExact('renamed, moved and given another client');
  });

  it('stays exact through a random sequence of moves, retypes and new rows', async () => {
    const { random, pick } = seededRandom(26);
    const { resellerId, otherResellerId, klantId } = users;
    const mine: number[] = [await insertClient(ClientType.EINDKLANT, resellerId)];
    for (let step = 0; step < 80; step++) {
      const ids = (await ctx.db.selectFrom('clients').select('id').orderBy('id').execute()).map((r) => r.id);
      const target = pick(mine);
      const op = Math.floor(random() * 7);
      if (op === 0)
        mine.push(
          await insertClient(1 + Math.floor(random() * 4), pick([...mine, resellerId, otherResellerId, klantId])),
        );
      else if (op === 1) await insertDelivery(pick(mine));
      else if (op === 2) {
        // A new article, or one switched off, deleted or given back its place.
        const product = random() < 0.5 ? await insertProduct(pick(mine)) : null;
        const change = random();
        if (!product) {
          await ctx.db
            .updateTable('products')
            .set(change < 0.4 ? { is_active: random() < 0.5 } : { deleted_at: change < 0.7 ? new Date() : null })
            .where('client_id', 'in', mine)
            .execute();
        }
      } else if (op === 3)
        await ctx.db
          .updateTable('clients')
          .set({ parent_client_id: random() < 0.1 ? null : pick(ids) })
          .where('id', '=', target)
          .execute();
      else if (op === 4)
        await ctx.db
          .updateTable('clients')
          .set({ client_type_id: 1 + Math.floor(random() * 4) })
          .where('id', '=', target)
          .execute();
      else if (op === 5) {
        // One of the sequence's clients, or one above them, renamed.
        await ctx.db
          .updateTable('clients')
          .set({ name: `Lijnnaam ${step}` })
          .where('id', '=', pick([target, target, resellerId, otherResellerId]))
          .execute();
      } else {
        // A parent and its children moved in one statement.
        await ctx.db
          .updateTable('clients')
          .set({ parent_client_id: pick(ids) })
          .where((eb) => eb.or([eb('id', '=', target), eb('parent_client_id', '=', target)]))
          .where('id', 'in', mine)
          .execute();
      }
      if (step % 10 === 9) await expectLineageExact(`step ${step}`);
    }
    await expectLineageExact('end');
    // The sequence breaks the parent rules of the types (where lineage and hierarchy part ways): its rows leave the
    // lists.
    await ctx.db.updateTable('products').set({ deleted_at: new Date() }).where('client_id', 'in', mine).execute();
    await ctx.db.updateTable('deliveries').set({ deleted_at: new Date() }).where('client_id', 'in', mine).execute();
    await expectLineageExact('rows of the sequence deleted');
  });

  it('stays exact when an end customer moves while a delivery is added below it in another transaction', async () => {
    const customer = await insertClient(ClientType.EINDKLANT, users.resellerId);
    const endUser = await insertClient(ClientType.EINDGEBRUIKER, customer);
    const move = async (trx: typeof ctx.db) => {
      const row = await trx
        .selectFrom('clients')
        .select('parent_client_id')
        .where('id', '=', customer)
        .executeTakeFirstOrThrow();
      const to = row.parent_client_id === users.resellerId ? users.otherResellerId : users.resellerId;
      await trx.updateTable('clients').set({ parent_client_id: to }).where('id', '=', customer).execute();
    };
    const insert = (trx: typeof ctx.db) => insertDelivery(endUser, trx);
    // The move first, the insert waiting for it; then the insert first, the move waiting for it.
    await overlapping(ctx.db, move, insert);
    await expectLineageExact('move before insert');
    await overlapping(ctx.db, insert, move);
    await expectLineageExact('insert before move');
    await expectListsShowTheirHierarchy('after the concurrent changes');
  });

  it('keeps the search names exact when a customer or its reseller is renamed while an article is added below it', async () => {
    const customer = await insertClient(ClientType.EINDKLANT, users.resellerId);
    let round = 0;
    const rename = (id: number) => (trx: typeof ctx.db) =>
      trx
        .updateTable('clients')
        .set({ name: `Gelijktijdig ${++round}` })
        .where('id', '=', id)
        .execute();
    const insert = (trx: typeof ctx.db) => insertProduct(customer, trx);
    for (const id of [customer, users.resellerId]) {
      await overlapping(ctx.db, rename(id), insert);
      await expectLineageExact(`rename of ${id} before insert`);
      await overlapping(ctx.db, insert, rename(id));
      await expectLineageExact(`insert before rename of ${id}`);
    }
  });

  it('shows a delivery under the names of its end customer and end user as they are now, after renames, a move and another client', async () => {
    const { admin, reseller, resellerId } = users;
    const customer = await insertClient(ClientType.EINDKLANT, resellerId);
    const endUser = await insertClient(ClientType.EINDGEBRUIKER, customer);
    const other = await insertClient(ClientType.EINDKLANT, resellerId);
    const delivery = await insertDelivery(endUser);
    const shown = async (path: string) => {
      const res = await admin.get(`${path}?per_page=200&sort=created_at&order=desc`);
      expect(res.status).toBe(200);
      return (res.body.data as { id: number }[]).find((r) => r.id === delivery);
    };
    expect((await admin.put(`/api/clients/${customer}`, { name: 'Lijstklant Zuid' })).status).toBe(200);
    expect((await admin.put(`/api/clients/${endUser}`, { name: 'Lijstgebruiker Jan' })).status).toBe(200);
    expect(await shown('/api/deliveries')).toMatchObject({
      client_id: endUser,
      client_name: 'Lijstgebruiker Jan',
      end_customer_id: customer,
      end_customer_name: 'Lijstklant Zuid',
    });
    const forReseller = (await reseller.get('/api/deliveries?per_page=200')).body.data.find(
      (r: { id: number }) => r.id === delivery,
    );
    expect(forReseller).toMatchObject({ client_name: 'Lijstgebruiker Jan', end_customer_name: 'Lijstklant Zuid' });

    // The end user moved to another end customer, then the delivery given to that customer itself.
    expect((await admin.put(`/api/clients/${other}`, { name: 'Lijstklant Noord' })).status).toBe(200);
    expect(
      (await admin.put(`/api/clients/${endUser}`, { name: 'Lijstgebruiker Jan', parent_client_id: other })).status,
    ).toBe(200);
    expect(await shown('/api/deliveries')).toMatchObject({
      client_name: 'Lijstgebruiker Jan',
      end_customer_id: other,
      end_customer_name: 'Lijstklant Noord',
    });
    await ctx.db.updateTable('deliveries').set({ client_id: other }).where('id', '=', delivery).execute();
    expect(await shown('/api/deliveries')).toMatchObject({
      client_id: other,
      client_name: 'Lijstklant Noord',
      end_customer_id: other,
      end_customer_name: 'Lijstklant Noord',
    });
    await expectLineageExact('renamed, moved and given another client');
  });

  it('keeps the delivery names exact when its end user or end customer is renamed while a delivery is added below it', async () => {
    const customer = await insertClient(ClientType.EINDKLANT, users.resellerId);
    const endUser = await insertClient(ClientType.EINDGEBRUIKER, customer);
    let round = 0;
    const rename = (id: number) => (trx: typeof ctx.db) =>
      trx
        .updateTable('clients')
        .set({ name: `Tegelijk ${++round}` })
        .where('id', '=', id)
        .execute();
    const insert = (trx: typeof ctx.db) => insertDelivery(endUser, trx);
    for (const id of [endUser, customer]) {
      await overlapping(ctx.db, rename(id), insert);
      await expectLineageExact(`rename of ${id} before insert`);
      await overlapping(ctx.db, insert, rename(id));
      await expectLineageExact(`insert before rename of ${id}`);
    }
  });
});
