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

/**
 * What every activity row says (the events table, server/modules/events.ts): the entry, when, and the status and item
 * it concerns.
 */
export const eventFields = {
  id: v.number(),
  action: v.string(),
  created_at: timestamp,
  status_id: nullableNumber,
  item_id: nullableNumber,
};
/** An activity row with the names a table shows beside the entry. */
export const namedEventFields = { ...eventFields, product_name: nullableString, status_name: nullableString };
