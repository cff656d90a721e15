import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ApiError, NetworkError } from '../api/errors';
import { sessionForGuard, sessionQueryKey, sessionQueryOptions, type SessionUser } from './session';

const jan = { id: 7, name: 'Jan' } as SessionUser;
const PAGE_LOADED_AT = 1_000_000;

/** A page load: the query cache as restored from the device, and what the server says to /api/auth/me. */
function page(restored: SessionUser | null | undefined, server: () => SessionUser | null | Error) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: 2, retryDelay: 0 } } });
  if (restored !== undefined) client.setQueryData(sessionQueryKey, restored, { updatedAt: PAGE_LOADED_AT - 60_000 });
  let asked = 0;
  const options = {
    ...sessionQueryOptions(),
    queryFn: async () => {
      asked += 1;
      const answer = server();
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return { client, guard: () => sessionForGuard(client, options, PAGE_LOADED_AT), asked: () => asked };
}

describe('sessionForGuard: who the app lets in', () => {
  it('asks the server once per page load; its answer holds for later navigations', async () => {
    const p = page(jan, () => ({ ...jan, name: 'Jan (server)' }));
    expect((await p.guard())?.name).toBe('Jan (server)');
    expect((await p.guard())?.name).toBe('Jan (server)');
    expect(p.asked()).toBe(1);
  });

  it('offline with a session restored from the device: keeps working with it, at once, until the server answers', async () => {
    let online = false;
    const p = page(jan, () => (online ? null : new NetworkError()));
    expect(await p.guard()).toEqual(jan);
    expect(p.asked()).toBe(1); // no retries: the page opens at once
    expect(await p.guard()).toEqual(jan);
    expect(p.client.getQueryData(sessionQueryKey)).toEqual(jan); // still there for the next offline load

    // Back online the server rejects the session (401: fetchSession answers null): never reused again.
    online = true;
    expect(await p.guard()).toBeNull();
    online = false;
    expect(await p.guard()).toBeNull();
    expect(p.client.getQueryData(sessionQueryKey)).toBeNull();
  });

  it('the server down (5xx) counts as unreachable; a refusal other than 401 is not', async () => {
    expect(await page(jan, () => new ApiError(503, 'Service Unavailable')).guard()).toEqual(jan);
    await expect(page(jan, () => new ApiError(403, 'Geen toegang')).guard()).rejects.toBeInstanceOf(ApiError);
  });

  it('nobody restored and no connection: nobody (the login page), after the usual retries', async () => {
    const p = page(undefined, () => new NetworkError());
    expect(await p.guard()).toBeNull();
    expect(p.asked()).toBe(3);
    expect(await page(null, () => new NetworkError()).guard()).toBeNull();
  });

  it('a session set to null during this page load (a 401 elsewhere, sign-out) is not replaced by the restored one', async () => {
    const p = page(jan, () => new NetworkError());
    p.client.setQueryData(sessionQueryKey, null);
    expect(await p.guard()).toBeNull();
    expect(p.asked()).toBe(0);
  });
});
