import { DeliveryType } from '@domain/enums';
import { finishComment } from '@domain/fieldwork';
import type { DeliveryDetail } from '@domain/contracts/deliveries';
import { ACCESSORY_GROUP_ID } from '@domain/schemas/stock';
import type { StaleArea } from '../../../api/keys';
import type { OutboxAction } from '../../../offline/db';
import type { NewAction } from '../../../offline/queue';
import { countNoun } from '@domain/format';

/**
 * The field work actions of the outbox (issue 10): check-out scans and the signed finish, each one
 * command with its own Idempotency-Key. Pure builders, so a page (and a test) can make them offline.
 */

export interface AccessoryCount {
  product_id: number;
  amount: number;
}

/**
 * A line of the finish (spec 2 §7 items[]: item, article, pickup), plus what names it exactly when
 * check-outs still wait in the outbox: the delivery line, and a serial the page put on it offline.
 */
export interface FinishLine {
  item_id: number | null;
  product_id: number | null;
  is_pickup: 0 | 1;
  /** Null for a waiting serial the page could not put on a line: the server finds the line it filled. */
  delivery_product_id: number | null;
  serial?: string;
}

export interface FinishPayload {
  id: number;
  delivery_type_id: number;
  client_id: number;
  items: FinishLine[];
  comment: string;
  backorder_items: FinishLine[];
  handtekening: string | null;
  signer_name: string | null;
  signed_at: string;
}

type DeliveryRef = Pick<DeliveryDetail, 'id' | 'order_number' | 'delivery_type_id'>;
const name = (d: Pick<DeliveryDetail, 'id' | 'order_number'>) => `Levering ${d.order_number ?? d.id}`;
/**
 * What a check-out or finish changes: its delivery (and so repairs, stock and the customer's panels, src/api/keys.ts).
 */
const STALE: StaleArea[] = ['deliveries'];

/** 'Artikelen uitklaren': serials and accessory counts; a bulk delivery goes to /items/scanbulkitems. */
export function checkOutAction(d: DeliveryRef, serials: string[], accessories: AccessoryCount[] = []): NewAction {
  const count = serials.length + accessories.reduce((n, a) => n + a.amount, 0);
  const bulk = d.delivery_type_id === DeliveryType.BULK_LEVERING;
  return {
    method: 'POST',
    path: bulk ? 'items/scanbulkitems' : 'delivery/checkout',
    body: bulk ? { delivery_id: d.id, serials, accessories } : { id: d.id, serials, accessories },
    label: `${name(d)}: ${countNoun(count, 'item', 'items')} uitklaren`,
    stale: STALE,
    kind: 'checkout',
    meta: { deliveryId: d.id },
  };
}

export interface FinishChoice {
  /** Ids of the delivery lines (DeliveryLine.id) ticked as delivered or picked up. */
  tickedLineIds: number[];
  /** Waiting serials the page could not put on a line (several articles wait for items), and those ticked. */
  waitingSerials?: readonly string[];
  tickedSerials?: readonly string[];
  handtekening: string | null;
  signerName: string | null;
  /** When it was signed on the device; now by default. */
  signedAt?: Date;
}

type ViewLine = DeliveryDetail['products'][number];

/** A line to deliver that waits for the item a check-out chooses: product-level, not an accessory, not checked out. */
export const awaitsItem = (l: ViewLine) =>
  l.is_pickup === 0 && !l.checked_out_at && l.item_id === null && l.product.product_group_id !== ACCESSORY_GROUP_ID;

/**
 * The lines that waiting serials not on a line will fill, when there are enough of them to fill every
 * such line: the page shows (and sends) the serials instead. With fewer, which line stays open is
 * unknown, so every such line is kept as it is.
 */
export function linesForWaitingSerials(products: readonly ViewLine[], waitingSerials: readonly string[]): Set<number> {
  const free = products.filter(awaitsItem);
  return new Set(waitingSerials.length > 0 && free.length <= waitingSerials.length ? free.map((l) => l.id) : []);
}

/** 'Oproep afronden': the ticked lines, the backorder comment of spec 2 §4, the signature and who signed. */
export function finishPayload(
  d: Pick<DeliveryDetail, 'id' | 'delivery_type_id' | 'client_id' | 'products'>,
  choice: FinishChoice,
): FinishPayload {
  const ticked = new Set(choice.tickedLineIds);
  const waiting = choice.waitingSerials ?? [];
  const tickedSerials = new Set(choice.tickedSerials ?? []);
  const filled = linesForWaitingSerials(d.products, waiting);
  const bySerial = (serial: string): FinishLine => ({
    item_id: null,
    product_id: null,
    is_pickup: 0,
    delivery_product_id: null,
    serial,
  });
  const line = (l: DeliveryDetail['products'][number]): FinishLine => ({
    item_id: l.item_id,
    product_id: l.product_id,
    is_pickup: l.is_pickup,
    delivery_product_id: l.id,
    // A serial on a line without item was placed there by the page from a waiting check-out.
    ...(l.item_id === null && l.serial ? { serial: l.serial } : {}),
  });
  const open = d.products.filter((l) => !ticked.has(l.id) && !filled.has(l.id));
  const label = (l: DeliveryDetail['products'][number]) => ({ name: l.product.name, serial: l.serial });
  const untickedSerials = waiting.filter((s) => !tickedSerials.has(s));
  // The device does not know a waiting serial's article: it names the serial alone (the server,
  // which knows the article after the replayed check-out, writes the comment it stores).
  const notDelivered = [
    ...open.filter((l) => l.is_pickup === 0).map(label),
    ...untickedSerials.map((s) => ({ name: s, serial: null })),
  ];
  return {
    id: d.id,
    delivery_type_id: d.delivery_type_id,
    client_id: d.client_id,
    items: [
      ...d.products.filter((l) => ticked.has(l.id)).map(line),
      ...waiting.filter((s) => tickedSerials.has(s)).map(bySerial),
    ],
    comment: finishComment(notDelivered, open.filter((l) => l.is_pickup === 1).map(label)),
    backorder_items: [...open.map(line), ...untickedSerials.map(bySerial)],
    handtekening: choice.handtekening,
    signer_name: choice.signerName,
    signed_at: (choice.signedAt ?? new Date()).toISOString(),
  };
}

export function finishAction(
  d: Pick<DeliveryDetail, 'id' | 'order_number' | 'delivery_type_id' | 'client_id' | 'products'>,
  choice: FinishChoice,
): NewAction {
  return {
    method: 'POST',
    path: 'finish/delivery',
    body: finishPayload(d, choice),
    label: `${name(d)} afronden`,
    stale: STALE,
    kind: 'finish',
    meta: { deliveryId: d.id, ...(choice.signerName ? { signerName: choice.signerName } : {}) },
  };
}

export interface PendingFieldwork {
  /** Serials whose check-out waits to be sent (upper case). */
  serials: Set<string>;
  /** Accessory amounts per article that wait to be sent. */
  accessories: Map<number, number>;
  /** The finish that waits ('wacht op verzending'), if any. */
  finish: OutboxAction | null;
  /** Refused actions of this delivery: the page points to /wachtrij. */
  failed: OutboxAction[];
}

/** What the outbox still holds for one delivery, for the page to show while offline. */
export function pendingFor(actions: readonly OutboxAction[], deliveryId: number): PendingFieldwork {
  const out: PendingFieldwork = { serials: new Set(), accessories: new Map(), finish: null, failed: [] };
  for (const a of actions) {
    if (a.meta?.deliveryId !== deliveryId) continue;
    if (a.status === 'failed') {
      out.failed.push(a);
      continue;
    }
    if (a.kind === 'finish') out.finish = a;
    if (a.kind === 'checkout') {
      const body = a.body as { serials?: string[]; accessories?: AccessoryCount[] };
      for (const s of body.serials ?? []) out.serials.add(s.toUpperCase());
      for (const x of body.accessories ?? [])
        out.accessories.set(x.product_id, (out.accessories.get(x.product_id) ?? 0) + x.amount);
    }
  }
  return out;
}
