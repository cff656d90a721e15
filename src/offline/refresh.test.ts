import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { queryKeys, staleAfter } from '../api/keys';
import { OfflineDatabase } from './db';
import { createQueue, type NewAction, type Verdict } from './queue';
import { keysToRefresh, refreshAfterRun } from './refresh';

/** A check-out and a finish of delivery 5, as the deliveries feature makes them: they change the 'deliveries' area. */
const checkOut: NewAction = {
  method: 'POST',
  path: 'delivery/checkout',
  body: { id: 5, serials: ['SN1'] },
  label: 'Levering ORD-5: 1 item uitklaren',
  stale: ['deliveries'],
};
const finish: NewAction = {
  method: 'POST',
  path: 'finish/delivery',
  body: { id: 5 },
  label: 'Levering ORD-5 afronden',
  stale: ['deliveries'],
};

describe('what a replayed action refreshes', () => {
  it('a check-out made offline refreshes, once its replay ran, everything a delivery change makes stale (repairs and customers too)', async () => {
    const client = new QueryClient();
    const loaded = [
      queryKeys.deliveries.detail(5),
      queryKeys.deliveries.today,
      queryKeys.repairs.lists,
      queryKeys.repairs.detail(5),
      queryKeys.stock.clientItems(9),
      queryKeys.clients.detail(9),
      queryKeys.clients.events(9),
      queryKeys.prenotifications.lists,
      queryKeys.users.lists,
    ];
    for (const key of loaded) client.setQueryData(key, { loaded: true });
    const db = new OfflineDatabase(`refresh-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    let online = false;
    const refresh = refreshAfterRun((queryKey) => void client.invalidateQueries({ queryKey }));
    const q = createQueue({
      db,
      send: async (): Promise<Verdict> =>
        online ? { kind: 'sent', body: {} } : { kind: 'unreachable', message: 'Geen verbinding met de server.' },
      onSent: (a) => refresh.sent(a),
      onBusy: (busy) => {
        if (!busy) refresh.runEnded();
      },
    });
    await q.enqueue(checkOut);
    await q.enqueue(finish);
    const stale = () => loaded.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key[0]);
    expect(stale()).toEqual([]);

    online = true;
    await q.replay();
    expect(stale()).toEqual(['deliveries', 'deliveries', 'repairs', 'repairs', 'stock', 'clients', 'clients']);
  });

  it('takes the keys from the one map mutations refresh by (staleAfter), each once; an action stored with its own keys keeps them', () => {
    expect(keysToRefresh({ stale: ['deliveries', 'repairs'] })).toEqual([
      queryKeys.deliveries.all,
      queryKeys.repairs.all,
      queryKeys.stock.all,
      queryKeys.clients.all,
    ]);
    expect(keysToRefresh(checkOut)).toEqual(staleAfter.deliveries);
    expect(keysToRefresh({ invalidate: [['deliveries'], ['stock']] })).toEqual([['deliveries'], ['stock']]);
  });
});
