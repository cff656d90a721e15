import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { DataTable, type Column } from '../../../ui/DataTable';
import { TopBarActions } from '../../../shell/top-bar';
import { rolesQueryOptions, type RoleRow } from '../api/roles';
import { RoleFormModal } from '../components/RoleFormModal';

const columns: Column<RoleRow>[] = [
  { key: 'name', header: 'Rol', sortable: true, width: 220 },
  { key: 'description', header: 'Omschrijving', sortable: true, width: 460 },
  { key: 'users_count', header: 'Gebruikers', sortable: true, sortKey: 'users', width: 120, align: 'right' },
  { key: 'id', header: '', cell: { kind: 'view', route: 'rolesRightsDetail' }, width: 110 },
];

/** /rollen-en-rechten (spec 2 §2.13); 'Nieuwe rol' in the top bar. */
export function RoleListPage() {
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  return (
    <div className="panel">
      <TopBarActions actions={[{ label: 'Nieuwe rol', right: 'Rol aanmaken', onClick: () => setCreating(true) }]} />
      <DataTable<RoleRow>
        label="Rollen"
        columns={columns}
        query={rolesQueryOptions}
        searchPlaceholder="Zoek op rol of omschrijving"
        urlState
        loadErrorText="Rollen kunnen niet worden ingeladen"
      />
      {creating && (
        <RoleFormModal
          onClose={() => setCreating(false)}
          onSaved={(role) => void navigate({ to: '/rollen-en-rechten/$id', params: { id: role.id } })}
        />
      )}
    </div>
  );
}
