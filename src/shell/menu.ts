import type { Permission } from '@domain/permissions';

/** The sidebar (spec 1 §2.2): route name, label, routes it is also active on, required right. */
export interface MenuEntry {
  route: string;
  label: string;
  alsoActiveOn: string[];
  right?: Permission;
}

export const menu: MenuEntry[] = [
  { route: 'statistics', label: 'Dashboard', alsoActiveOn: [], right: 'Dashboard bekijken' },
  { route: 'dashboard', label: 'CRM', alsoActiveOn: ['customerDetail'], right: 'Klant bekijken' },
  { route: 'stock', label: 'Voorraad', alsoActiveOn: ['stockDetail', 'itemDetail'], right: 'Voorraad bekijken' },
  {
    route: 'PreNotification',
    label: 'Voormeldingen',
    alsoActiveOn: ['preNotificationDetail'],
    right: 'Voormelding bekijken',
  },
  {
    route: 'deliveryPickUp',
    label: 'Leveringen',
    alsoActiveOn: ['deliveryDetail', 'deliveriesToday'],
    right: 'Levering bekijken',
  },
  { route: 'repair', label: 'Reparatie overzicht', alsoActiveOn: ['repairDetail'], right: 'Levering bekijken' },
  { route: 'eol', label: 'EOL overzicht', alsoActiveOn: ['EOLDetail'] },
  { route: 'userManagement', label: 'Gebruikersbeheer', alsoActiveOn: ['userDetails'], right: 'Gebruiker bekijken' },
  { route: 'rolesRights', label: 'Rollen en rechten', alsoActiveOn: ['rolesRightsDetail'], right: 'Rol bekijken' },
  { route: 'settings', label: 'Instellingen', alsoActiveOn: [] },
];

/** Entries without the user's permission are hidden; entries without a permission show to all. */
export function visibleMenu(permissions: readonly string[]): MenuEntry[] {
  return menu.filter((entry) => !entry.right || permissions.includes(entry.right));
}

/** An entry is active on its own route and on the routes listed as 'also active on'. */
export function isMenuActive(entry: MenuEntry, routeName: string | undefined): boolean {
  return !!routeName && (entry.route === routeName || entry.alsoActiveOn.includes(routeName));
}
