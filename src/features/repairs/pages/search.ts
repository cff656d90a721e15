import * as v from 'valibot';
import { tableSearch, tableSearchDefaults } from '../../../ui/table/search';

/** /reparaties: the table's state, filtered by end customer. */
export const repairListSearch = v.object(tableSearch(['client']));
export const repairListDefaults = tableSearchDefaults();
