import * as v from 'valibot';
import { issuesToFieldErrors } from '@domain/schemas/common';

/** An answer with a status and a Dutch message, thrown from anywhere in a request. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const VALIDATION_MESSAGE = 'Validatie mislukt!';

/** HTTP 422 with per-field messages; dotted names for nested fields. */
export class ValidationError extends HttpError {
  constructor(errors: Record<string, string[]>) {
    super(422, VALIDATION_MESSAGE, errors);
  }
  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}

export const notFound = (message = 'Niet gevonden') => new HttpError(404, message);
export const forbidden = (message = 'Je hebt geen rechten voor deze actie.') => new HttpError(403, message);

/**
 * Parses input with a shared valibot schema, or throws a 422 with the schema's Dutch messages.
 * `field` names the input when it is a single value rather than an object of fields.
 */
export function parse<S extends v.GenericSchema>(schema: S, input: unknown, field?: string): v.InferOutput<S> {
  const result = v.safeParse(schema, input ?? {});
  if (result.success) return result.output;
  if (field) throw new ValidationError({ [field]: result.issues.map((issue) => issue.message) });
  throw new ValidationError(issuesToFieldErrors(result.issues));
}

/** A numeric route parameter; anything else is a 404, not a database error. */
export function idParam(params: unknown, name = 'id'): number {
  const raw = (params as Record<string, string> | undefined)?.[name];
  if (!raw || !/^\d{1,9}$/.test(raw)) throw notFound();
  return Number(raw);
}

/** The PostgreSQL code of a unique violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * Runs a write whose uniqueness was checked just before. When a parallel request wrote the same
 * value in between, the unique index `constraint` refuses it; the caller gets the check's own 422
 * (from `refusal`) instead of a database error.
 */
export async function unlessTaken<T>(
  constraint: string,
  refusal: () => HttpError,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const e = err as { code?: string; constraint?: string };
    if (e.code === UNIQUE_VIOLATION && e.constraint === constraint) throw refusal();
    throw err;
  }
}
