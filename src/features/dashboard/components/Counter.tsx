import { useState } from 'react';
import type { Category } from '../api/get-statistics';

interface CounterProps {
  label: string;
  count: number | undefined;
  categories: Category[];
  onExport: (() => void) | null;
}

/** A counter with its export (only with a customer) and a per-category breakdown (only above 0). */
export function Counter({ label, count, categories, onExport }: CounterProps) {
  const [open, setOpen] = useState(false);
  const canExpand = (count ?? 0) > 0;
  return (
    <section className="panel counter" aria-label={label}>
      <div className="counter-head">
        <h2>{label}</h2>
        {onExport && (
          <button type="button" className="link-button" onClick={onExport}>
            Exporteren
          </button>
        )}
      </div>
      <p className="counter-value" data-testid={`counter-${label}`}>
        {count ?? '–'}
      </p>
      {canExpand && (
        <button
          type="button"
          className="link-button counter-toggle"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Verberg categorieën' : 'Toon per categorie'}
        </button>
      )}
      {canExpand && open && (
        <ul className="counter-categories">
          {categories.map((c) => (
            <li key={c.name}>
              <span>{c.name}</span>
              <strong>{c.count}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
