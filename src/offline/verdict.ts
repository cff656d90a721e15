import { ApiError, NetworkError } from '../api/errors';
import type { Verdict } from './queue';

/** The server's words for a refusal: its message plus field messages it does not already say. */
export function refusalText(err: ApiError): string {
  const extra = [...new Set(Object.values(err.fieldErrors).flat())].filter((m) => !err.message.includes(m));
  return [err.message, ...extra].filter(Boolean).join(' ');
}

/** Answers that are no verdict on the action: signed out meanwhile (401, 419), a timeout, too many tries. */
const TRY_LATER = new Set([401, 408, 419, 429]);

/**
 * What a failed send comes to. Any other 4xx is the server's verdict on the action itself (a body too
 * large, 413, or nested too deep, 422, among them): sending it again cannot help, so it is marked failed
 * with the server's words. 5xx and no connection: it waits for a later run.
 */
export function verdictOfError(err: unknown): Verdict {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && !TRY_LATER.has(err.status)) {
    return { kind: 'refused', message: refusalText(err), errors: err.fieldErrors };
  }
  if (err instanceof ApiError || err instanceof NetworkError) return { kind: 'unreachable', message: err.message };
  return { kind: 'unreachable', message: (err as Error)?.message ?? 'Geen verbinding met de server.' };
}
