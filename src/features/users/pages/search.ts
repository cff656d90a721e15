import * as v from 'valibot';
import { tableSearch, tableSearchDefaults } from '../../../ui/table/search';

/** /gebruikersbeheer: the table's state. */
export const userListSearch = v.object(tableSearch());
export const userListDefaults = tableSearchDefaults();
