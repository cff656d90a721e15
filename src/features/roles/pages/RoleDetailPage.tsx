import { useMemo, useState } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { isPermission, permissionGroups } from '@domain/permissions';
import { confirmDialog } from '../../../shell/confirm';
import { usePageTitle } from '../../../shell/page-title';
import { showToast } from '../../../shell/toast';
import { useDeleteRole, useSaveRolePermissions } from '../api/mutations';
import { permissionsQueryOptions, roleQueryOptions, type RoleDetail } from '../api/roles';
import { useSuspenseQuery } from '@tanstack/react-query';
import { RoleFormModal } from '../components/RoleFormModal';
import { useSessionUser } from '../../../session';
import '../roles.css';

const route = getRouteApi('/app/rollen-en-rechten/$id');

export function RoleDetailPage() {
  const { id } = route.useParams();
  const role = useSuspenseQuery(roleQueryOptions(id));
  const permissions = useSuspenseQuery(permissionsQueryOptions());
  usePageTitle(role.data.name);
  return <RolePanel key={role.data.id} role={role.data} allRights={permissions.data.map((p) => p.name)} />;
}

/** Rights grouped as in domain/permissions.ts; a right the server knows but no group lists goes under 'Overig'. */
function groupRights(allRights: string[]): [string, string[]][] {
  const grouped = Object.entries(permissionGroups).map(
    ([group, rights]) => [group, rights.filter((r) => allRights.includes(r))] as [string, string[]],
  );
  const known = new Set<string>(Object.values(permissionGroups).flat());
  const other = allRights.filter((r) => !known.has(r));
  return [...grouped, ...(other.length ? [['Overig', other] as [string, string[]]] : [])].filter(
    ([, rights]) => rights.length > 0,
  );
}

function RolePanel({ role, allRights }: { role: RoleDetail; allRights: string[] }) {
  const rights = useSessionUser();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [checked, setChecked] = useState(() => new Set(role.permissions.map((p) => p.name)));
  const save = useSaveRolePermissions();
  const remove = useDeleteRole();
  const groups = useMemo(() => groupRights(allRights), [allRights]);
  // `editable`: not a template from above (the provider's, or a reseller's seen from below), nor Superuser for others.
  const canChange = rights.can('Rol wijzigen') && role.editable;
  // The Superuser role always has every right; others may only (un)tick rights they hold themselves.
  const editable = (right: string) =>
    canChange && !role.is_superuser && (rights.isSuperuser || (isPermission(right) && rights.can(right)));
  const dirty = checked.size !== role.permissions.length || role.permissions.some((p) => !checked.has(p.name));

  const toggle = (right: string, on: boolean) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (on) next.add(right);
      else next.delete(right);
      return next;
    });

  const onSave = () =>
    save.mutate(
      { id: role.id, permissions: [...checked] },
      { onSuccess: () => showToast('Opgeslagen', 'De rechten zijn opgeslagen bij deze rol') },
    );
  const onDelete = async () => {
    if (
      !(await confirmDialog({
        text: `Weet je zeker dat je de rol ${role.name} wilt verwijderen?`,
        confirmLabel: 'Verwijderen',
        danger: true,
      }))
    )
      return;
    remove.mutate(role.id, {
      onSuccess: async () => {
        showToast('Verwijderd', `Rol ${role.name} is verwijderd.`);
        await navigate({ to: '/rollen-en-rechten' });
      },
    });
  };

  return (
    <>
      <section className="panel" aria-labelledby="role-name">
        <div className="rr-header">
          <div>
            <h2 id="role-name">{role.name}</h2>
            <p className="rr-muted">{role.description}</p>
            <span className="rr-count" data-testid="role-users">
              {role.users_count} {role.users_count === 1 ? 'gebruiker' : 'gebruikers'}
            </span>
          </div>
          <div className="rr-actions">
            {canChange && (
              <button type="button" className="button button-secondary button-small" onClick={() => setEditing(true)}>
                Wijzigen
              </button>
            )}
            {rights.can('Rol verwijderen') && role.editable && !role.is_superuser && (
              <button
                type="button"
                className="button button-danger button-small"
                onClick={onDelete}
                disabled={remove.isPending}
              >
                Verwijderen
              </button>
            )}
          </div>
        </div>
      </section>
      <section className="panel" aria-labelledby="rights-title">
        <h2 id="rights-title" style={{ fontSize: '1.1rem' }}>
          Rechten
        </h2>
        {role.is_superuser && <p className="rr-muted">De rol Superuser heeft altijd alle rechten.</p>}
        {!role.editable && !role.is_superuser && (
          <p className="rr-muted" data-testid="role-template">
            Deze rol is een sjabloon van een bovenliggende organisatie: je kunt hem toekennen, maar niet wijzigen of
            verwijderen.
          </p>
        )}
        <div className="rr-groups">
          {groups.map(([group, list]) => (
            <fieldset key={group} className="rr-group">
              <legend>{group}</legend>
              {list.map((right) => (
                <label key={right}>
                  <input
                    type="checkbox"
                    checked={role.is_superuser || checked.has(right)}
                    disabled={!editable(right)}
                    onChange={(e) => toggle(right, e.target.checked)}
                  />
                  <span>{right}</span>
                </label>
              ))}
            </fieldset>
          ))}
        </div>
        {canChange && !role.is_superuser && (
          <div className="rr-save">
            {dirty && <span className="rr-muted">Niet opgeslagen wijzigingen</span>}
            <button type="button" className="button button-primary" onClick={onSave} disabled={save.isPending}>
              Opslaan
            </button>
          </div>
        )}
      </section>
      {editing && <RoleFormModal role={role} onClose={() => setEditing(false)} />}
    </>
  );
}
