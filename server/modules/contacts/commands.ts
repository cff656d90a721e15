import { ClientType, PROVIDER_CLIENT_ID } from '@domain/enums';
import { contactMsg, type ContactCreateInput, type ContactUpdateInput } from '@domain/schemas/contacts';
import type { Executor, Trx } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { ValidationError, notFound } from '../../http/errors';
import { assertClientInScope, clientScope } from '../../http/scope';
import { assertEmailFree, assertMayChangeAccount, assertMayManage, removeAccount, setUserRoles } from '../users';
import { recordEvents } from '../events';
import { activeUserOf } from './detail';

/** The role a new account gets when the form chose none: by the type of the contact's client. */
const defaultRoleByClientType: Record<number, string> = {
  [ClientType.PROVIDER]: 'Magazijn',
  [ClientType.RESELLER]: 'Reseller',
  [ClientType.EINDKLANT]: 'Eindklant',
  [ClientType.EINDGEBRUIKER]: 'Eindklant',
};

/** An account that still has to be activated: the route sends the mail after the commit. */
export interface NewAccount {
  id: number;
  name: string;
  email: string;
}

async function contactRow(db: Executor, actor: AuthUser, id: number) {
  const row = await db
    .selectFrom('contacts')
    .innerJoin('clients', 'clients.id', 'contacts.client_id')
    .select([
      'contacts.id',
      'contacts.client_id',
      'contacts.first_name',
      'contacts.last_name',
      'clients.client_type_id',
      'clients.primary_contact_id',
    ])
    .where('contacts.id', '=', id)
    .where('contacts.deleted_at', 'is', null)
    .where('clients.deleted_at', 'is', null)
    .where((eb) => clientScope(actor, eb.ref('contacts.client_id')))
    .executeTakeFirst();
  if (!row) throw notFound('Contactpersoon niet gevonden');
  return row;
}

/** reseller_end_client: only on a reseller's contact, and only that reseller's end customers. */
async function saveEndClients(
  trx: Trx,
  contactId: number,
  client: { id: number; type: number },
  endClientIds: number[] | undefined,
) {
  if (endClientIds === undefined) return;
  const ids = [...new Set(endClientIds)];
  if (ids.length && client.type !== ClientType.RESELLER)
    throw ValidationError.field('reseller_end_client', contactMsg.endClientsOnlyReseller);
  if (ids.length) {
    const found = await trx
      .selectFrom('clients')
      .select('id')
      .where('id', 'in', ids)
      .where('parent_client_id', '=', client.id)
      .where('client_type_id', '=', ClientType.EINDKLANT)
      .where('deleted_at', 'is', null)
      .execute();
    if (found.length !== ids.length) throw ValidationError.field('reseller_end_client', contactMsg.endClientInvalid);
  }
  await trx.deleteFrom('contact_reseller_end_client').where('contact_id', '=', contactId).execute();
  if (ids.length)
    await trx
      .insertInto('contact_reseller_end_client')
      .values(ids.map((endclient_id) => ({ contact_id: contactId, endclient_id })))
      .execute();
}

/** Makes the account of a contact: name and e-mail from the contact, the chosen or default role. */
async function createAccount(
  trx: Trx,
  actor: AuthUser,
  contactId: number,
  clientType: number,
  input: ContactCreateInput | ContactUpdateInput,
): Promise<NewAccount> {
  await assertEmailFree(trx, input.email, null);
  const name = `${input.first_name} ${input.last_name}`;
  const user = await trx
    .insertInto('users')
    .values({ contact_id: contactId, name, email: input.email })
    .returning(['id', 'name', 'email'])
    .executeTakeFirstOrThrow();
  let roleId = input.role_id ?? null;
  if (roleId === null) {
    const fallback = await trx
      .selectFrom('roles')
      .select('id')
      .where('name', '=', defaultRoleByClientType[clientType] ?? '')
      .where('client_id', '=', PROVIDER_CLIENT_ID)
      .executeTakeFirst(); // the provider's template
    roleId = fallback?.id ?? null;
  }
  if (roleId !== null) await setUserRoles(trx, actor, user.id, [roleId], 'role_id');
  return user;
}

/** POST /api/contacts. With has_account a user is made who gets an activation mail (spec 1 §4). */
export async function createContact(trx: Trx, actor: AuthUser, input: ContactCreateInput) {
  await assertClientInScope(trx, actor, input.client_id);
  const client = await trx
    .selectFrom('clients')
    .select(['id', 'client_type_id', 'primary_contact_id'])
    .where('id', '=', input.client_id)
    .executeTakeFirstOrThrow();
  if (input.has_account) await assertEmailFree(trx, input.email, null);
  const contact = await trx
    .insertInto('contacts')
    .values({
      client_id: input.client_id,
      first_name: input.first_name,
      last_name: input.last_name,
      title: input.title ?? null,
      phone: input.phone,
      email: input.email,
      has_account: input.has_account,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await saveEndClients(trx, contact.id, { id: client.id, type: client.client_type_id }, input.reseller_end_client);
  if (client.primary_contact_id === null)
    await trx.updateTable('clients').set({ primary_contact_id: contact.id }).where('id', '=', client.id).execute();
  const account = input.has_account ? await createAccount(trx, actor, contact.id, client.client_type_id, input) : null;
  await recordEvents(trx, actor, [
    { client_id: client.id, action: `Contactpersoon ${input.first_name} ${input.last_name} aangemaakt` },
  ]);
  return { id: contact.id, account };
}

/**
 * A contact with an account is that user's identity: what reaches the account obeys the user rules
 * (issue 7). Name or e-mail copied to the account, or ending it, needs the user right; any change to
 * a Superuser's contact is for Superusers only. Phone, title and end customers need only 'Klant wijzigen'.
 */
async function assertMayChangeContactOf(
  trx: Trx,
  actor: AuthUser,
  user: { id: number; name: string; email: string },
  input: ContactUpdateInput,
) {
  if (!input.has_account) return assertMayChangeAccount(trx, actor, user.id, 'delete');
  if (user.name !== `${input.first_name} ${input.last_name}` || user.email !== input.email)
    return assertMayChangeAccount(trx, actor, user.id, 'update');
  if (user.id !== actor.id) await assertMayManage(trx, actor, user.id);
}

/**
 * PUT /api/contacts/{id}. has_account true makes the account when there is none (with a mail) and
 * keeps an existing account's name and e-mail equal to the contact's; false soft-deletes the account.
 */
export async function updateContact(trx: Trx, actor: AuthUser, id: number, input: ContactUpdateInput) {
  const contact = await contactRow(trx, actor, id);
  const user = await activeUserOf(trx, id);
  if (user) await assertMayChangeContactOf(trx, actor, user, input);
  if (input.has_account && user) await assertEmailFree(trx, input.email, user.id);
  if (input.has_account && !user) await assertEmailFree(trx, input.email, null);
  if (!input.has_account && user) await removeAccount(trx, actor, user.id);
  await trx
    .updateTable('contacts')
    .set({
      first_name: input.first_name,
      last_name: input.last_name,
      title: input.title ?? null,
      phone: input.phone,
      email: input.email,
      has_account: input.has_account,
    })
    .where('id', '=', id)
    .execute();
  await saveEndClients(trx, id, { id: contact.client_id, type: contact.client_type_id }, input.reseller_end_client);
  let account: NewAccount | null = null;
  if (input.has_account && user) {
    await trx
      .updateTable('users')
      .set({ name: `${input.first_name} ${input.last_name}`, email: input.email })
      .where('id', '=', user.id)
      .execute();
  } else if (input.has_account) {
    account = await createAccount(trx, actor, id, contact.client_type_id, input);
  }
  await recordEvents(trx, actor, [
    { client_id: contact.client_id, action: `Contactpersoon ${input.first_name} ${input.last_name} gewijzigd` },
  ]);
  return { account };
}

/** DELETE /api/contacts/{id}: soft delete; its account goes too (refused for oneself and the last Superuser). */
export async function deleteContact(trx: Trx, actor: AuthUser, id: number) {
  const contact = await contactRow(trx, actor, id);
  const user = await activeUserOf(trx, id);
  if (user) await assertMayChangeAccount(trx, actor, user.id, 'delete');
  if (user) await removeAccount(trx, actor, user.id);
  await trx.updateTable('contacts').set({ deleted_at: new Date(), has_account: false }).where('id', '=', id).execute();
  if (contact.primary_contact_id === id) {
    const next = await trx
      .selectFrom('contacts')
      .select('id')
      .where('client_id', '=', contact.client_id)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirst();
    await trx
      .updateTable('clients')
      .set({ primary_contact_id: next?.id ?? null })
      .where('id', '=', contact.client_id)
      .execute();
  }
  await recordEvents(trx, actor, [
    { client_id: contact.client_id, action: `Contactpersoon ${contact.first_name} ${contact.last_name} verwijderd` },
  ]);
}
