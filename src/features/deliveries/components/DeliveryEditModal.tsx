import { DeliveryType } from '@domain/enums';
import type { DeliveryDetail } from '@domain/contracts/deliveries';
import { deliverySchema, deliveryToast, pickupTypes } from '@domain/schemas/deliveries';
import { FormActions } from '../../../ui/form/FormError';
import { TextAreaField, TextField } from '../../../ui/form/TextField';
import { useApiForm } from '../../../ui/form/useApiForm';
import { Modal } from '../../../ui/Modal';
import { showToast } from '../../../shell/toast';
import { useEditDelivery } from '../api/deliveries';
import { DateField } from './DateField';

const titles: Record<number, string> = {
  [DeliveryType.REPARATIE]: 'Reparatie wijzigen',
  [DeliveryType.UITDIENST]: 'Uitdienst wijzigen',
  [DeliveryType.INDIENST]: 'Levering wijzigen',
  [DeliveryType.EOL_SWAP]: 'EOL Swap wijzigen',
  [DeliveryType.EXTRA_PRODUCTEN]: 'Extra producten wijzigen',
  [DeliveryType.BULK_LEVERING]: 'Bulklevering wijzigen',
};

/** The open lines as the request sends them: checked-out lines stay on the server by themselves. */
function openLines(d: DeliveryDetail) {
  if (d.delivery_type_id === DeliveryType.BULK_LEVERING) {
    return d.bulk_products.map((p) => ({ product_id: p.id, item_id: null, is_pickup: 0, amount: String(p.expected) }));
  }
  return d.products
    .filter((l) => !l.checked_out_at)
    .map((l) => ({ product_id: l.product_id, item_id: l.item_id, is_pickup: l.is_pickup, amount: '1' }));
}

/** Edit per type (spec 2 §2.7, §5): the type's fields; a past date is refused only when it changes. */
export function DeliveryEditModal({ delivery, onClose }: { delivery: DeliveryDetail; onClose: () => void }) {
  const type = delivery.delivery_type_id;
  const edit = useEditDelivery(
    delivery.id,
    type === DeliveryType.BULK_LEVERING ? deliveryToast.bulkFailed : deliveryToast.editFailed,
  );
  const ticket = pickupTypes.includes(type);
  const form = useApiForm({
    initial: {
      client_id: delivery.client_id,
      date: delivery.date ?? '',
      order_number: delivery.order_number ?? '',
      your_reference: delivery.your_reference ?? '',
      contact: delivery.contact ?? '',
      contact_email: delivery.contact_email ?? '',
      contact_phone: delivery.contact_phone ?? '',
      w_number: delivery.w_number ?? '',
      address: delivery.address ?? '',
      description: delivery.description ?? '',
      products: openLines(delivery),
    },
    schema: deliverySchema(type, false),
    // The type goes along, so the server checks the edit against that type's fields.
    submit: (values) => edit.mutateAsync({ ...(values as Record<string, unknown>), delivery_type_id: type }),
    onSuccess: () => {
      showToast('Gelukt', type === DeliveryType.BULK_LEVERING ? deliveryToast.bulkChanged : deliveryToast.changed);
      onClose();
    },
  });
  const required = ticket || type === DeliveryType.INDIENST;
  const contactRequired = ticket;
  return (
    <Modal title={titles[type] ?? 'Levering wijzigen'} onClose={onClose} size="large">
      <form {...form.formProps} aria-label="Levering wijzigen">
        <DateField
          id="edit-date"
          label={ticket ? 'Ophaaldatum' : 'Leverdatum'}
          required={type !== DeliveryType.REPARATIE && type !== DeliveryType.UITDIENST}
          value={form.values.date}
          onChange={(d) => form.setValue('date', d)}
          error={form.error('date')}
        />
        <div className="form-row">
          <TextField
            label="Ordernummer"
            required={type !== DeliveryType.BULK_LEVERING}
            {...form.bind('order_number')}
          />
          <TextField label="Uw referentie" required={required} {...form.bind('your_reference')} />
        </div>
        {type !== DeliveryType.INDIENST && (
          <>
            <TextField label="Contactpersoon" required={contactRequired} {...form.bind('contact')} />
            <div className="form-row">
              <TextField label="E-mailadres" type="email" required={contactRequired} {...form.bind('contact_email')} />
              <TextField label="Telefoonnummer" type="tel" required={contactRequired} {...form.bind('contact_phone')} />
            </div>
          </>
        )}
        {type === DeliveryType.BULK_LEVERING && (
          <fieldset className="ticket-lines">
            <legend>Verwachte aantallen</legend>
            {delivery.bulk_products.map((p, i) => (
              <TextField
                key={p.id}
                label={`${p.name} (${p.article_number})`}
                type="number"
                min={Math.max(1, p.arrived)}
                {...form.bindPath(`products.${i}.amount`)}
              />
            ))}
          </fieldset>
        )}
        <div className="form-row">
          <TextField label="Topdesknummer" {...form.bind('w_number')} />
          <TextField label="Adres" {...form.bind('address')} />
        </div>
        <TextAreaField label="Opmerking" {...form.bind('description')} />
        <FormActions
          error={form.formError ?? form.error('products') ?? form.error('id')}
          pending={form.submitting}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
