import { describe, expect, it } from 'vitest';
import { withoutSecrets } from './log-secrets';

describe('withoutSecrets', () => {
  it('censors a password or two-step secret at any depth, arrays included', () => {
    const line = {
      user: { email: 'a@b.nl', password: 'Geheim-1' },
      otp_secret: 'ABC',
      rows: [{ deep: { password: 'x' } }],
      n: 2,
    };
    expect(withoutSecrets(line)).toEqual({
      user: { email: 'a@b.nl', password: '[redacted]' },
      otp_secret: '[redacted]',
      rows: [{ deep: { password: '[redacted]' } }],
      n: 2,
    });
  });

  it('leaves the object it was given as it was, and returns a line without secrets as it came', () => {
    const body = { email: 'a@b.nl', password: 'Geheim-1' };
    const line = { body };
    withoutSecrets(line);
    expect(line.body).toBe(body);
    expect(body.password).toBe('Geheim-1');
    const plain = { reqId: 'req-1', res: { statusCode: 200 } };
    expect(withoutSecrets(plain)).toBe(plain);
  });

  it('does not walk into errors, dates or other class instances', () => {
    const err = Object.assign(new Error('x'), { detail: 'y' });
    const line = { err, at: new Date(0) };
    expect(withoutSecrets(line)).toBe(line);
  });
});
