/**
 * Field work rules shared by the delivery page and the server (spec 2 §4, §5, §9): the backorder
 * comment written at finishing, the signature limits and the messages of check-out and finish.
 */

import type { Permission } from './permissions';

/**
 * The right to check deliveries out and finish them: the server's check-out and finish routes, the
 * delivery page's field work and the driver's 'Mijn leveringen vandaag' all ask this one.
 */
export const FIELDWORK_RIGHT: Permission = 'Levering wijzigen';

export const fieldworkMsg = {
  checkOutFailed: 'Items uitklaren mislukt',
  checkedOut: 'De items zijn uitgeklaard',
  finishFailed: 'Er is helaas iets fout gegaan bij het afronden van de levering',
  finished: 'De levering is afgerond',
  notBulk: 'Alleen een bulklevering wordt per aantal uitgeklaard.',
  cancelledCheckOut: 'Een geannuleerde levering kan niet worden uitgeklaard.',
  completedCheckOut: 'Een afgeronde levering kan niet meer worden uitgeklaard.',
  cancelledFinish: 'Een geannuleerde levering kan niet worden afgerond.',
  alreadyFinished: 'Deze levering is al afgerond.',
  cannotFinish: 'Deze levering kan nog niet worden afgerond.',
  serialNotOnDelivery: 'Serienummer hoort niet bij deze levering.',
  serialNotAvailable: 'Serienummer is niet beschikbaar.',
  accessoryNotOnDelivery: 'Dit accessoire staat niet (meer) open op deze levering.',
  nothingScanned: 'Scan minimaal één serienummer of vul een aantal in.',
  signatureRequired: 'Een handtekening is verplicht.',
  signatureInvalid: 'De handtekening moet een PNG-afbeelding zijn.',
  signatureSize: 'De handtekening is te groot of te klein.',
  signerRequired: 'Vul de naam van de ondertekenaar in.',
  signedAtInvalid: 'Vul een geldig tijdstip van ondertekenen in.',
  signedAtFuture: 'Het tijdstip van ondertekenen ligt in de toekomst.',
  lineNotOpen: 'Dit artikel staat niet (meer) open op deze levering.',
  lineNotCheckedOut: 'Dit artikel is nog niet uitgeklaard.',
  lineTwice: 'Dit artikel is al aangevinkt.',
  notThisDelivery: 'Dit hoort niet bij deze levering.',
} as const;

/** The signature canvas (spec 2 §9) and what the server accepts from it. */
export const SIGNATURE_CANVAS_PX = 300;
export const SIGNATURE_MAX_BYTES = 512 * 1024;
/** Pixel bounds of the PNG: the 300 px canvas at a device pixel ratio from 1/3 up to 4. */
export const SIGNATURE_MIN_PX = 100;
export const SIGNATURE_MAX_PX = 1200;
export const SIGNATURE_DATA_URL_PREFIX = 'data:image/png;base64,';
/** A device clock may run a little ahead; a signature further in the future is refused. */
export const SIGNED_AT_MAX_SKEW_MS = 10 * 60_000;

/** One line not ticked at finishing: what the comment names. */
interface UntickedLine {
  name: string;
  serial: string | null;
}

/** 'Muis', 'Muis' and 'Laptop (SN1)' become '2x Muis, Laptop (SN1)': lines in order, equal names counted. */
export function describeLines(lines: readonly UntickedLine[]): string {
  const counts = new Map<string, number>();
  for (const l of lines) {
    const label = l.serial ? `${l.name} (${l.serial})` : l.name;
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts].map(([label, n]) => (n > 1 ? `${n}x ${label}` : label)).join(', ');
}

/**
 * The finish comment (spec 2 §4): 'Niet geleverde artikelen: …' for lines to deliver that were not
 * ticked, 'Nog op te halen artikelen: …' for lines to pick up that were not ticked, both on their own
 * line when both apply, and empty when everything was ticked.
 */
export function finishComment(notDelivered: readonly UntickedLine[], notPickedUp: readonly UntickedLine[]): string {
  const parts: string[] = [];
  if (notDelivered.length) parts.push(`Niet geleverde artikelen: ${describeLines(notDelivered)}`);
  if (notPickedUp.length) parts.push(`Nog op te halen artikelen: ${describeLines(notPickedUp)}`);
  return parts.join('\n');
}
