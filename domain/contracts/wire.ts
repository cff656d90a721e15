import * as v from 'valibot';

/**
 * Building blocks of the answer schemas. An answer schema is also the route's response schema
 * (server/http/route-schema.ts): the server sends only the fields it declares.
 */

/** A date or moment as the API sends it: text (the server's Date objects serialise to ISO 8601). */
export const timestamp = v.string();
export const nullableString = v.nullable(v.string());
export const nullableNumber = v.nullable(v.number());
export const idName = v.object({ id: v.number(), name: v.string() });
