import { addressUpdateSchema } from '@domain/schemas/clients';
import { useCallback } from 'react';
import { Modal } from '../../../ui/Modal';
import { useApiForm } from '../../../ui/form/useApiForm';
import { TextField } from '../../../ui/form/TextField';
import { CheckboxField } from '../../../ui/form/ChoiceFields';
import { SubmitButton } from '../../../ui/form/FormError';
import { showToast } from '../../../shell/toast';
import { postcodeFormatError, usePostcodeLookup } from './postcode';
import { useSaveAddress } from '../api/mutations';
import type { Address } from '@domain/contracts/clients';

interface Props {
  clientId: number;
  address?: Address;
  onClose: () => void;
}

/** Add or change an address; a valid postcode fills street and city (spec 1 §5). */
export function AddressFormModal({ clientId, address, onClose }: Props) {
  const save = useSaveAddress();
  const form = useApiForm({
    initial: {
      name: address?.name ?? '',
      zipcode: address?.zipcode ?? '',
      number: address?.number ?? '',
      addition: address?.addition ?? '',
      street: address?.street ?? '',
      city: address?.city ?? '',
      is_visiting: address?.is_visiting ?? false,
    },
    // The shared schema runs on the typed values, so a bad postcode shows its message before sending.
    schema: addressUpdateSchema,
    submit: async (values) => {
      const payload = { ...values, client_id: clientId, name: values.name || null, addition: values.addition || null };
      return save.mutateAsync({ id: address?.id, payload });
    },
    onSuccess: () => {
      showToast('Gelukt', address ? 'Het adres is gewijzigd' : 'Het adres is toegevoegd');
      onClose();
    },
  });

  const { setValue } = form;
  const fill = useCallback(
    (street: string, city: string) => {
      setValue('street', street);
      setValue('city', city);
    },
    [setValue],
  );
  const postcode = usePostcodeLookup(fill);
  const onPostcode = (value: string) => {
    setValue('zipcode', value);
    return postcode.lookup(value);
  };
  // A postcode in the wrong format is named when the field is left, not only on saving.
  const checkPostcode = () => {
    const error = postcodeFormatError(form.values.zipcode);
    if (error) form.setFieldErrors((e) => ({ ...e, zipcode: [error] }));
  };

  return (
    <Modal
      title={address ? 'Adres wijzigen' : 'Adres toevoegen'}
      onClose={onClose}
      footer={
        <>
          <SubmitButton form="address-form" pending={form.submitting}>
            Opslaan
          </SubmitButton>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Annuleren
          </button>
        </>
      }
    >
      <form id="address-form" {...form.formProps}>
        <div className="form-grid">
          <TextField
            label="Naam locatie"
            name="name"
            value={form.values.name}
            error={form.error('name')}
            onChange={(v) => form.setValue('name', v)}
            className="span-2"
          />
          <TextField
            label="Postcode"
            name="zipcode"
            required
            value={form.values.zipcode}
            error={form.error('zipcode')}
            onChange={(v) => void onPostcode(v)}
            onBlur={checkPostcode}
            placeholder="1234 AB"
            hint={postcode.notice}
          />
          <TextField
            label="Huisnummer"
            name="number"
            required
            value={form.values.number}
            error={form.error('number')}
            onChange={(v) => form.setValue('number', v)}
            inputMode="numeric"
          />
          <TextField
            label="Toevoeging"
            name="addition"
            value={form.values.addition}
            error={form.error('addition')}
            onChange={(v) => form.setValue('addition', v)}
          />
          <TextField
            label="Straat"
            name="street"
            required
            value={form.values.street}
            error={form.error('street')}
            onChange={(v) => form.setValue('street', v)}
          />
          <TextField
            label="Plaats"
            name="city"
            required
            value={form.values.city}
            error={form.error('city')}
            onChange={(v) => form.setValue('city', v)}
          />
          <CheckboxField
            label="Bezoekadres"
            name="is_visiting"
            value={form.values.is_visiting}
            onChange={(v) => form.setValue('is_visiting', v)}
          />
        </div>
      </form>
    </Modal>
  );
}
