import { Carrier, ClientType, DeliveryType, ItemStatus, carrierNames, type CarrierId } from '@domain/enums';
import { deliveryMsg, deliveryToast, type DeliveryInput } from '@domain/schemas/deliveries';
import { carrierForDeliveryType } from '@domain/carrier';
import { isInDateRange } from '@domain/dates';
import { msg } from '@domain/schemas/common';
import type { Trx } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { HttpError, ValidationError } from '../../http/errors';
import { isClientInScope } from '../../http/scope';
import { recordEvents } from '../events';
import { deliveryLines } from './detail';
import { planLines, type FieldErrors, type PlannedLine } from './lines';
import { clientWithEndCustomer, deliveryInScope, deliveryTypeName, type DeliveryRow } from './rows';
import { allowedActions } from './state';
import { whenSet } from '../../http/list-params';

/** Which client type each requested type is for (spec 1 §2.9 ticket menu on an end user; bulk for an end customer). */
const clientTypesFor: Record<number, number[]> = {
  [DeliveryType.BULK_LEVERING]: [ClientType.EINDKLANT],
  [DeliveryType.INDIENST]: [ClientType.EINDGEBRUIKER],
  [DeliveryType.UITDIENST]: [ClientType.EINDGEBRUIKER],
  [DeliveryType.EXTRA_PRODUCTEN]: [ClientType.EINDGEBRUIKER],
  [DeliveryType.REPARATIE]: [ClientType.EINDGEBRUIKER, ClientType.EINDKLANT],
  [DeliveryType.EOL_SWAP]: [ClientType.EINDGEBRUIKER, ClientType.EINDKLANT],
};

const clientTypeMessage = (type: number) =>
  type === DeliveryType.BULK_LEVERING
    ? deliveryMsg.endCustomer
    : (clientTypesFor[type] ?? []).length > 1
      ? deliveryMsg.endUserOrCustomer
      : deliveryMsg.endUser;

/** The items picked up by these lines. */
const pickupItemIds = (lines: { is_pickup: number; item_id: number | null }[]) =>
  lines.flatMap((l) => (l.is_pickup === 1 && l.item_id !== null ? [l.item_id] : []));

/** A refusal with the spec's toast as message and the reason on a field. */
export const refuse = (toast: string, field: string, reason: string) =>
  new HttpError(422, toast, { [field]: [reason] });

export interface StoredFile {
  key: string;
  name: string;
}

interface Resolved {
  endCustomerId: number;
  carrierId: number;
  projectId: number | null;
  lines: PlannedLine[];
}

/** Checks the client, project, carrier and lines of a request; throws one 422 with every field error. */
async function resolve(trx: Trx, user: AuthUser, input: DeliveryInput, current: DeliveryRow | null): Promise<Resolved> {
  const errors: FieldErrors = {};
  const type = input.delivery_type_id;
  const found = (await isClientInScope(trx, user, input.client_id))
    ? await clientWithEndCustomer(trx, input.client_id)
    : null;
  if (!found) throw ValidationError.field('client_id', deliveryMsg.clientRequired);
  if (!(clientTypesFor[type] ?? []).includes(found.client.client_type_id))
    throw ValidationError.field('client_id', clientTypeMessage(type));
  const endCustomerId = found.endCustomer.id;

  // An edit may keep a date that has passed; a changed date follows the date picker's rule.
  if (current && input.date && input.date !== current.date && !isInDateRange(input.date, 'future'))
    errors.date = [msg.futureDate];
  // A carrier sent (or kept from before) stays; otherwise the type decides (spec 1 §9). Bulk is always carrier 1.
  let carrierId: number = input.carrier_id ?? current?.carrier_id ?? carrierForDeliveryType(type);
  if (type === DeliveryType.BULK_LEVERING) {
    if (carrierId !== Carrier.REUZADO) errors.carrier_id = [deliveryMsg.bulkCarrier];
    carrierId = Carrier.REUZADO;
  }
  let projectId: number | null = null;
  if (input.project_id !== null) {
    const project = await trx
      .selectFrom('projects')
      .select('id')
      .where('id', '=', input.project_id)
      .where('client_id', '=', endCustomerId)
      .executeTakeFirst();
    if (!project) errors.project_id = [deliveryMsg.projectOther];
    projectId = input.project_id;
  }
  const planned = await planLines(trx, input, found.client, endCustomerId, current?.id ?? null);
  Object.assign(errors, planned.errors);
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return { endCustomerId, carrierId, projectId, lines: planned.lines };
}

function deliveryValues(input: DeliveryInput, resolved: Resolved) {
  return {
    client_id: input.client_id,
    project_id: resolved.projectId,
    carrier_id: resolved.carrierId,
    order_number: input.order_number,
    your_reference: input.your_reference,
    w_number: input.w_number,
    date: input.date,
    contact: input.contact,
    contact_email: input.contact_email,
    contact_phone: input.contact_phone,
    address: input.address,
    description: input.description,
  };
}

/** Items of a repair's pickup lines get 'Reparatie aangevraagd'; back to 'In gebruik' when the repair goes. */
export async function setRepairStatus(
  trx: Trx,
  user: AuthUser,
  deliveryId: number,
  itemIds: number[],
  requested: boolean,
): Promise<void> {
  if (!itemIds.length) return;
  const from = requested ? null : ItemStatus.REPARATIE_AANGEVRAAGD;
  const to = requested ? ItemStatus.REPARATIE_AANGEVRAAGD : ItemStatus.IN_GEBRUIK;
  const changed = await trx
    .updateTable('items')
    .set({ status_id: to, updated_at: new Date() })
    .where('id', 'in', itemIds)
    .$call(whenSet(from, (q, value) => q.where('status_id', '=', value)))
    .returning(['id', 'product_id', 'client_id'])
    .execute();
  await recordEvents(
    trx,
    user,
    changed.map((i) => ({
      item_id: i.id,
      product_id: i.product_id,
      client_id: i.client_id,
      delivery_id: deliveryId,
      status_id: to,
      action: requested ? 'Reparatie aangevraagd' : 'Reparatie vervallen',
    })),
  );
}

async function insertLines(trx: Trx, deliveryId: number, lines: PlannedLine[]): Promise<void> {
  for (let k = 0; k < lines.length; k += 2000) {
    await trx
      .insertInto('delivery_products')
      .values(lines.slice(k, k + 2000).map((l) => ({ delivery_id: deliveryId, ...l })))
      .execute();
  }
}

/** POST /deliveries: a new delivery of any requestable type, its lines and its first history entry. */
export async function createDelivery(
  trx: Trx,
  user: AuthUser,
  input: DeliveryInput,
  file: StoredFile | null = null,
): Promise<number> {
  const resolved = await resolve(trx, user, input, null);
  const { id } = await trx
    .insertInto('deliveries')
    .values({
      ...deliveryValues(input, resolved),
      delivery_type_id: input.delivery_type_id,
      user_id: user.id,
      repair_description: input.repair_description,
      file: file?.key ?? null,
      file_name: file?.name ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertLines(trx, id, resolved.lines);
  const isRepair = input.delivery_type_id === DeliveryType.REPARATIE;
  await recordEvents(trx, user, [
    {
      delivery_id: id,
      client_id: input.client_id,
      status_id: isRepair ? ItemStatus.REPARATIE_AANGEVRAAGD : null,
      action: `${deliveryTypeName(input.delivery_type_id)} aangevraagd`,
    },
  ]);
  if (isRepair) await setRepairStatus(trx, user, id, pickupItemIds(resolved.lines), true);
  return id;
}

export function assertEditable(
  d: DeliveryRow,
  lines: { is_pickup: number; checked_out_at: Date | null }[],
  toast: string,
): void {
  if (d.is_cancelled) throw refuse(toast, 'id', deliveryMsg.cancelled);
  if (d.delivery_type_id === DeliveryType.MUTATIE) throw refuse(toast, 'id', deliveryMsg.mutation);
  if (d.delivery_type_id === DeliveryType.BACKORDER)
    throw refuse(toast, 'id', 'Een backorder kan niet worden gewijzigd.');
  if (!allowedActions(d, lines).edit) throw refuse(toast, 'id', deliveryMsg.finished);
}

/**
 * POST /deliveries/{id} (override PUT) and PUT /deliveries/{id}: the same type with new fields and
 * lines. Lines already checked out stay; a bulk article cannot drop below what was checked out.
 */
export async function updateDelivery(
  trx: Trx,
  user: AuthUser,
  id: number,
  input: DeliveryInput,
  file: StoredFile | null = null,
): Promise<void> {
  const d = await deliveryInScope(trx, user, id, true);
  const current = await deliveryLines(trx, id);
  const toast = d.delivery_type_id === DeliveryType.BULK_LEVERING ? deliveryToast.bulkFailed : deliveryToast.editFailed;
  assertEditable(d, current, toast);
  if (input.delivery_type_id !== d.delivery_type_id) throw refuse(toast, 'delivery_type_id', deliveryMsg.typeChange);
  const resolved = await resolve(trx, user, input, d);

  // Keep checked-out lines; the plan replaces the open ones (one checked-out line covers one planned line).
  const keep = current.filter((l) => l.checked_out_at !== null);
  const remaining = [...resolved.lines];
  for (const k of keep) {
    const at = remaining.findIndex(
      (l) =>
        l.product_id === k.product_id && l.is_pickup === k.is_pickup && (l.item_id === null || l.item_id === k.item_id),
    );
    if (at >= 0) remaining.splice(at, 1);
    else throw refuse(toast, 'products', deliveryMsg.checkedOutLine);
  }
  const removedPickups = pickupItemIds(current.filter((l) => l.checked_out_at === null));
  await trx.deleteFrom('delivery_products').where('delivery_id', '=', id).where('checked_out_at', 'is', null).execute();
  await insertLines(trx, id, remaining);
  await trx
    .updateTable('deliveries')
    .set({
      ...deliveryValues(input, resolved),
      updated_at: new Date(),
      ...(input.repair_description !== null ? { repair_description: input.repair_description } : {}),
      ...(file ? { file: file.key, file_name: file.name } : {}),
    })
    .where('id', '=', id)
    .execute();
  if (d.delivery_type_id === DeliveryType.REPARATIE) {
    const now = pickupItemIds(remaining);
    await setRepairStatus(
      trx,
      user,
      id,
      removedPickups.filter((i) => !now.includes(i)),
      false,
    );
    await setRepairStatus(
      trx,
      user,
      id,
      now.filter((i) => !removedPickups.includes(i)),
      true,
    );
  }
  await recordEvents(trx, user, [
    { delivery_id: id, client_id: input.client_id, action: `${deliveryTypeName(d.delivery_type_id)} gewijzigd` },
  ]);
}

/** 'Bezorger wijzigen': no carrier chosen means the provider's own; a bulk delivery keeps carrier 1. */
export async function changeCarrier(trx: Trx, user: AuthUser, id: number, carrierId: number | null): Promise<void> {
  const d = await deliveryInScope(trx, user, id, true);
  const next = carrierId ?? Carrier.REUZADO;
  if (d.is_cancelled) throw refuse(deliveryToast.carrierFailed, 'id', deliveryMsg.cancelled);
  if (d.completed_at) throw refuse(deliveryToast.carrierFailed, 'id', deliveryMsg.finished);
  if (d.delivery_type_id === DeliveryType.BULK_LEVERING && next !== Carrier.REUZADO)
    throw refuse(deliveryToast.carrierFailed, 'carrier_id', deliveryMsg.bulkCarrier);
  await trx.updateTable('deliveries').set({ carrier_id: next, updated_at: new Date() }).where('id', '=', id).execute();
  await recordEvents(trx, user, [
    { delivery_id: id, client_id: d.client_id, action: `Bezorger gewijzigd naar ${carrierNames[next as CarrierId]}` },
  ]);
}

/** Repair notes (onlyChangeRepairDescription). */
export async function changeRepairDescription(
  trx: Trx,
  user: AuthUser,
  id: number,
  text: string | null,
): Promise<void> {
  const d = await deliveryInScope(trx, user, id, true);
  if (d.is_cancelled) throw refuse(deliveryToast.editFailed, 'id', deliveryMsg.cancelled);
  await trx
    .updateTable('deliveries')
    .set({ repair_description: text, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  await recordEvents(trx, user, [
    { delivery_id: id, client_id: d.client_id, action: 'Reparatieomschrijving gewijzigd' },
  ]);
}
