import { allPermissions, type Permission } from '@domain/permissions';
import { SUPERUSER_ROLE } from '@domain/enums';
import type { Executor } from '../../db/database';

/** The four roles every installation starts with (spec 1 §6), for the demo data and `npm run setup` alike. */
export const standardRoles: Record<string, { description: string; rights: readonly Permission[] }> = {
  [SUPERUSER_ROLE]: { description: 'Alle rechten, ook offertes en reparatieopmerkingen', rights: allPermissions },
  Magazijn: {
    description: 'Magazijnmedewerkers: voorraad, voormeldingen inklaren en leveringen uitklaren',
    rights: [
      'Klant bekijken',
      'Voorraad bekijken',
      'Voorraad aanmaken',
      'Voorraad importeren',
      'Voorraad exporteren',
      'Voorraad wijzigen',
      'Artikel aanmaken',
      'Bundel wijzigen',
      'Voormelding bekijken',
      'Voormelding aanmaken',
      'Voormelding wijzigen',
      'Levering bekijken',
      'Levering wijzigen',
    ],
  },
  Reseller: {
    description: 'Medewerkers van een reseller: eigen eindklanten, hun voorraad en leveringen',
    rights: [
      'Dashboard bekijken',
      'Klant bekijken',
      'Klant aanmaken',
      'Klant wijzigen',
      'Klant exporteren',
      'Adres aanmaken',
      'Adres wijzigen',
      'Adres verwijderen',
      'Voorraad bekijken',
      'Voorraad exporteren',
      'Bulkafroep aanmaken',
      'Voormelding bekijken',
      'Voormelding aanmaken',
      'Voormelding exporteren',
      'Levering bekijken',
      'Levering aanmaken',
      'Levering exporteren',
      'Reparaties exporteren',
      'EOL exporteren',
    ],
  },
  Eindklant: {
    description: 'Medewerkers van een eindklant: eigen eindgebruikers en leveringen',
    rights: [
      'Dashboard bekijken',
      'Klant bekijken',
      'Klant aanmaken',
      'Klant wijzigen',
      'Adres aanmaken',
      'Adres wijzigen',
      'Voorraad bekijken',
      'Voormelding bekijken',
      'Levering bekijken',
      'Levering aanmaken',
    ],
  },
};

/**
 * Every right of the product and the standard roles, owned by the provider (its templates). Rights and
 * roles that already exist are kept as they are; returns each standard role's id by name.
 */
export async function createStandardRoles(db: Executor, providerId: number): Promise<Map<string, number>> {
  await db
    .insertInto('permissions')
    .values(allPermissions.map((name) => ({ name })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const permissionIds = new Map(
    (await db.selectFrom('permissions').select(['id', 'name']).execute()).map((p) => [p.name, p.id]),
  );
  const roleIds = new Map<string, number>();
  for (const [name, role] of Object.entries(standardRoles)) {
    const existing = await db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', name)
      .where('client_id', '=', providerId)
      .executeTakeFirst();
    if (existing) {
      roleIds.set(name, existing.id);
      continue;
    }
    const { id } = await db
      .insertInto('roles')
      .values({ client_id: providerId, name, description: role.description })
      .returning('id')
      .executeTakeFirstOrThrow();
    roleIds.set(name, id);
    await db
      .insertInto('permission_role')
      .values(role.rights.map((right) => ({ role_id: id, permission_id: known(permissionIds.get(right), right) })))
      .execute();
  }
  return roleIds;
}

function known(id: number | undefined, right: string): number {
  if (id === undefined) throw new Error(`Recht ${right} ontbreekt in de database`);
  return id;
}
