import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { profileUpdateSchema } from '@domain/schemas/users';
import { Modal } from '../../../ui/Modal';
import { useApiForm } from '../../../ui/form/useApiForm';
import { TextField } from '../../../ui/form/TextField';
import { FormError, SubmitButton } from '../../../ui/form/FormError';
import { showToast } from '../../../shell/toast';
import { useUpdateProfile } from '../api/mutations';
import { queryKeys } from '../../../api/keys';

const SAVE_FAILED = 'Gebruiker kon niet opgeslagen worden';

/** 'Bewerken' on the profile page: the own name and e-mail (PUT /api/profile). */
export function ProfileFormModal({ name, email, onClose }: { name: string; email: string; onClose: () => void }) {
  const update = useUpdateProfile();
  const queryClient = useQueryClient();
  const router = useRouter();
  const form = useApiForm({
    initial: { name, email },
    schema: profileUpdateSchema,
    submit: async (values) => {
      return await update.mutateAsync(values);
    },
    onSuccess: async () => {
      // The signed-in user (name in the sidebar, this page) comes from the session query.
      await queryClient.invalidateQueries({ queryKey: queryKeys.session });
      await router.invalidate();
      showToast('Gelukt', 'De gebruiker is aangepast');
      onClose();
    },
    onError: () => SAVE_FAILED,
  });
  return (
    <Modal
      title="Profiel bewerken"
      onClose={onClose}
      footer={
        <>
          <SubmitButton form="profile-form" pending={form.submitting}>
            Opslaan
          </SubmitButton>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Annuleren
          </button>
        </>
      }
    >
      <form id="profile-form" {...form.formProps}>
        <FormError message={form.formError} />
        <TextField label="Naam" required {...form.bind('name')} />
        <TextField label="E-mailadres" type="email" required {...form.bind('email')} />
      </form>
    </Modal>
  );
}
