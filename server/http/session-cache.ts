import type { AuthChange, AuthChanges } from '../db/auth-changes';
import type { AuthUser } from './access';
import type { SessionState } from './session';

/** A session as read from the database, with its user, roles and rights. */
export interface CachedSession {
  session: SessionState;
  user: AuthUser | null;
  /** The session's last_seen_at when it was read (or touched), in ms. */
  lastSeen: number;
}

/**
 * Sessions as last read, so a signed-in request needs no statement of its own (docs/DECISIONS.md,
 * 'A cache of sessions'). An entry is served only while the database's change feed is live and the
 * session needs no last_seen_at touch (`maxAgeMs` after it was seen: the touch interval, or the idle
 * time when that is shorter); every change to a session, user, contact, client type, role or right
 * drops the entries it may concern the moment its notification arrives, which in the process that
 * made the change is before its commit returns.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  private generation = 0;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly changes: AuthChanges,
    private readonly maxAgeMs: number,
    private readonly maxEntries = 10_000,
  ) {
    this.unsubscribe = changes.subscribe((change) => this.apply(change));
  }

  get(id: string, now: number): CachedSession | undefined {
    if (!this.changes.live) return undefined;
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (now - entry.lastSeen > this.maxAgeMs || now > entry.session.expiresAt.getTime()) {
      this.entries.delete(id);
      return undefined;
    }
    return entry;
  }

  /** Taken before a session is read; `set` keeps what was read only if no change arrived in between. */
  mark(): number {
    return this.generation;
  }

  set(id: string, entry: CachedSession, mark: number): void {
    if (!this.changes.live || mark !== this.generation) return;
    if (this.entries.size >= this.maxEntries && !this.entries.has(id)) {
      this.entries.delete(this.entries.keys().next().value!);
    }
    this.entries.set(id, entry);
  }

  get size(): number {
    return this.entries.size;
  }

  close(): void {
    this.unsubscribe();
    this.entries.clear();
  }

  private apply(change: AuthChange): void {
    this.generation++;
    if (change === 'all') this.entries.clear();
    else this.entries.delete(change.session);
  }
}
