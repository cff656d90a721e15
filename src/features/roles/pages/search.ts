import * as v from 'valibot';
import { tableSearch, tableSearchDefaults } from '../../../ui/table/search';

/** /rollen-en-rechten: the table's state. */
export const roleListSearch = v.object(tableSearch());
export const roleListDefaults = tableSearchDefaults();
