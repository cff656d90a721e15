import * as v from 'valibot';
import { sql } from 'kysely';
import { ClientType, PROVIDER_CLIENT_ID, SUPERUSER_ROLE } from '@domain/enums';
import { email, requiredText } from '@domain/schemas/common';
import type { Config } from '../config';
import type { Db, Executor, Trx } from '../db/database';
import { inTransaction } from '../http/command';
import { queueActivationMail } from '../modules/auth';
import { createStandardRoles } from '../modules/roles';
import { createStandardProductGroups } from '../modules/stock';

/** Logged at start while nobody can sign in: the one command that makes the first administrator. */
export const SETUP_HINT =
  'Er is nog geen gebruiker: niemand kan inloggen. Maak de eerste beheerder aan met\n' +
  '  npm run setup -- --company "Bedrijfsnaam" --name "Voornaam Achternaam" --email beheerder@bedrijf.nl';

export const firstAdminSchema = v.object({
  company: requiredText(160),
  name: requiredText(160),
  email,
});
export type FirstAdminInput = v.InferOutput<typeof firstAdminSchema>;

/** `npm run setup` on a database that already has one: nothing is changed. */
export class SetupRefused extends Error {}

export async function hasAnyUser(db: Executor): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('deleted_at', 'is', null).limit(1).execute()).length > 0;
}

async function existingSuperuser(trx: Trx): Promise<string | null> {
  const row = await trx
    .selectFrom('users')
    .innerJoin('role_user', 'role_user.user_id', 'users.id')
    .innerJoin('roles', 'roles.id', 'role_user.role_id')
    .select('users.email')
    .where('roles.name', '=', SUPERUSER_ROLE)
    .where('users.deleted_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row?.email ?? null;
}

async function providerClient(trx: Trx, company: string): Promise<number> {
  const existing = await trx.selectFrom('clients').select('id').where('id', '=', PROVIDER_CLIENT_ID).executeTakeFirst();
  if (existing) return existing.id;
  await trx
    .insertInto('clients')
    .values({ id: PROVIDER_CLIENT_ID, name: company, client_type_id: ClientType.PROVIDER, parent_client_id: null })
    .execute();
  await sql`select setval('clients_id_seq', greatest((select max(id) from clients), 1))`.execute(trx);
  return PROVIDER_CLIENT_ID;
}

/**
 * A new installation's first day (issue 45): the provider client, the standard roles and product groups
 * and the first Superuser, who sets a password through the activation link (mailed, and returned for the console).
 * Refused, with nothing changed, once the database has a Superuser.
 */
export async function createFirstAdmin(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  input: FirstAdminInput,
): Promise<{ userId: number; activationLink: string }> {
  return inTransaction(db, async (trx) => {
    // One setup at a time: two runs at once would otherwise both find no Superuser.
    await sql`select pg_advisory_xact_lock(hashtext('portal-setup'))`.execute(trx);
    const holder = await existingSuperuser(trx);
    if (holder) {
      throw new SetupRefused(
        `Deze database heeft al een Superuser (${holder}); er is niets gewijzigd. ` +
          'Nodig andere gebruikers uit via Gebruikersbeheer in het portaal.',
      );
    }
    const providerId = await providerClient(trx, input.company);
    const roleIds = await createStandardRoles(trx, providerId);
    await createStandardProductGroups(trx);
    const [firstName = input.name, ...rest] = input.name.split(' ');
    const contact = await trx
      .insertInto('contacts')
      .values({
        client_id: providerId,
        first_name: firstName,
        last_name: rest.join(' '),
        title: SUPERUSER_ROLE,
        email: input.email,
        has_account: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await trx
      .insertInto('users')
      .values({ contact_id: contact.id, name: input.name, email: input.email, password_hash: null, activated_at: null })
      .returning(['id', 'name', 'email'])
      .executeTakeFirstOrThrow();
    const superuserRole = roleIds.get(SUPERUSER_ROLE);
    if (superuserRole === undefined) throw new Error(`De rol ${SUPERUSER_ROLE} ontbreekt`);
    await trx.insertInto('role_user').values({ user_id: user.id, role_id: superuserRole }).execute();
    const activationLink = await queueActivationMail(trx, config, user);
    return { userId: user.id, activationLink };
  });
}
