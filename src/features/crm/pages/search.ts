import * as v from 'valibot';
import { ClientType } from '@domain/enums';
import { tableSearch, tableSearchDefaults } from '../../../ui/table/search';

export const customerTabs = ['resellers', 'endcustomers', 'endusers', 'all'] as const;
export type CustomerTab = (typeof customerTabs)[number];

/** /crm: the tab (its default depends on the user, see `tabFor`) and the table's state. */
export const customerListSearch = v.object({
  tab: v.fallback(v.optional(v.picklist(customerTabs)), undefined),
  ...tableSearch(['parent_client_id']),
});
export const customerListDefaults = tableSearchDefaults();

/** The tabs a user sees by the type of its own client (spec 1 §2.8). */
export function tabsFor(clientTypeId: number): [CustomerTab, ...CustomerTab[]] {
  if (clientTypeId === ClientType.PROVIDER) return ['resellers', 'endcustomers', 'endusers', 'all'];
  if (clientTypeId === ClientType.RESELLER) return ['endcustomers', 'endusers', 'all'];
  if (clientTypeId === ClientType.EINDKLANT) return ['endcustomers', 'endusers'];
  return ['endusers'];
}

/** The tab shown: the one in the URL when the user has it, else the user's first. */
export function tabFor(clientTypeId: number, wanted: unknown): CustomerTab {
  const tabs = tabsFor(clientTypeId);
  return tabs.find((t) => t === wanted) ?? tabs[0];
}
