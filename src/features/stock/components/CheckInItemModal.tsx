import { StockOwner } from '@domain/enums';
import { ACCESSORY_GROUP_ID, itemCreateSchema } from '@domain/schemas/stock';
import type { ProductDetail } from '@domain/contracts/stock';
import { CheckboxField, SelectField } from '../../../ui/form/ChoiceFields';
import { FormActions } from '../../../ui/form/FormError';
import { TextField } from '../../../ui/form/TextField';
import { useApiForm } from '../../../ui/form/useApiForm';
import { Modal } from '../../../ui/Modal';
import { showToast } from '../../../shell/toast';
import { useCheckInItems } from '../api/items';
import { countNoun } from '@domain/format';

/**
 * The article page's check-in (spec 2 §2.2, right 'Artikel aanmaken'): an item of this article into
 * stock, status Ingeklaard. A serial as a scanner types it (Enter saves); an accessory has none and
 * takes a quantity instead.
 */
export function CheckInItemModal({ product, onClose }: { product: ProductDetail; onClose: () => void }) {
  const accessory = product.product_group_id === ACCESSORY_GROUP_ID;
  const checkIn = useCheckInItems();
  const form = useApiForm({
    initial: { product_id: product.id, serial: '', order_number: '', daas: false, stock_owner: '', quantity: '1' },
    schema: itemCreateSchema,
    submit: (values) => checkIn.mutateAsync(accessory ? { ...values, serial: null } : { ...values, quantity: 1 }),
    onSuccess: (result) => {
      const count = result.data.length;
      showToast('Gelukt', `${countNoun(count, 'item is', 'items zijn')} ingeklaard`);
      onClose();
    },
    onError: () => 'Het inklaren is mislukt',
  });
  return (
    <Modal title="Artikel inklaren" onClose={onClose}>
      <form {...form.formProps} aria-label="Artikel inklaren">
        <p className="muted">
          {product.name} · {product.article_number}
        </p>
        {accessory ? (
          <TextField
            label="Aantal"
            required
            type="number"
            min={1}
            max={1000}
            inputMode="numeric"
            {...form.bind('quantity')}
          />
        ) : (
          <TextField label="Serienummer" required autoComplete="off" data-autofocus {...form.bind('serial')} />
        )}
        <div className="form-row">
          <TextField label="Ordernummer" {...form.bind('order_number')} />
          <SelectField
            label="Voorraadeigenaar"
            {...form.bind('stock_owner')}
            options={StockOwner.map((o) => ({ value: o, label: o }))}
          />
        </div>
        <CheckboxField label="DaaS" {...form.bind('daas')} />
        <FormActions error={form.formError} pending={form.submitting} onCancel={onClose} submitLabel="Inklaren" />
      </form>
    </Modal>
  );
}
