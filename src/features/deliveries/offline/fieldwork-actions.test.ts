import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { DeliveryDetail } from '@domain/contracts/deliveries';
import { OfflineDatabase } from '../../../offline/db';
import { checkOutAction, finishAction, finishPayload, pendingFor } from './fieldwork-actions';
import { createQueue } from '../../../offline/queue';

const line = (id: number, over: Partial<DeliveryDetail['products'][number]>): DeliveryDetail['products'][number] => ({
  id,
  product_id: 10,
  item_id: null,
  is_pickup: 0,
  checked_out_at: null,
  is_backorder: false,
  serial: null,
  product: { id: 10, name: 'Laptop', article_number: 'LAP', description: null, product_group_id: 1 },
  ...over,
});
const delivery = {
  id: 7,
  order_number: 'ORD-7',
  delivery_type_id: 4,
  client_id: 42,
  products: [
    line(1, { item_id: 100, serial: 'SN-A' }),
    line(2, { item_id: 101, serial: 'SN-B' }),
    line(3, { item_id: 200, serial: 'OLD-1', is_pickup: 1 }),
    line(4, {
      product_id: 11,
      product: { id: 11, name: 'Muis', article_number: 'M', description: null, product_group_id: 3 },
    }),
  ],
};
const png = 'data:image/png;base64,iVBORw0KGgo=';

describe('field work outbox actions', () => {
  it('check-out: one command per scan batch; a bulk delivery goes to /items/scanbulkitems', () => {
    const a = checkOutAction(delivery, ['SN-A', 'SN-B'], [{ product_id: 11, amount: 1 }]);
    expect(a).toMatchObject({
      method: 'POST',
      path: 'delivery/checkout',
      kind: 'checkout',
      meta: { deliveryId: 7 },
      label: 'Levering ORD-7: 3 items uitklaren',
      body: { id: 7, serials: ['SN-A', 'SN-B'], accessories: [{ product_id: 11, amount: 1 }] },
    });
    const bulk = checkOutAction({ id: 8, order_number: null, delivery_type_id: 6 }, ['X']);
    expect(bulk).toMatchObject({
      path: 'items/scanbulkitems',
      body: { delivery_id: 8, serials: ['X'], accessories: [] },
      label: 'Levering 8: 1 item uitklaren',
    });
  });

  it("finish: ticked lines as items, the rest as backorder_items with the spec's comment, the signature and who signed", () => {
    const signedAt = new Date('2026-11-23T10:15:00Z');
    const a = finishAction(delivery, { tickedLineIds: [1, 3], handtekening: png, signerName: 'Jan', signedAt });
    expect(a).toMatchObject({
      path: 'finish/delivery',
      kind: 'finish',
      label: 'Levering ORD-7 afronden',
      meta: { deliveryId: 7, signerName: 'Jan' },
    });
    expect(a.body).toEqual({
      id: 7,
      delivery_type_id: 4,
      client_id: 42,
      items: [
        { item_id: 100, product_id: 10, is_pickup: 0, delivery_product_id: 1 },
        { item_id: 200, product_id: 10, is_pickup: 1, delivery_product_id: 3 },
      ],
      backorder_items: [
        { item_id: 101, product_id: 10, is_pickup: 0, delivery_product_id: 2 },
        { item_id: null, product_id: 11, is_pickup: 0, delivery_product_id: 4 },
      ],
      comment: 'Niet geleverde artikelen: Laptop (SN-B), Muis',
      handtekening: png,
      signer_name: 'Jan',
      signed_at: '2026-11-23T10:15:00.000Z',
    });
    const all = finishAction(delivery, { tickedLineIds: [1, 2, 3, 4], handtekening: png, signerName: 'Jan' });
    expect((all.body as { comment: string }).comment).toBe('');
  });

  it('finish after check-outs that still wait: each line by its id, and a serial the page placed on a line without item', () => {
    // The page's view: serial SN-C waits in the outbox and was shown on the article's open line 5.
    const waiting = {
      ...delivery,
      products: [
        ...delivery.products,
        line(5, { serial: 'SN-C', checked_out_at: 'pending' }),
        line(6, { checked_out_at: 'pending', serial: 'SN-D' }),
      ],
    };
    const body = finishPayload(waiting, { tickedLineIds: [6], handtekening: png, signerName: 'Jan' });
    expect(body.items).toEqual([
      { item_id: null, product_id: 10, is_pickup: 0, delivery_product_id: 6, serial: 'SN-D' },
    ]);
    expect(body.backorder_items).toContainEqual({
      item_id: null,
      product_id: 10,
      is_pickup: 0,
      delivery_product_id: 5,
      serial: 'SN-C',
    });
    expect(body.comment).toBe(
      'Niet geleverde artikelen: Laptop (SN-A), Laptop (SN-B), Muis, Laptop (SN-C)\nNog op te halen artikelen: Laptop (OLD-1)',
    );
  });

  it('finish with waiting serials of several articles: ticked ones as serial entries, the lines they fill left to the server', () => {
    // Two articles wait for items on product-level lines (5: Laptop, 6: Telefoon): the page cannot tell where SN-X and
    // SN-Y go.
    const phone = { id: 12, name: 'Telefoon', article_number: 'TEL', description: null, product_group_id: 1 };
    const waiting = {
      ...delivery,
      products: [...delivery.products.slice(0, 3), line(5, {}), line(6, { product_id: 12, product: phone })],
    };
    const body = finishPayload(waiting, {
      tickedLineIds: [1, 3],
      waitingSerials: ['SN-X', 'SN-Y'],
      tickedSerials: ['SN-Y'],
      handtekening: png,
      signerName: 'Jan',
    });
    expect(body.items).toEqual([
      { item_id: 100, product_id: 10, is_pickup: 0, delivery_product_id: 1 },
      { item_id: 200, product_id: 10, is_pickup: 1, delivery_product_id: 3 },
      { item_id: null, product_id: null, is_pickup: 0, delivery_product_id: null, serial: 'SN-Y' },
    ]);
    expect(body.backorder_items).toEqual([
      { item_id: 101, product_id: 10, is_pickup: 0, delivery_product_id: 2 },
      { item_id: null, product_id: null, is_pickup: 0, delivery_product_id: null, serial: 'SN-X' },
    ]);
    // The device names a waiting serial by itself; the server writes the comment with its article.
    expect(body.comment).toBe('Niet geleverde artikelen: Laptop (SN-B), SN-X');
    // Fewer waiting serials than such lines: those lines stay in the backorder part as they are.
    const short = finishPayload(waiting, {
      tickedLineIds: [1, 2, 3],
      waitingSerials: ['SN-X'],
      tickedSerials: ['SN-X'],
      handtekening: png,
      signerName: 'Jan',
    });
    expect(short.items.at(-1)).toEqual({
      item_id: null,
      product_id: null,
      is_pickup: 0,
      delivery_product_id: null,
      serial: 'SN-X',
    });
    expect(short.backorder_items.map((l) => l.delivery_product_id)).toEqual([5, 6]);
    expect(short.comment).toBe('Niet geleverde artikelen: Laptop, Telefoon');
  });

  it('what waits for a delivery: serials and counts checked out, the finish, and refusals kept with the signer', async () => {
    const db = new OfflineDatabase(`fw-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    let online = false;
    let n = 0;
    const q = createQueue({
      db,
      newId: () => `k${++n}`,
      send: async (a) =>
        !online
          ? { kind: 'unreachable', message: 'Geen verbinding met de server.' }
          : a.kind === 'finish'
            ? {
                kind: 'refused',
                message:
                  'Er is helaas iets fout gegaan bij het afronden van de levering Een geannuleerde levering kan niet worden afgerond.',
              }
            : { kind: 'sent', body: {} },
    });
    await q.enqueue(checkOutAction(delivery, ['sn-a'], [{ product_id: 11, amount: 1 }]));
    await q.enqueue(finishAction(delivery, { tickedLineIds: [1], handtekening: png, signerName: 'Jan' }));
    await q.enqueue(checkOutAction({ ...delivery, id: 99 }, ['OTHER']));
    const pending = pendingFor(await q.list(), 7);
    expect([...pending.serials]).toEqual(['SN-A']);
    expect(pending.accessories.get(11)).toBe(1);
    expect(pending.finish?.meta?.signerName).toBe('Jan');

    online = true;
    await q.replay();
    await q.replay();
    const left = await q.list();
    // The refused finish is kept, with the server's reason and the signature, until the user retries or discards it.
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({
      kind: 'finish',
      status: 'failed',
      meta: { signerName: 'Jan' },
      body: { handtekening: png },
    });
    expect(left[0]?.error).toContain('Een geannuleerde levering kan niet worden afgerond.');
    expect(pendingFor(left, 7)).toMatchObject({ finish: null, failed: [expect.objectContaining({ kind: 'finish' })] });
  });
});
