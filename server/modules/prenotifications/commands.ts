import { sql } from 'kysely';
import { ClientType } from '@domain/enums';
import { asnMsg, type AsnInput } from '@domain/schemas/prenotifications';
import type { Trx } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { ValidationError } from '../../http/errors';
import { clientScope, isClientInScope } from '../../http/scope';
import './tables';
import { recordEvents } from '../events';
import { asnInScope, asnLines } from './detail';

/** Checks the client, project and articles of the form against the database; returns the project id to store. */
async function resolveRefs(trx: Trx, user: AuthUser, input: AsnInput): Promise<number | null> {
  const errors: Record<string, string[]> = {};
  const client = await trx
    .selectFrom('clients')
    .select(['id', 'client_type_id'])
    .where('id', '=', input.client_id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!client || !(await isClientInScope(trx, user, input.client_id))) errors.client_id = [asnMsg.clientRequired];
  else if (client.client_type_id !== ClientType.EINDKLANT) errors.client_id = [asnMsg.notEndCustomer];

  // Only products in the caller's scope exist for it: another tenant's product answers like an unknown id.
  const ids = input.products.map((p) => p.product_id);
  const owned = ids.length
    ? new Map(
        (
          await trx
            .selectFrom('products')
            .select(['id', 'client_id'])
            .where('id', 'in', ids)
            .where('deleted_at', 'is', null)
            .where((eb) => clientScope(user, eb.ref('products.client_id')))
            .execute()
        ).map((p) => [p.id, p.client_id]),
      )
    : new Map<number, number>();
  const seen = new Set<number>();
  input.products.forEach((p, i) => {
    if (!owned.has(p.product_id)) errors[`products.${i}.product_id`] = [asnMsg.productRequired];
    else if (owned.get(p.product_id) !== input.client_id) errors[`products.${i}.product_id`] = [asnMsg.productOther];
    else if (seen.has(p.product_id)) errors[`products.${i}.product_id`] = [asnMsg.productTwice];
    seen.add(p.product_id);
  });

  let projectId: number | null = null;
  if (!errors.client_id) {
    if (input.new_project && input.project_number) {
      const number = input.project_number;
      const found = await trx
        .selectFrom('projects')
        .select('id')
        .where('client_id', '=', input.client_id)
        .where('number', '=', number)
        .executeTakeFirst();
      projectId =
        found?.id ??
        (
          await trx
            .insertInto('projects')
            .values({ client_id: input.client_id, number })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
    } else if (input.project_id != null) {
      const found = await trx
        .selectFrom('projects')
        .select('id')
        .where('id', '=', input.project_id)
        .where('client_id', '=', input.client_id)
        .executeTakeFirst();
      if (!found) errors.project_id = [asnMsg.projectOther];
      projectId = input.project_id;
    }
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return projectId;
}

function asnValues(input: AsnInput, projectId: number | null) {
  return {
    client_id: input.client_id,
    project_id: projectId,
    reference: input.reference,
    w_number: input.w_number ?? null,
    expected: input.expected,
    partial_delivery: input.partial_delivery,
    start_date_contract: input.contract ? input.start_date_contract : null,
    end_date_contract: input.contract ? input.end_date_contract : null,
    daas: input.daas,
    stock_owner: input.stock_owner,
    comment: input.comment ?? null,
  };
}

export async function createAsn(trx: Trx, user: AuthUser, input: AsnInput): Promise<number> {
  const projectId = await resolveRefs(trx, user, input);
  const { id } = await trx
    .insertInto('asns')
    .values({ ...asnValues(input, projectId), user_id: user.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('asn_products')
    .values(
      input.products.map((p) => ({
        asn_id: id,
        product_id: p.product_id,
        expected: p.quantity,
        daas: input.daas,
        stock_owner: input.stock_owner,
      })),
    )
    .execute();
  await recordEvents(trx, user, [{ client_id: input.client_id, action: `Voormelding ${input.reference} aangemaakt` }]);
  return id;
}

/** Changes the pre-notification; lines that already had arrivals cannot be removed or lowered below them. */
export async function updateAsn(trx: Trx, user: AuthUser, id: number, input: AsnInput): Promise<void> {
  const current = await asnInScope(trx, user, id, true);
  const projectId = await resolveRefs(trx, user, input);
  const lines = await asnLines(trx, id);
  const errors: Record<string, string[]> = {};
  input.products.forEach((p, i) => {
    const line = lines.find((l) => l.product_id === p.product_id);
    if (line && p.quantity < line.arrived) errors[`products.${i}.quantity`] = [asnMsg.belowArrived];
  });
  const removed = lines.filter((l) => !input.products.some((p) => p.product_id === l.product_id));
  if (removed.some((l) => l.arrived > 0)) errors.products = [asnMsg.lineArrived];
  if (Object.keys(errors).length) throw new ValidationError(errors);

  await trx
    .updateTable('asns')
    .set({ ...asnValues(input, projectId), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  if (removed.length)
    await trx
      .deleteFrom('asn_products')
      .where(
        'id',
        'in',
        removed.map((l) => l.id),
      )
      .execute();
  for (const p of input.products) {
    const line = lines.find((l) => l.product_id === p.product_id);
    if (line)
      await trx
        .updateTable('asn_products')
        .set({ expected: p.quantity, daas: input.daas, stock_owner: input.stock_owner })
        .where('id', '=', line.id)
        .execute();
    else
      await trx
        .insertInto('asn_products')
        .values({
          asn_id: id,
          product_id: p.product_id,
          expected: p.quantity,
          daas: input.daas,
          stock_owner: input.stock_owner,
        })
        .execute();
  }
  // An open one whose articles have now all arrived is complete; a completed one stays in the archive.
  if (!current.completed_at) await completeWhenArrived(trx, id);
  await recordEvents(trx, user, [{ client_id: input.client_id, action: `Voormelding ${input.reference} gewijzigd` }]);
}

export async function deleteAsn(trx: Trx, user: AuthUser, id: number): Promise<void> {
  const a = await asnInScope(trx, user, id, true);
  await trx.updateTable('asns').set({ deleted_at: new Date() }).where('id', '=', id).execute();
  await recordEvents(trx, user, [{ client_id: a.client_id, action: `Voormelding ${a.reference} verwijderd` }]);
}

/** Sets completed_at when every article has arrived at least as many as expected; true when complete. */
export async function completeWhenArrived(trx: Trx, id: number): Promise<boolean> {
  const done = await trx
    .updateTable('asns')
    .set({ completed_at: new Date() })
    .where('id', '=', id)
    .where('completed_at', 'is', null)
    .where(
      sql<boolean>`not exists (select 1 from asn_products ap where ap.asn_id = asns.id and ap.arrived < ap.expected)`,
    )
    .returning('id')
    .executeTakeFirst();
  return !!done;
}
