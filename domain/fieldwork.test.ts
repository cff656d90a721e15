import { describe, expect, it } from 'vitest';
import { describeLines, finishComment } from './fieldwork';

describe('finish comment (spec 2 §4)', () => {
  it('is empty when everything was ticked', () => {
    expect(finishComment([], [])).toBe('');
  });

  it('names the lines not delivered', () => {
    expect(finishComment([{ name: 'Laptop', serial: 'SN1' }], [])).toBe('Niet geleverde artikelen: Laptop (SN1)');
  });

  it('names the lines still to pick up', () => {
    expect(finishComment([], [{ name: 'Monitor', serial: 'M-9' }])).toBe('Nog op te halen artikelen: Monitor (M-9)');
  });

  it('joins both, delivered first, each on its own line', () => {
    expect(finishComment([{ name: 'Laptop', serial: 'SN1' }], [{ name: 'Monitor', serial: null }])).toBe(
      'Niet geleverde artikelen: Laptop (SN1)\nNog op te halen artikelen: Monitor',
    );
  });

  it('counts equal lines without a serial (accessories) and keeps the order', () => {
    expect(
      describeLines([
        { name: 'Muis', serial: null },
        { name: 'Laptop', serial: 'A' },
        { name: 'Muis', serial: null },
      ]),
    ).toBe('2x Muis, Laptop (A)');
  });
});
