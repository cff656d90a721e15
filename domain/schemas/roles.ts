import * as v from 'valibot';
import { MAX_ID, msg, noNul, requiredText } from './common';

/** Messages of roles and rights (spec 2 §2.13, §5, §8). */
export const roleMsg = {
  nameTaken: 'Er bestaat al een rol met deze naam.',
  superuserName: 'De naam van de rol Superuser kan niet worden gewijzigd.',
  superuserDelete: 'De rol Superuser kan niet worden verwijderd.',
  superuserRights: 'De rol Superuser heeft altijd alle rechten.',
  inUse: (n: number) =>
    `Deze rol is nog toegekend aan ${n} ${n === 1 ? 'gebruiker' : 'gebruikers'} en kan niet worden verwijderd.`,
  unknownPermission: (name: string) => `Onbekend recht: ${name}`,
  providerTemplate:
    'Deze rol is een sjabloon van de leverancier: je kunt hem toekennen, maar niet wijzigen of verwijderen.',
  parentTemplate:
    'Deze rol is van een bovenliggende organisatie: je kunt hem toekennen, maar niet wijzigen of verwijderen.',
  heldOutsideScope:
    'Deze rol is ook toegekend aan gebruikers buiten je eigen organisatie; alleen de leverancier kan deze rol ' +
    'wijzigen of verwijderen.',
  permissionNotHeld: (name: string) => `Je mag het recht '${name}' niet toekennen of afnemen: je hebt het zelf niet.`,
} as const;

/** POST/PUT /api/roles {name, description}: title and description are required (spec 2 §5). */
export const roleSchema = v.object(
  {
    name: requiredText(80),
    description: requiredText(500),
  },
  msg.required,
);
export type RoleInput = v.InferOutput<typeof roleSchema>;

/** POST /api/roles/{id}/permissions {permissions}: the full set of rights, by name or id. */
export const rolePermissionsSchema = v.object(
  {
    permissions: v.array(
      v.union(
        [
          v.pipe(v.string(), v.trim(), v.nonEmpty(msg.required), v.maxLength(255, msg.tooLong(255)), noNul),
          v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_ID)),
        ],
        msg.required,
      ),
      msg.required,
    ),
  },
  msg.required,
);
