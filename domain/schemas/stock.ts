import * as v from 'valibot';
import { StockOwner, manualItemStatuses } from '../enums';
import { moneyMsg, parseMoneyToCents as parsePriceToCents } from '../money';
import { fileMsg } from '../files';
import {
  calendarDate,
  email,
  id,
  importColumnsOf,
  msg,
  optionalText,
  requiredPhone,
  requiredText,
  MAX_LIST,
} from './common';

/** Messages of the stock area (spec 2 §5, §8); forms and the API show the same words. */
export const stockMsg = {
  eol: 'Vul het aantal maanden in als getal.',
  image: fileMsg.image,
  fileRequired: 'Kies een bestand.',
  fileType: 'Alleen .csv of Excel bestanden zijn toegestaan.',
  importEmpty: 'Het bestand bevat geen regels.',
  importTooMany: fileMsg.tooManyRows,
  productUnknown: 'Onbekend artikelnummer.',
  productAmbiguous: 'Artikelnummer komt bij meerdere eindklanten voor; kies een eindklant.',
  serialRequired: 'Serienummer is verplicht.',
  serialTaken: 'Serienummer bestaat al.',
  serialTwice: 'Serienummer staat dubbel in het bestand.',
  uniqueIdTaken: 'Dit unieke ID bestaat al bij deze eindklant.',
  clientRequired: 'Kies een eindklant.',
  inUseBy: 'Kies bij wie het item in gebruik is.',
  dateLocked: 'De aankoopdatum kan niet meer worden gewijzigd.',
  price: moneyMsg.invalid,
  status: 'Kies een status.',
  deleteRefused: 'Artikel kan niet worden verwijderd',
  inactiveRefused: 'Artikel kan niet inactief worden gemaakt',
  bundleProduct: 'Dit artikel hoort niet bij de klant van de bundel.',
  stockOwner: 'Kies Eindklant, Reseller of Operational lease.',
  quantity: 'Vul een aantal van 1 tot 1000 in.',
} as const;

/** Product group 3 holds accessories: counted, not serial-tracked (their items have no serial). */
export const ACCESSORY_GROUP_ID = 3;

/** The product groups every installation has (no screen edits them); the ids are fixed, see ACCESSORY_GROUP_ID. */
export const STANDARD_PRODUCT_GROUPS = [
  { id: 1, name: 'Laptops' },
  { id: 2, name: 'Monitoren' },
  { id: ACCESSORY_GROUP_ID, name: 'Accessoires' },
  { id: 4, name: 'Telefoons' },
  { id: 5, name: 'Dockingstations' },
] as const;

const blankToNull = (x: unknown) => (typeof x === 'string' && x.trim() === '' ? null : x);

const isWholeNumber = (x: unknown) =>
  (typeof x === 'number' && Number.isInteger(x)) || (typeof x === 'string' && /^\d{1,6}$/.test(x.trim()));

const eolMonths = v.optional(
  v.pipe(
    v.unknown(),
    v.transform(blankToNull),
    v.check((x) => x == null || (isWholeNumber(x) && Number(x) >= 0 && Number(x) <= 600), stockMsg.eol),
    v.transform((x) => (x == null ? null : Number(x))),
  ),
  null,
);

const optionalId = v.optional(
  v.nullable(v.pipe(v.unknown(), v.transform(blankToNull), v.union([v.null(), id], msg.choose))),
  null,
);

const flag = v.optional(
  v.pipe(
    v.union([v.boolean(), v.picklist([0, 1, '0', '1', 'true', 'false', 'Ja', 'Nee', 'ja', 'nee', ''])], msg.choose),
    v.transform((x) => x === true || x === 1 || x === '1' || x === 'true' || x === 'Ja' || x === 'ja'),
  ),
  false,
);

const stockOwner = v.optional(
  v.nullable(
    v.pipe(
      v.unknown(),
      v.transform(blankToNull),
      v.union([v.null(), v.picklist(StockOwner, stockMsg.stockOwner)], stockMsg.stockOwner),
    ),
  ),
  null,
);

/** New or changed article (spec 2 §5): description, group, article number and unique ID required. */
export const productSchema = v.object(
  {
    name: requiredText(160),
    description: optionalText(2000),
    product_group_id: v.pipe(v.unknown(), v.transform(blankToNull), id),
    article_number: requiredText(80),
    unique_product_id: requiredText(80),
    eol: eolMonths,
    client_id: optionalId,
  },
  msg.required,
);
export type ProductInput = v.InferOutput<typeof productSchema>;

/** 'Factuur beheren': a price as '12.50', '12,50', '1.234,56' or a number; stored in cents. */
export const productPriceSchema = v.object(
  {
    price: v.pipe(
      v.union([v.number(stockMsg.price), v.string(stockMsg.price)], stockMsg.price),
      v.transform((x) => (typeof x === 'number' ? Math.round(x * 100) : parsePriceToCents(x))),
      v.check((x) => x !== null && x >= 0 && x <= 100_000_000, stockMsg.price),
      v.transform((x) => x as number),
    ),
  },
  msg.required,
);

export const bundleCreateSchema = v.object({ name: requiredText(160), client_id: id }, msg.required);
export const bundleUpdateSchema = v.object(
  {
    name: v.optional(requiredText(160)),
    products: v.pipe(v.array(id, msg.required), v.maxLength(MAX_LIST.lines, msg.tooMany(MAX_LIST.lines))),
  },
  msg.required,
);

/** POST /items: one item of a product; accessories (group 3) may come as a quantity without serial. */
export const itemCreateSchema = v.object(
  {
    product_id: id,
    serial: optionalText(120),
    order_number: optionalText(120),
    daas: flag,
    stock_owner: stockOwner,
    quantity: v.optional(
      v.pipe(
        v.union([v.number(), v.string()], stockMsg.quantity),
        v.transform(Number),
        v.integer(stockMsg.quantity),
        v.minValue(1, stockMsg.quantity),
        v.maxValue(1000, stockMsg.quantity),
      ),
      1,
    ),
  },
  msg.required,
);
export type ItemCreateInput = v.InferOutput<typeof itemCreateSchema>;

/** Status change from the status label: one of the manual statuses (spec 2 §4). */
export const itemStatusSchema = v.object(
  {
    status_id: v.pipe(
      v.union(
        [v.number(stockMsg.status), v.pipe(v.string(stockMsg.status), v.regex(/^\d+$/, stockMsg.status))],
        stockMsg.status,
      ),
      v.transform(Number),
      v.picklist(manualItemStatuses, stockMsg.status),
    ),
  },
  msg.required,
);

const optionalDate = v.optional(
  v.nullable(
    v.pipe(
      v.unknown(),
      v.transform(blankToNull),
      v.union([v.null(), v.pipe(v.string(msg.date), calendarDate)], msg.date),
    ),
  ),
  null,
);

/** Full item update (Bewerken): 'In gebruik door' required; the purchase date is locked once set (server rule). */
export const itemUpdateSchema = v.object(
  {
    serial: optionalText(120),
    order_number: optionalText(120),
    tag_number: optionalText(120),
    mac_address: optionalText(60),
    date_in_use: optionalDate,
    address: optionalText(255),
    client_id: v.pipe(
      v.optional(v.unknown(), null),
      v.transform(blankToNull),
      v.check((x) => isWholeNumber(x) && Number(x) > 0, stockMsg.inUseBy),
      v.transform(Number),
    ),
  },
  msg.required,
);
export type ItemUpdateInput = v.InferOutput<typeof itemUpdateSchema>;

/** Mutation (spec 2 §5): e-mail and phone required; 'In gebruik door' required unless the client is removed. */
export const mutationSchema = v.pipe(
  v.object(
    {
      client_id: optionalId,
      address: optionalText(255),
      contact: optionalText(160),
      contact_email: email,
      contact_phone: requiredPhone,
      remove_client: flag,
      /**
       * A new end user, made in the same command and given the item (spec 2 §5: "a new account can be created inline").
       */
      new_user: v.optional(v.object({ first_name: requiredText(80), last_name: requiredText(80) }, msg.required)),
    },
    msg.required,
  ),
  v.forward(
    v.partialCheck(
      [['remove_client'], ['client_id'], ['new_user']],
      (x) => x.remove_client || x.client_id != null || x.new_user != null,
      stockMsg.inUseBy,
    ),
    ['client_id'],
  ),
);
export type MutationInput = v.InferOutput<typeof mutationSchema>;

/** One row of the stock import (template public/excel/Template.xlsx). */
export const importColumns = importColumnsOf({
  article_number: 'Artikelnummer',
  serial: 'Serienummer',
  order_number: 'Ordernummer',
  mac_address: 'MAC adres',
  tag_number: 'Asset ID',
  daas: 'DaaS (Ja/Nee)',
  stock_owner: 'Voorraadeigenaar',
});

export const importRowSchema = v.object(
  {
    article_number: requiredText(80),
    serial: optionalText(120),
    order_number: optionalText(120),
    mac_address: optionalText(60),
    tag_number: optionalText(120),
    daas: flag,
    stock_owner: stockOwner,
  },
  msg.required,
);
export type ImportRow = v.InferOutput<typeof importRowSchema>;

export function isImportFileName(name: string): boolean {
  return /\.(csv|xlsx|xls)$/i.test(name);
}
