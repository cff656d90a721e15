/** Answers of the pre-notification calls (spec 2 §3 ASN, §7), shared by server and web. */
import type * as v from 'valibot';
import type { asnSchema } from '../schemas/prenotifications';

export interface AsnListRow {
  id: number;
  client_id: number;
  client_name: string;
  w_number: string | null;
  reference: string;
  expected: string | null;
  created_at: string;
  completed_at: string | null;
  partial_delivery: boolean;
  project_number: string | null;
  quantity: number;
  arrived: number;
}

export interface AsnLine {
  id: number;
  product_id: number;
  expected: number;
  arrived: number;
  daas: boolean;
  stock_owner: string | null;
  product: { id: number; name: string; description: string | null; article_number: string; product_group_id: number };
}

export interface AsnDetail {
  id: number;
  reference: string;
  w_number: string | null;
  client_id: number;
  client: { id: number; name: string };
  project_id: number | null;
  project_number: string | null;
  user: { id: number; name: string } | null;
  created_at: string;
  expected: string | null;
  partial_delivery: boolean;
  start_date_contract: string | null;
  end_date_contract: string | null;
  daas: boolean;
  stock_owner: string;
  comment: string | null;
  completed_at: string | null;
  complete: boolean;
  products: AsnLine[];
}

export interface AsnProductRow {
  id: number;
  asn_id: number;
  name: string;
  description: string | null;
  article_number: string;
  reference: string;
  quantity: number;
  arrived: number;
  expected: string | null;
  created_at: string;
}

export interface CheckInProduct {
  id: number;
  product_id: number;
  name: string;
  article_number: string;
  expected: number;
  arrived: number;
  product_group_id: number;
}

export interface FormOptions {
  products: { id: number; name: string; article_number: string; product_group_id: number }[];
  projects: { id: number; number: string }[];
}

/** POST /asns and PUT /asns/{id}: the form's values, checked with the same schema before sending. */
export type AsnPayload = v.InferInput<ReturnType<typeof asnSchema>>;
