import * as v from 'valibot';
import { tableSearch, tableSearchDefaults } from '../../../ui/table/search';

export const stockTabs = ['artikelen', 'bundels'] as const;
export type StockTab = (typeof stockTabs)[number];

/** The bundle table's keys carry this prefix, so the two tables keep apart in the URL. */
export const BUNDLE_TABLE = 'b';

/** /voorraad: the tab and both tables' state. */
export const stockSearch = v.object({
  tab: v.fallback(v.optional(v.picklist(stockTabs), 'artikelen'), 'artikelen'),
  ...tableSearch(['client', 'reseller', 'product_group', 'stock']),
  ...tableSearch(['client'], BUNDLE_TABLE),
});
export const stockDefaults = {
  tab: 'artikelen' as const,
  ...tableSearchDefaults(),
  ...tableSearchDefaults(BUNDLE_TABLE),
};
