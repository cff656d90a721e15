import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { OfflineDatabase } from '../../../offline/db';
import { checkOutAction, finishAction } from './fieldwork-actions';
import { leaseLock } from '../../../offline/lock';
import { createQueue, type Verdict } from '../../../offline/queue';

/**
 * 200 field work actions made offline, three reloads (a new queue on the same IndexedDB) and five
 * network flaps, some answers lost after the server applied them: the server, which dedupes by the
 * Idempotency-Key as runCommand does, applies every action exactly once and in the order made.
 */
describe('outbox replay under reloads and network flaps', () => {
  it('applies 200 actions once each, in order; a refused finish stays failed', { timeout: 120_000 }, async () => {
    const factory = new IDBFactory();
    const open = () => new OfflineDatabase('flaps', { indexedDB: factory, IDBKeyRange });
    const applied: string[] = [];
    const answers = new Map<string, Verdict>();
    let online = false;
    let sends = 0;
    const server = async (key: string, refuse: boolean): Promise<Verdict> => {
      if (!online) return { kind: 'unreachable', message: 'Geen verbinding met de server.' };
      sends += 1;
      const stored = answers.get(key);
      if (stored) return stored;
      const verdict: Verdict = refuse
        ? { kind: 'refused', message: 'Een geannuleerde levering kan niet worden afgerond.' }
        : { kind: 'sent', body: { ok: true } };
      if (verdict.kind === 'sent') applied.push(key);
      answers.set(key, verdict);
      // Every seventh answer is lost on the way back: the action was applied, the device does not know.
      if (sends % 7 === 0) return { kind: 'unreachable', message: 'Verbinding verbroken.' };
      return verdict;
    };
    let n = 0;
    const tab = (db: OfflineDatabase) =>
      createQueue({
        db,
        newId: () => `k${String(++n).padStart(4, '0')}`,
        lock: leaseLock({ db, holder: 'tab' }),
        send: (a) => server(a.id, a.kind === 'finish' && (a.body as { id: number }).id === 13),
      });

    let db = open();
    let q = tab(db);
    const d = (id: number) => ({ id, order_number: `ORD-${id}`, delivery_type_id: 3, client_id: 1, products: [] });
    for (let i = 0; i < 200; i++) {
      if (i > 0 && i % 70 === 0) {
        db.close(); // reload
        db = open();
        q = tab(db);
      }
      const action =
        i % 20 === 19
          ? finishAction(d(i % 40 === 39 ? 13 : i), {
              tickedLineIds: [],
              handtekening: 'data:image/png;base64,AA==',
              signerName: `Klant ${i}`,
            })
          : checkOutAction(d(i), [`SN${i}`]);
      await q.enqueue(action);
    }
    expect(await db.actions.count()).toBe(200);

    for (let flap = 0; flap < 5; flap++) {
      online = true;
      void q.replay();
      await new Promise((r) => setTimeout(r, 5));
      online = false;
      await q.replay();
    }
    db.close(); // a last reload, then the network stays
    db = open();
    q = tab(db);
    online = true;
    while ((await db.actions.where('status').equals('waiting').count()) > 0) await q.replay();

    const left = await db.actions.toArray();
    expect(left.map((a) => [a.kind, a.status, a.meta?.signerName])).toEqual([
      ['finish', 'failed', 'Klant 39'],
      ['finish', 'failed', 'Klant 79'],
      ['finish', 'failed', 'Klant 119'],
      ['finish', 'failed', 'Klant 159'],
      ['finish', 'failed', 'Klant 199'],
    ]);
    expect(applied).toHaveLength(195);
    expect(new Set(applied).size).toBe(195);
    expect(applied).toEqual([...applied].sort());
  });
});
