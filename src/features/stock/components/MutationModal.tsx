import { mutationSchema } from '@domain/schemas/stock';
import { CheckboxField, SelectField } from '../../../ui/form/ChoiceFields';
import { FormActions } from '../../../ui/form/FormError';
import { TextField } from '../../../ui/form/TextField';
import { useApiForm } from '../../../ui/form/useApiForm';
import { Modal } from '../../../ui/Modal';
import { showToast, toastError } from '../../../shell/toast';
import { useMutateItem } from '../api/items';
import { useChildrenOf } from '../../../api/lookups';
import type { ItemDetail } from '@domain/contracts/stock';

/** Mutatie (spec 2 §5): e-mail and phone required; 'In gebruik door' required unless the user is removed. */
export function MutationModal({
  item,
  onClose,
  canCreateUser,
}: {
  item: ItemDetail;
  onClose: () => void;
  canCreateUser: boolean;
}) {
  const endUsers = useChildrenOf(item.end_client.id);
  const mutate = useMutateItem(item.id);
  const contact = item.client.contact;
  const form = useApiForm({
    initial: {
      client_id: item.in_use_by ? String(item.in_use_by.id) : '',
      address: item.address ?? '',
      contact: contact ? `${contact.first_name} ${contact.last_name}` : '',
      contact_email: contact?.email ?? '',
      contact_phone: contact?.phone ?? '',
      remove_client: false,
    },
    schema: mutationSchema,
    submit: (values) => mutate.mutateAsync(values),
    onSuccess: () => {
      showToast('Gelukt', 'Mutatie is succesvol doorgevoerd');
      onClose();
    },
    onError: () => {
      toastError('Klantgegevens kunnen niet worden ingeladen');
    },
  });
  const removing = !!form.values.remove_client;
  const creating = (form.values as { new_user?: unknown }).new_user != null;
  const toggleNewUser = (on: boolean) => {
    const { new_user: _dropped, ...rest } = form.values as typeof form.values & { new_user?: unknown };
    form.setValues(
      (on ? { ...rest, client_id: '', new_user: { first_name: '', last_name: '' } } : rest) as typeof form.values,
    );
  };
  return (
    <Modal title="Mutatie" onClose={onClose} size="large">
      <form {...form.formProps} aria-label="Mutatie">
        <SelectField
          label="In gebruik door"
          required={!removing && !creating}
          disabled={removing || creating}
          {...form.bind('client_id')}
          options={(endUsers.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
        />
        {canCreateUser && !removing && (
          <CheckboxField
            label="Nieuwe eindgebruiker aanmaken"
            name="create_user"
            value={creating}
            onChange={(on: boolean) => toggleNewUser(on)}
          />
        )}
        {creating && (
          <div className="form-row">
            <TextField label="Voornaam" required {...form.bindPath('new_user.first_name')} />
            <TextField label="Achternaam" required {...form.bindPath('new_user.last_name')} />
          </div>
        )}
        {!creating && (
          <CheckboxField
            label="Eindgebruiker verwijderen (item terug naar de eindklant)"
            {...form.bind('remove_client')}
          />
        )}
        <TextField label="Adres" {...form.bind('address')} />
        <TextField label="Contactpersoon" {...form.bind('contact')} />
        <div className="form-row">
          <TextField label="E-mailadres" type="email" required {...form.bind('contact_email')} />
          <TextField label="Telefoonnummer" type="tel" required {...form.bind('contact_phone')} />
        </div>
        <FormActions
          error={form.formError}
          pending={form.submitting}
          onCancel={onClose}
          submitLabel="Mutatie doorvoeren"
        />
      </form>
    </Modal>
  );
}
