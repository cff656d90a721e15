/** Answers of the stock calls (spec 2 §3, server/modules/stock), shared by server and web. */
import * as v from 'valibot';
import type { itemStatusSchema, itemUpdateSchema, mutationSchema } from '../schemas/stock';
import { pagedSchema } from '../paged';
import { idName, nullableNumber, nullableString, timestamp } from './wire';

const productCounts = {
  items_in_stock: v.number(),
  available_items: v.number(),
  items_at_location: v.number(),
  items_in_use: v.number(),
  items_count: v.number(),
};
export type ProductCounts = v.InferOutput<v.ObjectSchema<typeof productCounts, undefined>>;

const media = v.array(v.object({ original_url: v.string(), name: v.string() }));
const price = v.object({ price: v.string() });

/** What the list row and the detail both say of an article. */
const productFields = {
  ...productCounts,
  id: v.number(),
  name: v.string(),
  description: nullableString,
  article_number: v.string(),
  unique_product_id: v.string(),
  eol: nullableNumber,
  product_group_id: v.number(),
  client_id: v.number(),
  is_active: v.boolean(),
  image: nullableString,
  price,
};

export const productRowSchema = v.object({
  ...productFields,
  client_name: v.string(),
  reseller_id: nullableNumber,
  reseller_name: nullableString,
});
export type ProductRow = v.InferOutput<typeof productRowSchema>;
/** GET /products, /getproductsbyclientid/{clientId} and /inactive-products/{clientId}. */
export const productListSchema = pagedSchema(productRowSchema);
/** GET /getproductsbyprojectid/{projectId}: every active article with items in the project, in list order. */
export const productRowsSchema = v.array(productRowSchema);

/** GET /products/{id}. */
export const productDetailSchema = v.object({
  ...productFields,
  product_group: v.nullable(idName),
  client: v.nullable(v.object({ id: v.number(), name: v.string(), client_type_id: v.number() })),
  reseller: v.nullable(idName),
  media,
  bundles: v.array(idName),
});
export type ProductDetail = v.InferOutput<typeof productDetailSchema>;

const statusSchema = idName;
export type Status = v.InferOutput<typeof statusSchema>;

const itemRowSchema = v.object({
  id: v.number(),
  product_id: v.number(),
  product_name: v.string(),
  serial: nullableString,
  order_number: nullableString,
  mac_address: nullableString,
  tag_number: nullableString,
  date_in_use: v.nullable(timestamp),
  status_id: v.number(),
  status: statusSchema,
  client_id: v.number(),
  end_user: v.nullable(idName),
  end_user_name: nullableString,
  eol_time: nullableNumber,
});
export type ItemRow = v.InferOutput<typeof itemRowSchema>;
/** GET /getitems/{productId} and /getitemsbyclientid/{clientId}. */
export const itemListSchema = pagedSchema(itemRowSchema);
/** GET /getavailableitems/{productId}: the items that can still be delivered. */
export const itemRowsSchema = v.array(itemRowSchema);

const itemEventSchema = v.object({
  id: v.number(),
  action: v.string(),
  created_at: timestamp,
  /** The delivery the event belongs to (a check-out, a mutation), if any. */
  delivery_id: nullableNumber,
  status_id: nullableNumber,
  status: v.nullable(statusSchema),
  user: v.nullable(v.object({ name: v.string() })),
  product: v.object({ name: nullableString }),
});
export type ItemEvent = v.InferOutput<typeof itemEventSchema>;
/** GET /getevents/{id}: the item's events, newest first. */
export const itemEventListSchema = v.array(itemEventSchema);

/** GET /items/{id}. */
export const itemDetailSchema = v.object({
  id: v.number(),
  serial: nullableString,
  order_number: nullableString,
  tag_number: nullableString,
  mac_address: nullableString,
  date_in_use: v.nullable(timestamp),
  shipping_date: v.nullable(timestamp),
  start_date_contract: v.nullable(timestamp),
  end_date_contract: v.nullable(timestamp),
  daas: v.boolean(),
  stock_owner: nullableString,
  address: nullableString,
  description: nullableString,
  eol_time: nullableNumber,
  status_id: v.number(),
  status: statusSchema,
  product_id: v.number(),
  client_id: v.number(),
  product: v.object({
    id: v.number(),
    name: v.string(),
    description: nullableString,
    article_number: v.string(),
    eol: nullableNumber,
    product_group: v.nullable(idName),
    image: nullableString,
    media,
  }),
  project: v.nullable(v.object({ id: v.number(), number: v.string() })),
  client: v.object({
    id: v.number(),
    name: v.string(),
    client_type_id: v.number(),
    contact: v.nullable(
      v.object({ first_name: v.string(), last_name: v.string(), email: nullableString, phone: nullableString }),
    ),
  }),
  end_client: v.object({ id: nullableNumber, name: nullableString }),
  in_use_by: v.nullable(idName),
  bundle_names: v.array(v.string()),
  events: v.array(itemEventSchema),
});
export type ItemDetail = v.InferOutput<typeof itemDetailSchema>;

const bundleRowSchema = v.object({
  id: v.number(),
  name: v.string(),
  client_id: v.number(),
  client_name: v.string(),
  reseller_name: nullableString,
  products_count: v.number(),
});
export type BundleRow = v.InferOutput<typeof bundleRowSchema>;
/** GET /bundles. */
export const bundleListSchema = pagedSchema(bundleRowSchema);

const bundleProduct = v.object({ id: v.number(), name: v.string(), article_number: v.string() });
/** GET /bundles/{id}. */
export const bundleDetailSchema = v.object({
  id: v.number(),
  name: v.string(),
  client_id: v.number(),
  client: idName,
  products: v.array(bundleProduct),
  client_products: v.array(bundleProduct),
});
export type BundleDetail = v.InferOutput<typeof bundleDetailSchema>;

/** GET /product-groups/{id}; GET /product-groups gives them all. */
export const productGroupSchema = idName;
export type ProductGroup = v.InferOutput<typeof productGroupSchema>;
export const productGroupListSchema = v.array(productGroupSchema);

/** A column the stock export offers (GET /export-columns); `default` ones are the list's own columns. */
const exportColumnSchema = v.object({ key: v.string(), label: v.string(), default: v.boolean() });
export type ExportColumn = v.InferOutput<typeof exportColumnSchema>;
export const exportColumnListSchema = v.array(exportColumnSchema);

// The answers of the stock commands: the toast text and the record as it is now.
const message = v.string();
/** POST /products, POST /products/{id} (override PUT), POST /products/{id}/prices. */
export const productAnswerSchema = v.object({ message, data: productDetailSchema });
export type ProductAnswer = v.InferOutput<typeof productAnswerSchema>;
/** POST /items: the ids of the items made (one per serial, or the accessories' quantity). */
export const itemsCreatedAnswerSchema = v.object({ message, data: v.array(v.object({ id: v.number() })) });
/** POST /items/{id} (override PUT) and PUT /items/{id}: the item as it is now. */
export const itemAnswerSchema = v.object({ message, data: itemDetailSchema });
export type ItemAnswer = v.InferOutput<typeof itemAnswerSchema>;
/** POST /items/{id}/mutation: also the MUTATIE delivery that records the change. */
export const itemMutationAnswerSchema = v.object({ message, delivery_id: v.number(), data: itemDetailSchema });
export type ItemMutationAnswer = v.InferOutput<typeof itemMutationAnswerSchema>;
/** POST /bundles and PUT /bundles/{id}. */
export const bundleAnswerSchema = v.object({ message, data: bundleDetailSchema });
export type BundleAnswer = v.InferOutput<typeof bundleAnswerSchema>;
/** POST /importstock: how many items the file added. */
export const stockImportAnswerSchema = v.object({ message, imported: v.number() });
export type StockImportAnswer = v.InferOutput<typeof stockImportAnswerSchema>;

/** PUT /items/{id}: the whole item (Bewerken) or only its status (the status label). */
export type ItemUpdatePayload = v.InferInput<typeof itemUpdateSchema> | v.InferInput<typeof itemStatusSchema>;
export type ItemMutationPayload = v.InferInput<typeof mutationSchema>;
