import { carrierChangeSchema, deliveryToast } from '@domain/schemas/deliveries';
import { carrierNames } from '@domain/enums';
import type { DeliveryDetail } from '@domain/contracts/deliveries';
import { SelectField } from '../../../ui/form/ChoiceFields';
import { FormActions } from '../../../ui/form/FormError';
import { useApiForm } from '../../../ui/form/useApiForm';
import { Modal } from '../../../ui/Modal';
import { showToast } from '../../../shell/toast';
import { useEditDelivery } from '../api/deliveries';

/**
 * 'Bezorger wijzigen' (spec 2 §5): the carriers once each; the delivery's own is chosen at the start, so
 * 'no carrier' (which the server reads as the provider's own) needs no option of its own.
 */
export function CarrierModal({ delivery, onClose }: { delivery: DeliveryDetail; onClose: () => void }) {
  const edit = useEditDelivery(delivery.id, deliveryToast.carrierFailed);
  const form = useApiForm({
    initial: { carrier_id: String(delivery.carrier_id) },
    schema: carrierChangeSchema,
    submit: (values) => edit.mutateAsync(values),
    onSuccess: () => {
      showToast('Gelukt', deliveryToast.carrierChanged);
      onClose();
    },
  });
  return (
    <Modal title="Bezorger wijzigen" onClose={onClose} size="small">
      <form {...form.formProps} aria-label="Bezorger wijzigen">
        <SelectField
          label="Bezorger"
          {...form.bind('carrier_id')}
          placeholder={null}
          options={Object.entries(carrierNames).map(([id, name]) => ({ value: id, label: name }))}
        />
        <FormActions error={form.formError} pending={form.submitting} onCancel={onClose} />
      </form>
    </Modal>
  );
}
