import type { ArticleCount } from './check-out-counts';

interface Props {
  /** Accessories (product group 3) with open lines without item: they are counted, not scanned. */
  accessories: ArticleCount[];
  /** Per article id: the amount as typed. */
  amounts: Record<number, string>;
  errors: Record<number, string>;
  onChange: (id: number, amount: string) => void;
}

/** 'Accessoires (tellen)': an amount per accessory, at most its open lines. */
export function AccessoryCountFields({ accessories, amounts, errors, onChange }: Props) {
  return (
    <fieldset className="fw-accessories">
      <legend>Accessoires (tellen)</legend>
      {accessories.map((a) => (
        <div key={a.id} className="fw-qty">
          <label htmlFor={`fw-amount-${a.id}`}>Aantal {a.name}</label>
          <input
            id={`fw-amount-${a.id}`}
            type="number"
            min={0}
            max={a.openWithoutItem}
            inputMode="numeric"
            value={amounts[a.id] ?? ''}
            onChange={(e) => onChange(a.id, e.target.value)}
          />
          <span className="muted">van {a.openWithoutItem} open</span>
          {errors[a.id] && (
            <div className="field-error" role="alert">
              {errors[a.id]}
            </div>
          )}
        </div>
      ))}
    </fieldset>
  );
}
