import type { AsnDetail } from '@domain/contracts/prenotifications';

/** The pre-notification form's values (PreNotificationFormModal) and the body they make. */
export const NEW_PROJECT = 'new';
export const yesNo = [
  { value: '1', label: 'Ja' },
  { value: '0', label: 'Nee' },
];

export function initialValues(asn: AsnDetail | undefined, clientId: number | undefined) {
  return {
    client_id: asn?.client_id ?? clientId ?? (null as number | null),
    reference: asn?.reference ?? '',
    w_number: asn?.w_number ?? '',
    project: asn?.project_id ? String(asn.project_id) : '',
    project_number: '',
    expected: asn?.expected ?? '',
    partial_delivery: asn?.partial_delivery ? '1' : '0',
    contract: asn?.end_date_contract ? '1' : '0',
    start_date_contract: asn?.start_date_contract ?? '',
    end_date_contract: asn?.end_date_contract ?? '',
    daas: asn?.daas ? '1' : '0',
    stock_owner: asn?.stock_owner ?? '',
    comment: asn?.comment ?? '',
    products: asn?.products.map((p) => ({ product_id: String(p.product_id), quantity: String(p.expected) })) ?? [
      { product_id: '', quantity: '1' },
    ],
  };
}
export type Values = ReturnType<typeof initialValues>;

export function toPayload(values: Values) {
  return {
    client_id: values.client_id,
    reference: values.reference,
    w_number: values.w_number || null,
    project_id: values.project && values.project !== NEW_PROJECT ? Number(values.project) : null,
    new_project: values.project === NEW_PROJECT,
    project_number: values.project === NEW_PROJECT ? values.project_number : null,
    expected: values.expected || null,
    partial_delivery: values.partial_delivery === '1',
    contract: values.contract === '1',
    start_date_contract: values.contract === '1' ? values.start_date_contract || null : null,
    end_date_contract: values.contract === '1' ? values.end_date_contract || null : null,
    daas: values.daas === '1',
    stock_owner: values.stock_owner,
    comment: values.comment || null,
    products: values.products.map((p) => ({ product_id: p.product_id, quantity: p.quantity })),
  };
}
