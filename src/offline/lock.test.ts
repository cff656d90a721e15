import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { OfflineDatabase, type OutboxAction } from './db';
import { leaseLock, OUTBOX_LOCK_NAME, webLock, type OutboxLock } from './lock';
import { createQueue, type Verdict } from './queue';

let factory: IDBFactory;
let name: string;
let sent: string[];
let n = 0;

/** A second tab: its own connection to the same IndexedDB database. */
const tabDb = () => new OfflineDatabase(name, { indexedDB: factory, IDBKeyRange });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function tab(
  db: OfflineDatabase,
  lock: OutboxLock | undefined,
  respond: (a: OutboxAction) => Verdict = () => ({ kind: 'sent', body: null }),
) {
  return createQueue({
    db,
    lock,
    newId: () => `key-${++n}`,
    send: async (a) => {
      sent.push(a.id);
      await pause(2); // the answer takes a moment: the other tab would read the same head meanwhile
      return respond(a);
    },
  });
}
async function fill(db: OfflineDatabase, count: number) {
  const q = tab(db, undefined, () => ({ kind: 'unreachable', message: 'offline' }));
  for (let i = 0; i < count; i++)
    await q.enqueue({ method: 'POST', path: 'delivery/checkout', body: { i }, label: `actie ${i}` });
  sent = [];
}
const duplicates = () => sent.length - new Set(sent).size;

/** A LockManager as the browser gives one: one holder per name at a time, the others queue. */
function fakeLocks(): LockManager {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request: (lockName: string, cb: () => Promise<unknown>) => {
      const run = (tails.get(lockName) ?? Promise.resolve()).then(() => cb());
      tails.set(
        lockName,
        run.catch(() => undefined),
      );
      return run;
    },
    query: async () => ({ held: [], pending: [] }),
  } as unknown as LockManager;
}

beforeEach(() => {
  factory = new IDBFactory();
  name = `lock-${Math.random()}`;
  sent = [];
});

describe('two tabs on one device', () => {
  it('without a lock they would send the same action twice (why the lock exists)', async () => {
    const [a, b] = [tabDb(), tabDb()];
    await fill(a, 5);
    await Promise.all([tab(a, undefined).replay(), tab(b, undefined).replay()]);
    expect(duplicates()).toBeGreaterThan(0);
  });

  it('with the Web Locks API each action is sent once, in order', async () => {
    const [a, b] = [tabDb(), tabDb()];
    await fill(a, 20);
    const locks = fakeLocks();
    await Promise.all([
      tab(a, webLock(locks)).replay(),
      tab(b, webLock(locks)).replay(),
      tab(a, webLock(locks)).replay(),
    ]);
    expect(sent).toHaveLength(20);
    expect(duplicates()).toBe(0);
    expect(sent).toEqual([...sent].sort((x, y) => Number(x.split('-')[1]) - Number(y.split('-')[1])));
    expect(await a.actions.count()).toBe(0);
  });

  it('with the Dexie lease each action is sent once; the other tab leaves it alone', async () => {
    const [a, b] = [tabDb(), tabDb()];
    await fill(a, 20);
    await Promise.all([
      tab(a, leaseLock({ db: a, holder: 'tab-a' })).replay(),
      tab(b, leaseLock({ db: b, holder: 'tab-b' })).replay(),
    ]);
    // The tab without the lease skipped its run; a later run (timer, online) sends what is left.
    await tab(b, leaseLock({ db: b, holder: 'tab-b' })).replay();
    expect(sent).toHaveLength(20);
    expect(duplicates()).toBe(0);
    expect(await a.actions.count()).toBe(0);
    expect(await a.leases.get(OUTBOX_LOCK_NAME)).toBeUndefined();
  });

  it('a live lease of another tab holds this tab back; the lease of a tab that died expires', async () => {
    const db = tabDb();
    await fill(db, 2);
    let clock = 1_000_000;
    await db.leases.put({ name: OUTBOX_LOCK_NAME, holder: 'other-tab', until: clock + 10_000 });
    await tab(db, leaseLock({ db, holder: 'me', now: () => clock })).replay();
    expect(sent).toEqual([]);
    expect(await db.actions.count()).toBe(2);
    clock += 10_001;
    await tab(db, leaseLock({ db, holder: 'me', now: () => clock })).replay();
    expect(sent).toHaveLength(2);
    expect(await db.actions.count()).toBe(0);
  });
});
