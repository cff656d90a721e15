import * as v from 'valibot';
import { email, id, msg, requiredText } from './common';

/** Messages of user management (spec 2 §2.12, §5); the forms show the same words. */
export const userMsg = {
  emailTaken: 'Dit e-mailadres is al in gebruik door een andere gebruiker.',
  roleUnknown: 'Kies een bestaande rol.',
  roleNotAllowed: 'Je mag deze rol niet toekennen: je hebt zelf niet alle rechten van deze rol.',
  superuserOnly: 'Alleen een Superuser mag de rol Superuser toekennen of afnemen.',
  superuserTarget: 'Alleen een Superuser mag een Superuser wijzigen of verwijderen.',
  strongerTarget:
    'Je mag deze gebruiker niet wijzigen of verwijderen: deze gebruiker heeft rechten die je zelf niet hebt.',
  lastSuperuser: 'Dit is de laatste gebruiker met de rol Superuser; die rol kan niet worden afgenomen.',
  lastSuperuserDelete: 'Dit is de laatste gebruiker met de rol Superuser; deze gebruiker kan niet worden verwijderd.',
  deleteSelf: 'Je kunt je eigen account niet verwijderen.',
  otpNotEnabled: 'Tweestapsverificatie is niet ingeschakeld voor deze gebruiker.',
  alreadyActivated: 'Dit account is al geactiveerd.',
  accountChangeRight:
    "Voor het wijzigen van de naam of het e-mailadres van een gebruiker is het recht 'Gebruiker wijzigen' nodig.",
  accountDeleteRight:
    "Voor het verwijderen van het account van een gebruiker is het recht 'Gebruiker verwijderen' nodig.",
} as const;

/** PUT /api/users/{id} {name, email, role}: role is the list of role ids (a user may hold several). */
export const userUpdateSchema = v.object(
  {
    name: requiredText(160),
    email,
    role: v.optional(v.array(id, msg.choose)),
  },
  msg.required,
);
export type UserUpdateInput = v.InferOutput<typeof userUpdateSchema>;

/** PUT /api/profile: the signed-in user changes its own name and e-mail. */
export const profileUpdateSchema = v.object({ name: requiredText(160), email }, msg.required);
export type ProfileUpdateInput = v.InferOutput<typeof profileUpdateSchema>;
