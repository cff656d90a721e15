import type { FastifyInstance, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, VALIDATION_MESSAGE } from './errors';
import { BODY_TOO_LARGE_MESSAGE } from './body-limits';
import { MAX_FIELD_ERRORS } from '@domain/schemas/common';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from './db-errors';
import { STORAGE_UNAVAILABLE, StorageUnavailableError } from '../lib/storage';

const SERVER_ERROR = 'Er is helaas iets fout gegaan. Probeer het later opnieuw.';
export const INVALID_JSON_MESSAGE = 'De verzonden gegevens zijn geen geldige JSON.';
const jsonParseErrors = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

/** At most MAX_FIELD_ERRORS fields of a refusal: an answer stays small whatever the request held. */
function firstFieldErrors(errors: Record<string, string[]>): Record<string, string[]> {
  const keys = Object.keys(errors);
  return keys.length <= MAX_FIELD_ERRORS
    ? errors
    : Object.fromEntries(Object.entries(errors).slice(0, MAX_FIELD_ERRORS));
}

/** The largest refused body still read to its end (and thrown away) so that the client can read the refusal. */
export const DRAIN_LIMIT = 64 * 1024 * 1024;

/**
 * A body refused for its size is read on and discarded instead of the connection being closed under
 * it: a server that closes while the client still sends makes the kernel reset the connection, and
 * the client (a browser uploading a file) loses the 413 it had already been sent and reports a
 * network error. Reading is cheap (nothing is parsed or kept); beyond DRAIN_LIMIT the connection is
 * closed after all, as Fastify does.
 */
function drainRefusedBody(request: FastifyRequest, reply: FastifyReply): void {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > DRAIN_LIMIT) return;
  reply.removeHeader('connection');
  request.raw.resume();
}

/** One place that turns every failure into the API's JSON shape; 5xx never shows its text. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode === 413) drainRefusedBody(request, reply);
      return reply
        .status(error.statusCode)
        .send(
          error.errors
            ? { message: error.message, errors: firstFieldErrors(error.errors) }
            : { message: error.message },
        );
    }
    if (error.validation) {
      const errors: Record<string, string[]> = {};
      for (const e of error.validation) {
        const field =
          (e.instancePath || '').replace(/^\//, '').replace(/\//g, '.') || String(e.params?.missingProperty ?? '_');
        (errors[field] ??= []).push('Dit veld is ongeldig.');
      }
      return reply.status(422).send({ message: VALIDATION_MESSAGE, errors });
    }
    if (error instanceof StorageUnavailableError) {
      request.log.warn({ err: error }, 'file storage unavailable');
      return reply.status(503).header('Retry-After', '5').send({ message: STORAGE_UNAVAILABLE });
    }
    if (isDatabaseUnavailable(error)) {
      // Nothing was confirmed to the client; it may try again (safely so with an Idempotency-Key).
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('Retry-After', '5').send({ message: DATABASE_UNAVAILABLE });
    }
    if ((error.code && jsonParseErrors.has(error.code)) || (error instanceof SyntaxError && error.statusCode === 400)) {
      return reply.status(400).send({ message: INVALID_JSON_MESSAGE });
    }
    if (error.code === '23505') {
      return reply.status(409).send({ message: 'Dit gegeven bestaat al.' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      drainRefusedBody(request, reply);
      return reply.status(413).send({ message: BODY_TOO_LARGE_MESSAGE });
    }
    if (error.statusCode === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_PARTS_LIMIT') {
      drainRefusedBody(request, reply);
      return reply.status(413).send({ message: 'Het bestand is te groot.' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ message: 'Dit type gegevens wordt niet ondersteund.' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: 'De aanvraag is ongeldig.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: SERVER_ERROR });
  });
}
