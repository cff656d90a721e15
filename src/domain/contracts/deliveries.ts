/** Answers of the delivery calls (spec 2 §3 Delivery, §7 Deliveries), shared by server and web. */

/** A row of GET /deliveries, /backorders, /finisheddeliveries and /cancelleddeliveries (spec 2 §2.6). */
export interface DeliveryListRow {
  id: number;
  date: string | null;
  order_number: string | null;
  w_number: string | null;
  your_reference: string | null;
  delivery_type_id: number;
  delivery_type: { name: string };
  client_id: number;
  client_name: string;
  /** The end customer: the client itself, or the parent of an end user. */
  end_customer_id: number;
  end_customer_name: string;
  address: string | null;
  carrier_id: number;
  /** 'Voorraad': the number of lines. */
  products_count: number;
  checked_out_count: number;
  created_at: string;
  completed_at: string | null;
  is_cancelled: boolean;
}

interface DeliveryItem {
  id: number;
  serial: string | null;
  status_id: number;
  status: { id: number; name: string };
  product: { id: number; name: string; article_number: string; product_group_id: number };
  pivot: { is_pickup: 0 | 1; checked_out_at: string | null; is_backorder: boolean; delivery_product_id: number };
}

/** One line of the delivery (spec 2 §3: product_id, item_id, is_pickup). */
export interface DeliveryLine {
  id: number;
  product_id: number;
  item_id: number | null;
  is_pickup: 0 | 1;
  checked_out_at: string | null;
  is_backorder: boolean;
  product: { id: number; name: string; article_number: string; description: string | null; product_group_id: number };
  serial: string | null;
}

/** Bulk product list (spec 2 §3): per article the expected and checked-out ('Uitgeklaard') counts. */
export interface BulkProductRow {
  id: number;
  name: string;
  article_number: string;
  product_group_id: number;
  expected: number;
  arrived: number;
}

interface DeliveryEvent {
  id: number;
  action: string;
  status_id: number | null;
  status: { id: number; name: string } | null;
  item_id: number | null;
  user: { id: number; name: string } | null;
  created_at: string;
}

/** GET /deliveries/{id}: the detail page (spec 2 §2.7). */
export interface DeliveryDetail {
  id: number;
  order_number: string | null;
  delivery_type_id: number;
  delivery_type: { name: string };
  /** The info panel title: type name 'van' contact, end-user or client name. */
  title: string;
  client_id: number;
  client: { id: number; name: string; client_type_id: number; parent_client_id: number | null; contacts: { id: number; first_name: string; last_name: string; title: string | null; phone: string | null; email: string | null }[] };
  end_customer: { id: number; name: string };
  project_id: number | null;
  project: { id: number; number: string } | null;
  carrier_id: number;
  carrier: { id: number; name: string };
  date: string | null;
  created_at: string;
  /** Finished: the completion timestamp is set. */
  finished: boolean;
  completed: string | null;
  comment: string | null;
  is_cancelled: boolean;
  contact: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  address: string | null;
  description: string | null;
  w_number: string | null;
  your_reference: string | null;
  user: { id: number; name: string } | null;
  file: string | null;
  /** The bulk upload as spec 2 §3 names it: the first file's download url and name. */
  media: { original_url: string; name: string }[];
  date_quotation: string | null;
  finished_repair: string | null;
  repair_description: string | null;
  /** Who signed at the finish; `url` of the signature image when one was stored. */
  signature: { url: string | null; signer_name: string | null; signed_at: string | null } | null;
  items: DeliveryItem[];
  products: DeliveryLine[];
  bulk_products: BulkProductRow[];
  events: DeliveryEvent[];
  /** What the page may offer (spec 2 §4), so the web does not repeat the rules. */
  can: { edit: boolean; cancel: boolean; reopen: boolean; delete: boolean; finish: boolean; shipping_label: boolean };
}

/** GET /delivery-form-options/{clientId}: what the request forms choose from, with the 'more than available' counts. */
export interface DeliveryFormOptions {
  client: { id: number; name: string; client_type_id: number };
  end_customer: { id: number; name: string };
  products: { id: number; name: string; article_number: string; product_group_id: number; available: number; on_order: number }[];
  bundles: { id: number; name: string; product_ids: number[] }[];
  /** Items the client holds (end user) or has at its location: the pickup choices. */
  items: { id: number; serial: string | null; product_id: number; product_name: string; status_id: number; on_open_delivery: boolean }[];
  contacts: { id: number; first_name: string; last_name: string; phone: string | null; email: string | null }[];
  addresses: { id: number; street: string; number: string; addition: string | null; zipcode: string; city: string }[];
  carriers: { id: number; name: string }[];
}
