import type { Paged } from '../paged';

/** A client as the EOL lists show it: the end customer, or the reseller above it. */
interface EolClientRef {
  id: number;
  name: string;
}

/** One row of GET /api/productswitheolitems and of the export (spec 2 §3 'Product with EOL items'). */
export interface EolProductRow {
  /** The product id; /eol/{id} and GET /api/items/itemseolbyproductid/{id} take it. */
  id: number;
  name: string;
  article_number: string;
  /** The product's EOL in months. */
  eol: number;
  /** Items of this product on the overview (EOL within 3 months or already passed). */
  eol_items: number;
  client_id: number;
  /** The end customer that owns the product, with its reseller as `parent` (null when directly under the provider). */
  client: EolClientRef & { parent: EolClientRef | null };
  client_name: string;
  reseller_id: number | null;
  reseller_name: string | null;
}

export type EolProductsPage = Paged<EolProductRow>;

/** One row of GET /api/items/itemseolbyproductid/{id} (spec 2 §2.11 detail columns). */
export interface EolItemRow {
  /** The item id; the detail button links to /item/{id}. */
  id: number;
  product_id: number;
  product_name: string;
  serial: string | null;
  order_number: string | null;
  /** Purchase date, 'YYYY-MM-DD'. */
  date_in_use: string;
  /** The day the item reaches EOL, 'YYYY-MM-DD'. */
  eol_date: string;
  /** Whole months until EOL: 0 in the last month, negative once passed. */
  eol_time: number;
  status_id: number;
  status: { id: number; name: string };
  /** 'In gebruik door': the end user holding the item, null while it is at the end customer. */
  in_use_by: (EolClientRef & { first_name: string | null; last_name: string | null }) | null;
  end_user_name: string | null;
  end_client: EolClientRef;
  reseller: EolClientRef | null;
}

/** The detail page answer: the paged items plus the product, so an empty list still has its title. */
export interface EolItemsPage extends Paged<EolItemRow> {
  product: { id: number; name: string; article_number: string; eol: number | null };
}
