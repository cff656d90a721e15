import { itemUpdateSchema } from '@domain/schemas/stock';
import { DatePicker } from '../../../ui/DatePicker';
import { FieldMessage } from '../../../ui/form/Field';
import { FormActions } from '../../../ui/form/FormError';
import { SelectField } from '../../../ui/form/ChoiceFields';
import { TextField } from '../../../ui/form/TextField';
import { useApiForm } from '../../../ui/form/useApiForm';
import { Modal } from '../../../ui/Modal';
import { showToast } from '../../../shell/toast';
import { useItemUpdate } from '../api/items';
import { useChildrenOf } from '../../../api/lookups';
import type { ItemDetail } from '@domain/contracts/stock';

/** Bewerken: 'In gebruik door' required; the purchase date is locked once it has a value (spec 2 §5). */
export function ItemEditModal({ item, onClose }: { item: ItemDetail; onClose: () => void }) {
  const endCustomerId = item.end_client.id;
  const endUsers = useChildrenOf(endCustomerId);
  const update = useItemUpdate(item.id);
  const locked = !!item.date_in_use;
  const form = useApiForm({
    initial: {
      serial: item.serial ?? '',
      order_number: item.order_number ?? '',
      tag_number: item.tag_number ?? '',
      mac_address: item.mac_address ?? '',
      date_in_use: item.date_in_use ?? '',
      address: item.address ?? '',
      client_id: String(item.client_id),
    },
    schema: itemUpdateSchema,
    submit: (values) => update.mutateAsync(values),
    onSuccess: () => {
      showToast('Gelukt', 'Het item is aangepast');
      onClose();
    },
    onError: () => 'Er is helaas iets fout gegaan bij het aanpassen van het item',
  });
  const holders = [
    ...(endCustomerId ? [{ value: String(endCustomerId), label: `${item.end_client.name} (eindklant)` }] : []),
    ...(endUsers.data ?? []).map((u) => ({ value: String(u.id), label: u.name })),
  ];
  const dateError = form.error('date_in_use');
  return (
    <Modal title="Item bewerken" onClose={onClose} size="large">
      <form {...form.formProps} aria-label="Item bewerken">
        <div className="form-row">
          <TextField label="Serienummer" {...form.bind('serial')} />
          <TextField label="Ordernummer" {...form.bind('order_number')} />
        </div>
        <div className="form-row">
          <TextField label="Asset ID" {...form.bind('tag_number')} />
          <TextField label="MAC adres" {...form.bind('mac_address')} />
        </div>
        <div className="form-row">
          <div className={`field${dateError ? ' field-error' : ''}`}>
            <label htmlFor="item-date-in-use">Aankoopdatum</label>
            <DatePicker
              id="item-date-in-use"
              name="date_in_use"
              value={form.values.date_in_use}
              disabled={locked}
              onChange={(v) => form.setValue('date_in_use', v)}
              error={dateError}
            />
            {locked && (
              <span className="field-hint">De aankoopdatum is vastgelegd en kan niet meer worden gewijzigd.</span>
            )}
            {!locked && <FieldMessage error={undefined} />}
          </div>
          <TextField label="Locatie" {...form.bind('address')} />
        </div>
        <SelectField label="In gebruik door" required {...form.bind('client_id')} options={holders} />
        <FormActions error={form.formError} pending={form.submitting} onCancel={onClose} />
      </form>
    </Modal>
  );
}
