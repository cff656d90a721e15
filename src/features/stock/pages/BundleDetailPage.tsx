import { useState } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { usePageTitle } from '../../../shell/page-title';
import { showToast } from '../../../shell/toast';
import { bundleQueryOptions, useSetBundleProducts } from '../api/bundles';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { BundleDetail } from '@domain/contracts/stock';
import { useSessionUser } from '../../../session';
import '../stock.css';
import { countNoun } from '@domain/format';

const route = getRouteApi('/app/bundle/$id');

export function BundleDetailPage() {
  const { id } = route.useParams();
  const { data: bundle } = useSuspenseQuery(bundleQueryOptions(id));
  usePageTitle(bundle.name);
  return (
    <div className="stock-detail">
      <BundleChecklist key={bundle.id} bundle={bundle} />
    </div>
  );
}

/** The client's products as a checklist; 'Selectie wordt bundel' saves the ticked ones (right 'Bundel wijzigen'). */
function BundleChecklist({ bundle }: { bundle: BundleDetail }) {
  const user = useSessionUser();
  const save = useSetBundleProducts(bundle.id);
  const [picked, setPicked] = useState<Set<number>>(() => new Set(bundle.products.map((p) => p.id)));
  const articles = countNoun(bundle.client_products.length, 'artikel', 'artikelen');
  const canEdit = user.can('Bundel wijzigen');
  const toggle = (id: number) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const submit = () =>
    save.mutate([...picked], { onSuccess: () => showToast('Gelukt', 'De bundelinhoud is gewijzigd') });
  return (
    <section className="panel bundle-panel">
      <div className="panel-header">
        <div>
          <h2>{bundle.name}</h2>
          <span className="muted">
            {bundle.client.name} · {picked.size} van {articles} in de bundel
          </span>
        </div>
        {canEdit && (
          <button type="button" className="button button-primary" onClick={submit} disabled={save.isPending}>
            Selectie wordt bundel
          </button>
        )}
      </div>
      {bundle.client_products.length === 0 ? (
        <p className="muted">Er is geen data gevonden</p>
      ) : (
        <ul className="checklist" aria-label="Artikelen van de klant">
          {bundle.client_products.map((p) => (
            <li key={p.id}>
              <label>
                <input type="checkbox" checked={picked.has(p.id)} disabled={!canEdit} onChange={() => toggle(p.id)} />
                <span className="checklist-name">{p.name}</span>
                <span className="muted">{p.article_number}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
