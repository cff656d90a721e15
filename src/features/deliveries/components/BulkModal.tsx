import { useState } from 'react';
import { Carrier, DeliveryType } from '@domain/enums';
import type { DeliveryFormOptions } from '@domain/contracts/deliveries';
import { deliveryToast, isAcceptableUpload } from '@domain/schemas/deliveries';
import { BULK_FILE_ACCEPT } from '@domain/files';
import { useEndCustomers } from '../../../api/lookups';
import { SelectField } from '../../../ui/form/ChoiceFields';
import { FormActions, FormError } from '../../../ui/form/FormError';
import { TextAreaField, TextField } from '../../../ui/form/TextField';
import { useApiForm } from '../../../ui/form/useApiForm';
import { Modal } from '../../../ui/Modal';
import { UploadProgress } from '../../../ui/upload/UploadProgress';
import { useDeliveryFormOptions, useRequestDelivery } from '../api/deliveries';
import { useCreatedToast } from './created-toast';
import { DateField } from './DateField';
import { ProductAmounts, amountLines, withoutProducts } from './lines';
import { requestSchema } from './request-schema';

/** 'Voorraad afroepen' (spec 2 §5 bulk): expected counts per article, optional file, future date, carrier 1. */
export function BulkModal({
  clientId,
  onClose,
  onSaved,
}: {
  clientId: number | null;
  onClose: () => void;
  onSaved?: (id: number) => void;
}) {
  const [customerId, setCustomerId] = useState<number | null>(clientId);
  const customers = useEndCustomers(clientId == null);
  const options = useDeliveryFormOptions(customerId);
  return (
    <Modal title="Voorraad afroepen" onClose={onClose} size="large">
      {clientId == null && (
        <div className="form">
          <SelectField
            label="Eindklant"
            required
            name="bulk_client"
            value={customerId == null ? '' : String(customerId)}
            onChange={(id) => setCustomerId(id ? Number(id) : null)}
            options={(customers.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          />
        </div>
      )}
      {customerId != null && options.data && (
        <BulkForm key={customerId} options={options.data} onClose={onClose} onSaved={onSaved} />
      )}
      {customerId != null && options.isPending && (
        <p className="muted" aria-busy>
          Laden…
        </p>
      )}
    </Modal>
  );
}

type Values = {
  date: string;
  order_number: string;
  your_reference: string;
  contact: string;
  contact_email: string;
  contact_phone: string;
  address: string;
  description: string;
  amounts: Record<string, string>;
};

function BulkForm({
  options,
  onClose,
  onSaved,
}: {
  options: DeliveryFormOptions;
  onClose: () => void;
  onSaved?: (id: number) => void;
}) {
  const request = useRequestDelivery();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const toPayload = (x: Values) => ({
    delivery_type_id: DeliveryType.BULK_LEVERING,
    client_id: options.client.id,
    carrier_id: Carrier.REUZADO,
    date: x.date,
    order_number: x.order_number,
    your_reference: x.your_reference,
    contact: x.contact,
    contact_email: x.contact_email,
    contact_phone: x.contact_phone,
    address: x.address,
    description: x.description,
    products: amountLines(x.amounts),
  });
  const createdToast = useCreatedToast();
  const form = useApiForm({
    initial: {
      date: '',
      order_number: '',
      your_reference: '',
      contact: '',
      contact_email: '',
      contact_phone: '',
      address: '',
      description: '',
      amounts: {},
    } as Values,
    schema: requestSchema(DeliveryType.BULK_LEVERING, toPayload),
    submit: async (payload) => {
      setProgress(file ? 0 : null);
      try {
        return await request.mutateAsync({
          payload: { ...payload, delivery_type_id: DeliveryType.BULK_LEVERING },
          file,
          onProgress: setProgress,
        });
      } finally {
        setProgress(null);
      }
    },
    onSuccess: (result) => {
      createdToast(deliveryToast.bulkCreated, result.data);
      onClose();
      onSaved?.(result.data.id);
    },
  });
  return (
    <form {...form.formProps} aria-label="Bulkafroep">
      <ProductAmounts
        legend="Verwachte aantallen"
        products={options.products}
        amounts={form.values.amounts}
        onChange={(a) => {
          form.setValue('amounts', a);
          form.setFieldErrors(withoutProducts);
        }}
      />
      <FormError message={form.error('products')} />
      <DateField
        id="bulk-date"
        label="Leverdatum"
        future
        required
        value={form.values.date}
        onChange={(d) => form.setValue('date', d)}
        error={form.error('date')}
      />
      <div className="form-row">
        <TextField label="Ordernummer" {...form.bind('order_number')} />
        <TextField label="Uw referentie" {...form.bind('your_reference')} />
      </div>
      <TextField label="Contactpersoon" {...form.bind('contact')} />
      <div className="form-row">
        <TextField label="E-mailadres" type="email" {...form.bind('contact_email')} />
        <TextField label="Telefoonnummer" type="tel" {...form.bind('contact_phone')} />
      </div>
      <TextField label="Adres" {...form.bind('address')} />
      <TextAreaField label="Opmerking" {...form.bind('description')} />
      <div className={fileError || form.error('file') ? 'field has-error' : 'field'}>
        <label htmlFor="bulk-file">Bestand</label>
        <input
          id="bulk-file"
          type="file"
          accept={BULK_FILE_ACCEPT}
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            setFileError(chosen && !isAcceptableUpload(chosen.name) ? 'Dit bestand kan niet worden geüpload.' : null);
            setFile(chosen && isAcceptableUpload(chosen.name) ? chosen : null);
          }}
        />
        {(fileError ?? form.error('file')) && (
          <p className="field-error" role="alert">
            {fileError ?? form.error('file')}
          </p>
        )}
      </div>
      <UploadProgress fraction={progress} />
      <FormActions
        error={form.formError ?? form.error('carrier_id')}
        pending={form.submitting}
        onCancel={onClose}
        submitLabel="Aanvragen"
      />
    </form>
  );
}
