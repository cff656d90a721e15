import * as v from 'valibot';
import { StockOwner } from '../enums';
import { calendarDate, id, msg, noNul, notBeforeToday, optionalText, requiredText, MAX_LIST } from './common';

/** Messages of the pre-notification area (spec 2 §5, §8). */
export const asnMsg = {
  clientRequired: 'Kies een eindklant.',
  notEndCustomer: 'Kies een eindklant.',
  stockOwner: 'Kies Eindklant, Reseller of Operational lease.',
  productRequired: 'Kies een artikel.',
  productOther: 'Dit artikel hoort niet bij deze eindklant.',
  productTwice: 'Dit artikel staat al in de lijst.',
  quantity: 'Vul een aantal van 1 tot 10000 in.',
  productsRequired: 'Voeg minimaal één artikel toe.',
  projectNumber: 'Vul een projectnummer in.',
  projectOther: 'Dit project hoort niet bij deze eindklant.',
  contractEnd: 'Vul de einddatum van het contract in.',
  expectedRequired: 'Vul de verwachte leverdatum in.',
  endBeforeStart: 'De einddatum ligt voor de startdatum.',
  lineArrived: 'Dit artikel is al (deels) ingeklaard en kan niet worden verwijderd.',
  belowArrived: 'Het aantal is lager dan wat al is ingeklaard.',
  completed: 'Deze voormelding is al afgerond.',
  lineUnknown: 'Dit artikel hoort niet bij deze voormelding.',
  serialsRequired: 'Scan de serienummers van dit artikel.',
  serialUnknown: 'Serienummer is niet gevonden.',
  serialNotOnDelivery: 'Serienummer hoort niet bij deze levering.',
} as const;

const blankToNull = (x: unknown) => (typeof x === 'string' && x.trim() === '' ? null : x);

const flag = v.optional(
  v.pipe(
    v.union([v.boolean(), v.picklist([0, 1, '0', '1', 'true', 'false'])], msg.choose),
    v.transform((x) => x === true || x === 1 || x === '1' || x === 'true'),
  ),
  false,
);

const optionalId = v.optional(
  v.nullable(v.pipe(v.unknown(), v.transform(blankToNull), v.union([v.null(), id], msg.choose))),
  null,
);

const optionalDate = (future: boolean) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.unknown(),
        v.transform(blankToNull),
        v.union(
          [
            v.null(),
            future
              ? v.pipe(v.string(msg.date), calendarDate, notBeforeToday)
              : v.pipe(v.string(msg.date), calendarDate),
          ],
          msg.date,
        ),
      ),
    ),
    null,
  );

const quantity = v.pipe(
  v.union(
    [v.number(asnMsg.quantity), v.pipe(v.string(asnMsg.quantity), v.regex(/^\d+$/, asnMsg.quantity))],
    asnMsg.quantity,
  ),
  v.transform(Number),
  v.integer(asnMsg.quantity),
  v.minValue(1, asnMsg.quantity),
  v.maxValue(10_000, asnMsg.quantity),
);

const asnProduct = v.object(
  {
    product_id: v.pipe(v.unknown(), v.transform(blankToNull), v.union([id], asnMsg.productRequired)),
    quantity,
  },
  msg.required,
);

/**
 * New (creating = true) or changed pre-notification (spec 2 §5): end customer, order number, stock
 * owner and per article the article and quantity required; a project number when a new project is
 * entered; contract end date and expected delivery when contract data is Yes; dates lie in the
 * future only when creating.
 */
export const asnSchema = (creating: boolean) =>
  v.pipe(
    v.object(
      {
        client_id: v.pipe(v.unknown(), v.transform(blankToNull), v.union([id], asnMsg.clientRequired)),
        reference: requiredText(120),
        w_number: optionalText(120),
        project_id: optionalId,
        new_project: flag,
        project_number: optionalText(120),
        expected: optionalDate(creating),
        partial_delivery: flag,
        contract: flag,
        start_date_contract: optionalDate(false),
        end_date_contract: optionalDate(creating),
        daas: flag,
        stock_owner: v.pipe(v.unknown(), v.transform(blankToNull), v.picklist(StockOwner, asnMsg.stockOwner)),
        comment: optionalText(2000),
        products: v.pipe(
          v.array(asnProduct, asnMsg.productsRequired),
          v.minLength(1, asnMsg.productsRequired),
          v.maxLength(MAX_LIST.lines, msg.tooMany(MAX_LIST.lines)),
        ),
      },
      msg.required,
    ),
    // Partial checks: each runs when the fields it reads are valid, also while other fields fail.
    v.forward(
      v.partialCheck(
        [['new_project'], ['project_number']],
        (x) => !x.new_project || !!x.project_number,
        asnMsg.projectNumber,
      ),
      ['project_number'],
    ),
    v.forward(
      v.partialCheck(
        [['contract'], ['end_date_contract']],
        (x) => !x.contract || !!x.end_date_contract,
        asnMsg.contractEnd,
      ),
      ['end_date_contract'],
    ),
    v.forward(
      v.partialCheck([['contract'], ['expected']], (x) => !x.contract || !!x.expected, asnMsg.expectedRequired),
      ['expected'],
    ),
    v.forward(
      v.partialCheck(
        [['start_date_contract'], ['end_date_contract']],
        (x) => !x.start_date_contract || !x.end_date_contract || x.end_date_contract >= x.start_date_contract,
        asnMsg.endBeforeStart,
      ),
      ['end_date_contract'],
    ),
  );
export type AsnInput = v.InferOutput<ReturnType<typeof asnSchema>>;

/** One article line of a check-in: the line (or product) and its serials; accessories may send a quantity. */
const checkInLine = v.pipe(
  v.object(
    {
      asn_product_id: optionalId,
      product_id: optionalId,
      quantity: v.optional(
        v.nullable(
          v.pipe(
            v.unknown(),
            v.transform(blankToNull),
            v.union(
              [
                v.null(),
                v.pipe(
                  v.union([v.number(), v.string()]),
                  v.transform(Number),
                  v.integer(asnMsg.quantity),
                  v.minValue(0, asnMsg.quantity),
                  v.maxValue(10_000, asnMsg.quantity),
                ),
              ],
              asnMsg.quantity,
            ),
          ),
        ),
        null,
      ),
      serials: v.optional(
        v.pipe(
          v.array(
            v.pipe(
              v.string(msg.required),
              v.trim(),
              v.nonEmpty(msg.required),
              v.maxLength(120, msg.tooLong(120)),
              noNul,
            ),
          ),
          v.maxLength(10_000, asnMsg.quantity),
        ),
        [],
      ),
    },
    msg.required,
  ),
  v.forward(
    v.partialCheck(
      [['asn_product_id'], ['product_id']],
      (x) => x.asn_product_id != null || x.product_id != null,
      asnMsg.productRequired,
    ),
    ['asn_product_id'],
  ),
);

/** POST /delivery/save and /delivery/save-and-finish (spec 2 §7). */
export const checkInSchema = v.object(
  {
    id,
    products: v.optional(
      v.pipe(v.array(checkInLine, msg.required), v.maxLength(MAX_LIST.lines, msg.tooMany(MAX_LIST.lines))),
      [],
    ),
  },
  msg.required,
);
export type CheckInInput = v.InferOutput<typeof checkInSchema>;

/** POST /items/scanitems: serials to look up before check-in. */
export const scanItemsSchema = v.object(
  {
    serials: v.pipe(
      v.array(v.pipe(v.string(msg.required), v.maxLength(120, msg.tooLong(120)), noNul), msg.required),
      v.maxLength(10_000, asnMsg.quantity),
    ),
  },
  msg.required,
);
