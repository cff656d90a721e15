import { StockOwner } from '@domain/enums';
import { asnSchema } from '@domain/schemas/prenotifications';
import { Modal } from '../../../ui/Modal';
import { SearchSelect } from '../../../ui/SearchSelect';
import { DatePicker } from '../../../ui/DatePicker';
import { useApiForm } from '../../../ui/form/useApiForm';
import { payloadErrors } from '../../../ui/form/form-state';
import { TextField, TextAreaField } from '../../../ui/form/TextField';
import { RadioGroup, SelectField } from '../../../ui/form/ChoiceFields';
import { FormError, SubmitButton } from '../../../ui/form/FormError';
import { requiredData } from '../../../ui/form/Field';
import { showToast } from '../../../shell/toast';
import { useUnsavedWork } from '../../../shell/update-guard';
import { useFormOptions } from '../api/get-form-options';
import { useSaveAsn } from '../api/save-asn';
import { useEndCustomers } from '../../../api/lookups';
import type { AsnDetail } from '@domain/contracts/prenotifications';
import { NEW_PROJECT, initialValues, toPayload, yesNo, type Values } from './asn-form-values';
// The form's grid lives with the area; the customer page opens this modal without the area's pages.
import '../prenotifications.css';

interface Props {
  asn?: AsnDetail;
  /** Preset end customer (the 'Voormeldingen' panel of a customer page). */
  clientId?: number;
  onClose: () => void;
  onSaved: (asn: AsnDetail) => void;
}

/** New or changed pre-notification (spec 2 §5); the same schema as the API, dates in the future only when creating. */
export function PreNotificationFormModal({ asn, clientId, onClose, onSaved }: Props) {
  const editing = !!asn;
  const save = useSaveAsn();
  const customers = useEndCustomers();
  const initial = initialValues(asn, clientId);
  const form = useApiForm<Values, Values, AsnDetail>({
    initial,
    // The API's schema with the required fields in one round: a past date does not hide the empty end date.
    check: (values) => payloadErrors(asnSchema(!editing), toPayload(values)),
    submit: async (values) => (await save.mutateAsync({ id: asn?.id, payload: toPayload(values) })).data,
    onSuccess: (saved) => {
      showToast('Gelukt', editing ? 'De voormelding is gewijzigd' : 'De voormelding is aangemaakt');
      onSaved(saved);
    },
  });
  useUnsavedWork(JSON.stringify(form.values) !== JSON.stringify(initial));
  const options = useFormOptions(form.values.client_id);
  const products = options.data?.products ?? [];
  const projects = options.data?.projects ?? [];
  const { values, setValue, error } = form;
  const setLine = (i: number, patch: Partial<Values['products'][number]>) => {
    setValue(
      'products',
      values.products.map((p, k) => (k === i ? { ...p, ...patch } : p)),
    );
    form.setFieldErrors((e) =>
      Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith(`products.${i}.`) && k !== 'products')),
    );
  };
  const dateField = (
    name: 'expected' | 'start_date_contract' | 'end_date_contract',
    label: string,
    required = false,
  ) => (
    <div className={error(name) ? 'field has-error' : 'field'}>
      <label htmlFor={`asn-${name}`}>
        {label}
        {required && (
          <span className="field-required" aria-hidden>
            {' '}
            *
          </span>
        )}
      </label>
      <DatePicker
        id={`asn-${name}`}
        name={name}
        type={editing || name === 'start_date_contract' ? 'any' : 'future'}
        value={values[name]}
        onChange={(d) => setValue(name, d)}
        error={error(name)}
      />
    </div>
  );

  return (
    <Modal
      title={editing ? 'Voormelding wijzigen' : 'Voormelding aanmaken'}
      onClose={onClose}
      size="large"
      footer={
        <>
          <SubmitButton form="asn-form" pending={form.submitting}>
            Opslaan
          </SubmitButton>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Annuleren
          </button>
        </>
      }
    >
      <form id="asn-form" {...form.formProps}>
        <FormError message={form.formError} />
        <div className="pn-form-grid">
          {/* Checked with the other required fields before anything is sent, so the first empty submit
              names it too. */}
          <div
            className={error('client_id') ? 'field has-error span-2' : 'field span-2'}
            {...requiredData('client_id', !editing && clientId == null)}
          >
            <label htmlFor="asn-client">
              Eindklant
              <span className="field-required" aria-hidden>
                {' '}
                *
              </span>
            </label>
            <SearchSelect
              id="asn-client"
              options={customers.data ?? []}
              value={values.client_id}
              disabled={editing || clientId != null}
              placeholder="Kies een eindklant"
              invalid={!!error('client_id')}
              onChange={(id) => {
                setValue('client_id', id as number | null);
                setValue('project', '');
                setValue('products', [{ product_id: '', quantity: '1' }]);
              }}
            />
            {error('client_id') && (
              <span className="field-error" role="alert">
                {error('client_id')}
              </span>
            )}
          </div>
          <TextField label="Ordernummer" required {...form.bind('reference')} />
          <TextField label="Topdesknummer" {...form.bind('w_number')} />
          <SelectField
            label="Project"
            name="project"
            value={values.project}
            error={error('project_id')}
            placeholder="Geen project"
            onChange={(p) => setValue('project', p)}
            disabled={values.client_id == null}
            options={[
              ...projects.map((p) => ({ value: String(p.id), label: p.number })),
              { value: NEW_PROJECT, label: 'Nieuw project…' },
            ]}
          />
          {values.project === NEW_PROJECT ? (
            <TextField label="Projectnummer" required {...form.bind('project_number')} />
          ) : (
            <div aria-hidden />
          )}
          {dateField('expected', 'Verwachte leverdatum', values.contract === '1')}
          <RadioGroup
            label="Deellevering"
            name="partial_delivery"
            inline
            options={yesNo}
            value={values.partial_delivery}
            onChange={(x) => setValue('partial_delivery', x)}
          />
          <RadioGroup
            label="Contractgegevens"
            name="contract"
            inline
            options={yesNo}
            value={values.contract}
            onChange={(x) => setValue('contract', x)}
          />
          <RadioGroup
            label="DaaS"
            name="daas"
            inline
            options={yesNo}
            value={values.daas}
            onChange={(x) => setValue('daas', x)}
          />
          {values.contract === '1' && (
            <>
              {dateField('start_date_contract', 'Startdatum contract')}
              {dateField('end_date_contract', 'Einddatum contract', true)}
            </>
          )}
          <SelectField
            label="Voorraadeigenaar"
            required
            name="stock_owner"
            value={values.stock_owner}
            error={error('stock_owner')}
            onChange={(x) => setValue('stock_owner', x)}
            options={StockOwner.map((o) => ({ value: o, label: o }))}
          />
          <TextAreaField label="Opmerking" className="span-2" rows={3} {...form.bind('comment')} />
        </div>

        <h3 className="form-section-title">Artikelen</h3>
        {error('products') && (
          <span className="field-error" role="alert">
            {error('products')}
          </span>
        )}
        {values.products.map((line, i) => (
          <div className="pn-article-row" key={i}>
            <SelectField
              label={`Artikel ${i + 1}`}
              required
              name={`products.${i}.product_id`}
              value={line.product_id}
              error={error(`products.${i}.product_id`)}
              placeholder={values.client_id == null ? 'Kies eerst een eindklant' : 'Kies een artikel'}
              disabled={values.client_id == null}
              onChange={(x) => setLine(i, { product_id: x })}
              options={products.map((p) => ({ value: String(p.id), label: `${p.name} (${p.article_number})` }))}
            />
            <TextField
              label="Aantal"
              required
              type="number"
              min={1}
              inputMode="numeric"
              name={`products.${i}.quantity`}
              value={line.quantity}
              error={error(`products.${i}.quantity`)}
              onChange={(x) => setLine(i, { quantity: x })}
            />
            <button
              type="button"
              className="button button-secondary"
              aria-label={`Artikel ${i + 1} verwijderen`}
              disabled={values.products.length === 1}
              onClick={() =>
                setValue(
                  'products',
                  values.products.filter((_, k) => k !== i),
                )
              }
            >
              Verwijderen
            </button>
          </div>
        ))}
        <div>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setValue('products', [...values.products, { product_id: '', quantity: '1' }])}
          >
            Artikel toevoegen
          </button>
        </div>
      </form>
    </Modal>
  );
}
