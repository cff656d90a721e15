import { lazy, Suspense, useEffect, useState } from 'react';
import { download } from '../../../api/client';
import type { StatisticsItemFilter } from '@domain/enums';
import { statisticsYears } from '@domain/schemas/statistics';
import { msg } from '@domain/schemas/common';
import { SearchSelect } from '../../../ui/SearchSelect';
import { FieldLabel } from '../../../ui/form/Field';
import { toastError } from '../../../shell/toast';
import { useSessionUser } from '../../../session';
import { useEndCustomers } from '../../../api/lookups';
import { useStatistics } from '../api/get-statistics';
import { Counter } from '../components/Counter';

const Charts = lazy(() => import('../components/Charts'));

type Filter = (typeof StatisticsItemFilter)[number];

export function DashboardPage() {
  const user = useSessionUser();
  const years = statisticsYears();
  const [year, setYear] = useState(new Date().getFullYear());
  const [customerId, setCustomerId] = useState<number | null>(null);
  // The customer is required, but says so only once the user has left the field or cleared it, not on arrival.
  const [touched, setTouched] = useState(false);
  const missing = touched && customerId === null;
  const customers = useEndCustomers();
  const stats = useStatistics(customerId, year);

  // An end-customer user sees its own company; a single choice is made for the user.
  useEffect(() => {
    if (customerId !== null) return;
    if (user.isEndCustomer) setCustomerId(user.contact.client.id);
    else if (customers.data?.length === 1 && customers.data[0]) setCustomerId(customers.data[0].id);
  }, [user, customers.data, customerId]);
  useEffect(() => {
    if (customers.isError) toastError('Klanten kunnen niet worden ingeladen');
  }, [customers.isError]);

  const exportFor = (status: Filter) =>
    customerId === null
      ? null
      : () =>
          void download('exportitemsinuse', { id: customerId, status }).catch(() =>
            toastError('Exporteren is mislukt'),
          );
  // Without a customer nothing is shown: the kept previous answer belongs to the customer just cleared.
  const s = customerId === null ? undefined : stats.data;

  return (
    <div className="dashboard">
      <div className="panel filter-bar">
        <div className="field">
          <label htmlFor="dashboard-year">Jaar</label>
          <select id="dashboard-year" value={year} onChange={(e) => setYear(Number(e.target.value))}>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        <div className={missing ? 'field has-error' : 'field'}>
          <FieldLabel htmlFor="dashboard-customer" required>
            Klant
          </FieldLabel>
          <SearchSelect
            id="dashboard-customer"
            options={customers.data ?? []}
            value={customerId}
            onChange={(id) => {
              setCustomerId(id as number | null);
              if (id === null) setTouched(true);
            }}
            onBlur={() => setTouched(true)}
            placeholder="Kies een klant"
            invalid={missing}
            aria-describedby={missing ? 'dashboard-customer-error' : undefined}
          />
          {missing && (
            <span id="dashboard-customer-error" className="field-error" role="alert">
              {msg.required}
            </span>
          )}
        </div>
      </div>

      <div className="counter-grid">
        <Counter
          label="In gebruik"
          count={s?.total_items_in_use}
          categories={s?.usedCategories ?? []}
          onExport={exportFor('in_gebruik')}
        />
        <Counter
          label="Op voorraad"
          count={s?.total_items_in_stock}
          categories={s?.inStockCategories ?? []}
          onExport={exportFor('op_afroep')}
        />
        <Counter
          label="In reparatie"
          count={s?.total_items_in_repair}
          categories={s?.inRepairCategories ?? []}
          onExport={exportFor('reparatie')}
        />
      </div>

      {s ? (
        <Suspense fallback={<div className="panel">Grafieken worden geladen…</div>}>
          <Charts stats={s} />
        </Suspense>
      ) : (
        <div className="panel empty-page">Kies een klant om de statistieken te zien.</div>
      )}
    </div>
  );
}
