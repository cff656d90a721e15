import * as v from 'valibot';

const pageLinkSchema = v.object({ url: v.nullable(v.string()), label: v.string(), active: v.boolean() });

/** The paged list answer every list endpoint gives (spec 1 §3), for a row schema. */
export const pagedSchema = <TRow extends v.GenericSchema>(row: TRow) =>
  v.object({
    data: v.array(row),
    current_page: v.number(),
    last_page: v.number(),
    per_page: v.number(),
    total: v.number(),
    links: v.array(pageLinkSchema),
  });

/** The paged list answer every list endpoint gives (spec 1 §3). */
export interface Paged<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  links: v.InferOutput<typeof pageLinkSchema>[];
}
