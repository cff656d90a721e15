import * as v from 'valibot';
import { email, id, msg, optionalText, requiredPhone, requiredText, MAX_LIST } from './common';

/** Messages of contacts (spec 1 §2.10, §5, §8). */
export const contactMsg = {
  endClientInvalid: 'Kies eindklanten van deze reseller.',
  endClientsOnlyReseller: 'Eindklanten kunnen alleen aan een contactpersoon van een reseller worden gekoppeld.',
} as const;

/** has_account as a radio ('1'/'0'), a checkbox (boolean) or a number. */
const accountFlag = v.pipe(
  v.union([v.boolean(), v.picklist([0, 1, '0', '1', 'true', 'false'])], msg.choose),
  v.transform((x) => x === true || x === 1 || x === '1' || x === 'true'),
);

/**
 * A missing has_account is a radio group without a choice: 'Selecteer een optie.' (spec 1 §5), also beside other
 * errors.
 */
const choiceMissing = v.transform((input: unknown) =>
  input && typeof input === 'object' && !Array.isArray(input) ? { has_account: null, ...input } : input,
);

/** reseller_end_client: end customer ids, or the API's own shape [{ endclient_id }]. */
const endClientList = v.optional(
  v.pipe(
    v.array(
      v.union(
        [
          id,
          v.pipe(
            v.object({ endclient_id: id }),
            v.transform((o) => o.endclient_id),
          ),
        ],
        msg.choose,
      ),
      msg.choose,
    ),
    v.maxLength(MAX_LIST.lines, msg.tooMany(MAX_LIST.lines)),
  ),
);

const contactFields = {
  first_name: requiredText(80),
  last_name: requiredText(80),
  title: optionalText(120),
  phone: requiredPhone,
  email,
  has_account: accountFlag,
  /** The role of a new account; without it the client type decides (server/modules/contacts). */
  role_id: v.optional(v.nullable(id)),
  reseller_end_client: endClientList,
};

/** POST /api/contacts: first name, last name, phone and e-mail required; has_account required (spec 1 §5). */
export const contactCreateSchema = v.pipe(
  v.unknown(),
  choiceMissing,
  v.object({ client_id: id, ...contactFields }, msg.required),
);
export type ContactCreateInput = v.InferOutput<typeof contactCreateSchema>;

/** PUT /api/contacts/{id}: the client of a contact does not change. */
export const contactUpdateSchema = v.pipe(v.unknown(), choiceMissing, v.object(contactFields, msg.required));
export type ContactUpdateInput = v.InferOutput<typeof contactUpdateSchema>;
