import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Executor, Trx } from '../db/database';
import { HttpError } from './errors';
import { multipartDigest } from './multipart';

interface CommandResult<T> {
  status?: number;
  body: T;
}

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** Set on an answer given again from its Idempotency-Key. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const KEY_OTHER_ACTION = 'Deze Idempotency-Key is al gebruikt voor een andere actie.';
export const KEY_OTHER_BODY = 'Deze Idempotency-Key is al gebruikt met andere gegevens.';

/** How long a key (and the whole answer it holds) is kept: an outbox replays within hours, not days. */
const KEY_LIFETIME_SECONDS = 24 * 3600;

/**
 * SHA-256 of what the request asks: method, path and body (a JSON body as parsed, a multipart body
 * as its fields and file bytes). A key sent again with another body is refused (IETF
 * Idempotency-Key draft: 422), not answered with the first request's answer.
 */
function requestHash(request: FastifyRequest, path: string): string {
  const body = multipartDigest(request) ?? JSON.stringify(request.body ?? null);
  return crypto.createHash('sha256').update(`${request.method} ${path}\n`).update(body).digest('hex');
}

/** deadlock_detected and serialization_failure: PostgreSQL rolled the transaction back; running it again is safe. */
const RETRYABLE_SQLSTATES = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

/**
 * One transaction, run again (at most three times in all) when PostgreSQL aborted it as a deadlock
 * victim: two commands that update the same maintained counts (item_counts, client_counts,
 * delivery_counts) in opposite orders. Everything the first attempt wrote was rolled back, so the
 * user's command is applied exactly once.
 */
export async function inTransaction<T>(db: Db, work: (trx: Trx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (err) {
      const code = (err as { code?: unknown } | null)?.code;
      if (attempt >= ATTEMPTS || typeof code !== 'string' || !RETRYABLE_SQLSTATES.has(code)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}

/**
 * Runs one command in one transaction. When the request carries an `Idempotency-Key`, the key is
 * claimed inside the same transaction and stored with the answer, so a replay (the offline outbox
 * sending again) gets the first answer back and never applies the command twice. A concurrent
 * request with the same key waits on the key's row and then gets the stored answer.
 */
export async function runCommand<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  command: (trx: Trx) => Promise<CommandResult<T>>,
): Promise<T> {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !request.user) {
    const result = await inTransaction(db, command);
    reply.status(result.status ?? 200);
    return result.body;
  }
  if (!KEY_PATTERN.test(key)) throw new HttpError(400, 'Ongeldige Idempotency-Key.');
  const userId = request.user.id;
  const path = request.url;
  const hash = requestHash(request, path);

  const outcome = await inTransaction(db, async (trx) => {
    const claimed = await trx
      .insertInto('idempotency_keys')
      .values({
        user_id: userId,
        key,
        method: request.method,
        path,
        request_hash: hash,
        status_code: null,
        response: null,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) {
      const stored = await trx
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      if (stored.path !== path || stored.method !== request.method) throw new HttpError(422, KEY_OTHER_ACTION);
      if (stored.request_hash !== null && stored.request_hash !== hash) throw new HttpError(422, KEY_OTHER_BODY);
      return { replayed: true as const, status: stored.status_code ?? 200, body: stored.response as T };
    }
    const result = await command(trx);
    const status = result.status ?? 200;
    await trx
      .updateTable('idempotency_keys')
      .set({ status_code: status, response: JSON.stringify(result.body ?? null) })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .execute();
    return { replayed: false as const, status, body: result.body };
  });
  if (outcome.replayed) reply.header(REPLAYED_HEADER, 'true');
  reply.status(outcome.status);
  return outcome.body;
}

/** True once runCommand answered this reply from its Idempotency-Key instead of running the command. */
export const isReplayed = (reply: FastifyReply): boolean => reply.getHeader(REPLAYED_HEADER) === 'true';

/** Deletes keys older than their lifetime (housekeeping): each holds a whole answer. */
export async function purgeOldIdempotencyKeys(db: Executor, olderThanSeconds = KEY_LIFETIME_SECONDS): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(Date.now() - olderThanSeconds * 1000))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
