import type { Permission } from '../domain/permissions';

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
  { route: 'PreNotification', label: 'Voormeldingen', alsoActiveOn: ['preNotificationDetail'], right: 'Voormelding bekijken' },
  { route: 'deliveryPickUp', label: 'Leveringen', alsoActiveOn: ['deliveryDetail'], right: 'Levering bekijken' },
  { route: 'repair', label: 'Reparatie overzicht', alsoActiveOn: ['repairDetail'], right: 'Levering bekijken' },
  { route: 'eol', label: 'EOL overzicht', alsoActiveOn: ['EOLDetail'] },
  { route: 'userManagement', label: 'Gebruikersbeheer', alsoActiveOn: ['userDetails'], right: 'Gebruiker bekijken' },
  { route: 'rolesRights', label: 'Rollen en rechten', alsoActiveOn: ['rolesRightsDetail'], right: 'Rol bekijken' },
  { route: 'settings', label: 'Instellingen', alsoActiveOn: [] },
];
