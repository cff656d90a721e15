import * as v from 'valibot';
import { tableSearch, tableSearchDefaults } from '../../../ui/table/search';

/** The open pre-notifications and the archive (spec 2 §2.4). */
export const asnTabs = ['open', 'archive'] as const;
export type AsnTab = (typeof asnTabs)[number];

/** /voormeldingen: open or archive, and the table's state. */
export const preNotificationListSearch = v.object({
  tab: v.fallback(v.optional(v.picklist(asnTabs), 'open'), 'open'),
  ...tableSearch(['client']),
});
export const preNotificationListDefaults = { tab: 'open' as const, ...tableSearchDefaults() };
