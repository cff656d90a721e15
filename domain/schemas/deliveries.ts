import * as v from 'valibot';
import { DeliveryType, type DeliveryTypeId } from '../enums';
import { bulkFileExtension } from '../files';
import { id, msg, optionalPhone, optionalText, requiredPhone, requiredText } from './common';

import { deliveryMsg } from './delivery-messages';
import {
  carrierId,
  dateField,
  lines,
  optionalEmail,
  optionalId,
  requiredEmail,
  requiredValue,
  type DeliveryLineInput,
} from './delivery-fields';

export { deliveryMsg, deliveryToast } from './delivery-messages';
export { deliveryTypeIdSchema } from './delivery-fields';

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
