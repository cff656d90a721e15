import { describe, expect, it } from 'vitest';
import type { DeliveryDetail } from '@domain/contracts/deliveries';
import type { PendingFieldwork } from '../offline/fieldwork';
import { PENDING_STATUS_NAME, checkOutComplete, isPendingLine, withPending } from './fieldwork';

const product = (id: number, group = 1) => ({
  id,
  name: id === 9 ? 'Muis' : `Artikel ${id}`,
  article_number: `A${id}`,
  description: null,
  product_group_id: group,
});
const line = (
  id: number,
  productId: number,
  extra: Partial<DeliveryDetail['products'][number]> = {},
): DeliveryDetail['products'][number] => ({
  id,
  product_id: productId,
  item_id: null,
  is_pickup: 0,
  checked_out_at: null,
  is_backorder: false,
  product: product(productId, productId === 9 ? 3 : 1),
  serial: null,
  ...extra,
});

function detail(products: DeliveryDetail['products']): DeliveryDetail {
  return {
    products,
    items: [
      {
        id: 100,
        serial: 'SN-A',
        status_id: 1,
        status: { id: 1, name: 'Ingeklaard' },
        product: { id: 1, name: 'Artikel 1', article_number: 'A1', product_group_id: 1 },
        pivot: { is_pickup: 0, checked_out_at: null, is_backorder: false, delivery_product_id: 1 },
      },
    ],
    bulk_products: [{ id: 1, name: 'Artikel 1', article_number: 'A1', product_group_id: 1, expected: 3, arrived: 0 }],
  } as unknown as DeliveryDetail;
}

const pending = (serials: string[], accessories: [number, number][] = []): PendingFieldwork => ({
  serials: new Set(serials),
  accessories: new Map(accessories),
  finish: null,
  failed: [],
});

describe('withPending: the delivery as it looks while check-outs wait in the outbox', () => {
  it('marks the line of a waiting serial and its item, counts accessories, and adds to the bulk counts', () => {
    const d = detail([line(1, 1, { item_id: 100, serial: 'SN-A' }), line(2, 9), line(3, 9)]);
    const { view, unplaced } = withPending(d, pending(['SN-A'], [[9, 1]]));
    expect(view.products.map(isPendingLine)).toEqual([true, true, false]);
    expect(view.items[0]?.status.name).toBe(PENDING_STATUS_NAME);
    expect(view.bulk_products[0]?.arrived).toBe(1);
    expect(unplaced).toEqual([]);
    // Applied twice (page and panel) it stays the same.
    expect(withPending(view, pending(['SN-A'], [[9, 1]])).view.products.map(isPendingLine)).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('places serials on the only article waiting for items; with two such articles they stay unplaced', () => {
    const one = withPending(detail([line(1, 1), line(2, 1), line(3, 9)]), pending(['SN-X']));
    expect(one.view.products.map((l) => [isPendingLine(l), l.serial])).toEqual([
      [true, 'SN-X'],
      [false, null],
      [false, null],
    ]);
    expect(one.unplaced).toEqual([]);
    const two = withPending(detail([line(1, 1), line(2, 2)]), pending(['SN-X']));
    expect(two.view.products.some(isPendingLine)).toBe(false);
    expect(two.unplaced).toEqual(['SN-X']);
  });

  it('returns the delivery itself when nothing waits', () => {
    const d = detail([line(1, 1)]);
    expect(withPending(d, pending([])).view).toBe(d);
  });
});

describe("checkOutComplete: whether 'Afronden' may be offered offline", () => {
  it('counts waiting serials not on a line against the lines of several articles that wait for items', () => {
    const d = detail([line(1, 1), line(2, 1), line(3, 2), line(4, 9), line(5, 1, { is_pickup: 1 })]);
    const complete = (serials: string[], accessories: [number, number][] = []) => {
      const { view, unplaced } = withPending(d, pending(serials, accessories));
      return checkOutComplete(view, unplaced);
    };
    expect(complete(['SN-X', 'SN-Y', 'SN-Z'], [[9, 1]])).toBe(true);
    // One serial short, or the accessory not counted: not complete.
    expect(complete(['SN-X', 'SN-Y'], [[9, 1]])).toBe(false);
    expect(complete(['SN-X', 'SN-Y', 'SN-Z'])).toBe(false);
    // Only pickups: nothing to check out, so the server's rule decides.
    expect(checkOutComplete(detail([line(5, 1, { is_pickup: 1 })]), [])).toBe(false);
  });
});
