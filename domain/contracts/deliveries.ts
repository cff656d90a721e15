/** Answers of the delivery calls (spec 2 §3 Delivery, §7 Deliveries), shared by server and web. */
import * as v from 'valibot';
import { pagedSchema } from '../paged';
import { eventFields, idName, nullableNumber, nullableString, timestamp } from './wire';

const typeName = v.object({ name: v.string() });
const pickupFlag = v.picklist([0, 1]);

const deliveryListRowSchema = v.object({
  id: v.number(),
  date: nullableString,
  order_number: nullableString,
  w_number: nullableString,
  your_reference: nullableString,
  delivery_type_id: v.number(),
  delivery_type: typeName,
  client_id: v.number(),
  client_name: v.string(),
  /** The end customer: the client itself, or the parent of an end user. */
  end_customer_id: v.number(),
  end_customer_name: v.string(),
  address: nullableString,
  carrier_id: v.number(),
  /** 'Voorraad': the number of lines. */
  products_count: v.number(),
  checked_out_count: v.number(),
  created_at: timestamp,
  completed_at: v.nullable(timestamp),
  is_cancelled: v.boolean(),
});
/** A row of GET /deliveries, /backorders, /finisheddeliveries and /cancelleddeliveries (spec 2 §2.6). */
export type DeliveryListRow = v.InferOutput<typeof deliveryListRowSchema>;
export const deliveryListSchema = pagedSchema(deliveryListRowSchema);

const deliveryItemSchema = v.object({
  id: v.number(),
  serial: nullableString,
  status_id: v.number(),
  status: idName,
  product: v.object({ id: v.number(), name: v.string(), article_number: v.string(), product_group_id: v.number() }),
  pivot: v.object({
    is_pickup: pickupFlag,
    checked_out_at: v.nullable(timestamp),
    is_backorder: v.boolean(),
    delivery_product_id: v.number(),
  }),
});

/** One line of the delivery (spec 2 §3: product_id, item_id, is_pickup). */
const deliveryLineSchema = v.object({
  id: v.number(),
  product_id: v.number(),
  item_id: nullableNumber,
  is_pickup: pickupFlag,
  checked_out_at: v.nullable(timestamp),
  is_backorder: v.boolean(),
  product: v.object({
    id: v.number(),
    name: v.string(),
    article_number: v.string(),
    description: nullableString,
    product_group_id: v.number(),
  }),
  serial: nullableString,
});
export type DeliveryLine = v.InferOutput<typeof deliveryLineSchema>;

/** Bulk product list (spec 2 §3): per article the expected and checked-out ('Uitgeklaard') counts. */
const bulkProductRowSchema = v.object({
  id: v.number(),
  name: v.string(),
  article_number: v.string(),
  product_group_id: v.number(),
  expected: v.number(),
  arrived: v.number(),
});
export type BulkProductRow = v.InferOutput<typeof bulkProductRowSchema>;

const deliveryEventSchema = v.object({ ...eventFields, status: v.nullable(idName), user: v.nullable(idName) });

const deliveryContactSchema = v.object({
  id: v.number(),
  first_name: v.string(),
  last_name: v.string(),
  title: nullableString,
  phone: nullableString,
  email: nullableString,
});

/** GET /deliveries/{id}: the detail page (spec 2 §2.7). */
export const deliveryDetailSchema = v.object({
  id: v.number(),
  order_number: nullableString,
  delivery_type_id: v.number(),
  delivery_type: typeName,
  /** The info panel title: type name 'van' contact, end-user or client name. */
  title: v.string(),
  client_id: v.number(),
  client: v.object({
    id: v.number(),
    name: v.string(),
    client_type_id: v.number(),
    parent_client_id: nullableNumber,
    contacts: v.array(deliveryContactSchema),
  }),
  end_customer: idName,
  project_id: nullableNumber,
  project: v.nullable(v.object({ id: v.number(), number: v.string() })),
  carrier_id: v.number(),
  carrier: idName,
  date: nullableString,
  created_at: timestamp,
  /** Finished: the completion timestamp is set. */
  finished: v.boolean(),
  completed: v.nullable(timestamp),
  comment: nullableString,
  is_cancelled: v.boolean(),
  contact: nullableString,
  contact_email: nullableString,
  contact_phone: nullableString,
  address: nullableString,
  description: nullableString,
  w_number: nullableString,
  your_reference: nullableString,
  user: v.nullable(idName),
  file: nullableString,
  /** The bulk upload as spec 2 §3 names it: the first file's download url and name. */
  media: v.array(v.object({ original_url: v.string(), name: v.string() })),
  date_quotation: v.nullable(timestamp),
  finished_repair: v.nullable(timestamp),
  repair_description: nullableString,
  /** Who signed at the finish; `url` of the signature image when one was stored. */
  signature: v.nullable(
    v.object({ url: nullableString, signer_name: nullableString, signed_at: v.nullable(timestamp) }),
  ),
  /** A backorder (type 7): the delivery whose finish left its lines. */
  backorder_of: v.nullable(v.object({ id: v.number(), order_number: nullableString })),
  /** The backorder deliveries this delivery's finish made, with whether each is finished yet. */
  backorders: v.array(
    v.object({
      id: v.number(),
      order_number: nullableString,
      completed: v.nullable(timestamp),
      is_cancelled: v.boolean(),
    }),
  ),
  items: v.array(deliveryItemSchema),
  products: v.array(deliveryLineSchema),
  bulk_products: v.array(bulkProductRowSchema),
  events: v.array(deliveryEventSchema),
  /** What the page may offer (spec 2 §4), so the web does not repeat the rules. */
  can: v.object({
    edit: v.boolean(),
    cancel: v.boolean(),
    reopen: v.boolean(),
    delete: v.boolean(),
    finish: v.boolean(),
    shipping_label: v.boolean(),
  }),
});
export type DeliveryDetail = v.InferOutput<typeof deliveryDetailSchema>;

/** GET /deliveries/today ('Mijn leveringen vandaag'): the day by the database's clock and its deliveries in full. */
export const deliveriesTodaySchema = v.object({ date: v.string(), data: v.array(deliveryDetailSchema) });
export type DeliveriesToday = v.InferOutput<typeof deliveriesTodaySchema>;

/** GET /carriers. */
export const carrierListSchema = v.array(idName);

/** GET /delivery-form-options/{clientId}: what the request forms choose from, with the 'more than available' counts. */
export const deliveryFormOptionsSchema = v.object({
  client: v.object({ id: v.number(), name: v.string(), client_type_id: v.number() }),
  end_customer: idName,
  products: v.array(
    v.object({
      id: v.number(),
      name: v.string(),
      article_number: v.string(),
      product_group_id: v.number(),
      available: v.number(),
      on_order: v.number(),
    }),
  ),
  bundles: v.array(v.object({ id: v.number(), name: v.string(), product_ids: v.array(v.number()) })),
  /** Items the client holds (end user) or has at its location: the pickup choices. */
  items: v.array(
    v.object({
      id: v.number(),
      serial: nullableString,
      product_id: v.number(),
      product_name: v.string(),
      status_id: v.number(),
      on_open_delivery: v.boolean(),
    }),
  ),
  contacts: v.array(
    v.object({
      id: v.number(),
      first_name: v.string(),
      last_name: v.string(),
      phone: nullableString,
      email: nullableString,
    }),
  ),
  addresses: v.array(
    v.object({
      id: v.number(),
      street: v.string(),
      number: v.string(),
      addition: nullableString,
      zipcode: v.string(),
      city: v.string(),
    }),
  ),
  carriers: v.array(idName),
});
export type DeliveryFormOptions = v.InferOutput<typeof deliveryFormOptionsSchema>;

/** The answer of a delivery command: its toast text and the delivery as it is now (request, edit, finish). */
export const deliveryCommandAnswerSchema = v.object({ message: v.string(), data: deliveryDetailSchema });
export type DeliveryCommandAnswer = v.InferOutput<typeof deliveryCommandAnswerSchema>;

/**
 * POST /delivery/cancel, /delivery/reopen-cancelled-delivery, /delivery/delete: the toast text and the delivery's id.
 */
export const deliveryStateAnswerSchema = v.object({ message: v.string(), id: v.number() });

/** POST /delivery/checkout and /items/scanbulkitems: the lines each checked-out item (or accessory) ticked. */
export const checkOutAnswerSchema = v.object({
  message: v.string(),
  data: v.object({
    delivery_id: v.number(),
    checked_out: v.array(v.object({ item_id: nullableNumber, delivery_product_id: v.number() })),
  }),
});
export type CheckOutAnswer = v.InferOutput<typeof checkOutAnswerSchema>;
/** POST /delivery/checkout/check: per serial whether the check-out would take it, and why not. */
export const checkOutCheckAnswerSchema = v.object({
  data: v.array(v.object({ serial: v.string(), available: v.boolean(), message: nullableString })),
});
export type CheckOutCheckAnswer = v.InferOutput<typeof checkOutCheckAnswerSchema>;
