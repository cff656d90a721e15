import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from '../../db/database';

interface StockTables {
  product_groups: { id: Generated<number>; name: string };
  products: {
    id: Generated<number>;
    client_id: number;
    /**
     * The reseller and the end customer above the client, kept by triggers (migration 20261126T0100-client-lineage).
     */
    reseller_id: ColumnType<number | null, never, never>;
    end_customer_id: ColumnType<number | null, never, never>;
    product_group_id: number;
    name: string;
    /** lower(name), kept by PostgreSQL (migration 20261126T0200-product-name-search): what the search reads. */
    name_search: ColumnType<string, never, never>;
    /**
     * lower() of the end customer's and its reseller's names, kept by triggers (migration
     * 20261127T1900-product-client-names).
     */
    client_name_search: ColumnType<string | null, never, never>;
    reseller_name_search: ColumnType<string | null, never, never>;
    /**
     * The end customer's and the lineage reseller's names as the list shows them, kept by triggers (migration
     * 20261128T1700-product-shown-names).
     */
    client_name: ColumnType<string | null, never, never>;
    reseller_name: ColumnType<string | null, never, never>;
    description: string | null;
    article_number: string;
    unique_product_id: string;
    eol: number | null;
    image: string | null;
    price_cents: Generated<number>;
    is_active: Generated<boolean>;
    created_at: CreatedAt;
    updated_at: Generated<Date>;
    deleted_at: Date | null;
  };
  projects: { id: Generated<number>; client_id: number; number: string; created_at: CreatedAt };
  items: {
    id: Generated<number>;
    product_id: number;
    /** Where the item is: the end customer while in stock, the end user while in use. */
    client_id: number;
    project_id: number | null;
    asn_id: number | null;
    status_id: number;
    serial: string | null;
    order_number: string | null;
    tag_number: string | null;
    mac_address: string | null;
    /** Purchase date; locked once it has a value. */
    date_in_use: string | null;
    /** date_in_use plus the product's EOL months, kept by triggers (migration 20261126T2120-item-eol-date). */
    eol_date: ColumnType<string | null, never, never>;
    shipping_date: string | null;
    start_date_contract: string | null;
    end_date_contract: string | null;
    daas: Generated<boolean>;
    stock_owner: string | null;
    address: string | null;
    description: string | null;
    created_at: CreatedAt;
    updated_at: Generated<Date>;
    deleted_at: Date | null;
  };
  bundles: { id: Generated<number>; client_id: number; name: string; created_at: CreatedAt; deleted_at: Date | null };
  bundle_product: { bundle_id: number; product_id: number };
  /** Live items per product and status (migration 20261124T0500; written by triggers only; rows may hold 0). */
  item_counts: { product_id: number; status_id: number; n: number };
  /**
   * A product's live items per column of the stock list, kept by triggers (migration
   * 20261128T1800-product-item-counts).
   */
  product_item_totals: {
    product_id: number;
    items_in_stock: number;
    available_items: number;
    items_at_location: number;
    items_in_use: number;
    items_count: number;
  };
  /**
   * Per product the earliest EOL day of its items on the EOL overview, kept by triggers (migration
   * 20261126T2130-product-first-eol).
   */
  product_first_eol: { product_id: number; first_eol_date: string | null };
  /**
   * Rows of product_first_eol per month of their day (the first of the month), kept by triggers (migration
   * 20261128T0300-first-eol-months; rows may hold 0).
   */
  first_eol_months: { month: string; n: number };
  /**
   * Live products per part of the hierarchy (scope 0: all) and active flag, kept by triggers (migration
   * 20261126T0300-product-counts).
   */
  product_counts: { scope_id: number; is_active: boolean; n: number };
}

declare module '../../db/database' {
  interface Database extends StockTables {}
}
