import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../api/errors';
import { verdictOfError } from './verdict';

describe('what a failed send comes to', () => {
  it("a body refused for its size (413) or its nesting (422) is the server's verdict, in its words", () => {
    expect(verdictOfError(new ApiError(413, 'De verzonden gegevens zijn te groot.'))).toEqual({
      kind: 'refused',
      message: 'De verzonden gegevens zijn te groot.',
      errors: {},
    });
    const deep = new ApiError(422, 'Validatie mislukt!', {
      'items.0.0.0.0.0.0.0.0.0.0.0': ['Dit veld is te diep genest.'],
    });
    expect(verdictOfError(deep)).toEqual({
      kind: 'refused',
      message: 'Validatie mislukt! Dit veld is te diep genest.',
      errors: deep.fieldErrors,
    });
  });

  it('no connection, 5xx, signed out, a timeout or too many tries: it waits for a later run', () => {
    for (const status of [401, 408, 419, 429, 500, 503]) {
      expect(verdictOfError(new ApiError(status, 'x')).kind, String(status)).toBe('unreachable');
    }
    expect(verdictOfError(new NetworkError())).toEqual({
      kind: 'unreachable',
      message: 'Geen verbinding met de server.',
    });
  });
});
