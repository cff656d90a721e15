/** Shared set-up of the tests that change the customer hierarchy under the lists (issue 13). */
import type { Kysely } from 'kysely';
import { ClientType, DeliveryType } from '@domain/enums';
import type { Database } from '../../server/db/database';
import type { ApiClient } from './client';
import type { TestContext } from './context';

export interface HierarchyUsers {
  admin: ApiClient;
  reseller: ApiClient;
  klant: ApiClient;
  /** The client of reseller@demo.local, of klant@demo.local (its end customer), and another reseller. */
  resellerId: number;
  klantId: number;
  otherResellerId: number;
}

/** The provider's administrator, a reseller and an end customer, signed in, with their clients. */
export async function hierarchyUsers(ctx: TestContext): Promise<HierarchyUsers> {
  const admin = await ctx.client().signIn('beheerder@demo.local');
  const reseller = await ctx.client().signIn('reseller@demo.local');
  const klant = await ctx.client().signIn('klant@demo.local');
  const resellerId = (await reseller.get('/api/auth/me')).body.contact.client_id as number;
  const klantId = (await klant.get('/api/auth/me')).body.contact.client_id as number;
  const otherResellerId = (
    await ctx.db
      .selectFrom('clients')
      .select('id')
      .where('client_type_id', '=', ClientType.RESELLER)
      .where('id', '!=', resellerId)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  return { admin, reseller, klant, resellerId, klantId, otherResellerId };
}

let serial = 0;

/** A client straight in the table (no API rules), named uniquely. */
export async function insertClient(db: Kysely<Database>, type: number, parent: number | null): Promise<number> {
  const row = await db
    .insertInto('clients')
    .values({ name: `Testklant ${++serial}`, client_type_id: type, parent_client_id: parent })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A bulk delivery for a client straight in the table, its order number the prefix and a serial number. */
export async function insertDelivery(db: Kysely<Database>, clientId: number, orderPrefix: string): Promise<number> {
  const row = await db
    .insertInto('deliveries')
    .values({
      delivery_type_id: DeliveryType.BULK_LEVERING,
      client_id: clientId,
      order_number: `${orderPrefix}-${++serial}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Gives a seeded role one more right straight in the table (e.g. so the hierarchy, not the right, refuses). */
export async function grantRight(db: Kysely<Database>, roleName: string, rightName: string): Promise<void> {
  const [role, right] = await Promise.all([
    db.selectFrom('roles').select('id').where('name', '=', roleName).executeTakeFirstOrThrow(),
    db.selectFrom('permissions').select('id').where('name', '=', rightName).executeTakeFirstOrThrow(),
  ]);
  await db.insertInto('permission_role').values({ role_id: role.id, permission_id: right.id }).execute();
}

/** A repeatable sequence of random numbers in [0, 1) and picks from it. */
export function seededRandom(seed: number) {
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)]!;
  return { random, pick };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `first` and `second` in transactions of their own, `second` starting while `first` still holds
 * its transaction open (on PostgreSQL the two overlap; PGlite runs them one after the other).
 */
export async function overlapping(
  db: Kysely<Database>,
  first: (trx: Kysely<Database>) => Promise<unknown>,
  second: (trx: Kysely<Database>) => Promise<unknown>,
) {
  await Promise.all([
    db.transaction().execute(async (trx) => {
      await first(trx);
      await pause(150);
    }),
    pause(50).then(() => db.transaction().execute(second)),
  ]);
}

/** The first end user (by id) below an end customer of the demo data. */
export async function firstEndUserOf(db: Kysely<Database>, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('clients')
    .select('id')
    .where('parent_client_id', '=', customerId)
    .where('client_type_id', '=', ClientType.EINDGEBRUIKER)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
