import type { Executor } from '../../db/database';
import type { Answer } from '../../http/route-schema';
import type { ContactDetail } from '@domain/contracts/contacts';

/** GET-shape of one contact, as in GET /api/clients/{id} (spec 1 §3 Contact) plus its user id. */
export async function contactDetail(db: Executor, id: number): Promise<Answer<ContactDetail>> {
  const c = await db
    .selectFrom('contacts')
    .select(['id', 'client_id', 'first_name', 'last_name', 'title', 'phone', 'email', 'has_account', 'deleted_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const links = await db
    .selectFrom('contact_reseller_end_client')
    .select('endclient_id')
    .where('contact_id', '=', id)
    .orderBy('endclient_id')
    .execute();
  const user = await activeUserOf(db, id);
  return { ...c, reseller_end_client: links, user_id: user?.id ?? null };
}

export async function activeUserOf(db: Executor, contactId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('contact_id', '=', contactId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
