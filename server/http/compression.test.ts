import { describe, expect, it } from 'vitest';
import { preferredEncoding } from './compression';

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, as a browser offers them', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('GZIP')).toBe('gzip');
    // Parsed once, answered from memory after.
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
  });

  it('never sends an encoding the client ruled out with q=0, nor one it did not name', () => {
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(preferredEncoding('deflate')).toBeNull();
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });

  it('reads a wildcard as any encoding, unless the encoding itself is ruled out', () => {
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('br;q=0, *')).toBe('gzip');
    expect(preferredEncoding('*;q=0')).toBeNull();
  });
});
