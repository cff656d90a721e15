import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/keys';
import { sessionQueryKey, type SessionUser } from './session';
import { bindCacheToSessionUser, endSession, onUserDataDropped, startSession } from './user-data';

const beheerder = { id: 1, name: 'Beheerder' } as SessionUser;
const reseller = { id: 2, name: 'Reseller' } as SessionUser;

/** A cache as a Superuser leaves it: the session and lists with every reseller's customers. */
function superuserCache() {
  const client = new QueryClient();
  client.setQueryData(sessionQueryKey, beheerder);
  client.setQueryData(queryKeys.lookups.endCustomers, [{ id: 10, name: 'Eindklant van een andere reseller' }]);
  client.setQueryData(queryKeys.clients.lists, { data: [{ id: 10 }] });
  let dropped = 0;
  const stop = onUserDataDropped(() => {
    dropped += 1;
  });
  const unbind = bindCacheToSessionUser(client);
  const keys = () =>
    client
      .getQueryCache()
      .getAll()
      .map((q) => q.queryKey);
  return {
    client,
    keys,
    dropped: () => dropped,
    done: () => {
      stop();
      unbind();
    },
  };
}

describe('the query cache belongs to the user of the session', () => {
  it('a session the server ended (a 401 sets nobody) takes everything else with it', () => {
    const c = superuserCache();
    c.client.setQueryData(sessionQueryKey, null);
    expect(c.keys()).toEqual([sessionQueryKey]);
    expect(c.dropped()).toBe(1);
    c.done();
  });

  it("another user's session drops the last user's data; the same user's refreshed session keeps it", () => {
    const c = superuserCache();
    c.client.setQueryData(sessionQueryKey, { ...beheerder, name: 'Beheerder (nieuwe naam)' });
    expect(c.keys()).toHaveLength(3);
    c.client.setQueryData(sessionQueryKey, reseller);
    expect(c.keys()).toEqual([sessionQueryKey]);
    expect(c.client.getQueryData(sessionQueryKey)).toEqual(reseller);
    c.done();
  });

  it('every sign-in starts empty, also the same user again; a sign-out leaves nobody and nothing', () => {
    const c = superuserCache();
    startSession(c.client, beheerder);
    expect(c.keys()).toEqual([sessionQueryKey]);
    expect(c.dropped()).toBe(1);
    c.client.setQueryData(queryKeys.clients.lists, { data: [{ id: 10 }] });
    endSession(c.client);
    expect(c.keys()).toEqual([sessionQueryKey]);
    expect(c.client.getQueryData(sessionQueryKey)).toBeNull();
    c.done();
  });
});
