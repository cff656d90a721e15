import { sql } from 'kysely';
import { ClientType, PROVIDER_CLIENT_ID, SUPERUSER_ROLE } from '@domain/enums';
import { hashPassword } from '../../lib/passwords';
import { createStandardRoles } from '../../modules/roles';
import type { Db } from '../database';
import { Random, insertInChunks, known, nth } from './random';
import { companyKinds, companyWords, emailFor, fakeAddress, fakePerson } from './dutch';

export const DEMO_PASSWORD = 'Demo1234!';
export const demoAccounts = [
  { email: 'beheerder@demo.local', name: 'Bea Beheerder', role: SUPERUSER_ROLE, client: 'provider' },
  { email: 'magazijn@demo.local', name: 'Mark Magazijn', role: 'Magazijn', client: 'provider' },
  { email: 'reseller@demo.local', name: 'Rik Reseller', role: 'Reseller', client: 'reseller' },
  { email: 'klant@demo.local', name: 'Karin Klant', role: 'Eindklant', client: 'endCustomer' },
] as const;

export interface CoreSeedResult {
  providerId: number;
  resellerIds: number[];
  endCustomerIds: number[];
  endUserIds: number[];
}

/** Permissions, roles, the client hierarchy with contacts and addresses, and the demo accounts. */
export async function seedCore(db: Db, scale: number): Promise<CoreSeedResult> {
  const rnd = new Random(20261123);
  const provider = await db
    .insertInto('clients')
    .values({
      id: PROVIDER_CLIENT_ID,
      name: 'Reuzado B.V.',
      client_type_id: ClientType.PROVIDER,
      parent_client_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`select setval('clients_id_seq', (select max(id) from clients))`.execute(db);
  // The roles are the provider's (its templates), so they follow its client.
  const roleIds = await createStandardRoles(db, provider.id);

  const resellerNames = ['IT Partners Nederland', 'Techniek Groep Holland', 'Digitaal Werkplek B.V.'];
  const resellerIds: number[] = [];
  for (const name of resellerNames) {
    const r = await db
      .insertInto('clients')
      .values({ name, client_type_id: ClientType.RESELLER, parent_client_id: provider.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    resellerIds.push(r.id);
  }
  const endCustomerIds: number[] = [];
  for (let i = 0; i < 12; i++) {
    const parent = i < 9 ? nth(resellerIds, i) : provider.id; // a few directly under the provider
    const name = `${companyKinds[i % companyKinds.length]} ${companyWords[i % companyWords.length]}`;
    const c = await db
      .insertInto('clients')
      .values({
        name,
        client_type_id: ClientType.EINDKLANT,
        parent_client_id: parent,
        invoice_description: `Maandelijkse dienstverlening ${name}`,
        invoice_reference: `REF-${1000 + i}`,
        delivery_by_postnl: i % 2,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    endCustomerIds.push(c.id);
  }

  const endUserRows = Array.from({ length: 300 * scale }, (_, i) => {
    const person = fakePerson(rnd);
    return { person, parent: nth(endCustomerIds, i), n: i };
  });
  const endUserIds: number[] = [];
  await insertInChunks(endUserRows, 500, async (chunk) => {
    const inserted = await db
      .insertInto('clients')
      .values(
        chunk.map((u) => ({
          name: `${u.person.first_name} ${u.person.last_name}`,
          client_type_id: ClientType.EINDGEBRUIKER,
          parent_client_id: u.parent,
        })),
      )
      .returning('id')
      .execute();
    endUserIds.push(...inserted.map((r) => r.id));
  });

  // Contacts and addresses for every client; the first contact is the primary one.
  const allClients = await db.selectFrom('clients').select(['id', 'name', 'client_type_id']).orderBy('id').execute();
  const contactRows = allClients.flatMap((client) => {
    const count = client.client_type_id === ClientType.EINDGEBRUIKER ? 1 : 3;
    const domain = `${client.name.toLowerCase().replace(/[^a-z]+/g, '')}.nl`;
    return Array.from({ length: count }, (_, k) => {
      const p = fakePerson(rnd);
      if (client.client_type_id === ClientType.EINDGEBRUIKER)
        [p.first_name, p.last_name] = client.name.split(/ (.*)/s) as [string, string];
      return { client_id: client.id, ...p, email: emailFor(p.first_name, p.last_name, domain, client.id * 10 + k) };
    });
  });
  await insertInChunks(contactRows, 500, (chunk) => db.insertInto('contacts').values(chunk).execute());
  await sql`update clients c set primary_contact_id = (select min(id) from contacts where client_id = c.id)`.execute(
    db,
  );
  const addressRows = allClients.flatMap((client) => {
    const count = client.client_type_id === ClientType.EINDGEBRUIKER ? 1 : rnd.int(2, 5);
    return Array.from({ length: count }, (_, k) => ({
      client_id: client.id,
      name: k === 0 ? 'Hoofdkantoor' : `Locatie ${k + 1}`,
      is_visiting: k === 0,
      ...fakeAddress(rnd),
    }));
  });
  await insertInChunks(addressRows, 500, (chunk) => db.insertInto('addresses').values(chunk).execute());

  const clientFor = { provider: provider.id, reseller: nth(resellerIds, 0), endCustomer: nth(endCustomerIds, 0) };
  for (const account of demoAccounts) {
    const [first = account.name, ...rest] = account.name.split(' ');
    const contact = await db
      .insertInto('contacts')
      .values({
        client_id: clientFor[account.client],
        first_name: first,
        last_name: rest.join(' '),
        title: account.role,
        phone: '0201234567',
        email: account.email,
        has_account: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await db
      .insertInto('users')
      .values({
        contact_id: contact.id,
        name: account.name,
        email: account.email,
        password_hash: await hashPassword(DEMO_PASSWORD),
        activated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('role_user')
      .values({ user_id: user.id, role_id: known(roleIds.get(account.role)) })
      .execute();
  }
  return { providerId: provider.id, resellerIds, endCustomerIds, endUserIds };
}
