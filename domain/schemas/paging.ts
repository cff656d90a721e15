import * as v from 'valibot';
import { msg, noNul } from './common';

/** Beyond this page no list reaches; a larger number is a typing error, not a request. */
const MAX_PAGE = 100_000;
const MAX_SEARCH_LENGTH = 255;

export const pagingMsg = {
  page: 'Vul een geldig paginanummer in.',
  sort: 'Op deze kolom kan niet worden gesorteerd.',
  tab: 'Kies een bestaand tabblad.',
} as const;

/** A whole number as a query sends it; empty means "not given". */
const wholeNumber = (max: number, message: string) =>
  v.optional(
    v.union(
      [
        v.literal(''),
        v.pipe(
          v.string(),
          v.regex(/^\d{1,9}$/, message),
          v.transform(Number),
          v.minValue(1, message),
          v.maxValue(max, message),
        ),
      ],
      message,
    ),
  );

const queryText = v.optional(v.pipe(v.string(), v.maxLength(MAX_SEARCH_LENGTH, msg.tooLong(MAX_SEARCH_LENGTH)), noNul));

/**
 * The list parameters every table sends (spec 1 §7), as query strings. The sort key is checked
 * against the list's own allow-list by the server; here only its form.
 */
export const listQuerySchema = v.object({
  search: queryText,
  sort: queryText,
  order: v.optional(v.string()),
  page: wholeNumber(MAX_PAGE, pagingMsg.page),
  per_page: v.optional(v.pipe(v.string(), v.regex(/^\d{0,9}$/, pagingMsg.page), v.transform(Number))),
  showAll: v.optional(v.string()),
});

/** One filter value (`filters[name]`): text without NUL, at most a search's length. */
export const filterValueSchema = v.pipe(
  v.string(),
  v.maxLength(MAX_SEARCH_LENGTH, msg.tooLong(MAX_SEARCH_LENGTH)),
  noNul,
);
