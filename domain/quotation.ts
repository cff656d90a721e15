/** The repair quotation's validity (spec 2 §4, §9), shared by the repair page and the API. */
import type { QuotationValidity } from './contracts/repairs';
import { QuotationStatus } from './enums';

const QUOTATION_VALID_DAYS = 30;
export const DAY_MS = 86_400_000;

export type QuotationDecision = (typeof QuotationStatus)[keyof typeof QuotationStatus];

/** Whole days since the upload (86,400,000 ms per day); never negative. */
export function quotationAgeDays(uploadedAt: Date | string, now: Date = new Date()): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(uploadedAt).getTime()) / DAY_MS));
}

export function quotationValidity(
  uploadedAt: Date | string,
  decision: QuotationDecision | null,
  now: Date = new Date(),
): QuotationValidity {
  const age = quotationAgeDays(uploadedAt, now);
  const expired = age >= QUOTATION_VALID_DAYS;
  return {
    age_days: age,
    days_left: expired ? 0 : QUOTATION_VALID_DAYS - age,
    expired,
    text: expired ? 'Offerte is verlopen' : `Offerte is nog ${QUOTATION_VALID_DAYS - age} dag(en) geldig`,
    can_decide: decision === null && !expired,
  };
}

/** The logged outcome of a decision. */
export const quotationOutcome: Record<QuotationDecision, string> = {
  Accept: 'Offerte geaccepteerd',
  Decline: 'Offerte geweigerd',
};
