import { ClientType, DeliveryType, ItemStatus } from '@domain/enums';
import {
  fieldworkMsg,
  finishComment,
  SIGNATURE_DATA_URL_PREFIX,
  SIGNATURE_MAX_BYTES,
  SIGNATURE_MAX_PX,
  SIGNATURE_MIN_PX,
  SIGNED_AT_MAX_SKEW_MS,
} from '@domain/fieldwork';
import { serialKey } from '@domain/scan';
import type { FinishInput } from '@domain/schemas/fieldwork';
import type { Trx } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { HttpError, ValidationError } from '../../http/errors';
import { imageSize } from '../../lib/image-size';
import { checkPng } from '../../lib/png';
import type { FileStorage } from '../../lib/storage';
import { recordEvents, type ActivityEvent } from '../events';
import { createBackorder, originType } from './backorder';
import { deliveryLines, type LineRow } from './detail';
import { deliveryClient, deliveryInScope, deliveryTypeName } from './rows';
import { allowedActions } from './state';

const refuse = (errors: Record<string, string[]>) => new HttpError(422, fieldworkMsg.finishFailed, errors);

/** The signature's PNG bytes, checked; null when none was sent. Throws a 422 on `handtekening` otherwise. */
export function signatureImage(dataUrl: string | null): Buffer | null {
  if (!dataUrl) return null;
  const data = Buffer.from(dataUrl.slice(SIGNATURE_DATA_URL_PREFIX.length), 'base64');
  if (data.length > SIGNATURE_MAX_BYTES) throw ValidationError.field('handtekening', fieldworkMsg.signatureSize);
  // The size the header declares is refused before the pixels are inflated (issue 22).
  const size = imageSize(data);
  if (size && [size.width, size.height].some((s) => s < SIGNATURE_MIN_PX || s > SIGNATURE_MAX_PX))
    throw ValidationError.field('handtekening', fieldworkMsg.signatureSize);
  if (!checkPng(data, SIGNATURE_MAX_PX)) throw ValidationError.field('handtekening', fieldworkMsg.signatureInvalid);
  return data;
}

/** What a picked-up item becomes: back in the end customer's stock, received for repair, or EOL. */
const pickedUpStatus = (type: number) =>
  type === DeliveryType.REPARATIE
    ? ItemStatus.REPARATIE_ONTVANGEN
    : type === DeliveryType.EOL_SWAP
      ? ItemStatus.EOL
      : ItemStatus.INGEKLAARD;

type FinishEntry = FinishInput['items'][number];

/**
 * The line a ticked entry names, the most exact name first: a serial the device put on a line while
 * its check-out waited (the line the server then filled with that item), the delivery line, the
 * item, and last the article (spec 2 §7's shape without either): a line without item (accessory),
 * else a checked-out line of that article no entry names by item. `field` is where a refusal goes.
 */
function lineFor(
  lines: LineRow[],
  entry: FinishEntry,
  taken: (l: LineRow) => boolean,
  named: Set<number>,
): { field: string; line: LineRow | undefined } {
  const same = (l: LineRow) => l.is_pickup === entry.is_pickup;
  if (entry.serial) {
    const key = serialKey(entry.serial);
    const line = lines.find((l) => same(l) && l.serial !== null && serialKey(l.serial) === key);
    // A serial alone (several articles waited for items offline) names no other line: its check-out was refused.
    if (line || (entry.delivery_product_id === null && entry.item_id === null && entry.product_id === null))
      return { field: 'serial', line };
  }
  if (entry.delivery_product_id !== null) {
    const line = lines.find(
      (l) => same(l) && l.id === entry.delivery_product_id && (entry.item_id === null || l.item_id === entry.item_id),
    );
    return { field: 'delivery_product_id', line };
  }
  if (entry.item_id !== null)
    return { field: 'item_id', line: lines.find((l) => same(l) && l.item_id === entry.item_id) };
  const ofArticle = (l: LineRow) => same(l) && l.product_id === entry.product_id && !taken(l);
  return {
    field: 'product_id',
    line:
      lines.find((l) => ofArticle(l) && l.item_id === null) ??
      lines.find((l) => ofArticle(l) && l.item_id !== null && !named.has(l.item_id) && l.checked_out_at !== null),
  };
}

/** Matches the ticked entries to lines; the entries that name a line exactly are matched first. */
function tickedLines(
  lines: LineRow[],
  items: FinishInput['items'],
): { ticked: Set<number>; errors: Record<string, string[]> } {
  const ticked = new Set<number>();
  const errors: Record<string, string[]> = {};
  const named = new Set(items.map((e) => e.item_id).filter((x): x is number => x !== null));
  const byArticle = (e: FinishEntry) => !e.serial && e.delivery_product_id === null && e.item_id === null;
  const entries = items.map((e, k) => ({ e, k }));
  for (const { e: entry, k } of [
    ...entries.filter(({ e }) => !byArticle(e)),
    ...entries.filter(({ e }) => byArticle(e)),
  ]) {
    const { field, line } = lineFor(lines, entry, (l) => ticked.has(l.id), named);
    const at = `items.${k}.${field}`;
    if (!line) {
      errors[at] = [field === 'serial' ? fieldworkMsg.lineNotCheckedOut : fieldworkMsg.lineNotOpen];
      continue;
    }
    if (ticked.has(line.id)) {
      errors[at] = [fieldworkMsg.lineTwice];
      continue;
    }
    if (line.is_pickup === 0 && !line.checked_out_at) {
      errors[at] = [fieldworkMsg.lineNotCheckedOut];
      continue;
    }
    ticked.add(line.id);
  }
  return { ticked, errors };
}

/**
 * POST /finish/delivery ('Oproep afronden', spec 2 §2.7, §4, §5): ticked lines are delivered or picked
 * up; lines not ticked become backorder lines, carried on by a new backorder delivery (`createBackorder`), with the
 * comment of §4; the signature
 * (required except bulk) is stored with the signer's name and the time signed on the device; the
 * completion time is set and the history says who finished it.
 */
export async function finishDelivery(
  trx: Trx,
  storage: FileStorage,
  user: AuthUser,
  input: FinishInput,
  signature: Buffer | null,
): Promise<number> {
  const d = await deliveryInScope(trx, user, input.id, true);
  if (d.is_cancelled) throw refuse({ id: [fieldworkMsg.cancelledFinish] });
  if (d.completed_at) throw refuse({ id: [fieldworkMsg.alreadyFinished] });
  const lines = await deliveryLines(trx, d.id);
  if (!allowedActions(d, lines).finish) throw refuse({ id: [fieldworkMsg.cannotFinish] });

  const errors: Record<string, string[]> = {};
  if (input.delivery_type_id !== null && input.delivery_type_id !== d.delivery_type_id)
    errors.delivery_type_id = [fieldworkMsg.notThisDelivery];
  if (input.client_id !== null && input.client_id !== d.client_id) errors.client_id = [fieldworkMsg.notThisDelivery];
  const bulk = d.delivery_type_id === DeliveryType.BULK_LEVERING;
  if (!bulk && !signature) errors.handtekening = [fieldworkMsg.signatureRequired];
  if (!bulk && !input.signer_name) errors.signer_name = [fieldworkMsg.signerRequired];
  const signedAt = input.signed_at ? new Date(input.signed_at) : new Date();
  if (signedAt.getTime() > Date.now() + SIGNED_AT_MAX_SKEW_MS) errors.signed_at = [fieldworkMsg.signedAtFuture];
  const { ticked, errors: lineErrors } = tickedLines(lines, input.items);
  Object.assign(errors, lineErrors);
  if (Object.keys(errors).length) throw new ValidationError(errors);

  const { client, endCustomer } = await deliveryClient(trx, d.client_id);
  const now = new Date();
  const events: ActivityEvent[] = [];
  const open = lines.filter((l) => !ticked.has(l.id));
  const delivered = lines.filter((l) => ticked.has(l.id) && l.is_pickup === 0);
  const pickedUp = lines.filter((l) => ticked.has(l.id) && l.is_pickup === 1);

  const toEndUser = client.client_type_id === ClientType.EINDGEBRUIKER;
  const deliveredStatus = toEndUser ? ItemStatus.IN_GEBRUIK : ItemStatus.VOORRAAD_KLANTLOCATIE;
  const setItems = async (rows: LineRow[], status: number, clientId: number | null, action: string) => {
    const ids = rows.map((l) => l.item_id).filter((x): x is number => x !== null);
    if (!ids.length) return;
    await trx
      .updateTable('items')
      .set({ status_id: status, ...(clientId !== null ? { client_id: clientId } : {}), updated_at: now })
      .where('id', 'in', ids)
      .execute();
    for (const l of rows)
      if (l.item_id !== null)
        events.push({
          item_id: l.item_id,
          product_id: l.product_id,
          client_id: clientId ?? d.client_id,
          delivery_id: d.id,
          status_id: status,
          action,
        });
  };
  await setItems(delivered, deliveredStatus, toEndUser ? client.id : endCustomer.id, 'Item geleverd');
  const type = await originType(trx, d);
  await setItems(
    pickedUp,
    pickedUpStatus(type),
    type === DeliveryType.REPARATIE ? null : endCustomer.id,
    'Item opgehaald',
  );
  // Checked out but not delivered: the item goes back into stock and its line waits as a backorder.
  await setItems(
    open.filter((l) => l.is_pickup === 0 && l.status_id === ItemStatus.UITGEKLAARD),
    ItemStatus.INGEKLAARD,
    null,
    'Item niet geleverd (backorder)',
  );

  if (pickedUp.length)
    await trx
      .updateTable('delivery_products')
      .set({ checked_out_at: now })
      .where(
        'id',
        'in',
        pickedUp.map((l) => l.id),
      )
      .execute();
  await createBackorder(trx, d, open, now, events);
  const comment = finishComment(
    open.filter((l) => l.is_pickup === 0).map((l) => ({ name: l.name, serial: l.serial })),
    open.filter((l) => l.is_pickup === 1).map((l) => ({ name: l.name, serial: l.serial })),
  );
  const signatureKey = signature ? await storage.put('signatures', 'handtekening.png', signature) : null;
  try {
    await trx
      .updateTable('deliveries')
      .set({
        completed_at: now,
        comment: comment || null,
        signature_file: signatureKey,
        signer_name: input.signer_name ?? null,
        signed_at: signature || input.signer_name ? signedAt : null,
        updated_at: now,
      })
      .where('id', '=', d.id)
      .execute();
    const signed = input.signer_name ? `, getekend door ${input.signer_name}` : '';
    events.push({
      delivery_id: d.id,
      client_id: d.client_id,
      action: `${deliveryTypeName(d.delivery_type_id)} afgerond${signed}`,
    });
    await recordEvents(trx, user, events);
  } catch (err) {
    if (signatureKey) await storage.remove(signatureKey);
    throw err;
  }
  return d.id;
}
