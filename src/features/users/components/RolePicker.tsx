import { useId } from 'react';
import type { RoleRef } from '../api/users';

interface Props {
  roles: RoleRef[];
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  loading?: boolean;
}

/** The role select of the user form: a user may hold several roles (spec 2 §2.12). */
export function RolePicker({ roles, value, onChange, error, loading }: Props) {
  const id = useId();
  const toggle = (roleId: number, on: boolean) => onChange(on ? [...value, roleId] : value.filter((v) => v !== roleId));
  return (
    <fieldset
      className={error ? 'field um-roles-field has-error' : 'field um-roles-field'}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="field-label">Rollen</legend>
      {loading ? (
        <p className="um-muted">Rollen laden…</p>
      ) : (
        <div className="um-role-list">
          {roles.map((r) => (
            <label key={r.id}>
              <input
                type="checkbox"
                name="role"
                value={r.id}
                checked={value.includes(r.id)}
                onChange={(e) => toggle(r.id, e.target.checked)}
              />
              {r.name}
            </label>
          ))}
        </div>
      )}
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}
