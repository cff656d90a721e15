import type { DeliveryFormOptions } from '@domain/contracts/deliveries';
import '../deliveries.css';

type ProductOption = DeliveryFormOptions['products'][number];
type AddressOption = DeliveryFormOptions['addresses'][number];

export const addressText = (a: AddressOption) =>
  `${a.street} ${a.number}${a.addition ? ` ${a.addition}` : ''}, ${a.zipcode} ${a.city}`;

/** The spec's 'more than available' warning, with how many are already on order (spec 2 §5). */
export function AmountWarning({ product, amount }: { product: ProductOption; amount: number }) {
  if (amount <= product.available) return null;
  return (
    <span className="amount-warning" role="status">
      Meer dan beschikbaar: {product.available} op voorraad, al {product.on_order} besteld
    </span>
  );
}

/** Per article an amount to deliver; empty or 0 means none. */
export function ProductAmounts({
  products,
  amounts,
  onChange,
  legend,
}: {
  products: ProductOption[];
  amounts: Record<string, string>;
  onChange: (next: Record<string, string>) => void;
  legend: string;
}) {
  if (products.length === 0) return <p className="muted">Er is geen voorraad voor deze klant</p>;
  return (
    <fieldset className="ticket-lines">
      <legend>{legend}</legend>
      {products.map((p) => {
        const amount = Number(amounts[p.id] ?? 0) || 0;
        const id = `amount-${p.id}`;
        return (
          <div key={p.id} className="amount-line">
            <label htmlFor={id}>
              {p.name} ({p.article_number})
            </label>
            <input
              id={id}
              type="number"
              min={0}
              max={10000}
              className="input"
              value={amounts[p.id] ?? ''}
              onChange={(e) => onChange({ ...amounts, [p.id]: e.target.value })}
            />
            <span className="muted">{p.available} beschikbaar</span>
            <AmountWarning product={p} amount={amount} />
          </div>
        );
      })}
    </fieldset>
  );
}

export const amountLines = (amounts: Record<string, string>) =>
  Object.entries(amounts)
    .filter(([, a]) => Number(a) > 0)
    .map(([productId, a]) => ({ product_id: Number(productId), item_id: null, is_pickup: 0, amount: Number(a) }));

/** The lines' error goes once the user changes the choice (the lines are not one field). */
export const withoutProducts = (errors: Record<string, string[]>) => {
  const { products: _gone, ...rest } = errors;
  return rest;
};
