import { roleSchema } from '@domain/schemas/roles';
import { Modal } from '../../../ui/Modal';
import { useApiForm } from '../../../ui/form/useApiForm';
import { TextField, TextAreaField } from '../../../ui/form/TextField';
import { FormError, SubmitButton } from '../../../ui/form/FormError';
import { showToast } from '../../../shell/toast';
import { useCreateRole, useUpdateRole } from '../api/mutations';
import type { RoleDetail } from '../api/roles';

const SAVE_FAILED = 'De rol is niet opgeslagen';

/** New role ('Rol aanmaken') or a changed one ('Rol wijzigen'): title and description required (spec 2 §5). */
export function RoleFormModal({
  role,
  onClose,
  onSaved,
}: {
  role?: RoleDetail;
  onClose: () => void;
  onSaved?: (role: RoleDetail) => void;
}) {
  const create = useCreateRole();
  const update = useUpdateRole();
  const form = useApiForm({
    initial: { name: role?.name ?? '', description: role?.description ?? '' },
    schema: roleSchema,
    submit: async (values) => {
      return (role ? await update.mutateAsync({ id: role.id, payload: values }) : await create.mutateAsync(values))
        .data;
    },
    onSuccess: (saved) => {
      showToast('Gelukt', role ? 'De rol is gewijzigd' : 'De rol is aangemaakt');
      onSaved?.(saved);
      onClose();
    },
    onError: () => SAVE_FAILED,
  });
  return (
    <Modal
      title={role ? 'Rol wijzigen' : 'Nieuwe rol'}
      onClose={onClose}
      footer={
        <>
          <SubmitButton form="role-form" pending={form.submitting}>
            Opslaan
          </SubmitButton>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Annuleren
          </button>
        </>
      }
    >
      <form id="role-form" {...form.formProps}>
        <FormError message={form.formError} />
        <TextField label="Titel" required autoComplete="off" {...form.bind('name')} disabled={role?.is_superuser} />
        <TextAreaField label="Omschrijving" required rows={3} {...form.bind('description')} />
      </form>
    </Modal>
  );
}
