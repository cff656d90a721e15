import type { DeliveryFormOptions } from '@domain/contracts/deliveries';
import { DatePicker } from '../../../ui/DatePicker';
import { TextField } from '../../../ui/form/TextField';

export interface EndUserDeliveryValues {
  delivery_date: string;
  order_number: string;
  your_reference: string;
  delivery_address: string;
  amounts: Record<string, string>;
}

export const emptyEndUserDelivery: EndUserDeliveryValues = {
  delivery_date: '',
  order_number: '',
  your_reference: '',
  delivery_address: '',
  amounts: {},
};

/** The Indienst delivery that comes with a new end user (spec 1 §5), as the request body expects it. */
export const endUserDeliveryPayload = (x: EndUserDeliveryValues) => ({
  date: x.delivery_date,
  order_number: x.order_number,
  your_reference: x.your_reference,
  address: x.delivery_address || null,
  products: Object.entries(x.amounts)
    .filter(([, a]) => Number(a) > 0)
    .map(([id, a]) => ({ product_id: Number(id), is_pickup: 0, amount: Number(a) })),
});

/** Delivery date (future), order number, reference and the stock to deliver, with the 'more than available' warning. */
export function EndUserDeliveryFields({
  values,
  onChange,
  error,
  options,
}: {
  values: EndUserDeliveryValues;
  onChange: (next: EndUserDeliveryValues) => void;
  error: (name: string) => string | undefined;
  options: DeliveryFormOptions | undefined;
}) {
  const set = (patch: Partial<EndUserDeliveryValues>) => onChange({ ...values, ...patch });
  return (
    <>
      <h3 className="form-section-title">Indienst</h3>
      <div className="form-grid">
        <div className={error('date') ? 'field has-error' : 'field'}>
          <label htmlFor="enduser-date">
            Leverdatum
            <span className="field-required" aria-hidden>
              {' '}
              *
            </span>
          </label>
          <DatePicker
            id="enduser-date"
            name="date"
            type="future"
            value={values.delivery_date}
            onChange={(d) => set({ delivery_date: d })}
            error={error('date')}
          />
        </div>
        <TextField
          label="Ordernummer"
          name="order_number"
          required
          value={values.order_number}
          error={error('order_number')}
          onChange={(v) => set({ order_number: v })}
        />
        <TextField
          label="Uw referentie"
          name="your_reference"
          required
          value={values.your_reference}
          error={error('your_reference')}
          onChange={(v) => set({ your_reference: v })}
        />
        <TextField
          label="Afleveradres"
          name="address"
          value={values.delivery_address}
          error={error('address')}
          onChange={(v) => set({ delivery_address: v })}
        />
      </div>
      <fieldset className={error('products') ? 'field has-error' : 'field'}>
        <legend>
          Voorraad
          <span className="field-required" aria-hidden>
            {' '}
            *
          </span>
        </legend>
        {!options ? (
          <p className="muted">Kies eerst een eindklant</p>
        ) : (
          options.products.map((p) => {
            const amount = Number(values.amounts[p.id] ?? 0) || 0;
            return (
              <div key={p.id} className="form-grid">
                <TextField
                  label={`${p.name} (${p.article_number})`}
                  name={`amount-${p.id}`}
                  type="number"
                  min={0}
                  value={values.amounts[p.id] ?? ''}
                  hint={`${p.available} beschikbaar`}
                  onChange={(v) => set({ amounts: { ...values.amounts, [p.id]: v } })}
                />
                {amount > p.available && (
                  <span className="field-hint" role="status">
                    Meer dan beschikbaar: {p.available} op voorraad, al {p.on_order} besteld
                  </span>
                )}
              </div>
            );
          })
        )}
        {error('products') && (
          <span className="field-error" role="alert">
            {error('products')}
          </span>
        )}
      </fieldset>
    </>
  );
}
