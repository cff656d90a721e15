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

describe('rights on every request', () => {
  it('counts a changed role or a changed role assignment from the very next request on', async () => {
    const role = await admin.post('/api/roles', { name: 'Leveringen', description: 'Ziet leveringen' });
    expect(role.status).toBe(201);
    const roleId = role.body.data.id as number;
    const klantId = (
      await ctx.db.selectFrom('users').select('id').where('email', '=', 'klant@demo.local').executeTakeFirstOrThrow()
    ).id;
    const klantRole = (await admin.get(`/api/users/${klantId}`)).body.roles.map(
      (r: { id: number }) => r.id,
    ) as number[];
    const klant = await ctx.client().signIn('klant@demo.local');
    const assign = (roles: number[]) =>
      admin.put(`/api/users/${klantId}`, { name: 'Karin Klant', email: 'klant@demo.local', role: roles });

    expect((await assign([roleId])).status).toBe(200);
    expect((await klant.get('/api/roles')).status).toBe(403);

    expect((await admin.post(`/api/roles/${roleId}/permissions`, { permissions: ['Rol bekijken'] })).status).toBe(200);
    expect((await klant.get('/api/roles')).status).toBe(200);

    expect((await admin.post(`/api/roles/${roleId}/permissions`, { permissions: ['Klant bekijken'] })).status).toBe(
      200,
    );
    expect((await klant.get('/api/roles')).status).toBe(403);

    expect((await admin.post(`/api/roles/${roleId}/permissions`, { permissions: ['Rol bekijken'] })).status).toBe(200);
    expect((await klant.get('/api/roles')).status).toBe(200);
    expect((await assign(klantRole)).status).toBe(200);
    expect((await klant.get('/api/roles')).status).toBe(403);
  });

  it('touches a session at most once a minute, and ends an idle one', async () => {
    const client = await ctx.client().signIn('magazijn@demo.local');
    const stamp = async () =>
      (
        await ctx.db
          .selectFrom('sessions')
          .innerJoin('users', 'users.id', 'sessions.user_id')
          .select('sessions.last_seen_at')
          .where('users.email', '=', 'magazijn@demo.local')
          .executeTakeFirstOrThrow()
      ).last_seen_at;
    const userId = (
      await ctx.db.selectFrom('users').select('id').where('email', '=', 'magazijn@demo.local').executeTakeFirstOrThrow()
    ).id;
    const setLastSeen = (at: Date) =>
      ctx.db.updateTable('sessions').set({ last_seen_at: at }).where('user_id', '=', userId).execute();
    const tenSecondsAgo = new Date(Date.now() - 10_000);
    await setLastSeen(tenSecondsAgo);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expect(new Date(await stamp()).getTime()).toBe(tenSecondsAgo.getTime());

    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await setLastSeen(twoMinutesAgo);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expect(new Date(await stamp()).getTime()).toBeGreaterThan(Date.now() - 10_000);

    await setLastSeen(new Date(Date.now() - 24 * 3_600_000));
    const idle = await client.get('/api/auth/me');
    expect(idle.status).toBe(401);
    expect(idle.body.message).toBe('Je bent niet ingelogd.');
  });
});

describe('compressed answers', () => {
  it('sends a large JSON answer brotli- or gzip-encoded when the client accepts it, plain otherwise', async () => {
    const plain = await admin.get('/api/products?per_page=100');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.stringify(plain.body).length).toBeGreaterThan(1024);

    const br = await admin.request('GET', '/api/products?per_page=100', undefined, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body).toEqual(plain.body);

    const gzip = await admin.request('GET', '/api/products?per_page=100', undefined, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toEqual(plain.body);

    const refused = await admin.request('GET', '/api/products?per_page=100', undefined, {
      'accept-encoding': 'br;q=0, gzip;q=0',
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toEqual(plain.body);
  });

  it('leaves small answers and already compressed downloads (xlsx) as they are', async () => {
    const small = await admin.request('GET', '/api/auth/token', undefined, { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();

    const xlsx = await admin.request('GET', '/api/exportusers', undefined, { 'accept-encoding': 'br, gzip' });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-encoding']).toBeUndefined();
    expect((xlsx.body as unknown as Buffer).subarray(0, 2).toString()).toBe('PK');
  });
});
