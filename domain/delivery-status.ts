import { DeliveryType } from './enums';

interface StatusInput {
  is_cancelled: boolean;
  completed: string | null;
  finished: boolean;
  delivery_type_id: number;
}

/**
 * A delivery's state in one word (spec 2 §4): cancelled, finished (the signed finish), every line
 * checked out ('Uitgeklaard', ready to finish), an open backorder, else open.
 */
export function deliveryStatusName(d: StatusInput): 'Geannuleerd' | 'Afgerond' | 'Uitgeklaard' | 'Backorder' | 'Open' {
  if (d.is_cancelled) return 'Geannuleerd';
  if (d.completed) return 'Afgerond';
  if (d.finished) return 'Uitgeklaard';
  return d.delivery_type_id === DeliveryType.BACKORDER ? 'Backorder' : 'Open';
}
