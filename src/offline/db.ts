import Dexie, { type DexieOptions, type EntityTable } from 'dexie';
import type { StaleArea } from '../api/keys';
import { OUTBOX_DATABASE } from './presence';

export type OutboxMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type OutboxStatus = 'waiting' | 'failed';
/**
 * What an action does, named by the feature that makes it ('other' when it names nothing), so its page finds its own.
 */
export type OutboxKind = string;

/**
 * Facts a page or /wachtrij shows about an action without reading its body. The feature that makes
 * an action puts its own keys here (e.g. the record the action is about) and reads them back.
 */
export interface OutboxMeta {
  /** The action carries this person's signature: /wachtrij says whose, and that discarding loses it. */
  signerName?: string;
  readonly [key: string]: string | number | undefined;
}

/**
 * One write waiting to reach the server. `id` is made on the device and sent as the
 * Idempotency-Key, so sending it again (after a lost answer) never applies it twice.
 */
export interface OutboxAction {
  id: string;
  method: OutboxMethod;
  /** API path without the /api prefix, e.g. 'delivery/save'. */
  path: string;
  body: unknown;
  createdAt: number;
  /** First in, first out. */
  order: number;
  status: OutboxStatus;
  /** The server's verdict for a failed action, or the last transient problem of a waiting one. */
  error: string | null;
  /** The server's field errors with a refusal (422), so a screen can show them where they belong. */
  errors?: Record<string, string[]>;
  /** What the user sees in the list, e.g. 'Voormelding ORD-1: 12 artikelen inklaren'. */
  label: string;
  /**
   * The areas it changes: what they make stale (staleAfter, src/api/keys.ts) is refreshed once the server accepted it.
   */
  stale?: StaleArea[];
  /** Query key prefixes to refresh, as actions stored before `stale` named them. */
  invalidate?: unknown[][];
  attempts: number;
  /** Who made it: only that user's session sends it (the server's idempotency keys are per user). */
  userId?: number | null;
  userName?: string | null;
  kind?: OutboxKind;
  meta?: OutboxMeta;
}

/** Who may send the outbox right now (the Dexie lease, where the Web Locks API is missing). */
export interface OutboxLease {
  name: string;
  holder: string;
  until: number;
}

export class OfflineDatabase extends Dexie {
  actions!: EntityTable<OutboxAction, 'id'>;
  leases!: EntityTable<OutboxLease, 'name'>;
  constructor(name = OUTBOX_DATABASE, options?: DexieOptions) {
    super(name, options);
    this.version(1).stores({ actions: '&id, order, status' });
    this.version(2).stores({ actions: '&id, order, status', leases: '&name' });
  }
}
