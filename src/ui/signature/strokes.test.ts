import { assert, describe, expect, it } from 'vitest';
import { inkLength, MIN_INK_LENGTH, sampleAt, strokePath, type Stroke } from './strokes';

const line: Stroke = [
  [10, 10, 0.5],
  [40, 20, 0.5],
  [80, 60, 0.6],
  [120, 70, 0.4],
];

describe('signature strokes', () => {
  it('turns samples into a closed SVG outline that stays near the drawn line', () => {
    const d = strokePath(line);
    expect(d).toMatch(/^M[\d.]+,[\d.]+ Q.* Z$/);
    const matched = d.match(/-?\d+(\.\d+)?/g);
    assert.exists(matched);
    const numbers = matched.map(Number);
    const xs = numbers.filter((_, i) => i % 2 === 0);
    expect(Math.min(...xs)).toBeGreaterThan(0);
    expect(Math.max(...xs)).toBeLessThan(130);
  });

  it('gives a dot for a single tap and nothing for no samples', () => {
    expect(strokePath([[50, 50, 0.5]])).toMatch(/ Z$/);
    expect(strokePath([])).toBe('');
  });

  it('clamps pointer positions to the pad and defaults missing pressure', () => {
    const box = { left: 100, top: 50, width: 300, height: 300 };
    expect(sampleAt(90, 400, box, 0)).toEqual([0, 300, 0.5]);
    expect(sampleAt(250, 150, box, 0.8)).toEqual([150, 100, 0.8]);
  });

  it('measures ink so taps alone are not a signature', () => {
    expect(inkLength([[[5, 5, 0.5]], [[9, 9, 0.5]]])).toBe(0);
    expect(inkLength([line])).toBeGreaterThan(MIN_INK_LENGTH);
  });
});
