import * as v from 'valibot';
import { ClientType } from '../enums';
import { centsToApiPrice, moneyMsg, parseMoneyToCents } from '../money';
import { POSTCODE_MESSAGE } from '../rules';
import {
  email,
  id,
  importColumnsOf,
  msg,
  optionalText,
  postcode,
  requiredPhone,
  requiredText,
  MAX_LIST,
} from './common';

/** Messages of the customer area (spec 1 §5, §8); the forms show the same words. */
export const clientMsg = {
  typeNotAllowed: 'Je mag dit type klant niet aanmaken.',
  parentInvalid: 'Kies een geldige bovenliggende klant.',
  hasChildren: 'Deze klant heeft nog actieve subklanten en kan niet worden verwijderd.',
  ownClient: 'Je kunt je eigen organisatie niet verwijderen.',
  price: moneyMsg.invalid,
  fileRequired: 'Kies een bestand.',
  fileType: 'Alleen .csv of Excel bestanden zijn toegestaan.',
  importEmpty: 'Het bestand bevat geen adressen.',
  postcodeUnknown: 'Postcode niet gevonden. Vul straat en plaats zelf in.',
} as const;

const clientTypeIdSchema = v.pipe(
  v.union([v.number(msg.choose), v.pipe(v.string(msg.choose), v.regex(/^\d+$/, msg.choose))], msg.choose),
  v.transform(Number),
  v.picklist([ClientType.RESELLER, ClientType.EINDKLANT, ClientType.EINDGEBRUIKER], msg.choose),
);

const flag = v.optional(
  v.pipe(
    v.union([v.boolean(), v.picklist([0, 1, '0', '1', 'true', 'false'])], msg.choose),
    v.transform((x) => (x === true || x === 1 || x === '1' || x === 'true' ? 1 : 0)),
  ),
);

/** House number: digits only (spec 1 §5); the addition goes in its own field. */
const houseNumber = v.pipe(
  v.union([v.number(POSTCODE_MESSAGE), v.string(POSTCODE_MESSAGE)], POSTCODE_MESSAGE),
  v.transform((x) => String(x).trim()),
  v.regex(/^\d{1,6}$/, POSTCODE_MESSAGE),
);

/** The fields of one address, without the client it belongs to (import rows use this too). */
export const addressFieldsSchema = v.object(
  {
    name: optionalText(120),
    street: requiredText(120),
    number: houseNumber,
    addition: optionalText(20),
    zipcode: postcode,
    city: requiredText(80),
    country: optionalText(60),
    is_visiting: v.optional(v.boolean()),
  },
  msg.required,
);
export type AddressFields = v.InferOutput<typeof addressFieldsSchema>;

/**
 * Column headers of the address import (public/excel/TemplateAdressenImport.xlsx), in order, and the field each fills.
 */
export const addressImportColumns = importColumnsOf({
  name: 'Naam locatie',
  street: 'Straat',
  number: 'Huisnummer',
  addition: 'Toevoeging',
  zipcode: 'Postcode',
  city: 'Plaats',
  country: 'Land',
});

export const addressCreateSchema = v.object({ ...addressFieldsSchema.entries, client_id: id }, msg.required);
export const addressUpdateSchema = addressFieldsSchema;

/** A contact given with a new customer (spec 1 §5: first and last name, phone and e-mail required). */
const newContactSchema = v.object(
  {
    first_name: requiredText(80),
    last_name: requiredText(80),
    title: optionalText(120),
    phone: requiredPhone,
    email,
  },
  msg.required,
);

const invoiceFields = {
  invoice_description: optionalText(500),
  invoice_reference: optionalText(120),
};

/** New customer or end user (spec 1 §2.10); invoice fields only count for EINDKLANT. */
export const clientCreateSchema = v.object(
  {
    name: requiredText(160),
    client_type_id: clientTypeIdSchema,
    parent_client_id: v.optional(id),
    ...invoiceFields,
    delivery_by_postnl: flag,
    contacts: v.optional(
      v.pipe(v.array(newContactSchema), v.maxLength(MAX_LIST.contacts, msg.tooMany(MAX_LIST.contacts))),
      [],
    ),
    addresses: v.optional(
      v.pipe(v.array(addressFieldsSchema), v.maxLength(MAX_LIST.contacts, msg.tooMany(MAX_LIST.contacts))),
      [],
    ),
  },
  msg.required,
);
export type ClientCreateInput = v.InferOutput<typeof clientCreateSchema>;

/** Changing a customer; contacts and addresses have their own calls. */
export const clientUpdateSchema = v.object(
  {
    name: requiredText(160),
    parent_client_id: v.optional(id),
    primary_contact_id: v.optional(id),
    ...invoiceFields,
    delivery_by_postnl: flag,
  },
  msg.required,
);
export type ClientUpdateInput = v.InferOutput<typeof clientUpdateSchema>;

/**
 * A price sent with a dot decimal ('1234.56'), or typed the Dutch way ('1.234,56', '12,50'); at most 7 digits of euros.
 */
const priceString = v.pipe(
  v.union([v.string(clientMsg.price), v.number(clientMsg.price)], clientMsg.price),
  v.transform((x) => parseMoneyToCents(String(x))),
  v.check((cents) => cents !== null && cents < 1_000_000_000, clientMsg.price),
  v.transform((cents) => centsToApiPrice(cents as number)),
);
export function priceToCents(price: string): number {
  const [whole, fraction = ''] = price.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
export function centsToPrice(cents: number): string {
  return (cents / 100).toFixed(2);
}

export const monthlyPaymentSchema = v.object(
  {
    monthlypayment: v.pipe(
      v.array(v.object({ description: requiredText(160), price: priceString }, msg.required), msg.required),
      v.maxLength(MAX_LIST.contacts, msg.tooMany(MAX_LIST.contacts)),
    ),
  },
  msg.required,
);
export type MonthlyPaymentInput = v.InferOutput<typeof monthlyPaymentSchema>;

export const postalCodeQuerySchema = v.object({ postal_code: postcode }, msg.required);

/** Drops null, undefined and empty-string fields (spec 1 §5: null fields are stripped). */
export function stripNulls<T extends Record<string, unknown>>(input: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(input ?? {}).filter(([, x]) => x !== null && x !== undefined && x !== ''),
  ) as Partial<T>;
}

/** Fields an edit may empty: sent as '' or null they are cleared, not dropped like other blank fields. */
const CLEARABLE_CLIENT_FIELDS = ['invoice_description', 'invoice_reference'] as const;

/** The clearable fields a body sends blank, as nulls (to merge over `stripNulls`). */
export function clearedFields(input: Record<string, unknown>): Record<string, null> {
  return Object.fromEntries(
    CLEARABLE_CLIENT_FIELDS.filter((k) => Object.hasOwn(input ?? {}, k) && (input[k] === null || input[k] === '')).map(
      (k) => [k, null],
    ),
  );
}

/** Which client types a user of the given client type may create (spec 1 §6). */
export function creatableClientTypes(userClientTypeId: number): number[] {
  if (userClientTypeId === ClientType.PROVIDER)
    return [ClientType.RESELLER, ClientType.EINDKLANT, ClientType.EINDGEBRUIKER];
  if (userClientTypeId === ClientType.RESELLER) return [ClientType.EINDKLANT, ClientType.EINDGEBRUIKER];
  return [ClientType.EINDGEBRUIKER];
}

/** The client type a parent must have for a child of this type. */
export function allowedParentTypes(childTypeId: number): number[] {
  if (childTypeId === ClientType.RESELLER) return [ClientType.PROVIDER];
  if (childTypeId === ClientType.EINDKLANT) return [ClientType.PROVIDER, ClientType.RESELLER];
  return [ClientType.EINDKLANT];
}

/** Import file names accepted by the address import (spec 1 §5). */
/** exceljs reads .xlsx; the old binary .xls format is refused rather than misread. */
const IMPORT_EXTENSIONS = ['.csv', '.xlsx'] as const;
export function isImportFileName(name: string): boolean {
  return IMPORT_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));
}
