import { describe, expect, it } from 'vitest';
import { DAY_MS, quotationAgeDays, quotationValidity } from './quotation';

const uploaded = new Date('2026-10-01T09:00:00.000Z');
const after = (ms: number) => new Date(uploaded.getTime() + ms);

describe('quotation validity', () => {
  it('counts whole days of 86,400,000 ms', () => {
    expect(quotationAgeDays(uploaded, uploaded)).toBe(0);
    expect(quotationAgeDays(uploaded, after(DAY_MS - 1))).toBe(0);
    expect(quotationAgeDays(uploaded, after(DAY_MS))).toBe(1);
    expect(quotationAgeDays(uploaded, after(-5000))).toBe(0);
  });

  it('is valid for 30 days, then expired', () => {
    expect(quotationValidity(uploaded, null, uploaded)).toMatchObject({
      text: 'Offerte is nog 30 dag(en) geldig',
      days_left: 30,
      can_decide: true,
    });
    const day29 = quotationValidity(uploaded, null, after(30 * DAY_MS - 1));
    expect(day29).toMatchObject({
      age_days: 29,
      text: 'Offerte is nog 1 dag(en) geldig',
      expired: false,
      can_decide: true,
    });
    const day30 = quotationValidity(uploaded, null, after(30 * DAY_MS));
    expect(day30).toMatchObject({
      age_days: 30,
      text: 'Offerte is verlopen',
      expired: true,
      days_left: 0,
      can_decide: false,
    });
  });

  it('allows a decision only while pending', () => {
    expect(quotationValidity(uploaded, 'Accept', after(DAY_MS)).can_decide).toBe(false);
    expect(quotationValidity(uploaded, 'Decline', after(DAY_MS)).can_decide).toBe(false);
  });
});
