import { useEffect } from 'react';
import * as v from 'valibot';
import { ClientType, PROVIDER_CLIENT_ID } from '@domain/enums';
import { contactCreateSchema, contactUpdateSchema, type ContactCreateInput } from '@domain/schemas/contacts';
import { Modal } from '../../../ui/Modal';
import { useApiForm } from '../../../ui/form/useApiForm';
import { TextField } from '../../../ui/form/TextField';
import { CheckboxField, RadioGroup, SelectField } from '../../../ui/form/ChoiceFields';
import { FieldMessage } from '../../../ui/form/Field';
import { SubmitButton } from '../../../ui/form/FormError';
import { showToast, toastError } from '../../../shell/toast';
import { useCreateContact, useUpdateContact, type ContactSaved } from '../api/contacts';
import { useChildrenOf, useRoleOptions } from '../../../api/lookups';
import type { ClientDetail, Contact } from '@domain/contracts/clients';

interface Props {
  client: Pick<ClientDetail, 'id' | 'client_type_id'>;
  contact?: Contact;
  /** May list roles (GET /api/roles needs 'Rol bekijken'); without it the server picks the role by client type. */
  canListRoles: boolean;
  onClose: () => void;
}

/** 'Medewerker' on the provider itself (client id 1), 'Contactpersoon' elsewhere (spec 1 §2.9). */
export const contactNoun = (clientId: number) => (clientId === PROVIDER_CLIENT_ID ? 'Medewerker' : 'Contactpersoon');

/** What the form holds: texts as typed, has_account as the radio's '1'/'0' ('' before a choice). */
interface ContactValues extends Record<string, unknown> {
  client_id: number;
  first_name: string;
  last_name: string;
  title: string;
  phone: string;
  email: string;
  has_account: '' | '1' | '0';
  role_id: string;
  reseller_end_client: number[];
}

/** Form values to the API's shape: an empty function is null, no chosen role leaves it to the server. */
function toPayload(values: ContactValues, withRole: boolean, reseller: boolean) {
  return {
    client_id: values.client_id,
    first_name: values.first_name,
    last_name: values.last_name,
    title: values.title.trim() === '' ? null : values.title,
    phone: values.phone,
    email: values.email,
    has_account: values.has_account === '' ? undefined : values.has_account,
    role_id: withRole && values.role_id !== '' ? values.role_id : null,
    ...(reseller ? { reseller_end_client: values.reseller_end_client } : {}),
  };
}

/**
 * Add or change a contact of a customer (spec 1 §2.10): name, function, phone, e-mail, whether the
 * contact gets an account (then an activation mail goes out) and, for a reseller, its end customers.
 */
export function ContactFormModal({ client, contact, canListRoles, onClose }: Props) {
  const create = useCreateContact();
  const update = useUpdateContact();
  const isReseller = client.client_type_id === ClientType.RESELLER;
  const endClients = useChildrenOf(client.id, isReseller);
  useEffect(() => {
    if (endClients.isError) toastError('Eindklanten kunnen niet worden ingeladen');
  }, [endClients.isError]);
  const roles = useRoleOptions(canListRoles);
  const noun = contactNoun(client.id);

  const initial: ContactValues = {
    client_id: client.id,
    first_name: contact?.first_name ?? '',
    last_name: contact?.last_name ?? '',
    title: contact?.title ?? '',
    phone: contact?.phone ?? '',
    email: contact?.email ?? '',
    has_account: contact ? (contact.has_account ? '1' : '0') : '',
    role_id: '',
    reseller_end_client: contact?.reseller_end_client?.map((r) => r.endclient_id) ?? [],
  };

  // The role only matters when this save makes the account: a new contact, or one that had none.
  const makesAccount = (values: ContactValues) => values.has_account === '1' && !contact?.has_account;
  const roleChoice = canListRoles && roles.isSuccess && roles.data.length > 0;

  const schema = v.pipe(
    v.custom<ContactValues>(() => true),
    v.transform((values: ContactValues): unknown => toPayload(values, roleChoice && makesAccount(values), isReseller)),
    contact ? contactUpdateSchema : contactCreateSchema,
  ) as v.GenericSchema<unknown, ContactCreateInput>;

  const form = useApiForm<ContactValues, ContactCreateInput, ContactSaved>({
    initial,
    schema,
    submit: (payload) => (contact ? update.mutateAsync({ id: contact.id, payload }) : create.mutateAsync(payload)),
    onSuccess: (result, payload) => {
      const done = contact
        ? `De ${noun.toLowerCase()} is gewijzigd`
        : result.message || `De ${noun.toLowerCase()} is aangemaakt`;
      if (result.activation_mail_sent) {
        showToast('Gelukt', `${done}. Er is een activatiemail verstuurd naar ${payload.email}.`);
      } else if (payload.has_account && !contact?.has_account) {
        showToast(
          'Let op',
          `${done}, maar de activatiemail kon niet worden verstuurd. Verstuur de activatie later opnieuw.`,
          'warning',
        );
      } else {
        showToast('Gelukt', done);
      }
      onClose();
    },
  });

  const title = contact ? `${noun} wijzigen` : `${noun} toevoegen`;
  const endClientError =
    form.error('reseller_end_client') ??
    Object.entries(form.fieldErrors).find(([k]) => k.startsWith('reseller_end_client.'))?.[1][0];
  const toggleEndClient = (id: number, on: boolean) =>
    form.setValue(
      'reseller_end_client',
      on ? [...form.values.reseller_end_client, id] : form.values.reseller_end_client.filter((x) => x !== id),
    );

  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <>
          <SubmitButton form="contact-form" pending={form.submitting}>
            Opslaan
          </SubmitButton>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Annuleren
          </button>
        </>
      }
    >
      <form id="contact-form" {...form.formProps}>
        <div className="form-grid">
          <TextField label="Voornaam" required autoComplete="off" {...form.bind('first_name')} />
          <TextField label="Achternaam" required autoComplete="off" {...form.bind('last_name')} />
          <TextField label="Functie" autoComplete="off" {...form.bind('title')} />
          <TextField label="Telefoonnummer" required type="tel" autoComplete="off" {...form.bind('phone')} />
          <TextField
            label="E-mailadres"
            required
            type="email"
            autoComplete="off"
            className="span-2"
            {...form.bind('email')}
          />
          <RadioGroup
            label="Account"
            name="has_account"
            required
            inline
            className="span-2"
            hint={
              contact?.has_account
                ? 'Kies Nee om het account van deze persoon te verwijderen.'
                : 'Bij Ja krijgt deze persoon een e-mail om het account te activeren.'
            }
            value={form.values.has_account}
            error={form.error('has_account')}
            onChange={(x) => form.setValue('has_account', x as ContactValues['has_account'])}
            options={[
              { value: '1', label: 'Ja' },
              { value: '0', label: 'Nee' },
            ]}
          />
          {roleChoice && makesAccount(form.values) && (
            <SelectField
              label="Rol"
              className="span-2"
              placeholder="Standaardrol voor dit klanttype"
              options={roles.data.map((r) => ({ value: r.id, label: r.name }))}
              {...form.bind('role_id')}
            />
          )}
        </div>
        {isReseller && (
          <fieldset
            className={`field contact-end-clients${endClientError ? ' has-error' : ''}`}
            aria-describedby={endClientError ? 'contact-end-clients-error' : undefined}
          >
            <legend className="field-label">Eindklanten</legend>
            {endClients.isPending && <p className="muted">Laden…</p>}
            {endClients.isSuccess && endClients.data.length === 0 && (
              <p className="muted">Deze reseller heeft nog geen eindklanten.</p>
            )}
            {endClients.isSuccess && endClients.data.length > 0 && (
              <div className="contact-checklist">
                {endClients.data.map((c) => (
                  <CheckboxField
                    key={c.id}
                    label={c.name}
                    name={`reseller_end_client_${c.id}`}
                    value={form.values.reseller_end_client.includes(c.id)}
                    onChange={(on) => toggleEndClient(c.id, on)}
                  />
                ))}
              </div>
            )}
            <FieldMessage id="contact-end-clients-error" error={endClientError} />
          </fieldset>
        )}
      </form>
    </Modal>
  );
}
