/** The outbox's IndexedDB database (src/offline/db.ts). */
export const OUTBOX_DATABASE = 'portal-offline';
const CHANNEL = 'portal-outbox-created';

export interface PresenceDeps {
  /** The browser's IndexedDB; `databases()` is missing in older browsers. */
  indexedDB?: Pick<IDBFactory, 'databases'>;
  /** Reaches this device's other tabs; missing in older browsers. */
  channel?: Pick<BroadcastChannel, 'postMessage' | 'addEventListener'>;
}

/**
 * Whether this device holds an outbox, without Dexie: a device that never stored an action (an office
 * desktop, a fresh phone) does not open, and so does not create, the outbox's database on every page
 * load (docs/PERFORMANCE.md; the round in git history). The first stored action creates it and says so here,
 * to this tab and the others, and everything that reads the outbox starts then.
 */
export function createOutboxPresence({ indexedDB, channel }: PresenceDeps) {
  const waiting = new Set<() => void>();
  let known = false;

  const created = () => {
    if (known) return;
    known = true;
    const callbacks = [...waiting];
    waiting.clear();
    callbacks.forEach((callback) => callback());
  };
  channel?.addEventListener('message', created);

  /** False only when the browser lists its databases and the outbox's is not among them. */
  async function exists(): Promise<boolean> {
    if (known) return true;
    if (typeof indexedDB?.databases !== 'function') return true;
    try {
      const databases = await indexedDB.databases();
      return databases.some((database) => database.name === OUTBOX_DATABASE);
    } catch {
      return true;
    }
  }

  /**
   * Runs `work` once, as soon as the outbox exists: now, or when an action is first stored in this tab
   * or another. Resolves to whether it existed already.
   */
  async function whenExists(work: () => void): Promise<boolean> {
    // Listening before asking: a creation between the answer and the listening would be missed.
    waiting.add(work);
    const already = await exists();
    if (already && waiting.delete(work)) {
      created();
      work();
    }
    return already;
  }

  /** Called once an action is stored: this tab's and the other tabs' readers start. */
  function announce(): void {
    if (known) return;
    created();
    channel?.postMessage('created');
  }

  return { exists, whenExists, announce };
}

export const outboxPresence = createOutboxPresence({
  indexedDB: typeof indexedDB === 'undefined' ? undefined : indexedDB,
  channel: typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(CHANNEL),
});
