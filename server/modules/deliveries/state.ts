import { Carrier, DeliveryType } from '@domain/enums';
import type { DeliveryDetail } from '@domain/contracts/deliveries';

interface StateInput {
  delivery_type_id: number;
  carrier_id: number;
  is_cancelled: boolean;
  completed_at: Date | string | null;
}
interface LineState {
  is_pickup: number;
  checked_out_at: Date | string | null;
}

/**
 * Finished (spec 2 §3 'finished', §2.7 'Afronden'): completed, or every line to deliver is checked
 * out. Completed is the signed finish (`completed_at`).
 */
export function isFinished(d: StateInput, lines: LineState[]): boolean {
  if (d.completed_at) return true;
  const toDeliver = lines.filter((l) => l.is_pickup === 0);
  return toDeliver.length > 0 && toDeliver.every((l) => l.checked_out_at !== null);
}

/** The rules of spec 2 §4 in one place: the routes refuse what this does not allow, the page hides it. */
export function allowedActions(d: StateInput, lines: LineState[]): DeliveryDetail['can'] {
  const finished = isFinished(d, lines);
  const completed = d.completed_at !== null;
  const open = !d.is_cancelled && !completed;
  // A backorder with items still to pick up finishes like the pickup ticket it came from.
  const pickupTicket =
    ([DeliveryType.UITDIENST, DeliveryType.REPARATIE, DeliveryType.EOL_SWAP] as number[]).includes(
      d.delivery_type_id,
    ) ||
    (d.delivery_type_id === DeliveryType.BACKORDER && lines.some((l) => l.is_pickup === 1));
  return {
    // A backorder carries on what a finish left: it has no request form of its own to edit with.
    edit: open && d.delivery_type_id !== DeliveryType.MUTATIE && d.delivery_type_id !== DeliveryType.BACKORDER,
    // Not finished, or a resignation without completion.
    cancel: open && (!finished || d.delivery_type_id === DeliveryType.UITDIENST),
    reopen: d.is_cancelled,
    delete: d.is_cancelled,
    finish: open && ((d.carrier_id === Carrier.REUZADO && finished) || pickupTicket),
    shipping_label: d.carrier_id === Carrier.POSTNL,
  };
}
