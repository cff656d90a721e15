import { useEffect } from 'react';
import { userUpdateSchema } from '@domain/schemas/users';
import { Modal } from '../../../ui/Modal';
import { useApiForm } from '../../../ui/form/useApiForm';
import { TextField } from '../../../ui/form/TextField';
import { FormError, SubmitButton } from '../../../ui/form/FormError';
import { showToast, toastError } from '../../../shell/toast';
import { useUpdateUser } from '../api/mutations';
import type { UserDetail } from '../api/users';
import { useRoleOptions } from '../../../api/lookups';
import { RolePicker } from './RolePicker';

const SAVE_FAILED = 'Gebruiker kon niet opgeslagen worden';

/** 'Bewerken' on the user page: name, e-mail and roles ('Gebruiker wijzigen'). */
export function UserFormModal({ user, onClose }: { user: UserDetail; onClose: () => void }) {
  const update = useUpdateUser();
  const roles = useRoleOptions();
  useEffect(() => {
    if (roles.isError) toastError('Rollen kunnen niet worden ingeladen');
  }, [roles.isError]);

  const form = useApiForm({
    initial: { name: user.name, email: user.email, role: user.roles.map((r) => r.id) },
    schema: userUpdateSchema,
    submit: async (values) => {
      return await update.mutateAsync({
        id: user.id,
        payload: { name: values.name, email: values.email, role: values.role ?? [] },
      });
    },
    onSuccess: () => {
      showToast('Gelukt', 'De gebruiker is aangepast');
      onClose();
    },
    onError: () => SAVE_FAILED,
  });
  // Roles the user holds but the viewer cannot list (none, normally) stay as they are.
  const options = roles.data ?? user.roles;
  const roleError = form.error('role') ?? Object.entries(form.fieldErrors).find(([k]) => k.startsWith('role.'))?.[1][0];

  return (
    <Modal
      title="Gebruiker wijzigen"
      onClose={onClose}
      footer={
        <>
          <SubmitButton form="user-form" pending={form.submitting}>
            Opslaan
          </SubmitButton>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Annuleren
          </button>
        </>
      }
    >
      <form id="user-form" {...form.formProps}>
        <FormError message={form.formError} />
        <TextField label="Naam" required autoComplete="off" {...form.bind('name')} />
        <TextField label="E-mailadres" type="email" required autoComplete="off" {...form.bind('email')} />
        <RolePicker
          roles={options}
          value={form.values.role}
          onChange={(ids) => form.setValue('role', ids)}
          error={roleError}
          loading={roles.isPending && !roles.isError}
        />
      </form>
    </Modal>
  );
}
