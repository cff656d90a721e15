import type { DeliveryDetail, DeliveryLine } from '@domain/contracts/deliveries';

/** What a line shows under Status: the item's own status, else where the line stands. */
export function lineStatus(d: DeliveryDetail, line: DeliveryLine): string {
  const item = line.item_id ? d.items.find((i) => i.id === line.item_id) : undefined;
  if (item) return item.status.name;
  if (line.checked_out_at) return 'Uitgeklaard';
  if (line.is_backorder) return 'Backorder';
  return line.is_pickup ? 'Op te halen' : 'Te leveren';
}
