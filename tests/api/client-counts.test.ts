/**
 * Issue 13: the customer lists' totals come from client_counts (migration 20261124T0510), kept by
 * triggers. Whatever happens to clients (created, soft-deleted and back, moved, retyped, hard-deleted,
 * a transaction rolled back, several writers at once) the totals equal a direct count of the clients,
 * and the table equals a grouped count of the clients table.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';
import { hierarchyUsers, insertClient as insertClientIn, overlapping, seededRandom } from '../support/hierarchy';
import { ClientType } from '@domain/enums';

let ctx: TestContext;
let admin: ApiClient;
let reseller: ApiClient;
let klant: ApiClient;
let resellerId: number;
let klantId: number;
let otherResellerId: number;

const lists: [path: string, type: number | null][] = [
  ['/api/resellers', ClientType.RESELLER],
  ['/api/endcustomers', ClientType.EINDKLANT],
  ['/api/endusers', ClientType.EINDGEBRUIKER],
  ['/api/client-list', null],
  [`/api/client-list?filters[client_type_id]=${ClientType.EINDGEBRUIKER}`, ClientType.EINDGEBRUIKER],
  [`/api/endusers?filters[client_type_id]=${ClientType.EINDKLANT}`, -1],
];

/**
 * What a user of `viewer` (null: the provider) sees of `type` (null: every type; -1: nothing), counted on the clients.
 */
async function directCount(viewer: number | null, type: number | null): Promise<number> {
  const row = await sql<{ n: number }>`select count(*)::int n from clients x
    where x.deleted_at is null and (${type}::int is null or x.client_type_id = ${type}::int)
      and (${viewer}::int is null or x.id = ${viewer}::int or x.parent_client_id = ${viewer}::int
        or exists (select 1 from clients p where p.id = x.parent_client_id and p.parent_client_id = ${viewer}::int))`.execute(
    ctx.db,
  );
  return row.rows[0]!.n;
}

/** Every list's total, last page and links for the provider, a reseller and an end customer equal the direct count. */
async function expectListTotals(label: string) {
  const viewers: [ApiClient, number | null][] = [
    [admin, null],
    [reseller, resellerId],
    [klant, klantId],
  ];
  for (const [user, viewer] of viewers) {
    for (const [path, type] of lists) {
      const res = await user.get(`${path}${path.includes('?') ? '&' : '?'}per_page=10`);
      expect(res.status).toBe(200);
      const total = await directCount(viewer, type);
      expect(res.body.total, `${label}: ${path} as ${viewer ?? 'provider'}`).toBe(total);
      expect(res.body.last_page).toBe(Math.max(1, Math.ceil(total / 10)));
      expect(res.body.links.at(-1).url).toBe(total > 10 ? `${path.split('?')[0]}?page=2` : null);
    }
  }
}

/** client_counts (its rows that are not 0) against the clients grouped by every client that sees them. */
async function expectTableExact(label: string) {
  const table = await sql<{
    client_id: number;
    client_type_id: number;
    n: number;
  }>`select client_id, client_type_id, n from client_counts
    where n <> 0 order by client_id, client_type_id`.execute(ctx.db);
  const direct = await sql<{
    client_id: number;
    client_type_id: number;
    n: number;
  }>`select a.id client_id, x.client_type_id, count(*)::int n
    from clients x left join clients p on p.id = x.parent_client_id
    join (select id from clients union all select 0) a on a.id in (0, x.id, x.parent_client_id, p.parent_client_id)
    where x.deleted_at is null group by a.id, x.client_type_id order by 1, 2`.execute(ctx.db);
  expect(table.rows, label).toEqual(direct.rows);
}

const insertClient = (type: number, parent: number | null, db = ctx.db) => insertClientIn(db, type, parent);

beforeAll(async () => {
  ctx = await createTestContext();
  ({ admin, reseller, klant, resellerId, klantId, otherResellerId } = await hierarchyUsers(ctx));
});
afterAll(() => ctx.close());

describe('customer list totals (client_counts)', () => {
  it('equal a direct count after creating, soft-deleting, moving, retyping and hard-deleting clients, and after a rollback', async () => {
    await expectListTotals('seeded');
    await expectTableExact('seeded');

    const created = await admin.post('/api/clients', {
      name: 'Telling Eindklant',
      client_type_id: ClientType.EINDKLANT,
      parent_client_id: resellerId,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const customer = created.body.data.id as number;
    const second = await reseller.post('/api/clients', {
      name: 'Telling Eindklant 2',
      client_type_id: ClientType.EINDKLANT,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    // End users straight in the table (the API creates one with its first delivery).
    const user = await insertClient(ClientType.EINDGEBRUIKER, customer);
    const ownUser = await insertClient(ClientType.EINDGEBRUIKER, klantId);
    await expectListTotals('created');
    await expectTableExact('created');

    expect((await admin.delete(`/api/clients/${ownUser}`)).status).toBe(200);
    await expectListTotals('soft-deleted');
    await ctx.db.updateTable('clients').set({ deleted_at: null }).where('id', '=', ownUser).execute();
    await expectListTotals('undeleted');

    // The end customer and its end user leave the reseller's part for another reseller's, and come back.
    const moved = await admin.put(`/api/clients/${customer}`, {
      name: 'Telling Eindklant',
      parent_client_id: otherResellerId,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await expectListTotals('moved');
    await expectTableExact('moved');
    await ctx.db.updateTable('clients').set({ parent_client_id: resellerId }).where('id', '=', customer).execute();
    await expectListTotals('moved back');

    await ctx.db
      .updateTable('clients')
      .set({ client_type_id: ClientType.RESELLER })
      .where('id', '=', customer)
      .execute();
    await expectListTotals('retyped');
    await ctx.db
      .updateTable('clients')
      .set({ client_type_id: ClientType.EINDKLANT })
      .where('id', '=', customer)
      .execute();

    await ctx.db.deleteFrom('clients').where('id', 'in', [user, customer]).execute();
    await expectListTotals('hard-deleted');
    await expectTableExact('hard-deleted');

    const before = await admin.get('/api/client-list');
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        const id = await insertClient(ClientType.EINDKLANT, resellerId, trx);
        await insertClient(ClientType.EINDGEBRUIKER, id, trx);
        await trx
          .updateTable('clients')
          .set({ parent_client_id: otherResellerId })
          .where('parent_client_id', '=', resellerId)
          .execute();
        await trx.updateTable('clients').set({ deleted_at: new Date() }).where('id', '=', klantId).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await admin.get('/api/client-list')).body.total).toBe(before.body.total);
    await expectListTotals('rolled back');
    await expectTableExact('rolled back');
  });

  it('keeps the table equal to a grouped count through a random sequence of client changes', async () => {
    const { random, pick } = seededRandom(13);
    const mine: number[] = [];
    const all = async () => (await ctx.db.selectFrom('clients').select('id').orderBy('id').execute()).map((r) => r.id);
    for (let step = 0; step < 120; step++) {
      const ids = await all();
      const op = Math.floor(random() * 8);
      const target = mine.length ? pick(mine) : null;
      if (op <= 1 || target === null) {
        mine.push(await insertClient(1 + Math.floor(random() * 4), random() < 0.1 ? null : pick(ids)));
      } else if (op === 2) {
        await ctx.db
          .updateTable('clients')
          .set({ deleted_at: random() < 0.7 ? new Date() : null })
          .where('id', '=', target)
          .execute();
      } else if (op === 3) {
        // A move anywhere, even below its own children: the counts follow the parents as they are.
        await ctx.db
          .updateTable('clients')
          .set({ parent_client_id: random() < 0.1 ? null : pick(ids) })
          .where('id', '=', target)
          .execute();
      } else if (op === 4) {
        await ctx.db
          .updateTable('clients')
          .set({ client_type_id: 1 + Math.floor(random() * 4) })
          .where('id', '=', target)
          .execute();
      } else if (op === 5) {
        // Several rows in one statement: a parent and its children moved (or retyped and deleted) together.
        const family = await ctx.db
          .selectFrom('clients')
          .select('id')
          .where((eb) => eb.or([eb('id', '=', target), eb('parent_client_id', '=', target)]))
          .execute();
        await ctx.db
          .updateTable('clients')
          .set({
            parent_client_id: pick(ids),
            client_type_id: 1 + Math.floor(random() * 4),
            deleted_at: random() < 0.3 ? new Date() : null,
          })
          .where(
            'id',
            'in',
            family.map((r) => r.id),
          )
          .where('id', 'in', mine)
          .execute();
      } else if (op === 6) {
        // A client of this test with its children of this test, deleted in one statement (when nothing else refers to
        // them).
        const family = (
          await ctx.db
            .selectFrom('clients')
            .select('id')
            .where((eb) => eb.or([eb('id', '=', target), eb('parent_client_id', '=', target)]))
            .where('id', 'in', mine)
            .execute()
        ).map((r) => r.id);
        const blocked = await ctx.db
          .selectFrom('clients')
          .select('id')
          .where('parent_client_id', 'in', family)
          .where('id', 'not in', family)
          .executeTakeFirst();
        if (!blocked) {
          await ctx.db.deleteFrom('clients').where('id', 'in', family).execute();
          for (const id of family) mine.splice(mine.indexOf(id), 1);
        }
      } else {
        await ctx.db
          .updateTable('clients')
          .set({ name: `Hernoemd ${step}`, updated_at: new Date() })
          .where('id', '=', target)
          .execute();
      }
      if (step % 10 === 9) await expectTableExact(`step ${step}`);
    }
    await expectTableExact('end');
    await expectListTotals('after the random sequence');
  });

  it('stays exact when an end customer moves while end users are added below it in another transaction', async () => {
    const customer = await insertClient(ClientType.EINDKLANT, resellerId);
    await insertClient(ClientType.EINDGEBRUIKER, customer);
    const move = async (trx: typeof ctx.db) => {
      const row = await trx
        .selectFrom('clients')
        .select('parent_client_id')
        .where('id', '=', customer)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('clients')
        .set({ parent_client_id: row.parent_client_id === resellerId ? otherResellerId : resellerId })
        .where('id', '=', customer)
        .execute();
    };
    const insert = (trx: typeof ctx.db) => insertClient(ClientType.EINDGEBRUIKER, customer, trx);
    // The move first, the insert waiting for it; then the insert first, the move waiting for it.
    await overlapping(ctx.db, move, insert);
    await expectTableExact('move before insert');
    await overlapping(ctx.db, insert, move);
    await expectTableExact('insert before move');
    await expectListTotals('after the concurrent changes');
  });
});
