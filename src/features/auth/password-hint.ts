import { PASSWORD_MIN_LENGTH } from '@domain/rules';

/** Shown before the user types; the rule's own message (PASSWORD_MESSAGE) is the error text. */
export const PASSWORD_HINT =
  `Minimaal ${PASSWORD_MIN_LENGTH} karakters, met een hoofdletter, een kleine letter, een ` +
  `cijfer en een speciaal karakter.`;
