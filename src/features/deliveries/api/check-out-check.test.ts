import { describe, expect, it } from 'vitest';
import { recheckOutcome } from './check-out-check';

describe('the scan field after offline scans were checked', () => {
  const refusals = new Map([
    ['SCO1', null],
    ['SCO2', null],
    ['SCO9', 'Serienummer hoort niet bij deze levering.'],
    ['SCO8', 'Serienummer is niet gevonden.'],
  ]);

  it('names a single refused serial with its reason, as a scan does', () => {
    expect(recheckOutcome(['SCO1', 'sco9'], refusals)).toEqual({
      text: 'sco9: Serienummer hoort niet bij deze levering.',
      refused: true,
    });
  });

  it('counts several refusals; their reasons stand at the serials', () => {
    expect(recheckOutcome(['SCO1', 'SCO9', 'SCO8'], refusals)).toEqual({
      text: '2 van 3 serienummers geweigerd',
      refused: true,
    });
  });

  it('says the serials passed', () => {
    expect(recheckOutcome(['SCO1'], refusals)).toEqual({ text: 'SCO1 gecontroleerd', refused: false });
    expect(recheckOutcome(['SCO1', 'SCO2'], refusals)).toEqual({
      text: '2 serienummers gecontroleerd',
      refused: false,
    });
  });
});
