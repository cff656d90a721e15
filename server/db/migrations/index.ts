import type { Migration } from 'kysely';
import * as m20261123_0700_core from './20261123T0700-core';
import * as m20261123_0800_clients from './20261123T0800-clients';
import * as m20261123_0800_stock from './20261123T0800-stock';
import * as m20261123_0900_stock_extra from './20261123T0900-stock-extra';
import * as m20261123_1000_deliveries from './20261123T1000-deliveries';
import * as m20261123_1100_repairs from './20261123T1100-repairs';
import * as m20261123_2000_search_trigram from './20261123T2000-search-trigram';
import * as m20261123_2300_delivery_counts from './20261123T2300-delivery-counts';
import * as m20261124_0500_item_counts from './20261124T0500-item-counts';
import * as m20261124_0510_client_counts from './20261124T0510-client-counts';
import * as m20261124_0600_items_in_product_order from './20261124T0600-items-in-product-order';
import * as m20261126_0100_client_lineage from './20261126T0100-client-lineage';
import * as m20261126_0200_product_name_search from './20261126T0200-product-name-search';
import * as m20261126_0300_product_counts from './20261126T0300-product-counts';
import * as m20261126_0400_delivery_line_counts from './20261126T0400-delivery-line-counts';
import * as m20261126_1400_backorders from './20261126T1400-backorders';
import * as m20261126_1500_idempotency_fingerprint from './20261126T1500-idempotency-fingerprint';
import * as m20261126_1600_role_owners from './20261126T1600-role-owners';
import * as m20261126_2100_backorder_waiting_count from './20261126T2100-backorder-waiting-count';
import * as m20261126_2110_repair_list from './20261126T2110-repair-list';
import * as m20261126_2120_item_eol_date from './20261126T2120-item-eol-date';
import * as m20261126_2130_product_first_eol from './20261126T2130-product-first-eol';
import * as m20261127_0300_eol_overview_page from './20261127T0300-eol-overview-page';
import * as m20261127_1100_auth_change_notify from './20261127T1100-auth-change-notify';
import * as m20261127_1900_product_client_names from './20261127T1900-product-client-names';
import * as m20261128_0300_first_eol_months from './20261128T0300-first-eol-months';
import * as m20261128_0400_repair_pickup_lines from './20261128T0400-repair-pickup-lines';
import * as m20261128_0410_clients_live_by_type from './20261128T0410-clients-live-by-type';
import * as m20261128_1100_repair_defects from './20261128T1100-repair-defects';
import * as m20261128_1600_delivery_client_names from './20261128T1600-delivery-client-names';
import * as m20261128_1700_product_shown_names from './20261128T1700-product-shown-names';
import * as m20261128_1800_product_item_counts from './20261128T1800-product-item-counts';
import * as m20261129_0100_addresses_visiting_first from './20261129T0100-addresses-visiting-first';
import * as m20261203_2200_mail_outbox from './20261203T2200-mail-outbox';
import * as m20261204_1800_name_sort from './20261204T1800-name-sort';
import * as m20261204_1930_delivery_name_sort from './20261204T1930-delivery-name-sort';

/**
 * Every migration, applied in name order (names start with a timestamp). A static list, so the
 * compiled server (one esbuild bundle) carries its migrations; a test checks it against the folder.
 */
export const migrations: Record<string, Migration> = {
  '20261123T0700-core': m20261123_0700_core,
  '20261123T0800-clients': m20261123_0800_clients,
  '20261123T0800-stock': m20261123_0800_stock,
  '20261123T0900-stock-extra': m20261123_0900_stock_extra,
  '20261123T1000-deliveries': m20261123_1000_deliveries,
  '20261123T1100-repairs': m20261123_1100_repairs,
  '20261123T2000-search-trigram': m20261123_2000_search_trigram,
  '20261123T2300-delivery-counts': m20261123_2300_delivery_counts,
  '20261124T0500-item-counts': m20261124_0500_item_counts,
  '20261124T0510-client-counts': m20261124_0510_client_counts,
  '20261124T0600-items-in-product-order': m20261124_0600_items_in_product_order,
  '20261126T0100-client-lineage': m20261126_0100_client_lineage,
  '20261126T0200-product-name-search': m20261126_0200_product_name_search,
  '20261126T0300-product-counts': m20261126_0300_product_counts,
  '20261126T0400-delivery-line-counts': m20261126_0400_delivery_line_counts,
  '20261126T1400-backorders': m20261126_1400_backorders,
  '20261126T1500-idempotency-fingerprint': m20261126_1500_idempotency_fingerprint,
  '20261126T1600-role-owners': m20261126_1600_role_owners,
  '20261126T2100-backorder-waiting-count': m20261126_2100_backorder_waiting_count,
  '20261126T2110-repair-list': m20261126_2110_repair_list,
  '20261126T2120-item-eol-date': m20261126_2120_item_eol_date,
  '20261126T2130-product-first-eol': m20261126_2130_product_first_eol,
  '20261127T0300-eol-overview-page': m20261127_0300_eol_overview_page,
  '20261127T1100-auth-change-notify': m20261127_1100_auth_change_notify,
  '20261127T1900-product-client-names': m20261127_1900_product_client_names,
  '20261128T0300-first-eol-months': m20261128_0300_first_eol_months,
  '20261128T0400-repair-pickup-lines': m20261128_0400_repair_pickup_lines,
  '20261128T0410-clients-live-by-type': m20261128_0410_clients_live_by_type,
  '20261128T1100-repair-defects': m20261128_1100_repair_defects,
  '20261128T1600-delivery-client-names': m20261128_1600_delivery_client_names,
  '20261128T1700-product-shown-names': m20261128_1700_product_shown_names,
  '20261128T1800-product-item-counts': m20261128_1800_product_item_counts,
  '20261129T0100-addresses-visiting-first': m20261129_0100_addresses_visiting_first,
  '20261203T2200-mail-outbox': m20261203_2200_mail_outbox,
  '20261204T1800-name-sort': m20261204_1800_name_sort,
  '20261204T1930-delivery-name-sort': m20261204_1930_delivery_name_sort,
};
