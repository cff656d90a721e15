/** Answers of the customer calls (server/modules/clients), shared by server and web. */
import type * as v from 'valibot';
import type { addressCreateSchema, clientCreateSchema, clientUpdateSchema } from '../schemas/clients';

export interface Address {
  id: number;
  client_id: number;
  name: string | null;
  street: string;
  number: string;
  addition: string | null;
  zipcode: string;
  city: string;
  country: string;
  is_visiting: boolean;
  created_at: string;
}

export interface Contact {
  id: number;
  client_id: number;
  first_name: string;
  last_name: string;
  title: string | null;
  phone: string | null;
  email: string | null;
  has_account: boolean;
  /** A reseller's contact: the end customers it works for. */
  reseller_end_client?: { endclient_id: number }[];
}

interface ClientSummary {
  id: number;
  name: string;
  client_type_id: number;
}

export interface MonthlyPayment {
  id: number;
  description: string;
  price: string;
  price_cents: number;
}

export interface ClientDetail extends ClientSummary {
  client_type_name: string;
  parent_client_id: number | null;
  parent: ClientSummary | null;
  image: string | null;
  invoice_description: string | null;
  invoice_reference: string | null;
  primary_contact_id: number | null;
  primary_contact: Contact | null;
  delivery_by_postnl: number;
  created_at: string;
  visiting_address: Address | null;
  addresses: Address[];
  contacts: Contact[];
  end_clients: ClientSummary[];
  monthly_payments: MonthlyPayment[];
}

export interface ClientListRow {
  id: number;
  name: string;
  client_type_id: number;
  type_name: string;
  parent_client_id: number | null;
  parent_name: string | null;
  location: string;
  city: string | null;
  contact_name: string | null;
  created_at: string;
}

export interface ClientEvent {
  id: number;
  client_id: number;
  action: string;
  created_at: string;
  product_name: string | null;
  status_name: string | null;
  is_repair: boolean;
  user_name: string | null;
}

/** What the customer forms send: a field may be empty (null); the call drops empty fields (spec 1 §5). */
type Blankable<T> = { [K in keyof T]?: (NonNullable<T[K]> extends readonly (infer E)[] ? Blankable<E>[] : T[K]) | null };

export type ClientCreatePayload = Blankable<v.InferInput<typeof clientCreateSchema>>;
export type ClientUpdatePayload = Blankable<v.InferInput<typeof clientUpdateSchema>>;
export type AddressPayload = v.InferInput<typeof addressCreateSchema>;
