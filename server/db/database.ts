import type { Kysely, Transaction, Generated, ColumnType, CompiledQuery } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/**
 * The tables of the whole product. Each area declares its own tables beside its module and merges
 * them in here with `declare module '../../db/database' { interface Database { … } }`.
 */
export interface Database extends CoreTables {}

interface CoreTables {
  clients: {
    id: Generated<number>;
    name: string;
    /** The list's sort key (migration 20261204T1800-name-sort; kept by PostgreSQL). */
    name_sort: ColumnType<string, never, never>;
    client_type_id: number;
    parent_client_id: number | null;
    image: string | null;
    invoice_description: string | null;
    invoice_reference: string | null;
    primary_contact_id: number | null;
    delivery_by_postnl: Generated<number>;
    created_at: CreatedAt;
    updated_at: Generated<Date>;
    deleted_at: Date | null;
  };
  contacts: {
    id: Generated<number>;
    client_id: number;
    first_name: string;
    last_name: string;
    title: string | null;
    phone: string | null;
    email: string | null;
    has_account: Generated<boolean>;
    created_at: CreatedAt;
    deleted_at: Date | null;
  };
  contact_reseller_end_client: { contact_id: number; endclient_id: number };
  addresses: {
    id: Generated<number>;
    client_id: number;
    name: string | null;
    street: string;
    number: string;
    addition: string | null;
    zipcode: string;
    city: string;
    country: Generated<string>;
    is_visiting: Generated<boolean>;
    created_at: CreatedAt;
    deleted_at: Date | null;
  };
  users: {
    id: Generated<number>;
    contact_id: number;
    name: string;
    email: string;
    password_hash: string | null;
    otp_secret: string | null;
    otp_enabled: Generated<boolean>;
    otp_last_step: number | null;
    activated_at: Date | null;
    created_at: CreatedAt;
    deleted_at: Date | null;
  };
  /**
   * client_id: the client that owns the role; the provider's roles are templates (migration 20261126T1600-role-owners).
   */
  roles: {
    id: Generated<number>;
    client_id: Generated<number>;
    name: string;
    description: string;
    created_at: CreatedAt;
  };
  permissions: { id: Generated<number>; name: string };
  role_user: { role_id: number; user_id: number };
  permission_role: { permission_id: number; role_id: number };
  sessions: {
    id: string;
    user_id: number | null;
    otp_authorized: Generated<boolean>;
    pending_otp_secret: string | null;
    xsrf_token: string;
    created_at: CreatedAt;
    last_seen_at: Timestamp;
    expires_at: Timestamp;
  };
  auth_tokens: {
    id: Generated<number>;
    user_id: number;
    kind: 'activation' | 'password_reset';
    token_hash: string;
    expires_at: Date;
    used_at: Date | null;
    created_at: CreatedAt;
  };
  events: {
    id: Generated<number>;
    client_id: number | null;
    item_id: number | null;
    delivery_id: number | null;
    product_id: number | null;
    user_id: number | null;
    status_id: number | null;
    action: string;
    created_at: CreatedAt;
  };
  idempotency_keys: {
    user_id: number;
    key: string;
    method: string;
    path: string;
    status_code: number | null;
    response: unknown;
    /** SHA-256 of method, path and body (null on rows from before it was kept). */
    request_hash: string | null;
    created_at: CreatedAt;
  };
  rate_limits: { key: string; window_start: Date; hits: number };
}

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
/** Query functions take either the database or a transaction, so the caller owns the transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;
/** A read that may lock its rows (`forUpdate: true`) needs a transaction; otherwise any executor. */
export type ExecutorFor<Lock extends boolean> = Lock extends true ? Trx : Executor;

/**
 * A read with nothing from the request in it, built and compiled once per executor instead of on
 * every call (Kysely's building costs about a tenth of a cheap request's CPU).
 */
export function fixedQuery<R>(
  build: (db: Executor) => { compile(): CompiledQuery<R> },
): (db: Executor) => Promise<R[]> {
  const compiled = new WeakMap<Executor, CompiledQuery<R>>();
  return async (db) => {
    let query = compiled.get(db);
    if (!query) compiled.set(db, (query = build(db).compile()));
    return (await db.executeQuery(query)).rows;
  };
}
