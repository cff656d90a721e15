import type { FastifySchema } from 'fastify';
import * as v from 'valibot';
import { toJsonSchema, type ConversionConfig } from '@valibot/to-json-schema';
import { listQuerySchema } from '@domain/schemas/paging';

type Schema = v.GenericSchema;

interface RouteSchemaParts {
  params?: Schema;
  querystring?: Schema;
  body?: Schema;
  /** Answers by status code; the serializer sends only the declared fields of these. */
  response?: Record<number, Schema>;
  summary?: string;
  /** The body is multipart/form-data (uploads) instead of JSON. */
  multipart?: boolean;
}

/** Where a multipart route keeps its form's schema for the description only. */
export const MULTIPART_BODY = 'x-multipart-body';

/** JSON Schema of a valibot schema, as OpenAPI 3.1 and fast-json-stringify read it. */
function jsonSchemaOf(schema: Schema, typeMode: ConversionConfig['typeMode']): Record<string, unknown> {
  // Checks JSON Schema cannot say (custom checks, transforms) stay in valibot's parse; they are left out here.
  const { $schema: _, ...json } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode,
    errorMode: 'ignore',
  }) as Record<string, unknown>;
  return json;
}

/** Keys a branch of `anyOf: [branch, {type: 'null'}]` may have to be folded into `type: [type, 'null']`. */
const FOLDABLE = new Set([
  'type',
  'properties',
  'required',
  'items',
  'additionalProperties',
  'description',
  'format',
  'title',
]);

/**
 * valibot's nullable (`anyOf: [X, {type: 'null'}]`) as `type: [X's type, 'null']`, which JSON Schema and
 * OpenAPI 3.1 read the same way. fast-json-stringify serializes an `anyOf` by running a compiled
 * validator over each branch for each value, and a failed branch (every null) allocates its errors: 200
 * calls for a page of 25 item rows, 16 KB of garbage. A type list is a `typeof` test.
 */
function nullsAsTypeLists(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullsAsTypeLists);
  if (!node || typeof node !== 'object') return node;
  const out = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, nullsAsTypeLists(value)]));
  const branches = out.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return out;
  const isNull = (b: Record<string, unknown>) => b.type === 'null' && Object.keys(b).length === 1;
  const other = (branches as Record<string, unknown>[]).find((b) => !isNull(b));
  if (
    !other ||
    !branches.some(isNull) ||
    typeof other.type !== 'string' ||
    !Object.keys(other).every((k) => FOLDABLE.has(k))
  )
    return out;
  const { anyOf: _, ...rest } = out;
  return { ...rest, ...other, type: [other.type, 'null'] };
}

/**
 * The Fastify schema of a route, generated from the shared valibot schemas. Requests are still
 * checked by `parse` (Dutch 422 messages): the app's validator compiler accepts everything, so these
 * schemas describe the input (OpenAPI) while the response schemas also shape what is sent.
 */
export function routeSchema(parts: RouteSchemaParts): FastifySchema {
  const schema: FastifySchema & Record<string, unknown> = {};
  if (parts.summary) schema.summary = parts.summary;
  if (parts.params) schema.params = jsonSchemaOf(parts.params, 'input');
  if (parts.querystring) schema.querystring = jsonSchemaOf(parts.querystring, 'input');
  if (parts.body) {
    const body = jsonSchemaOf(parts.body, 'input');
    // A form's body is kept out of Fastify's own schema (Fastify would then answer broken bodies itself,
    // before the route's Dutch messages); the description puts it back (server/http/openapi.ts).
    if (parts.multipart) schema[MULTIPART_BODY] = body;
    else schema.body = body;
  }
  if (parts.response) {
    schema.response = Object.fromEntries(
      Object.entries(parts.response).map(([status, s]) => [status, nullsAsTypeLists(jsonSchemaOf(s, 'output'))]),
    );
  }
  return schema;
}

/** The numeric path parameters of a route, e.g. `idParams('id')`; `idParam` reads them. */
export const idParams = (...names: string[]) =>
  v.object(Object.fromEntries(names.map((name) => [name, v.pipe(v.string(), v.regex(/^\d{1,9}$/))])));

/** The answer of a command that reports only its toast text. */
export const messageResponse = v.object({ message: v.string() });

/** Ready-made schemas of the common route shapes. */
export const schemas = {
  /** A record by its id. */
  byId: routeSchema({ params: idParams('id') }),
  /** A table (spec 1 §7 list parameters). */
  list: routeSchema({ querystring: listQuerySchema }),
  /** A table of one record's rows. */
  listById: routeSchema({ params: idParams('id'), querystring: listQuerySchema }),
  /** A command on a record that answers with its toast text only. */
  messageById: routeSchema({ params: idParams('id'), response: { 200: messageResponse } }),
};

/** A file field of a multipart form. */
export const uploadField = v.pipe(
  v.string(),
  v.metadata({ format: 'binary', description: 'Een bestand (multipart/form-data)' }),
);

/** A moment as the answers send it (ISO 8601), or null. */
export function isoTime(d: Date | string): string;
export function isoTime(d: Date | string | null): string | null;
export function isoTime(d: Date | string | null): string | null {
  return d ? new Date(d).toISOString() : null;
}

/**
 * What a service may return for an answer contract (domain/contracts): the same fields, where a
 * text may still be the Date it serialises to. Annotating a service with it keeps it and the
 * route's response schema in step: a field the schema would strip is a type error.
 */
export type Answer<T> = T extends string
  ? T | Date
  : T extends readonly (infer E)[]
    ? Answer<E>[]
    : T extends object
      ? { [K in keyof T]: Answer<T[K]> }
      : T;
