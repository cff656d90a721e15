/** Every right of the product (spec 1 §6, spec 2 §6), by group for the role checklist. */
export const permissionGroups = {
  Dashboard: ['Dashboard bekijken'],
  Klanten: ['Klant bekijken', 'Klant aanmaken', 'Klant wijzigen', 'Klant verwijderen', 'Klant exporteren'],
  Adressen: ['Adres aanmaken', 'Adres wijzigen', 'Adres verwijderen'],
  Facturen: ['Factuur beheren'],
  Voorraad: [
    'Voorraad bekijken',
    'Voorraad aanmaken',
    'Voorraad importeren',
    'Voorraad exporteren',
    'Voorraad wijzigen',
    'Voorraad verwijderen',
    'Artikel aanmaken',
    'Bundel wijzigen',
    'Bulkafroep aanmaken',
  ],
  Voormeldingen: [
    'Voormelding bekijken',
    'Voormelding aanmaken',
    'Voormelding wijzigen',
    'Voormelding verwijderen',
    'Voormelding exporteren',
  ],
  Leveringen: [
    'Levering bekijken',
    'Levering aanmaken',
    'Levering wijzigen',
    'Levering verwijderen',
    'Levering exporteren',
  ],
  Reparaties: ['Reparaties exporteren'],
  EOL: ['EOL exporteren'],
  Gebruikers: [
    'Gebruiker bekijken',
    'Gebruiker wijzigen',
    'Gebruiker verwijderen',
    'Gebruikers exporteren',
    '2FA uitschakelen',
  ],
  Rollen: ['Rol bekijken', 'Rol aanmaken', 'Rol wijzigen', 'Rol verwijderen'],
} as const;

export type Permission = (typeof permissionGroups)[keyof typeof permissionGroups][number];

export const allPermissions: Permission[] = Object.values(permissionGroups).flat();

export function isPermission(name: string): name is Permission {
  return (allPermissions as string[]).includes(name);
}
