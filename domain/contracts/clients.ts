/** Answers of the customer calls (spec 1 §3, §7; server/modules/crm), shared by server and web. */
import * as v from 'valibot';
import type { addressCreateSchema, clientCreateSchema, clientUpdateSchema } from '../schemas/clients';
import { pagedSchema } from '../paged';
import { productRowSchema } from './stock';
import { idName, namedEventFields, nullableNumber, nullableString, timestamp } from './wire';

export const addressSchema = v.object({
  id: v.number(),
  client_id: v.number(),
  name: nullableString,
  street: v.string(),
  number: v.string(),
  addition: nullableString,
  zipcode: v.string(),
  city: v.string(),
  country: v.string(),
  is_visiting: v.boolean(),
  created_at: timestamp,
});
export type Address = v.InferOutput<typeof addressSchema>;

export const contactSchema = v.object({
  id: v.number(),
  client_id: v.number(),
  first_name: v.string(),
  last_name: v.string(),
  title: nullableString,
  phone: nullableString,
  email: nullableString,
  has_account: v.boolean(),
  /** Spec 1 §3 Contact; the answers list live contacts only, so it is null. */
  deleted_at: v.nullable(timestamp),
  /** A reseller's contact: the end customers it works for. */
  reseller_end_client: v.optional(v.array(v.object({ endclient_id: v.number() }))),
});
export type Contact = v.InferOutput<typeof contactSchema>;

const clientSummary = v.object({ id: v.number(), name: v.string(), client_type_id: v.number() });

export const monthlyPaymentSchema = v.object({
  id: v.number(),
  description: v.string(),
  price: v.string(),
  price_cents: v.number(),
});
export type MonthlyPayment = v.InferOutput<typeof monthlyPaymentSchema>;

/** GET /clients/{id}?minimum=true, and the `data` of the customer commands: the edit form's part. */
const clientFormFields = {
  id: v.number(),
  name: v.string(),
  client_type_id: v.number(),
  client_type_name: v.string(),
  parent_client_id: nullableNumber,
  image: nullableString,
  invoice_description: nullableString,
  invoice_reference: nullableString,
  primary_contact_id: nullableNumber,
  delivery_by_postnl: v.number(),
  created_at: timestamp,
  visiting_address: v.nullable(addressSchema),
  addresses: v.array(addressSchema),
  contacts: v.array(contactSchema),
};
export type ClientFormData = v.InferOutput<v.ObjectSchema<typeof clientFormFields, undefined>>;

/** An item the client holds itself (an end user's equipment, stock at a customer's location). */
const heldItemSchema = v.object({
  id: v.number(),
  product_id: v.number(),
  product_name: v.string(),
  article_number: v.string(),
  serial: nullableString,
  order_number: nullableString,
  tag_number: nullableString,
  mac_address: nullableString,
  status_id: v.number(),
  status: v.object({ id: v.number(), name: nullableString }),
  date_in_use: v.nullable(timestamp),
  shipping_date: v.nullable(timestamp),
  created_at: timestamp,
});
export type HeldItem = v.InferOutput<typeof heldItemSchema>;

/** One of the newest events on the customer page (spec 1 §3 Activity). */
const latestEventSchema = v.object({ ...namedEventFields, delivery_id: nullableNumber });

/** A pre-notification of the client with its expected and arrived counts. */
const clientAsnSchema = v.object({
  id: v.number(),
  reference: v.string(),
  w_number: nullableString,
  expected: v.nullable(timestamp),
  stock_owner: v.string(),
  daas: v.boolean(),
  partial_delivery: v.boolean(),
  created_at: timestamp,
  completed_at: v.nullable(timestamp),
  expected_count: v.number(),
  arrived_count: v.number(),
  complete: v.boolean(),
});

/** The stock parts of the customer page (stockOfClient of server/modules/stock, read by the crm area). */
const clientStockFields = {
  products: v.array(productRowSchema),
  bundles: v.array(idName),
  projects: v.array(v.object({ id: v.number(), number: v.string() })),
  available_products: v.array(productRowSchema),
};
export type ClientStockFields = v.InferOutput<v.ObjectSchema<typeof clientStockFields, undefined>>;

/** What only the full page gets (spec 1 §3 Client). */
const clientPageFields = {
  parent: v.nullable(clientSummary),
  primary_contact: v.nullable(contactSchema),
  end_clients: v.array(clientSummary),
  monthly_payments: v.array(monthlyPaymentSchema),
  ...clientStockFields,
  items: v.array(heldItemSchema),
  events: v.array(latestEventSchema),
  asns: v.array(clientAsnSchema),
};
/** GET /clients/{id}: the customer page (spec 1 §2.9). */
export type ClientDetail = ClientFormData & v.InferOutput<v.ObjectSchema<typeof clientPageFields, undefined>>;

/** The answer of a customer command: its toast text and the edit form's part as it is now. */
export const clientCommandAnswerSchema = v.object({ message: v.string(), data: v.object(clientFormFields) });
/** POST /clients/{id}/monthly-payment: the fixed amounts as stored. */
export const monthlyPaymentAnswerSchema = v.object({ message: v.string(), data: v.array(monthlyPaymentSchema) });
/** POST /addresses, PUT /addresses/{id}: the address as stored. */
export const addressAnswerSchema = v.object({ message: v.string(), data: addressSchema });
/** POST /importcustomeraddresses: how many addresses were imported. */
export const addressImportAnswerSchema = v.object({ message: v.string(), imported: v.number() });

/** GET /clients/{id}: the page, or with minimum=true only the form's part. */
export const clientAnswerSchema = v.object({ ...clientFormFields, ...v.partial(v.object(clientPageFields)).entries });

const clientListRowSchema = v.object({
  id: v.number(),
  name: v.string(),
  client_type_id: v.number(),
  type_name: v.string(),
  parent_client_id: nullableNumber,
  parent_name: nullableString,
  /** The visiting address in one line; its parts for the export. */
  location: v.string(),
  street: nullableString,
  number: nullableString,
  addition: nullableString,
  city: nullableString,
  contact_name: nullableString,
  created_at: timestamp,
});
export type ClientListRow = v.InferOutput<typeof clientListRowSchema>;
/** GET /resellers, /endcustomers, /endusers and /client-list. */
export const clientListSchema = pagedSchema(clientListRowSchema);

const clientOptionSchema = v.object({ id: v.number(), name: v.string(), parent_client_id: nullableNumber });
export type ClientOption = v.InferOutput<typeof clientOptionSchema>;
/** GET /getallendcustomers and /getallresellers: the customer dropdowns. */
export const clientOptionListSchema = v.array(clientOptionSchema);

/** GET /getendclientsbyparentid/{id}. */
export const childListSchema = v.array(idName);

const childDetailSchema = v.object({
  ...clientSummary.entries,
  primary_contact_id: nullableNumber,
  visiting_address: v.nullable(addressSchema),
  addresses: v.array(addressSchema),
  contacts: v.array(contactSchema),
});
export type ChildDetail = v.InferOutput<typeof childDetailSchema>;
/** GET /getendclientsdetailbyparentid/{id}. */
export const childDetailListSchema = v.array(childDetailSchema);

const clientEventSchema = v.object({
  ...namedEventFields,
  client_id: nullableNumber,
  delivery_id: nullableNumber,
  product_id: nullableNumber,
  /** The event belongs to a repair: the timeline links to the repair activities. */
  is_repair: v.boolean(),
  user_name: nullableString,
});
export type ClientEvent = v.InferOutput<typeof clientEventSchema>;
/** GET /geteventsbyclientid/{id}: the activity history. */
export const clientEventListSchema = v.array(clientEventSchema);

/** GET /postal-code: street (empty when only the city is known) and city. */
export const postalCodeAnswerSchema = v.object({ street: v.string(), city: v.string() });

/** What the customer forms send: a field may be empty (null); the call drops empty fields (spec 1 §5). */
type Blankable<T> = {
  [K in keyof T]?: (NonNullable<T[K]> extends readonly (infer E)[] ? Blankable<E>[] : T[K]) | null;
};

export type ClientCreatePayload = Blankable<v.InferInput<typeof clientCreateSchema>>;
export type ClientUpdatePayload = Blankable<v.InferInput<typeof clientUpdateSchema>>;
export type AddressPayload = v.InferInput<typeof addressCreateSchema>;
