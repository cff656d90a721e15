import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDebouncer, SEARCH_DEBOUNCE_MS } from './debounce';

describe('search debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends only the last value, 300 ms after typing stops', () => {
    const sent: string[] = [];
    const d = createDebouncer<string>((v) => sent.push(v));
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
    d.push('l');
    vi.advanceTimersByTime(200);
    d.push('la');
    vi.advanceTimersByTime(299);
    expect(sent).toEqual([]);
    expect(d.pending).toBe(true);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(['la']);
    expect(d.pending).toBe(false);
  });

  it('flush sends at once (Enter), cancel drops the value', () => {
    const sent: string[] = [];
    const d = createDebouncer<string>((v) => sent.push(v));
    d.push('x');
    d.flush();
    expect(sent).toEqual(['x']);
    d.flush();
    expect(sent).toEqual(['x']);
    d.push('y');
    d.cancel();
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual(['x']);
  });
});
