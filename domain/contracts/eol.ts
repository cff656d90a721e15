/** Answers of the EOL calls (spec 2 §2.11, §3 'Product with EOL items'), shared by server and web. */
import * as v from 'valibot';
import { pagedSchema } from '../paged';
import { idName, nullableNumber, nullableString } from './wire';

const eolProductRowSchema = v.object({
  /** The product id; /eol/{id} and GET /api/items/itemseolbyproductid/{id} take it. */
  id: v.number(),
  name: v.string(),
  article_number: v.string(),
  /** The product's EOL in months. */
  eol: v.number(),
  /** Items of this product on the overview (EOL within 3 months or already passed). */
  eol_items: v.number(),
  client_id: v.number(),
  /** The end customer that owns the product, with its reseller as `parent` (null when directly under the provider). */
  client: v.object({ ...idName.entries, parent: v.nullable(idName) }),
  client_name: v.string(),
  reseller_id: nullableNumber,
  reseller_name: nullableString,
});
/** One row of GET /api/productswitheolitems and of the export. */
export type EolProductRow = v.InferOutput<typeof eolProductRowSchema>;
/** GET /productswitheolitems. */
export const eolProductListSchema = pagedSchema(eolProductRowSchema);
export type EolProductsPage = v.InferOutput<typeof eolProductListSchema>;

const eolItemRowSchema = v.object({
  /** The item id; the detail button links to /item/{id}. */
  id: v.number(),
  product_id: v.number(),
  product_name: v.string(),
  serial: nullableString,
  order_number: nullableString,
  /** Purchase date, 'YYYY-MM-DD'. */
  date_in_use: v.string(),
  /** The day the item reaches EOL, 'YYYY-MM-DD'. */
  eol_date: v.string(),
  /** Whole months until EOL: 0 in the last month, negative once passed. */
  eol_time: v.number(),
  status_id: v.number(),
  status: idName,
  /** 'In gebruik door': the end user holding the item, null while it is at the end customer. */
  in_use_by: v.nullable(v.object({ ...idName.entries, first_name: nullableString, last_name: nullableString })),
  end_user_name: nullableString,
  end_client: idName,
  reseller: v.nullable(idName),
});
/** One row of GET /api/items/itemseolbyproductid/{id} (spec 2 §2.11 detail columns). */
export type EolItemRow = v.InferOutput<typeof eolItemRowSchema>;

/** GET /items/itemseolbyproductid/{id}: the paged items plus the product, so an empty list still has its title. */
export const eolItemListSchema = v.object({
  ...pagedSchema(eolItemRowSchema).entries,
  product: v.object({ id: v.number(), name: v.string(), article_number: v.string(), eol: nullableNumber }),
});
export type EolItemsPage = v.InferOutput<typeof eolItemListSchema>;
