import * as v from 'valibot';
import { QuotationStatus, repairStatuses } from '../enums';
import { id, msg } from './common';

/** Field messages of the repair area (spec 2 §5); the page shows the same words. */
export const repairMsg = {
  status: 'Kies een status.',
  decision: 'Kies accepteren of weigeren.',
  imagesRequired: 'Kies minimaal één afbeelding.',
  image: 'Het bestand moet een afbeelding zijn.',
  imageUnknown: 'Deze afbeelding hoort niet bij deze reparatie.',
  quotationRequired: 'Kies een PDF-bestand.',
  quotationPdf: 'Het bestand moet een PDF zijn.',
  quotationExists: 'Er is al een offerte. Verwijder die eerst.',
  quotationMissing: 'Deze reparatie heeft geen offerte.',
  quotationAccepted: 'Een geaccepteerde offerte kan niet worden verwijderd.',
  quotationDecided: 'Over deze offerte is al beslist.',
  quotationExpired: 'Offerte is verlopen',
  contactRequired: 'Kies een contactpersoon.',
  contactNoEmail: 'Deze contactpersoon heeft geen e-mailadres.',
  cancelled: 'Een geannuleerde reparatie kan niet worden gewijzigd.',
  superuserOnly: 'Alleen een Superuser mag dit doen.',
} as const;

/** The toasts of spec 2 §8: the answer's message on success or refusal. */
export const repairToast = {
  statusChanged: 'De status is aangepast',
  statusFailed: 'Er is helaas iets fout gegaan bij het wijzigen van de status',
  imagesUploaded: 'Afbeeldingen zijn geüpload',
  imagesUploadFailed: 'Afbeeldingen kunnen niet worden geüpload',
  imageRemoved: 'Afbeelding is verwijderd',
  imagesRemoveFailed: 'Afbeeldingen kunnen niet worden verwijderd',
  quotationUploaded: 'Offerte is geüpload',
  quotationUploadFailed: 'Offerte kan niet worden geüpload',
  quotationRemoved: 'Offerte is verwijderd',
  quotationRemoveFailed: 'Offerte kan niet worden verwijderd',
  quotationMailed: 'Offerte is verzonden',
  quotationMailFailed: 'Offerte kan niet worden verzonden',
  quotationAccepted: 'Offerte geaccepteerd',
  quotationDeclined: 'Offerte geweigerd',
  quotationDecideFailed: 'Offerte kan niet worden beoordeeld',
  remarksSaved: 'Opmerkingen zijn opgeslagen',
  remarksFailed: 'Opmerkingen kunnen niet worden opgeslagen',
} as const;

/** POST /deliveries/{id}/change-repair-status: one of the six repair statuses, as number or numeric text. */
export const repairStatusSchema = v.object(
  {
    status: v.pipe(
      v.unknown(),
      v.transform((x) => (typeof x === 'string' && /^\d+$/.test(x) ? Number(x) : x)),
      v.picklist(repairStatuses, repairMsg.status),
    ),
  },
  msg.required,
);

/** POST /deliveries/{id}/accept-or-deny-quotation: Accept or Decline. */
export const quotationDecisionSchema = v.object(
  {
    status: v.picklist(Object.values(QuotationStatus), repairMsg.decision),
  },
  msg.required,
);

/** POST /deliveries/{id}/remove-image: the image's id. */
export const removeImageSchema = v.object({ image: id }, msg.required);
