import { useCallback, useMemo } from 'react';
import { ClientType, clientTypeName } from '@domain/enums';
import { creatableClientTypes } from '@domain/schemas/clients';
import { Modal } from '../../../ui/Modal';
import { SearchSelect } from '../../../ui/SearchSelect';
import { useApiForm, type FieldErrors } from '../../../ui/form/useApiForm';
import { payloadErrors } from '../../../ui/form/form-state';
import { TextField, TextAreaField } from '../../../ui/form/TextField';
import { SelectField, CheckboxField } from '../../../ui/form/ChoiceFields';
import { FormError, SubmitButton } from '../../../ui/form/FormError';
import { FieldLabel, requiredData } from '../../../ui/form/Field';
import { showToast } from '../../../shell/toast';
import { useParentOptions } from '../api/parent-options';
import { useCreateClient, useUpdateClient } from '../api/mutations';
import { logoUrl } from '../api/logo';
import { LogoField, useLogoUpload } from './LogoField';
import { postcodeFormatError, usePostcodeLookup } from './postcode';
import type { ClientCreatePayload, ClientFormData, ClientUpdatePayload } from '@domain/contracts/clients';
import { useSessionUser } from '../../../session';
import { useEndUserStockOptions } from '../api/end-user-stock';
import { EndUserDeliveryFields } from './EndUserDeliveryFields';
import { customerRequest, initialValues, type TextName, type Values } from './customer-form-values';

interface Props {
  /** The customer to change; a new one when absent. */
  client?: ClientFormData;
  /** Preset parent and type, e.g. 'new end user' on an end customer's page. */
  preset?: { client_type_id: number; parent_client_id: number };
  onClose: () => void;
  onSaved: (client: ClientFormData) => void;
}

/** New or changed customer (spec 1 §2.10): role choice limited by who creates; invoice fields only for an Eindklant. */
export function CustomerFormModal({ client, preset, onClose, onSaved }: Props) {
  const user = useSessionUser();
  const editing = !!client;
  const create = useCreateClient();
  const update = useUpdateClient();
  const types = creatableClientTypes(user.clientTypeId);
  const { resellers, endCustomers } = useParentOptions(!editing);
  const logo = useLogoUpload();
  const form = useApiForm<Values, Values, ClientFormData>({
    initial: initialValues(client, preset, types),
    // Every part's schema runs with the required fields, so one submit shows every message (issue 46).
    check: (values) =>
      Object.assign(
        {},
        ...customerRequest(values, client).checks.map(([schema, payload]) => payloadErrors(schema, payload)),
      ) as FieldErrors,
    submit: async (values) => {
      // Raster images only (the server checks the bytes as well).
      logo.check();
      const request = customerRequest(values, client);
      if (client) {
        const saved = (await update.mutateAsync({ id: client.id, payload: request.body as ClientUpdatePayload })).data;
        // A refused logo keeps the form open with the message under the file field; saving again is harmless.
        return logo.file ? logo.send(client.id, logo.file) : saved;
      }
      return logo.sendAfterCreate((await create.mutateAsync(request.body as ClientCreatePayload)).data);
    },
    onSuccess: (saved) => {
      showToast('Gelukt', editing ? 'De klant is gewijzigd' : 'De klant is aangemaakt');
      onSaved(saved);
    },
  });
  const { setValue } = form;
  const fill = useCallback(
    (street: string, city: string) => {
      setValue('street', street);
      setValue('city', city);
    },
    [setValue],
  );
  const postcode = usePostcodeLookup(fill);
  // An address is optional, but once begun its postcode, number, street and city are required (and marked so).
  const { zipcode, number, addition, street, city } = form.values;
  const addressStarted = [zipcode, number, addition, street, city].some((x) => x.trim() !== '');
  // The same for the contact: once begun, its first and last name, phone and e-mail (spec 1 §5).
  const contactStarted = (['first_name', 'last_name', 'title', 'phone', 'email'] as const).some(
    (k) => form.values[k].trim() !== '',
  );
  const checkPostcode = () => {
    const error = postcodeFormatError(form.values.zipcode);
    if (error) form.setFieldErrors((e) => ({ ...e, 'addresses.0.zipcode': [error] }));
  };
  const typeId = Number(form.values.client_type_id);
  const newEndUser = !editing && typeId === ClientType.EINDGEBRUIKER;
  const stockOptions = useEndUserStockOptions(newEndUser ? form.values.parent_client_id : null);

  // Who may be the parent of the chosen type; the user's own client when it fits (the server defaults to it too).
  const parentOptions = useMemo(() => {
    if (typeId === ClientType.EINDKLANT) {
      const own =
        user.clientTypeId === ClientType.PROVIDER
          ? [{ id: user.clientId, name: `${user.contact.client.name} (direct)` }]
          : [];
      return [...own, ...resellers.map((r) => ({ id: r.id, name: r.name }))];
    }
    if (typeId === ClientType.EINDGEBRUIKER) return endCustomers.map((c) => ({ id: c.id, name: c.name }));
    return [];
  }, [typeId, resellers, endCustomers, user.clientTypeId, user.clientId, user.contact.client.name]);
  const showParent = !editing && !preset && parentOptions.length > 1;
  const text = (name: TextName, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      name={name}
      value={form.values[name]}
      error={form.error(name)}
      onChange={(v) => form.setValue(name, v)}
      {...extra}
    />
  );
  const nested = (name: TextName, field: string, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      name={field}
      value={form.values[name]}
      error={form.error(field)}
      onChange={(v) => {
        form.setValue(name, v);
        form.setFieldErrors((e) => {
          const { [field]: _r, ...rest } = e;
          return rest;
        });
      }}
      {...extra}
    />
  );

  return (
    <Modal
      title={editing ? 'Klant wijzigen' : 'Nieuwe klant'}
      onClose={onClose}
      size="large"
      footer={
        <>
          <SubmitButton form="customer-form" pending={form.submitting}>
            Opslaan
          </SubmitButton>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Annuleren
          </button>
        </>
      }
    >
      <form id="customer-form" {...form.formProps}>
        <FormError message={form.formError} />
        <h3 className="form-section-title">Bedrijfsgegevens</h3>
        <div className="form-grid">
          {text('name', 'Naam', { required: true, className: 'span-2' })}
          {!editing && (
            <SelectField
              label="Rol"
              name="client_type_id"
              required
              value={form.values.client_type_id}
              error={form.error('client_type_id')}
              onChange={(v) => {
                form.setValue('client_type_id', v);
                form.setValue('parent_client_id', preset?.parent_client_id ?? null);
              }}
              options={types.map((t) => ({ value: t, label: clientTypeName(t) }))}
              disabled={!!preset}
            />
          )}
          {showParent && (
            // A new end user needs its end customer; a new end customer may go without a reseller (then it is the
            // provider's own).
            <div
              className={form.error('parent_client_id') ? 'field has-error' : 'field'}
              {...requiredData('parent_client_id', newEndUser)}
            >
              <FieldLabel htmlFor="customer-parent" required={newEndUser}>
                {newEndUser ? 'Eindklant' : 'Reseller'}
              </FieldLabel>
              <SearchSelect
                id="customer-parent"
                options={parentOptions}
                value={form.values.parent_client_id}
                onChange={(id) => form.setValue('parent_client_id', id as number | null)}
                placeholder="Kies een klant"
                invalid={!!form.error('parent_client_id')}
              />
              {form.error('parent_client_id') && (
                <span className="field-error" role="alert">
                  {form.error('parent_client_id')}
                </span>
              )}
            </div>
          )}
          {client && client.contacts.length > 0 && (
            <SelectField
              label="Primaire contactpersoon"
              name="primary_contact_id"
              value={form.values.primary_contact_id}
              error={form.error('primary_contact_id')}
              onChange={(v) => form.setValue('primary_contact_id', v)}
              options={client.contacts.map((c) => ({ value: c.id, label: `${c.first_name} ${c.last_name}` }))}
            />
          )}
          {typeId === ClientType.EINDKLANT && (
            <>
              <TextAreaField
                label="Factuuromschrijving"
                name="invoice_description"
                value={form.values.invoice_description}
                rows={2}
                error={form.error('invoice_description')}
                onChange={(v) => form.setValue('invoice_description', v)}
                className="span-2"
              />
              {text('invoice_reference', 'Factuurreferentie')}
            </>
          )}
          <CheckboxField
            label="Levering via PostNL"
            name="delivery_by_postnl"
            value={form.values.delivery_by_postnl}
            onChange={(v) => form.setValue('delivery_by_postnl', v)}
          />
          <LogoField
            storedUrl={client ? logoUrl(client) : null}
            upload={logo}
            error={form.error('image')}
            onPick={() =>
              form.setFieldErrors((errs) => {
                const { image: _r, ...rest } = errs;
                return rest;
              })
            }
          />
        </div>
        {!editing && (
          <>
            <h3 className="form-section-title">Contactpersoon</h3>
            <div className="form-grid">
              {nested('first_name', 'contacts.0.first_name', 'Voornaam', { required: contactStarted })}
              {nested('last_name', 'contacts.0.last_name', 'Achternaam', { required: contactStarted })}
              {nested('title', 'contacts.0.title', 'Functie')}
              {nested('phone', 'contacts.0.phone', 'Telefoonnummer', { type: 'tel', required: contactStarted })}
              {nested('email', 'contacts.0.email', 'E-mailadres', {
                type: 'email',
                className: 'span-2',
                required: contactStarted,
              })}
            </div>
            {newEndUser && (
              <EndUserDeliveryFields
                values={form.values.delivery}
                onChange={(d) => form.setValue('delivery', d)}
                error={form.error}
                options={stockOptions.data}
              />
            )}
            <h3 className="form-section-title">Bezoekadres</h3>
            <div className="form-grid">
              {nested('zipcode', 'addresses.0.zipcode', 'Postcode', {
                placeholder: '1234 AB',
                required: addressStarted,
                hint: postcode.notice,
                onBlur: checkPostcode,
                onChange: (v: string) => {
                  setValue('zipcode', v);
                  form.setFieldErrors((e) => {
                    const { 'addresses.0.zipcode': _r, ...rest } = e;
                    return rest;
                  });
                  void postcode.lookup(v);
                },
              })}
              {nested('number', 'addresses.0.number', 'Huisnummer', { required: addressStarted })}
              {nested('addition', 'addresses.0.addition', 'Toevoeging')}
              {nested('street', 'addresses.0.street', 'Straat', { required: addressStarted })}
              {nested('city', 'addresses.0.city', 'Plaats', { required: addressStarted })}
            </div>
          </>
        )}
      </form>
    </Modal>
  );
}
