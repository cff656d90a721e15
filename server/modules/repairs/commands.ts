import { ClientType, ItemStatus, type ItemStatusId } from '@domain/enums';
import { quotationOutcome, quotationValidity, type QuotationDecision } from '@domain/quotation';
import { repairMsg, repairToast } from '@domain/schemas/repairs';
import type { Trx } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { HttpError } from '../../http/errors';
import { recordEvents } from '../events';
import { mailContacts } from './detail';
import { repairInScope, repairStatusId, statusOf, type RepairRow } from './rows';

/** A refusal with the spec's toast as message and the reason on a field. */
const refuse = (toast: string, field: string, reason: string) => new HttpError(422, toast, { [field]: [reason] });

async function openRepair(trx: Trx, user: AuthUser, id: number, toast: string): Promise<RepairRow> {
  const d = await repairInScope(trx, user, id, true);
  if (d.is_cancelled) throw refuse(toast, 'id', repairMsg.cancelled);
  return d;
}

/**
 * POST /deliveries/{id}/change-repair-status: any of the six statuses in any order. The defect items
 * (pickup lines) take the same status; 'Reparatie afgerond' sets 'Afgerond op', another status clears it.
 */
export async function changeRepairStatus(
  trx: Trx,
  user: AuthUser,
  id: number,
  status: ItemStatusId,
  now: Date,
): Promise<boolean> {
  const d = await openRepair(trx, user, id, repairToast.statusFailed);
  if (repairStatusId(d) === status) return false;
  const finished = status === ItemStatus.REPARATIE_AFGEROND;
  await trx
    .updateTable('deliveries')
    .set({ repair_status_id: status, finished_repair: finished ? now : null, updated_at: now })
    .where('id', '=', id)
    .execute();
  const items = await trx
    .updateTable('items')
    .set({ status_id: status, updated_at: now })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('delivery_products')
        .select('item_id')
        .where('delivery_id', '=', id)
        .where('is_pickup', '=', 1)
        .where('item_id', 'is not', null)
        .$narrowType<{ item_id: number }>(),
    )
    .where('deleted_at', 'is', null)
    .returning(['id', 'product_id', 'client_id'])
    .execute();
  const name = statusOf(status).name;
  await recordEvents(trx, user, [
    { delivery_id: id, client_id: d.client_id, status_id: status, action: name },
    ...items.map((i) => ({
      delivery_id: id,
      item_id: i.id,
      product_id: i.product_id,
      client_id: i.client_id,
      status_id: status,
      action: name,
    })),
  ]);
  return true;
}

export interface StoredUpload {
  key: string;
  name: string;
}

/** POST /deliveries/{id}/add-images: the files are already checked and stored. */
export async function addImages(trx: Trx, user: AuthUser, id: number, files: StoredUpload[], now: Date) {
  const d = await openRepair(trx, user, id, repairToast.imagesUploadFailed);
  const rows = await trx
    .insertInto('repair_media')
    .values(
      files.map((f) => ({
        delivery_id: id,
        disk: 'images' as const,
        file: f.key,
        name: f.name,
        user_id: user.id,
        created_at: now,
      })),
    )
    .returning('id')
    .execute();
  await recordEvents(trx, user, [
    {
      delivery_id: id,
      client_id: d.client_id,
      action: files.length === 1 ? 'Afbeelding toegevoegd' : `${files.length} afbeeldingen toegevoegd`,
    },
  ]);
  return rows.map((r) => r.id);
}

/** POST /deliveries/{id}/remove-image: answers the storage key to remove once the command is committed. */
export async function removeImage(trx: Trx, user: AuthUser, id: number, imageId: number): Promise<string> {
  const d = await openRepair(trx, user, id, repairToast.imagesRemoveFailed);
  const removed = await trx
    .deleteFrom('repair_media')
    .where('id', '=', imageId)
    .where('delivery_id', '=', id)
    .where('disk', '=', 'images')
    .returning('file')
    .executeTakeFirst();
  if (!removed) throw refuse(repairToast.imagesRemoveFailed, 'image', repairMsg.imageUnknown);
  await recordEvents(trx, user, [{ delivery_id: id, client_id: d.client_id, action: 'Afbeelding verwijderd' }]);
  return removed.file;
}

async function storedQuotation(trx: Trx, id: number) {
  return trx
    .selectFrom('repair_media')
    .selectAll()
    .where('delivery_id', '=', id)
    .where('disk', '=', 'quotations')
    .executeTakeFirst();
}

/** POST /deliveries/{id}/add-quotation: only when the repair has none; a new quotation is pending. */
export async function addQuotation(trx: Trx, user: AuthUser, id: number, file: StoredUpload, now: Date): Promise<void> {
  const d = await openRepair(trx, user, id, repairToast.quotationUploadFailed);
  if (await storedQuotation(trx, id))
    throw refuse(repairToast.quotationUploadFailed, 'quotation', repairMsg.quotationExists);
  await trx
    .insertInto('repair_media')
    .values({ delivery_id: id, disk: 'quotations', file: file.key, name: file.name, user_id: user.id, created_at: now })
    .execute();
  await trx
    .updateTable('deliveries')
    .set({ status_quotation: null, date_quotation: null, updated_at: now })
    .where('id', '=', id)
    .execute();
  await recordEvents(trx, user, [{ delivery_id: id, client_id: d.client_id, action: 'Offerte geüpload' }]);
}

/** POST /deliveries/{id}/remove-quotation: not once accepted; resets the decision and its date. */
export async function removeQuotation(trx: Trx, user: AuthUser, id: number, now: Date): Promise<string> {
  const d = await openRepair(trx, user, id, repairToast.quotationRemoveFailed);
  const q = await storedQuotation(trx, id);
  if (!q) throw refuse(repairToast.quotationRemoveFailed, 'quotation', repairMsg.quotationMissing);
  if (d.status_quotation === 'Accept')
    throw refuse(repairToast.quotationRemoveFailed, 'quotation', repairMsg.quotationAccepted);
  await trx.deleteFrom('repair_media').where('id', '=', q.id).execute();
  await trx
    .updateTable('deliveries')
    .set({ status_quotation: null, date_quotation: null, updated_at: now })
    .where('id', '=', id)
    .execute();
  await recordEvents(trx, user, [{ delivery_id: id, client_id: d.client_id, action: 'Offerte verwijderd' }]);
  return q.file;
}

/**
 * POST /deliveries/{id}/mail-quotation/{contactId}: the repair, its quotation and the contact (of the
 * repair's client or, for an end user, of its end customer); records the mail in the history.
 */
export async function quotationToMail(trx: Trx, user: AuthUser, id: number, contactId: number) {
  const d = await openRepair(trx, user, id, repairToast.quotationMailFailed);
  const q = await storedQuotation(trx, id);
  if (!q) throw refuse(repairToast.quotationMailFailed, 'quotation', repairMsg.quotationMissing);
  const client = await trx
    .selectFrom('clients')
    .select(['id', 'client_type_id', 'parent_client_id'])
    .where('id', '=', d.client_id)
    .executeTakeFirstOrThrow();
  const clientIds =
    client.client_type_id === ClientType.EINDGEBRUIKER && client.parent_client_id
      ? [client.id, client.parent_client_id]
      : [client.id];
  const contact = (await mailContacts(trx, clientIds)).find((c) => c.id === contactId);
  if (!contact) throw refuse(repairToast.quotationMailFailed, 'contact', repairMsg.contactRequired);
  await recordEvents(trx, user, [
    {
      delivery_id: id,
      client_id: d.client_id,
      action: `Offerte verzonden naar ${contact.first_name} ${contact.last_name}`.trim(),
    },
  ]);
  return { repair: d, quotation: q, contact };
}

/**
 * POST /deliveries/{id}/accept-or-deny-quotation: only while pending and under 30 days old
 * (86,400,000 ms per day). The decision's date is `date_quotation`.
 */
export async function decideQuotation(
  trx: Trx,
  user: AuthUser,
  id: number,
  decision: QuotationDecision,
  now: Date,
): Promise<Date> {
  const d = await openRepair(trx, user, id, repairToast.quotationDecideFailed);
  const q = await storedQuotation(trx, id);
  if (!q) throw refuse(repairToast.quotationDecideFailed, 'status', repairMsg.quotationMissing);
  if (d.status_quotation !== null)
    throw refuse(repairToast.quotationDecideFailed, 'status', repairMsg.quotationDecided);
  if (!quotationValidity(q.created_at, null, now).can_decide)
    throw refuse(repairToast.quotationDecideFailed, 'status', repairMsg.quotationExpired);
  await trx
    .updateTable('deliveries')
    .set({ status_quotation: decision, date_quotation: now, updated_at: now })
    .where('id', '=', id)
    .execute();
  await recordEvents(trx, user, [{ delivery_id: id, client_id: d.client_id, action: quotationOutcome[decision] }]);
  return now;
}
