import * as v from 'valibot';
import { Carrier, DeliveryType, type DeliveryTypeId } from '../enums';
import { bulkFileExtension } from '../files';
import {
  calendarDate,
  id,
  msg,
  notBeforeToday,
  optionalPhone,
  optionalText,
  requiredPhone,
  requiredText,
  MAX_LIST,
} from './common';

/** Messages of the delivery area (spec 2 §5, §8); the forms show the same words. */
export const deliveryMsg = {
  type: 'Kies een type levering.',
  typeNotRequestable: 'Dit type levering kan niet worden aangevraagd.',
  typeChange: 'Het type van een levering kan niet worden gewijzigd.',
  clientRequired: 'Kies een klant.',
  endUser: 'Kies een eindgebruiker.',
  endCustomer: 'Kies een eindklant.',
  endUserOrCustomer: 'Kies een eindgebruiker of eindklant.',
  productsRequired: 'Kies minimaal één artikel.',
  defectRequired: 'Kies minimaal één defect artikel.',
  eolRequired: 'Kies minimaal één EOL artikel.',
  stockRequired: 'Een gebruiker kan niet worden aangemaakt zonder voorraad.',
  bundleRequired: 'Kies een bundel.',
  bundleOther: 'Deze bundel hoort niet bij deze eindklant.',
  productOther: 'Dit artikel hoort niet bij deze eindklant.',
  projectOther: 'Dit project hoort niet bij deze eindklant.',
  checkedOutLine: 'Een artikel dat al is uitgeklaard kan niet van de levering worden gehaald.',
  productNotInBundle: 'Dit artikel zit niet in de gekozen bundel.',
  productTwice: 'Dit artikel staat al in de lijst.',
  itemRequired: 'Kies een artikel.',
  itemOther: 'Dit artikel hoort niet bij deze klant.',
  itemTwice: 'Dit artikel staat al in de lijst.',
  itemOnOpenDelivery: 'Dit artikel staat al op een openstaande levering.',
  itemNotAvailable: 'Dit artikel is niet op voorraad.',
  amount: 'Vul een aantal van 1 tot 10000 in.',
  carrier: 'Kies een bezorger.',
  bulkCarrier: 'Een bulklevering wordt altijd door Reuzado bezorgd.',
  cancelled: 'Een geannuleerde levering kan niet worden gewijzigd.',
  mutation: 'Een mutatie kan niet worden gewijzigd.',
  finished: 'Een afgeronde levering kan niet worden gewijzigd.',
  cannotCancel: 'Een afgeronde levering kan niet worden geannuleerd.',
  alreadyCancelled: 'Deze levering is al geannuleerd.',
  notCancelled: 'Alleen een geannuleerde levering kan worden heropend of verwijderd.',
  labelPostnlOnly: 'Een verzendlabel is er alleen voor leveringen die PostNL bezorgt.',
  file: 'Dit bestand kan niet worden geüpload.',
} as const;

/** The toasts of spec 2 §8 and §8's success texts: the answer's message on a refusal or success. */
export const deliveryToast = {
  bulkFailed: 'Er is helaas iets fout gegaan bij het aanvragen/wijzigen van de bulk levering',
  bulkCreated: 'De bulk levering is aangevraagd',
  bulkChanged: 'De Bulk levering is gewijzigd',
  created: 'De levering is aangevraagd',
  editFailed: 'Er is helaas iets fout gegaan bij het wijzigen van de levering',
  carrierFailed: 'Er is helaas iets fout gegaan bij het aanpassen van de bezorger',
  cancelFailed: 'Er is helaas iets fout gegaan bij het annuleren van de levering',
  reopenFailed: 'Er is helaas iets fout gegaan bij het heropenen van de levering',
  deleteFailed: 'Er is helaas iets fout gegaan bij het verwijderen van de levering',
  changed: 'De levering is gewijzigd',
  cancelled: 'De levering is geannuleerd',
  reopened: 'De levering is heropend',
  deleted: 'De levering is verwijderd',
  carrierChanged: 'De bezorger is aangepast',
} as const;

/** Types a user requests through POST /deliveries; backorders come from finishing, mutations from the item page. */
export const requestableTypes = [
  DeliveryType.REPARATIE,
  DeliveryType.UITDIENST,
  DeliveryType.INDIENST,
  DeliveryType.EOL_SWAP,
  DeliveryType.EXTRA_PRODUCTEN,
  DeliveryType.BULK_LEVERING,
] as const satisfies readonly DeliveryTypeId[];

/** Ticket types that pick up an end user's items (is_pickup 1 lines). */
export const pickupTypes: readonly number[] = [DeliveryType.REPARATIE, DeliveryType.UITDIENST, DeliveryType.EOL_SWAP];

const blankToNull = (x: unknown) => (typeof x === 'string' && x.trim() === '' ? null : x);
/** A required value with its own message, also when the key is missing or the text blank. */
const requiredValue = <S extends v.GenericSchema>(schema: S, message: string) =>
  v.optional(
    v.pipe(
      v.unknown(),
      v.transform(blankToNull),
      v.check((x) => x !== null && x !== undefined, message),
      schema,
    ),
    null,
  );
const optionalId = v.optional(
  v.nullable(v.pipe(v.unknown(), v.transform(blankToNull), v.union([v.null(), id], msg.choose))),
  null,
);
/** Multipart forms (bulk with a file) send the lines as one JSON text. */
const jsonText = (x: unknown) => {
  if (typeof x !== 'string') return x;
  try {
    return JSON.parse(x);
  } catch {
    return x;
  }
};

export const deliveryTypeIdSchema = v.pipe(
  v.union(
    [v.number(deliveryMsg.type), v.pipe(v.string(deliveryMsg.type), v.regex(/^\d+$/, deliveryMsg.type))],
    deliveryMsg.type,
  ),
  v.transform(Number),
  v.picklist(Object.values(DeliveryType), deliveryMsg.type),
);

const carrierId = v.optional(
  v.nullable(
    v.pipe(
      v.unknown(),
      v.transform(blankToNull),
      v.union([v.null(), v.pipe(id, v.picklist(Object.values(Carrier), deliveryMsg.carrier))], deliveryMsg.carrier),
    ),
  ),
  null,
);

/**
 * Y-m-d; `future` when creating (date picker type 'future'), else any valid date (the service refuses a new past date).
 */
const dateField = (required: boolean, future: boolean) => {
  const valid = future
    ? v.pipe(v.string(msg.date), calendarDate, notBeforeToday)
    : v.pipe(v.string(msg.date), calendarDate);
  return required
    ? requiredValue(valid, msg.required)
    : v.optional(v.nullable(v.pipe(v.unknown(), v.transform(blankToNull), v.union([v.null(), valid], msg.date))), null);
};

const optionalEmail = v.optional(
  v.nullable(
    v.pipe(
      v.unknown(),
      v.transform(blankToNull),
      v.union(
        [v.null(), v.pipe(v.string(), v.trim(), v.email(msg.email), v.maxLength(255, msg.tooLong(255)))],
        msg.email,
      ),
    ),
  ),
  null,
);
const requiredEmail = v.pipe(
  v.string(msg.required),
  v.trim(),
  v.nonEmpty(msg.required),
  v.email(msg.email),
  v.maxLength(255, msg.tooLong(255)),
);

const amount = v.optional(
  v.pipe(
    v.union(
      [v.number(deliveryMsg.amount), v.pipe(v.string(deliveryMsg.amount), v.regex(/^\d+$/, deliveryMsg.amount))],
      deliveryMsg.amount,
    ),
    v.transform(Number),
    v.integer(deliveryMsg.amount),
    v.minValue(1, deliveryMsg.amount),
    v.maxValue(10_000, deliveryMsg.amount),
  ),
  1,
);

const pickupFlag = v.optional(
  v.pipe(
    v.union([v.boolean(), v.picklist([0, 1, '0', '1', 'true', 'false'])], msg.choose),
    v.transform((x): 0 | 1 => (x === true || x === 1 || x === '1' || x === 'true' ? 1 : 0)),
  ),
  0,
);

/** One requested line: an article (deliver) or an item (pick up, or a chosen replacement). */
const deliveryLineSchema = v.object(
  {
    product_id: optionalId,
    item_id: optionalId,
    is_pickup: pickupFlag,
    amount,
  },
  msg.required,
);
type DeliveryLineInput = v.InferOutput<typeof deliveryLineSchema>;

const lines = (minimum: number, message: string) =>
  v.pipe(
    // The length is checked before any line: a form field can carry a megabyte of JSON text.
    v.optional(
      v.pipe(
        v.unknown(),
        v.transform(jsonText),
        v.check((x) => !Array.isArray(x) || x.length <= MAX_LIST.lines, msg.tooMany(MAX_LIST.lines)),
        v.array(deliveryLineSchema, message),
      ),
      [],
    ),
    v.check((list) => list.length >= minimum, message),
  );

const common = {
  client_id: requiredValue(id, deliveryMsg.clientRequired),
  project_id: optionalId,
  description: optionalText(2000),
  w_number: optionalText(120),
  address: optionalText(500),
  carrier_id: carrierId,
};

/** Per delivery type the fields of spec 2 §5; `creating` makes dates future-only. */
export function deliverySchema(typeId: number, creating: boolean) {
  switch (typeId) {
    case DeliveryType.BULK_LEVERING:
      // Bulk: only the future date is required; contact, order number, reference, address, remarks and file are
      // optional.
      return v.object(
        {
          ...common,
          date: dateField(true, creating),
          order_number: optionalText(120),
          your_reference: optionalText(120),
          contact: optionalText(160),
          contact_email: optionalEmail,
          contact_phone: optionalPhone,
          products: lines(1, deliveryMsg.productsRequired),
        },
        msg.required,
      );
    case DeliveryType.REPARATIE:
    case DeliveryType.UITDIENST:
    case DeliveryType.EOL_SWAP:
      // Resignation, repair and EOL swap: contact, e-mail, phone, order number and reference; pickup date future
      // (required for EOL swap).
      return v.object(
        {
          ...common,
          date: dateField(typeId === DeliveryType.EOL_SWAP, creating),
          order_number: requiredText(120),
          your_reference: requiredText(120),
          contact: requiredText(160),
          contact_email: requiredEmail,
          contact_phone: requiredPhone,
          products:
            typeId === DeliveryType.UITDIENST
              ? lines(0, deliveryMsg.itemRequired)
              : lines(1, typeId === DeliveryType.EOL_SWAP ? deliveryMsg.eolRequired : deliveryMsg.defectRequired),
          repair_description: optionalText(5000),
        },
        msg.required,
      );
    case DeliveryType.EXTRA_PRODUCTEN:
      // Extra products: bundle, delivery date and order number.
      return v.object(
        {
          ...common,
          // The bundle is chosen when requesting; an edit changes the articles themselves.
          bundle_id: creating ? requiredValue(id, deliveryMsg.bundleRequired) : optionalId,
          date: dateField(true, creating),
          order_number: requiredText(120),
          your_reference: optionalText(120),
          contact: optionalText(160),
          contact_email: optionalEmail,
          contact_phone: optionalPhone,
          products: lines(creating ? 0 : 1, deliveryMsg.productsRequired),
        },
        msg.required,
      );
    default:
      // In service (a new end user): future delivery date, order number, reference and stock.
      return v.object(
        {
          ...common,
          date: dateField(true, creating),
          order_number: requiredText(120),
          your_reference: requiredText(120),
          contact: optionalText(160),
          contact_email: optionalEmail,
          contact_phone: optionalPhone,
          products: lines(1, deliveryMsg.stockRequired),
        },
        msg.required,
      );
  }
}

/** What every type's schema yields, with absent fields as null: the one shape the service works with. */
export interface DeliveryInput {
  delivery_type_id: DeliveryTypeId;
  client_id: number;
  project_id: number | null;
  description: string | null;
  w_number: string | null;
  address: string | null;
  carrier_id: number | null;
  date: string | null;
  order_number: string | null;
  your_reference: string | null;
  contact: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  products: DeliveryLineInput[];
  bundle_id: number | null;
  repair_description: string | null;
}

/** Widens one type's parsed output into DeliveryInput. */
export function toDeliveryInput(
  typeId: DeliveryTypeId,
  parsed: v.InferOutput<ReturnType<typeof deliverySchema>>,
): DeliveryInput {
  const x = parsed as Partial<DeliveryInput> & Pick<DeliveryInput, 'client_id' | 'products'>;
  return {
    delivery_type_id: typeId,
    client_id: x.client_id,
    project_id: x.project_id ?? null,
    description: x.description ?? null,
    w_number: x.w_number ?? null,
    address: x.address ?? null,
    carrier_id: x.carrier_id ?? null,
    date: x.date ?? null,
    order_number: x.order_number ?? null,
    your_reference: x.your_reference ?? null,
    contact: x.contact ?? null,
    contact_email: x.contact_email ?? null,
    contact_phone: x.contact_phone ?? null,
    products: x.products,
    bundle_id: x.bundle_id ?? null,
    repair_description: x.repair_description ?? null,
  };
}

/** The in-service delivery that comes with a new end user (POST /clients with client type 4, spec 1 §5). */
export const endUserDeliverySchema = v.object(
  {
    date: dateField(true, true),
    order_number: requiredText(120),
    your_reference: requiredText(120),
    w_number: optionalText(120),
    description: optionalText(2000),
    address: optionalText(500),
    carrier_id: carrierId,
    products: lines(1, deliveryMsg.stockRequired),
  },
  msg.required,
);
export type EndUserDeliveryInput = v.InferOutput<typeof endUserDeliverySchema>;

/** 'Bezorger wijzigen': the carrier is optional (spec 2 §5); none means the provider's own carrier. */
export const carrierChangeSchema = v.object({ carrier_id: carrierId }, msg.required);

/** Repair notes (onlyChangeRepairDescription). */
export const repairDescriptionSchema = v.object({ repair_description: optionalText(5000) }, msg.required);

/** POST /delivery/cancel, /delivery/reopen-cancelled-delivery, /delivery/delete. */
export const deliveryIdSchema = v.object({ id }, msg.required);

/** The bulk upload by its name: one of the allowed document and picture types (domain/files.ts). */
export function isAcceptableUpload(name: string): boolean {
  return bulkFileExtension(name) !== null;
}
