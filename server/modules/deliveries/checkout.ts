import { todayInAmsterdam } from '@domain/dates';
import { DeliveryType, ItemStatus } from '@domain/enums';
import { fieldworkMsg } from '@domain/fieldwork';
import { duplicatePositions, normalizeSerial, scanMsg, serialKey } from '@domain/scan';
import { asnMsg } from '@domain/schemas/prenotifications';
import { ACCESSORY_GROUP_ID } from '@domain/schemas/stock';
import type { Executor, Trx } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { HttpError } from '../../http/errors';
import { clientScope } from '../../http/scope';
import { takenSerials } from '../prenotifications';
import { recordEvents } from '../events';
import { deliverableStatuses } from './lines';
import { deliveryClient, deliveryInScope, type DeliveryRow } from './rows';
import { countNoun } from '@domain/format';

interface CheckOutRequest {
  deliveryId: number;
  serials: string[];
  accessories: { product_id: number; amount: number }[];
  /** `/items/scanbulkitems`: only a bulk delivery is counted per article. */
  bulkOnly: boolean;
}

interface CheckOutResult {
  delivery_id: number;
  checked_out: { item_id: number | null; delivery_product_id: number }[];
}

/** One serial's verdict at check-out: `message` says why it is refused. */
export interface CheckOutVerdict {
  serial: string;
  available: boolean;
  message: string | null;
}

const refuse = (errors: Record<string, string[]>) => new HttpError(422, fieldworkMsg.checkOutFailed, errors);

type DeliveryLine = {
  id: number;
  product_id: number;
  item_id: number | null;
  checked_out_at: Date | null;
  product_group_id: number;
};
type Planned = { lineId: number; itemId: number | null; productId: number; clientId: number | null };

/** The delivery's open lines to deliver, in line order. */
function deliverLines(db: Executor, deliveryId: number): Promise<DeliveryLine[]> {
  return db
    .selectFrom('delivery_products as dp')
    .innerJoin('products as p', 'p.id', 'dp.product_id')
    .select(['dp.id', 'dp.product_id', 'dp.item_id', 'dp.checked_out_at', 'p.product_group_id'])
    .where('dp.delivery_id', '=', deliveryId)
    .where('dp.is_pickup', '=', 0)
    .orderBy('dp.id')
    .execute();
}

/**
 * The serial rules of a check-out, in the order of the list: each serial is refused with its own
 * message (`errors[k]`) or planned on a line; a line once planned is not offered to a later serial.
 * A serial of an item outside the user's part of the customer hierarchy answers like an unknown one.
 */
async function judgeSerials(
  db: Executor,
  user: AuthUser,
  d: DeliveryRow,
  lines: DeliveryLine[],
  serials: string[],
  used: Set<number>,
) {
  const endCustomerId = (await deliveryClient(db, d.client_id)).endCustomer.id;
  const errors: Record<number, string> = {};
  const plan: Planned[] = [];

  // The scan modal's rules: a serial once, and every serial as long as the first.
  duplicatePositions(serials).forEach((k) => (errors[k] = scanMsg.duplicate));
  const firstLength = serials[0] !== undefined ? normalizeSerial(serials[0]).length : 0;
  serials.forEach((s, k) => {
    if (!errors[k] && normalizeSerial(s).length !== firstLength) errors[k] = scanMsg.length;
  });

  const taken = await takenSerials(db, serials);
  const owners = new Map(
    (taken.size
      ? await db
          .selectFrom('items as i')
          .innerJoin('products as p', 'p.id', 'i.product_id')
          .select(['i.id', 'p.client_id as owner_id', 'i.client_id'])
          .where(
            'i.id',
            'in',
            [...taken.values()].map((t) => t.id),
          )
          .where((eb) => clientScope(user, eb.ref('i.client_id')))
          .execute()
      : []
    ).map((r) => [r.id, r]),
  );
  for (const [k, serial] of serials.entries()) {
    if (errors[k]) continue;
    const item = taken.get(serialKey(serial));
    // Another tenant's serial answers exactly like an unknown one.
    const owner = item ? owners.get(item.id) : undefined;
    if (!item || !owner) {
      errors[k] = asnMsg.serialUnknown;
      continue;
    }
    const own = lines.find((l) => l.item_id === item.id);
    if (own?.checked_out_at) {
      errors[k] = scanMsg.duplicate;
      continue;
    }
    if (owner.owner_id !== endCustomerId) {
      errors[k] = fieldworkMsg.serialNotOnDelivery;
      continue;
    }
    if (!own && !(deliverableStatuses as number[]).includes(item.status_id)) {
      errors[k] = fieldworkMsg.serialNotAvailable;
      continue;
    }
    const line =
      own ??
      lines.find((l) => l.item_id === null && l.product_id === item.product_id && !l.checked_out_at && !used.has(l.id));
    if (!line) {
      errors[k] = fieldworkMsg.serialNotOnDelivery;
      continue;
    }
    used.add(line.id);
    plan.push({ lineId: line.id, itemId: item.id, productId: item.product_id, clientId: item.client_id });
  }
  return { errors, plan };
}

/** A cancelled or completed delivery takes no check-out: the message, or null. */
function closedReason(d: DeliveryRow): string | null {
  if (d.is_cancelled) return fieldworkMsg.cancelledCheckOut;
  if (d.completed_at) return fieldworkMsg.completedCheckOut;
  return null;
}

/**
 * POST /delivery/checkout/check: the check-out's verdict on each serial of the list, without
 * applying anything, so the scan field refuses a serial at once (issue 21). The list is the serials
 * scanned so far plus the new ones: a later serial only gets a line the earlier ones left open.
 */
export async function checkOutLookup(
  db: Executor,
  user: AuthUser,
  deliveryId: number,
  serials: string[],
): Promise<CheckOutVerdict[]> {
  const d = await deliveryInScope(db, user, deliveryId);
  const closed = closedReason(d);
  if (closed) throw refuse({ id: [closed] });
  const { errors } = await judgeSerials(db, user, d, await deliverLines(db, d.id), serials, new Set());
  return serials.map((serial, k) => ({ serial, available: !errors[k], message: errors[k] ?? null }));
}

/**
 * 'Artikelen uitklaren' (spec 2 §2.7, §4, §5): ticks open lines to deliver. A serial is accepted when
 * its item is the one a line was made for, or an available item (Ingeklaard, Op afroep) of the end
 * customer's article with an open line that has no item yet. Accessories are counted per article.
 * Items become Uitgeklaard with an event each. Every refused serial gets its own message.
 */
export async function checkOut(trx: Trx, user: AuthUser, req: CheckOutRequest): Promise<CheckOutResult> {
  const d = await deliveryInScope(trx, user, req.deliveryId, true);
  const idField = req.bulkOnly ? 'delivery_id' : 'id';
  if (req.bulkOnly && d.delivery_type_id !== DeliveryType.BULK_LEVERING)
    throw refuse({ [idField]: [fieldworkMsg.notBulk] });
  const closed = closedReason(d);
  if (closed) throw refuse({ [idField]: [closed] });
  if (!req.serials.length && !req.accessories.length) throw refuse({ serials: [fieldworkMsg.nothingScanned] });

  const lines = await deliverLines(trx, d.id);
  const used = new Set<number>();
  const judged = await judgeSerials(trx, user, d, lines, req.serials, used);
  const errors: Record<string, string[]> = Object.fromEntries(
    Object.entries(judged.errors).map(([k, m]) => [`serials.${k}`, [m]]),
  );
  const plan = judged.plan;

  req.accessories.forEach((a, k) => {
    const open = lines.filter(
      (l) =>
        l.product_id === a.product_id &&
        l.product_group_id === ACCESSORY_GROUP_ID &&
        !l.checked_out_at &&
        !used.has(l.id),
    );
    if (open.length < a.amount) return void (errors[`accessories.${k}.amount`] = [fieldworkMsg.accessoryNotOnDelivery]);
    for (const l of open.slice(0, a.amount)) {
      used.add(l.id);
      plan.push({ lineId: l.id, itemId: l.item_id, productId: l.product_id, clientId: null });
    }
  });
  if (Object.keys(errors).length) throw refuse(errors);

  const now = new Date();
  for (const p of plan) {
    await trx
      .updateTable('delivery_products')
      .set({ item_id: p.itemId, checked_out_at: now })
      .where('id', '=', p.lineId)
      .execute();
  }
  const itemIds = plan.map((p) => p.itemId).filter((x): x is number => x !== null);
  if (itemIds.length) {
    await trx
      .updateTable('items')
      .set({ status_id: ItemStatus.UITGEKLAARD, shipping_date: todayInAmsterdam(now), updated_at: now })
      .where('id', 'in', itemIds)
      .execute();
  }
  await recordEvents(
    trx,
    user,
    plan
      .filter((p) => p.itemId !== null)
      .map((p) => ({
        item_id: p.itemId,
        product_id: p.productId,
        client_id: p.clientId,
        delivery_id: d.id,
        status_id: ItemStatus.UITGEKLAARD,
        action: 'Item uitgeklaard',
      })),
  );
  const counted = plan.filter((p) => p.itemId === null).length;
  if (counted)
    await recordEvents(trx, user, [
      {
        delivery_id: d.id,
        client_id: d.client_id,
        action: `${countNoun(counted, 'accessoire', 'accessoires')} uitgeklaard`,
      },
    ]);
  return { delivery_id: d.id, checked_out: plan.map((p) => ({ item_id: p.itemId, delivery_product_id: p.lineId })) };
}
