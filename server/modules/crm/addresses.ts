import { sql } from 'kysely';
import * as v from 'valibot';
import { normalizePostcode } from '@domain/rules';
import { MAX_IMPORT_ROWS, fileMsg } from '@domain/files';
import { addressFieldsSchema, addressImportColumns, clientMsg, type AddressFields } from '@domain/schemas/clients';
import { issuesToFieldErrors } from '@domain/schemas/common';
import { cities } from '../../db/seed/dutch';
import type { Executor, Trx } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { ValidationError, notFound } from '../../http/errors';
import { assertClientInScope, clientScope } from '../../http/scope';
import { readSheet } from '../../lib/sheets';
import { recordEvents } from '../events';
import type { Answer } from '../../http/route-schema';
import type { Address } from '@domain/contracts/clients';
import { refuseRowErrors } from '../import-rows';
import { countNoun } from '@domain/format';

function addressValues(a: AddressFields) {
  return {
    name: a.name ?? null,
    street: a.street,
    number: a.number,
    addition: a.addition ?? null,
    zipcode: normalizePostcode(a.zipcode),
    city: a.city,
    country: a.country || 'Nederland',
  };
}

/** Only one visiting address per client. */
async function makeVisiting(trx: Trx, clientId: number, addressId: number) {
  await trx
    .updateTable('addresses')
    .set({ is_visiting: sql<boolean>`id = ${addressId}` })
    .where('client_id', '=', clientId)
    .execute();
}

export async function createAddress(
  trx: Trx,
  user: AuthUser,
  clientId: number,
  input: AddressFields,
): Promise<Answer<Address>> {
  await assertClientInScope(trx, user, clientId);
  const address = await trx
    .insertInto('addresses')
    .values({ client_id: clientId, ...addressValues(input) })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (input.is_visiting) await makeVisiting(trx, clientId, address.id);
  await recordEvents(trx, user, [
    { client_id: clientId, action: `Adres toegevoegd: ${address.street} ${address.number}, ${address.city}` },
  ]);
  return { ...address, is_visiting: !!input.is_visiting };
}

async function addressInScope(db: Executor, user: AuthUser, id: number) {
  const address = await db
    .selectFrom('addresses')
    .innerJoin('clients', 'clients.id', 'addresses.client_id')
    .selectAll('addresses')
    .where('addresses.id', '=', id)
    .where('addresses.deleted_at', 'is', null)
    .where('clients.deleted_at', 'is', null)
    .where((eb) => clientScope(user, eb.ref('addresses.client_id')))
    .executeTakeFirst();
  if (!address) throw notFound('Adres niet gevonden');
  return address;
}

export async function updateAddress(
  trx: Trx,
  user: AuthUser,
  id: number,
  input: AddressFields,
): Promise<Answer<Address>> {
  const current = await addressInScope(trx, user, id);
  const address = await trx
    .updateTable('addresses')
    .set(addressValues(input))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (input.is_visiting) await makeVisiting(trx, current.client_id, id);
  await recordEvents(trx, user, [
    { client_id: current.client_id, action: `Adres gewijzigd: ${address.street} ${address.number}, ${address.city}` },
  ]);
  return { ...address, is_visiting: input.is_visiting ?? address.is_visiting };
}

export async function deleteAddress(trx: Trx, user: AuthUser, id: number) {
  const current = await addressInScope(trx, user, id);
  await trx.updateTable('addresses').set({ deleted_at: new Date(), is_visiting: false }).where('id', '=', id).execute();
  await recordEvents(trx, user, [
    { client_id: current.client_id, action: `Adres verwijderd: ${current.street} ${current.number}, ${current.city}` },
  ]);
}

/**
 * Street and city for a postcode without an outside service: a postcode seen before in the addresses
 * of clients in the caller's scope gives both (never another tenant's addresses, issue 7); otherwise
 * the built-in postcode ranges give the city only.
 */
export async function lookupPostcode(
  db: Executor,
  user: AuthUser,
  postcode: string,
): Promise<{ street: string; city: string }> {
  const normalized = normalizePostcode(postcode);
  const seen = await db
    .selectFrom('addresses')
    .select(['street', 'city'])
    .where('zipcode', '=', normalized)
    .where('deleted_at', 'is', null)
    .where((eb) => clientScope(user, eb.ref('addresses.client_id')))
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (seen) return seen;
  const digits = Number(normalized.slice(0, 4));
  const range = cities.find((c) => digits >= c.from && digits <= c.to);
  if (range) return { street: '', city: range.city };
  throw notFound(clientMsg.postcodeUnknown);
}

/** Column headers of public/excel/TemplateAdressenImport.xlsx (shared with the import dialog's row errors). */
export const importColumns = addressImportColumns;

/** Reads and checks every row; one bad row refuses the whole file (all rows or none). */
export async function readAddressFile(fileName: string, data: Buffer): Promise<AddressFields[]> {
  const { rows, lines } = await readSheet(fileName, data, importColumns.length, clientMsg.fileType);
  const first = rows[0]?.map((c) => c.toLowerCase()) ?? [];
  if (first[0] === importColumns[0]?.header.toLowerCase() || first.includes('postcode')) {
    rows.shift();
    lines.shift();
  }
  if (rows.length === 0) throw ValidationError.field('file', clientMsg.importEmpty);
  if (rows.length > MAX_IMPORT_ROWS) throw ValidationError.field('file', fileMsg.tooManyRows);
  const errors: Record<string, string[]> = {};
  const parsed: AddressFields[] = [];
  rows.forEach((cells, index) => {
    const record = Object.fromEntries(importColumns.map((col, i) => [col.field, cells[i] ?? ''])) as Record<
      string,
      string | null
    >;
    for (const key of ['name', 'addition', 'country']) if (!record[key]) record[key] = null;
    const result = v.safeParse(addressFieldsSchema, record);
    if (result.success) parsed.push(result.output);
    else
      for (const [field, messages] of Object.entries(issuesToFieldErrors(result.issues)))
        errors[`rows.${lines[index]}.${field}`] = messages;
  });
  refuseRowErrors(errors);
  return parsed;
}

export async function importAddresses(trx: Trx, user: AuthUser, clientId: number, rows: AddressFields[]) {
  await assertClientInScope(trx, user, clientId);
  await trx
    .insertInto('addresses')
    .values(rows.map((a) => ({ client_id: clientId, ...addressValues(a) })))
    .execute();
  await recordEvents(trx, user, [
    { client_id: clientId, action: `${countNoun(rows.length, 'adres', 'adressen')} geïmporteerd` },
  ]);
  return rows.length;
}
