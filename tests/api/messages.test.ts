import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';

let ctx: TestContext;
let admin: ApiClient;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.client().signIn('beheerder@demo.local');
});
afterAll(() => ctx.close());

const english = /invalid|expected|received/i;

/** Every message of a 422 answer, and the answer's own message. */
function texts(body: { message?: string; errors?: Record<string, string[]> }): string[] {
  return [body.message ?? '', ...Object.values(body.errors ?? {}).flat()];
}

describe('validation messages are Dutch', () => {
  it('names missing keys as required on activate, password-reset and resend', async () => {
    const anonymous = ctx.client();
    await anonymous.fetchToken();
    const activate = await anonymous.post('/api/auth/activate', {});
    expect(activate.status).toBe(422);
    expect(activate.body.errors).toMatchObject({
      password: ['Dit veld is verplicht.'],
      password_confirmation: ['Dit veld is verplicht.'],
      token: ['Dit veld is verplicht.'],
    });
    const reset = await anonymous.post('/api/auth/password-reset', { email: 'iemand@demo.local' });
    expect(reset.status).toBe(422);
    expect(reset.body.errors).toMatchObject({
      password: ['Dit veld is verplicht.'],
      password_confirmation: ['Dit veld is verplicht.'],
      token: ['Dit veld is verplicht.'],
    });
    const resend = await anonymous.post('/api/auth/resend', {});
    expect(resend.status).toBe(422);
    expect(resend.body.errors).toEqual({ email: ['Dit veld is verplicht.'] });
    for (const body of [activate.body, reset.body, resend.body])
      expect(texts(body).filter((t) => english.test(t))).toEqual([]);
  });

  it('names wrong types in Dutch', async () => {
    const anonymous = ctx.client();
    await anonymous.fetchToken();
    const res = await anonymous.post('/api/auth/activate', {
      password: 12,
      password_confirmation: ['x'],
      token: { a: 1 },
      accepted_terms: true,
    });
    expect(res.status).toBe(422);
    expect(texts(res.body).filter((t) => english.test(t))).toEqual([]);
    expect(res.body.errors.token).toEqual(['Dit veld is verplicht.']);
  });

  it('names the missing query keys of exportitemsinuse', async () => {
    const res = await admin.get('/api/exportitemsinuse');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ id: ['Dit veld is verplicht.'], status: ['Dit veld is verplicht.'] });
    const wrong = await admin.get('/api/exportitemsinuse?id=1&status=kapot');
    expect(wrong.body.errors).toEqual({ status: ['Selecteer een optie.'] });
  });
});
