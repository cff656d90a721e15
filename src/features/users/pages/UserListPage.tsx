import { getRouteApi } from '@tanstack/react-router';
import { download } from '../../../api/client';
import { DataTable, type Column } from '../../../ui/DataTable';
import * as v from 'valibot';
import { tableParamsOf } from '../../../ui/table/search';
import { userListSearch } from './search';
import { TopBarActions } from '../../../shell/top-bar';
import { toastError } from '../../../shell/toast';
import { usersQueryOptions, type UserRow } from '../api/users';

const route = getRouteApi('/app/gebruikersbeheer');

const columns: Column<UserRow>[] = [
  { key: 'name', header: 'Naam', sortable: true, width: 260 },
  { key: 'email', header: 'Email', sortable: true, width: 300 },
  { key: 'role', header: 'Rol', width: 260 },
  { key: 'id', header: '', cell: { kind: 'view', route: 'userDetails' }, width: 110 },
];

/** /gebruikersbeheer (spec 2 §2.12): Naam, Email, Rol; search on name or e-mail; export from the top bar. */
export function UserListPage() {
  const search = route.useSearch({ select: (validated) => v.parse(userListSearch, validated) });
  const exportUsers = () => {
    const params = tableParamsOf(search);
    download('exportusers', { search: params.search, sort: params.sort, order: params.order }).catch(() =>
      toastError('Exporteren is mislukt'),
    );
  };

  return (
    <div className="panel">
      <TopBarActions actions={[{ label: 'Exporteren', right: 'Gebruikers exporteren', onClick: exportUsers }]} />
      <DataTable<UserRow>
        label="Gebruikers"
        columns={columns}
        query={usersQueryOptions}
        searchPlaceholder="Zoek op naam of e-mailadres"
        urlState
      />
    </div>
  );
}
