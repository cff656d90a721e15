import { useMemo } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getJson } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import type { DeliveriesToday, DeliveryDetail } from '@domain/contracts/deliveries';
import { ItemStatus } from '@domain/enums';
import { serialKey } from '@domain/scan';
import { ACCESSORY_GROUP_ID } from '@domain/schemas/stock';
import { awaitsItem, linesForWaitingSerials, pendingFor, type PendingFieldwork } from '../offline/fieldwork-actions';
import { useOutboxActions } from '../../../offline/stored-actions';

/**
 * GET /deliveries/today. Every delivery also goes into its detail query, so /leveringen/{id} opens
 * from the persisted cache without a network (also after a reload offline).
 */
export const deliveriesTodayQueryOptions = (queryClient: QueryClient) =>
  queryOptions({
    queryKey: queryKeys.deliveries.today,
    queryFn: async ({ signal }) => {
      const today = await getJson<DeliveriesToday>('deliveries/today', { signal });
      for (const d of today.data) queryClient.setQueryData(queryKeys.deliveries.detail(d.id), d);
      return today;
    },
    // Refetched whenever the page opens online: the round of the day changes during the day.
    staleTime: 0,
    meta: { errorText: 'Leveringen kunnen niet worden ingeladen' },
  });

export const useDeliveriesToday = () => useQuery(deliveriesTodayQueryOptions(useQueryClient()));

/** Status shown for a line whose check-out waits in the outbox. */
export const PENDING_STATUS_NAME = 'Uitgeklaard (wacht op verzending)';
const PENDING_MARK = 'pending';

/** Whether a line is checked out on the server or in the outbox. */
export const isCheckedOut = (line: DeliveryDetail['products'][number]) => line.checked_out_at !== null;
export const isPendingLine = (line: DeliveryDetail['products'][number]) => line.checked_out_at === PENDING_MARK;

/**
 * The delivery as the user should see it while check-outs wait in the outbox: lines of pending
 * serials (and pending accessory amounts) are checked out, their items 'Uitgeklaard (wacht op
 * verzending)', the bulk counts include them. `unplaced` are pending serials not (yet) on a line:
 * the server assigns them to a line of their article when it receives them.
 */
export function withPending(
  d: DeliveryDetail,
  pending: PendingFieldwork,
): { view: DeliveryDetail; unplaced: string[] } {
  if (pending.serials.size === 0 && pending.accessories.size === 0) return { view: d, unplaced: [] };
  const itemSerial = new Map(d.items.map((i) => [i.id, i.serial]));
  const placed = new Set<string>();
  const accessoryLeft = new Map(pending.accessories);
  const pendingItems = new Set<number>();
  const serialOf = (l: DeliveryDetail['products'][number]) =>
    l.serial ?? (l.item_id ? (itemSerial.get(l.item_id) ?? null) : null);
  // Applied twice (a page and its panels) gives the same view: lines marked before count as placed.
  for (const l of d.products.filter(isPendingLine)) {
    const serial = serialOf(l);
    if (serial && pending.serials.has(serialKey(serial))) placed.add(serialKey(serial));
    else {
      const left = accessoryLeft.get(l.product_id);
      if (left !== undefined) accessoryLeft.set(l.product_id, left - 1);
    }
  }
  const products = d.products.map((l) => {
    if (l.is_pickup === 1 || l.checked_out_at) return l;
    const serial = serialOf(l);
    if (serial && pending.serials.has(serialKey(serial))) {
      placed.add(serialKey(serial));
      if (l.item_id) pendingItems.add(l.item_id);
      return { ...l, checked_out_at: PENDING_MARK };
    }
    const left = accessoryLeft.get(l.product_id) ?? 0;
    if (left > 0 && l.item_id === null && l.product.product_group_id === ACCESSORY_GROUP_ID) {
      accessoryLeft.set(l.product_id, left - 1);
      return { ...l, checked_out_at: PENDING_MARK };
    }
    return l;
  });
  // Serials not on a line: the server puts them on an open line of their article. When only one
  // article waits for an item, that is where they go; otherwise they stay listed as unplaced.
  const free = products.filter(awaitsItem);
  const unplacedSerials = [...pending.serials].filter((s) => !placed.has(s));
  if (new Set(free.map((l) => l.product_id)).size === 1) {
    free.slice(0, unplacedSerials.length).forEach((line, k) => {
      const serial = unplacedSerials[k];
      if (serial === undefined) return;
      products[products.indexOf(line)] = { ...line, serial, checked_out_at: PENDING_MARK };
      placed.add(serial);
    });
  }
  const added = new Map<number, number>();
  for (const l of products) if (isPendingLine(l)) added.set(l.product_id, (added.get(l.product_id) ?? 0) + 1);
  const view: DeliveryDetail = {
    ...d,
    products,
    items: d.items.map((i) =>
      pendingItems.has(i.id)
        ? { ...i, status_id: ItemStatus.UITGEKLAARD, status: { id: ItemStatus.UITGEKLAARD, name: PENDING_STATUS_NAME } }
        : i,
    ),
    bulk_products: d.bulk_products.map((p) => ({ ...p, arrived: p.arrived + (added.get(p.id) ?? 0) })),
  };
  return { view, unplaced: [...pending.serials].filter((s) => !placed.has(s)) };
}

/**
 * Whether the check-out is complete once the outbox is sent: every line to deliver is checked out
 * (on the server or waiting), except lines waiting for an item that the waiting serials not on a
 * line are enough to fill (the server puts each on an open line of its article).
 */
export function checkOutComplete(d: DeliveryDetail, unplaced: readonly string[]): boolean {
  const deliver = d.products.filter((l) => l.is_pickup === 0);
  const filled = linesForWaitingSerials(d.products, unplaced);
  return deliver.length > 0 && deliver.every((l) => l.checked_out_at || filled.has(l.id));
}

/** The outbox's waiting and failed field work of this delivery, and the delivery with it applied. */
export function usePendingFieldwork(d: DeliveryDetail) {
  const actions = useOutboxActions();
  return useMemo(() => {
    const pending = pendingFor(actions, d.id);
    return { pending, ...withPending(d, pending) };
  }, [actions, d]);
}

/** The detail page's delivery with the outbox's waiting check-outs applied (what the user did offline). */
export const useDeliveryWithPending = (d: DeliveryDetail) => usePendingFieldwork(d).view;
