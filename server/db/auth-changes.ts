import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The channel of migration 20261127T1100-auth-change-notify. */
export const AUTH_CHANNEL = 'portal_auth';

/** One session row changed or ended, or anything that shapes every session's user and rights. */
export type AuthChange = { session: string } | 'all';

export function parseAuthChange(payload: string | undefined): AuthChange {
  return payload?.startsWith('session:') ? { session: payload.slice('session:'.length) } : 'all';
}

/**
 * The database's word that what a session may do has changed, for a cache of sessions
 * (server/http/session-cache.ts). `live` is true only while every committed change reaches the
 * listeners: a cache must not serve entries while it is false. Going down and coming up again both
 * tell the listeners 'all'.
 */
export class AuthChanges {
  private readonly listeners = new Set<(change: AuthChange) => void>();
  private isLive = false;
  private starting: (() => void) | null;
  private stopping: (() => Promise<void>) | null = null;
  private readonly waiting: (() => void)[] = [];

  /** `start` begins listening on the first subscription; it returns how to stop. */
  constructor(start: ((changes: AuthChanges) => () => Promise<void>) | null) {
    this.starting = start && (() => (this.stopping = start(this)));
  }

  get live(): boolean {
    return this.isLive;
  }

  subscribe(listener: (change: AuthChange) => void): () => void {
    this.listeners.add(listener);
    const start = this.starting;
    this.starting = null;
    start?.();
    return () => this.listeners.delete(listener);
  }

  /** A notification's payload, from any connection of this process that listens. */
  deliver(payload: string | undefined): void {
    this.notify(parseAuthChange(payload));
  }

  /** Tells every listener of a change (one heard here, or passed on from another feed). */
  notify(change: AuthChange): void {
    for (const listener of this.listeners) listener(change);
  }

  setLive(live: boolean): void {
    if (live === this.isLive) return;
    this.isLive = live;
    this.notify('all');
    if (live) for (const resolve of this.waiting.splice(0)) resolve();
  }

  /** Resolves once the feed is live (it starts listening if nothing has subscribed yet). */
  ready(): Promise<void> {
    if (this.isLive) return Promise.resolve();
    const live = new Promise<void>((resolve) => this.waiting.push(resolve));
    const unsubscribe = this.subscribe(() => {});
    return live.finally(unsubscribe);
  }

  async close(): Promise<void> {
    this.starting = null;
    this.setLive(false);
    await this.stopping?.();
  }
}

const forwardTo = (changes: AuthChanges) => (message: pg.Notification) => {
  if (message.channel === AUTH_CHANNEL) changes.deliver(message.payload);
};

/**
 * Every connection of the pool listens too, so a change committed on one of them reaches this
 * process's listeners before its commit returns (PostgreSQL sends a connection's own notifications
 * ahead of the commit's completion): in this process a change counts from the next statement on.
 */
export function listenOnPoolConnections(pool: pg.Pool, changes: AuthChanges): void {
  pool.on('connect', (client) => {
    client.on('notification', forwardTo(changes));
    // A lost connection is reported by the pool's error listener.
    client.query(`listen ${AUTH_CHANNEL}`).catch(() => {});
  });
}

/**
 * A connection of its own that only listens, so changes from other processes arrive while the pool
 * has no idle connection. When it is lost the feed is not live until a new one listens again
 * (after 0.5 s, doubling up to 30 s).
 */
export function listenOnPostgres(
  url: string,
  log: (line: string) => void,
): (changes: AuthChanges) => () => Promise<void> {
  return (changes) => {
    let client: pg.Client | null = null;
    let timer: NodeJS.Timeout | null = null;
    let stopped = false;
    let delay = 500;

    const lost = (current: pg.Client, err?: Error) => {
      if (client !== current) return;
      client = null;
      changes.setLive(false);
      current.end().catch(() => {});
      if (stopped) return;
      log(
        `Luisterverbinding voor sessiewijzigingen verbroken${err ? `: ${err.message}` : ''}; opnieuw over ${delay} ms.`,
      );
      timer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, 30_000);
    };
    const connect = async () => {
      timer = null;
      const current = new pg.Client({ connectionString: url, application_name: 'portal auth listener' });
      client = current;
      current.on('error', (err) => lost(current, err));
      current.on('end', () => lost(current));
      current.on('notification', forwardTo(changes));
      try {
        await current.connect();
        await current.query(`listen ${AUTH_CHANNEL}`);
        if (client !== current || stopped) return;
        delay = 500;
        changes.setLive(true);
      } catch (err) {
        lost(current, err as Error);
      }
    };
    void connect();
    return async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    };
  };
}

/** The embedded database has one connection in this process: its own notifications arrive with each commit. */
export function listenOnPGlite(pglite: PGlite): (changes: AuthChanges) => () => Promise<void> {
  return (changes) => {
    let stopped = false;
    const listening = pglite
      .listen(AUTH_CHANNEL, (payload) => changes.deliver(payload))
      .then(
        (unlisten) => {
          if (!stopped) changes.setLive(true);
          return unlisten;
        },
        () => null,
      );
    return async () => {
      stopped = true;
      const unlisten = await listening;
      if (!pglite.closed) await unlisten?.().catch(() => {});
    };
  };
}
