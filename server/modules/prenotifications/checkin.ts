import { sql, type NotNull } from 'kysely';
import { ItemStatus } from '@domain/enums';
import { duplicatePositions, normalizeSerial, scanMsg, serialKey } from '@domain/scan';
import { asnMsg, type CheckInInput } from '@domain/schemas/prenotifications';
import type { CheckInResult, SerialLookup } from '@domain/contracts/prenotifications';
import { ACCESSORY_GROUP_ID } from '@domain/schemas/stock';
import type { Executor, Trx } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { HttpError, ValidationError, unlessTaken } from '../../http/errors';
import { SERIAL_UNIQUE } from '../stock';
import { clientScope } from '../../http/scope';
import { asnInScope, asnLines } from './detail';
import { completeWhenArrived } from './commands';
import { recordEvents } from '../events';
import { countNoun } from '@domain/format';

const CHUNK = 2000;

/** Live items holding any of these serials (case-insensitive): one query on the upper(serial) index. */
export async function takenSerials(
  db: Executor,
  serials: string[],
): Promise<Map<string, { id: number; serial: string; status_id: number; product_id: number; client_id: number }>> {
  if (!serials.length) return new Map();
  const keys = [...new Set(serials.map(serialKey))];
  const rows = await db
    .selectFrom('items')
    .select(['id', 'serial', 'status_id', 'product_id', 'client_id'])
    .where(sql<boolean>`upper(serial) = any(${keys}::text[])`)
    .where('deleted_at', 'is', null)
    .$narrowType<{ serial: NotNull }>()
    .execute();
  return new Map(rows.map((r) => [serialKey(r.serial), r]));
}

/** Serials twice in the request (`scanMsg.duplicate`) or already held by a live item (`scanMsg.inStock`). */
function refuseDuplicates(positions: { field: string; serial: string }[], message: string = scanMsg.duplicate): never {
  const errors: Record<string, string[]> = {};
  for (const p of positions) errors[p.field] = [message];
  const named = [...new Set(positions.map((p) => p.serial))].slice(0, 10).join(', ');
  throw new HttpError(422, `${message} (${named})`, errors);
}

/**
 * Checks in the articles of a pre-notification (POST /delivery/save, /delivery/save-and-finish):
 * creates the items (status Ingeklaard, with the pre-notification's client, project, order number,
 * DaaS, stock owner and contract dates), raises `arrived`, writes events, and completes the
 * pre-notification when every article has arrived at least as many as expected. `finish` completes
 * it also when not everything arrived (closed as a partial delivery). Runs inside the caller's
 * transaction; the pre-notification row is locked so two check-ins of one pre-notification queue up.
 */
export async function checkIn(trx: Trx, user: AuthUser, input: CheckInInput, finish: boolean): Promise<CheckInResult> {
  const asn = await asnInScope(trx, user, input.id, true);
  if (asn.completed_at) throw ValidationError.field('id', asnMsg.completed);
  const lines = await asnLines(trx, asn.id);

  const errors: Record<string, string[]> = {};
  const planned: { line: (typeof lines)[number]; serials: string[]; unserialised: number }[] = [];
  // The scan rule of the modal (spec 2 §5): every serial of an article has the length of its first one.
  const firstLength = new Map<number, number>();
  const lengthErrors: Record<string, string[]> = {};
  input.products.forEach((p, i) => {
    const line =
      p.asn_product_id != null
        ? lines.find((l) => l.id === p.asn_product_id)
        : lines.find((l) => l.product_id === p.product_id);
    if (!line) {
      errors[`products.${i}.${p.asn_product_id != null ? 'asn_product_id' : 'product_id'}`] = [asnMsg.lineUnknown];
      return;
    }
    const serials = p.serials;
    const accessory = line.product_group_id === ACCESSORY_GROUP_ID;
    const unserialised = serials.length === 0 && accessory ? (p.quantity ?? 0) : 0;
    if (serials.length === 0 && unserialised === 0) {
      if (!accessory && (p.quantity ?? 0) > 0) errors[`products.${i}.serials`] = [asnMsg.serialsRequired];
      return;
    }
    serials.forEach((serial, j) => {
      const length = normalizeSerial(serial).length;
      if (!firstLength.has(line.id)) firstLength.set(line.id, length);
      else if (firstLength.get(line.id) !== length) lengthErrors[`products.${i}.serials.${j}`] = [scanMsg.length];
    });
    planned.push({ line, serials, unserialised });
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  // 'Opslaan' and 'Opslaan en afronden' both need something checked in (spec 2 §5).
  if (planned.length === 0) throw ValidationError.field('products', scanMsg.nothing);

  // Duplicates within the request, then against live items: one query for all serials.
  const all = input.products.flatMap((p, i) =>
    p.serials.map((serial, j) => ({ field: `products.${i}.serials.${j}`, serial })),
  );
  const inRequest = duplicatePositions(all.map((s) => s.serial)).flatMap((k) => all[k] ?? []);
  if (inRequest.length) refuseDuplicates(inRequest);
  const taken = await takenSerials(
    trx,
    all.map((s) => s.serial),
  );
  if (taken.size)
    refuseDuplicates(
      all.filter((s) => taken.has(serialKey(s.serial))),
      scanMsg.inStock,
    );
  // As in the modal, a duplicate is named first; a wrong length only for serials that are new.
  if (Object.keys(lengthErrors).length) throw new ValidationError(lengthErrors);

  const rows = planned.flatMap(({ line, serials, unserialised }) => {
    const base = {
      product_id: line.product_id,
      client_id: asn.client_id,
      project_id: asn.project_id,
      asn_id: asn.id,
      status_id: ItemStatus.INGEKLAARD,
      order_number: asn.reference,
      daas: line.daas || asn.daas,
      stock_owner: line.stock_owner ?? asn.stock_owner,
      start_date_contract: asn.start_date_contract,
      end_date_contract: asn.end_date_contract,
    };
    return [
      ...serials.map((serial) => ({ ...base, serial })),
      ...Array.from({ length: unserialised }, () => ({ ...base, serial: null })),
    ];
  });
  // Inserted in one order (by serial) in every request, so two check-ins sharing serials wait on each
  // other at the unique index instead of deadlocking.
  const bySerial = (s: string | null) => (s === null ? '\uffff' : serialKey(s));
  rows.sort((a, b) => (bySerial(a.serial) < bySerial(b.serial) ? -1 : bySerial(a.serial) > bySerial(b.serial) ? 1 : 0));

  // Someone checking in the same serial between our check and insert: the unique index decides.
  const created: CheckInResult['items'] = [];
  await unlessTaken(
    SERIAL_UNIQUE,
    () => new HttpError(422, scanMsg.inStock, { products: [scanMsg.inStock] }),
    async () => {
      for (let k = 0; k < rows.length; k += CHUNK) {
        created.push(
          ...(await trx
            .insertInto('items')
            .values(rows.slice(k, k + CHUNK))
            .returning(['id', 'serial', 'product_id'])
            .execute()),
        );
      }
    },
  );

  for (const { line, serials, unserialised } of planned) {
    await trx
      .updateTable('asn_products')
      .set((eb) => ({ arrived: eb('arrived', '+', serials.length + unserialised) }))
      .where('id', '=', line.id)
      .execute();
  }
  await recordEvents(
    trx,
    user,
    created.map((item) => ({
      item_id: item.id,
      product_id: item.product_id,
      client_id: asn.client_id,
      status_id: ItemStatus.INGEKLAARD,
      action: `Item ingeklaard (voormelding ${asn.reference})`,
    })),
  );

  let completed = await completeWhenArrived(trx, asn.id);
  if (created.length)
    await recordEvents(trx, user, [
      {
        client_id: asn.client_id,
        action: `Voormelding ${asn.reference}: ${countNoun(created.length, 'artikel', 'artikelen')} ingeklaard`,
      },
    ]);
  if (finish && !completed) {
    await trx
      .updateTable('asns')
      .set({ completed_at: new Date(), partial_delivery: true })
      .where('id', '=', asn.id)
      .execute();
    await recordEvents(trx, user, [
      { client_id: asn.client_id, action: `Voormelding ${asn.reference} afgerond als deellevering` },
    ]);
    completed = true;
  }
  return { id: asn.id, created: created.length, completed, items: created };
}

/**
 * POST /items/scanitems: for each serial whether it can still be checked in, and the live item when
 * not. Only items in the caller's scope count: a serial of another tenant's item answers exactly
 * like an unknown one, so the look-up does not tell what exists elsewhere (issue 7).
 */
export async function lookUpSerials(db: Executor, user: AuthUser, serials: string[]): Promise<SerialLookup[]> {
  const taken = await takenSerials(db, serials);
  const visible = taken.size
    ? new Set(
        (
          await db
            .selectFrom('items')
            .select('id')
            .where(
              'id',
              'in',
              [...taken.values()].map((t) => t.id),
            )
            .where((eb) => clientScope(user, eb.ref('items.client_id')))
            .execute()
        ).map((r) => r.id),
      )
    : new Set<number>();
  return serials.map((serial) => {
    const item = taken.get(serialKey(serial));
    return item && visible.has(item.id)
      ? {
          serial,
          available: false,
          message: scanMsg.inStock,
          item: { id: item.id, status_id: item.status_id, product_id: item.product_id },
        }
      : { serial, available: true, message: null, item: null };
  });
}
