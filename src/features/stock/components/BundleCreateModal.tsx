import { bundleCreateSchema } from '@domain/schemas/stock';
import { FormActions } from '../../../ui/form/FormError';
import { SelectField } from '../../../ui/form/ChoiceFields';
import { TextField } from '../../../ui/form/TextField';
import { useApiForm } from '../../../ui/form/useApiForm';
import { Modal } from '../../../ui/Modal';
import { toastSuccess } from '../../../shell/toast';
import { useCreateBundle } from '../api/bundles';
import { useEndCustomers } from '../../../api/lookups';

/** New bundle: name required (spec 2 §5); the server's name error shows under the field. */
export function BundleCreateModal({ onClose, onSaved }: { onClose: () => void; onSaved: (id: number) => void }) {
  const customers = useEndCustomers();
  const create = useCreateBundle();
  const form = useApiForm({
    initial: { name: '', client_id: '' },
    schema: bundleCreateSchema,
    submit: (values) => create.mutateAsync(values),
    onSuccess: (result) => {
      toastSuccess('Gelukt', 'De bundel is aangemaakt');
      onSaved(result.data.id);
    },
    onError: () => 'Er is helaas iets fout gegaan bij het aanmaken van de bundel',
  });
  return (
    <Modal title="Bundel aanmaken" onClose={onClose}>
      <form {...form.formProps} aria-label="Bundel">
        <SelectField
          label="Eindklant"
          required
          {...form.bind('client_id')}
          options={(customers.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        />
        <TextField label="Bundelnaam" required {...form.bind('name')} />
        <FormActions error={form.formError} pending={form.submitting} onCancel={onClose} />
      </form>
    </Modal>
  );
}
