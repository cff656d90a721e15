/** Answers of the stock calls (spec 2 §3, server/modules/stock), shared by server and web. */
import type * as v from 'valibot';
import type { itemStatusSchema, itemUpdateSchema, mutationSchema } from '../schemas/stock';

export interface ProductCounts {
  items_in_stock: number;
  available_items: number;
  items_at_location: number;
  items_in_use: number;
  items_count: number;
}

export interface ProductRow extends ProductCounts {
  id: number;
  name: string;
  description: string | null;
  article_number: string;
  unique_product_id: string;
  eol: number | null;
  product_group_id: number;
  client_id: number;
  client_name: string;
  reseller_id: number | null;
  reseller_name: string | null;
  is_active: boolean;
  price: { price: string };
  image: string | null;
}

export interface ProductDetail extends ProductCounts {
  id: number;
  name: string;
  description: string | null;
  article_number: string;
  unique_product_id: string;
  eol: number | null;
  product_group_id: number;
  product_group: { id: number; name: string } | null;
  client_id: number;
  client: { id: number; name: string; client_type_id: number } | null;
  reseller: { id: number; name: string } | null;
  is_active: boolean;
  image: string | null;
  media: { original_url: string; name: string }[];
  price: { price: string };
  bundles: { id: number; name: string }[];
}

export interface Status {
  id: number;
  name: string;
}

export interface ItemRow {
  id: number;
  product_id: number;
  product_name: string;
  serial: string | null;
  order_number: string | null;
  mac_address: string | null;
  tag_number: string | null;
  date_in_use: string | null;
  status_id: number;
  status: Status;
  client_id: number;
  end_user: { id: number; name: string } | null;
  end_user_name: string | null;
  eol_time: number | null;
}

export interface ItemEvent {
  id: number;
  action: string;
  created_at: string;
  status_id: number | null;
  status: Status | null;
  user: { name: string } | null;
  product: { name: string | null };
}

export interface ItemDetail {
  id: number;
  serial: string | null;
  order_number: string | null;
  tag_number: string | null;
  mac_address: string | null;
  date_in_use: string | null;
  shipping_date: string | null;
  start_date_contract: string | null;
  end_date_contract: string | null;
  daas: boolean;
  stock_owner: string | null;
  address: string | null;
  description: string | null;
  eol_time: number | null;
  status_id: number;
  status: Status;
  product_id: number;
  client_id: number;
  product: {
    id: number; name: string; description: string | null; article_number: string; eol: number | null;
    product_group: { id: number; name: string } | null; image: string | null; media: { original_url: string; name: string }[];
  };
  project: { id: number; number: string } | null;
  client: { id: number; name: string; client_type_id: number; contact: { first_name: string; last_name: string; email: string | null; phone: string | null } | null };
  end_client: { id: number | null; name: string | null };
  in_use_by: { id: number; name: string } | null;
  bundle_names: string[];
  events: ItemEvent[];
}

export interface BundleRow {
  id: number;
  name: string;
  client_id: number;
  client_name: string;
  reseller_name: string | null;
  products_count: number;
}

export interface BundleDetail {
  id: number;
  name: string;
  client_id: number;
  client: { id: number; name: string };
  products: { id: number; name: string; article_number: string }[];
  client_products: { id: number; name: string; article_number: string }[];
}

export interface Lookup {
  id: number;
  name: string;
  parent_client_id?: number | null;
}

/** PUT /items/{id}: the whole item (Bewerken) or only its status (the status label). */
export type ItemUpdatePayload = v.InferInput<typeof itemUpdateSchema> | v.InferInput<typeof itemStatusSchema>;
export type ItemMutationPayload = v.InferInput<typeof mutationSchema>;
