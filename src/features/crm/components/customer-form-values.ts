import type * as v from 'valibot';
import { ClientType } from '@domain/enums';
import { endUserDeliverySchema } from '@domain/schemas/deliveries';
import { clientCreateSchema, clientUpdateSchema } from '@domain/schemas/clients';
import type { ClientCreatePayload, ClientFormData, ClientUpdatePayload } from '@domain/contracts/clients';
import { emptyEndUserDelivery, endUserDeliveryPayload, type EndUserDeliveryValues } from './EndUserDeliveryFields';

/** The customer form's values (CustomerFormModal) and the request they make. */
export const emptyValues = {
  name: '',
  client_type_id: '',
  parent_client_id: null as number | null,
  invoice_description: '',
  invoice_reference: '',
  delivery_by_postnl: false,
  primary_contact_id: '',
  first_name: '',
  last_name: '',
  title: '',
  phone: '',
  email: '',
  zipcode: '',
  number: '',
  addition: '',
  street: '',
  city: '',
  /** A new end user comes with its Indienst delivery (spec 1 §5). */
  delivery: emptyEndUserDelivery as EndUserDeliveryValues,
};
export type Values = typeof emptyValues;
/** The fields typed as text. */
export type TextName = { [K in keyof Values]: Values[K] extends string ? K : never }[keyof Values];

/** The form's first values: the customer's own, or a new one's with the preset or only possible type. */
export function initialValues(
  client: ClientFormData | undefined,
  preset: { client_type_id: number; parent_client_id: number } | undefined,
  types: readonly number[],
): Values {
  return client
    ? {
        ...emptyValues,
        name: client.name,
        client_type_id: String(client.client_type_id),
        parent_client_id: client.parent_client_id,
        invoice_description: client.invoice_description ?? '',
        invoice_reference: client.invoice_reference ?? '',
        delivery_by_postnl: client.delivery_by_postnl === 1,
        primary_contact_id: client.primary_contact_id ? String(client.primary_contact_id) : '',
      }
    : {
        ...emptyValues,
        client_type_id: preset ? String(preset.client_type_id) : types.length === 1 ? String(types[0]) : '',
        parent_client_id: preset?.parent_client_id ?? null,
      };
}

/** The body the form sends (a change when `client` is given), and each part with the schema the API parses it with. */
export function customerRequest(
  values: Values,
  client: ClientFormData | undefined,
): { body: ClientCreatePayload | ClientUpdatePayload; checks: [v.GenericSchema, unknown][] } {
  const isEndCustomer = Number(values.client_type_id) === ClientType.EINDKLANT;
  const common = {
    name: values.name,
    invoice_description: isEndCustomer ? values.invoice_description : null,
    invoice_reference: isEndCustomer ? values.invoice_reference : null,
    delivery_by_postnl: values.delivery_by_postnl ? (1 as const) : (0 as const),
  };
  if (client) {
    const payload = { ...common, primary_contact_id: values.primary_contact_id || null };
    return { body: payload, checks: [[clientUpdateSchema, stripEmpty(payload)]] };
  }
  const contact = pick(values, ['first_name', 'last_name', 'title', 'phone', 'email']);
  const address = pick(values, ['zipcode', 'number', 'addition', 'street', 'city']);
  const payload = {
    ...common,
    client_type_id: values.client_type_id,
    parent_client_id: values.parent_client_id,
    contacts: Object.values(contact).some(Boolean) ? [stripEmpty(contact)] : [],
    addresses: Object.values(address).some(Boolean)
      ? [{ ...stripEmpty(address), name: 'Hoofdkantoor', is_visiting: true }]
      : [],
  };
  const checks: [v.GenericSchema, unknown][] = [[clientCreateSchema, stripEmpty(payload)]];
  if (Number(values.client_type_id) !== ClientType.EINDGEBRUIKER) return { body: payload, checks };
  const delivery = endUserDeliveryPayload(values.delivery);
  return { body: { ...payload, ...delivery }, checks: [...checks, [endUserDeliverySchema, delivery]] };
}

function pick<T extends Record<string, unknown>, K extends keyof T>(values: T, keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, values[k]])) as Pick<T, K>;
}

function stripEmpty<T extends Record<string, unknown>>(payload: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(payload).filter(([, v]) => v !== null && v !== undefined && v !== ''),
  ) as Partial<T>;
}
