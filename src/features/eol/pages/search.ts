import * as v from 'valibot';
import { tableSearch, tableSearchDefaults } from '../../../ui/table/search';

/** /eol: the table's state, filtered by end customer and reseller. */
export const eolListSearch = v.object(tableSearch(['client', 'reseller']));
export const eolListDefaults = tableSearchDefaults();
