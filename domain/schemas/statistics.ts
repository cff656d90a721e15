import * as v from 'valibot';
import { amsterdamClock } from '../dates';
import { StatisticsItemFilter } from '../enums';
import { STATISTICS_FIRST_YEAR } from '../rules';
import { id, msg } from './common';

/** Years offered in the dashboard filter: 2022 up to next year (spec 1 §2.6). */
export function statisticsYears(now = new Date()): number[] {
  const last = amsterdamClock(now).year + 1;
  return Array.from({ length: last - STATISTICS_FIRST_YEAR + 1 }, (_, i) => STATISTICS_FIRST_YEAR + i);
}

export const statisticsParamsSchema = v.object({
  customerId: id,
  year: v.pipe(
    v.string(msg.required),
    v.regex(/^\d{4}$/, msg.number),
    v.transform(Number),
    v.check((y) => statisticsYears().includes(y), 'Kies een jaar uit de lijst.'),
  ),
});

export const exportItemsSchema = v.object({
  id,
  status: v.picklist(StatisticsItemFilter, msg.choose),
});
