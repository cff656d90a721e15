import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OfflineDatabase } from './db';
import { createOutboxPresence, OUTBOX_DATABASE } from './presence';
import { createQueue } from './queue';

let factory: IDBFactory;
const channels: BroadcastChannel[] = [];

/** One tab's presence: its own channel object, as each tab has. */
function tab(deps: { indexedDB?: Pick<IDBFactory, 'databases'> } = { indexedDB: factory }) {
  const channel = new BroadcastChannel(`presence-${channelName}`);
  channels.push(channel);
  return createOutboxPresence({ ...deps, channel });
}
let channelName = '';

/** Stores one action in the device's outbox as the app does, announcing it through `presence`. */
async function storeAction(presence: ReturnType<typeof createOutboxPresence>) {
  const db = new OfflineDatabase(OUTBOX_DATABASE, { indexedDB: factory, IDBKeyRange });
  const queue = createQueue({
    db,
    send: async () => ({ kind: 'unreachable', message: 'offline' }),
    onStored: () => presence.announce(),
  });
  await queue.enqueue({ method: 'POST', path: 'items/scanbulkitems', body: {}, label: 'uitklaren' });
  db.close();
}

const nextMessage = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  factory = new IDBFactory();
  channelName = String(Math.random());
});
afterEach(() => {
  channels.splice(0).forEach((channel) => channel.close());
});

describe('whether the device holds an outbox', () => {
  it('does not on a fresh device, and asking does not create the database', async () => {
    const presence = tab();
    expect(await presence.exists()).toBe(false);
    expect(await factory.databases()).toEqual([]);
  });

  it('does once an action was stored, for a tab that starts later', async () => {
    await storeAction(tab());
    expect(await tab().exists()).toBe(true);
  });

  it('assumes it does where the browser cannot list its databases, so nothing stored is overlooked', async () => {
    expect(await tab({}).exists()).toBe(true);
    expect(await tab({ indexedDB: { databases: () => Promise.reject(new Error('SecurityError')) } }).exists()).toBe(
      true,
    );
  });
});

describe('whenExists', () => {
  it('runs at once on a device that holds an outbox', async () => {
    await storeAction(tab());
    const runs: string[] = [];
    expect(await tab().whenExists(() => runs.push('read'))).toBe(true);
    expect(runs).toEqual(['read']);
  });

  it('waits on a fresh device until this tab stores its first action, then runs once', async () => {
    const presence = tab();
    const runs: string[] = [];
    expect(await presence.whenExists(() => runs.push('read'))).toBe(false);
    expect(runs).toEqual([]);
    await storeAction(presence);
    await storeAction(presence);
    expect(runs).toEqual(['read']);
  });

  it("starts in another tab when this one stores the device's first action", async () => {
    const [here, there] = [tab(), tab()];
    const runs: string[] = [];
    expect(await there.whenExists(() => runs.push('there'))).toBe(false);
    await storeAction(here);
    await nextMessage();
    expect(runs).toEqual(['there']);
  });

  it('does not miss an action stored while it asks the browser', async () => {
    let answer: (list: IDBDatabaseInfo[]) => void = () => undefined;
    const slow = {
      databases: () =>
        new Promise<IDBDatabaseInfo[]>((resolve) => {
          answer = resolve;
        }),
    };
    const [here, there] = [tab(), tab({ indexedDB: slow })];
    const runs: string[] = [];
    const asked = there.whenExists(() => runs.push('there'));
    await storeAction(here);
    await nextMessage();
    answer([]); // the list it got was made before the action was stored
    await asked;
    expect(runs).toEqual(['there']);
  });
});
