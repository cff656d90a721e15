/**
 * Issue 22 point 6: an Idempotency-Key belongs to the request it first came with. Sent again with the
 * same method, path and body it replays the first answer; with another body it is refused with 422
 * (IETF Idempotency-Key draft) and nothing is applied. Keys, which hold a whole answer each, are purged
 * after 24 hours by the same housekeeping that purges sessions and rate-limit rows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';
import { multipartBody } from '../support/multipart';
import { signaturePng } from '../support/png';
import { startHousekeeping } from '../../server/http/housekeeping';

let ctx: TestContext;
let admin: ApiClient;
let customer: number;
let products: number[];
let reference = 0;

const future = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const asnBody = (quantity: number) => ({
  client_id: customer,
  reference: `IDEM-${++reference}`,
  stock_owner: 'Eindklant',
  expected: future,
  products: [{ product_id: products[0], quantity }],
});
const asnCount = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('asns')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.client().signIn('beheerder@demo.local');
  const end = await ctx.db
    .selectFrom('clients')
    .select('id')
    .where('client_type_id', '=', 3)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  customer = end.id;
  products = (
    await ctx.db
      .selectFrom('products')
      .select('id')
      .where('client_id', '=', customer)
      .where('deleted_at', 'is', null)
      .where('product_group_id', '<>', 3)
      .orderBy('id')
      .execute()
  ).map((p) => p.id);
});
afterAll(() => ctx?.close());

describe('an Idempotency-Key is bound to its request', () => {
  it('replays the first answer for the same body, and refuses the key with another body with 422, applying nothing', async () => {
    const body = asnBody(2);
    const headers = { 'Idempotency-Key': 'idem-same-body-1' };
    const first = await admin.post('/api/asns', body, headers);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const before = await asnCount();

    const replay = await admin.post('/api/asns', body, headers);
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);

    const other = await admin.post(
      '/api/asns',
      { ...body, products: [{ product_id: products[0], quantity: 5 }] },
      headers,
    );
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ message: 'Deze Idempotency-Key is al gebruikt met andere gegevens.' });
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await asnCount()).toBe(before);

    // The same key on another route stays refused as before.
    const otherRoute = await admin.request('PUT', `/api/asns/${first.body.data.id}`, body, headers);
    expect(otherRoute.status).toBe(422);
    expect(otherRoute.body).toEqual({ message: 'Deze Idempotency-Key is al gebruikt voor een andere actie.' });
  });

  it('binds a multipart upload to its file: the same key with another image is refused', async () => {
    const headers = { 'Idempotency-Key': 'idem-logo-upload-1' };
    const send = (png: Buffer) => {
      const form = multipartBody({}, { image: { name: 'logo.png', data: png, type: 'image/png' } });
      return admin.post(`/api/clients/${customer}/image`, form.payload, { ...form.headers, ...headers });
    };
    const first = await send(signaturePng(120, 80));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const stored = (
      await ctx.db.selectFrom('clients').select('image').where('id', '=', customer).executeTakeFirstOrThrow()
    ).image;

    const replay = await send(signaturePng(120, 80));
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');

    const other = await send(signaturePng(121, 80));
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ message: 'Deze Idempotency-Key is al gebruikt met andere gegevens.' });
    expect(
      (await ctx.db.selectFrom('clients').select('image').where('id', '=', customer).executeTakeFirstOrThrow()).image,
    ).toBe(stored);
  });
});

describe('a replayed upload keeps no spare file', () => {
  const filesIn = (folder: string) => {
    const dir = path.join(ctx.dataDir, 'files', folder);
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };

  it('a logo sent again with its key leaves only the file the customer points at', async () => {
    const headers = { 'Idempotency-Key': 'idem-logo-spare-1' };
    const send = () => {
      const form = multipartBody({}, { image: { name: 'logo.png', data: signaturePng(130, 90), type: 'image/png' } });
      return admin.post(`/api/clients/${customer}/image`, form.payload, { ...form.headers, ...headers });
    };
    expect((await send()).status).toBe(200);
    const after = filesIn('clients');
    for (let i = 0; i < 3; i++) expect((await send()).headers['idempotent-replayed']).toBe('true');
    expect(filesIn('clients')).toEqual(after);
    const image = (
      await ctx.db.selectFrom('clients').select('image').where('id', '=', customer).executeTakeFirstOrThrow()
    ).image;
    expect(after).toContain(path.basename(image ?? ''));
  });

  it('a new product with an image sent again is created once, with one stored image', async () => {
    const headers = { 'Idempotency-Key': 'idem-product-spare-1' };
    const before = filesIn('products');
    const send = () => {
      const form = multipartBody(
        {
          name: 'Replay met foto',
          description: 'Idempotent',
          product_group_id: '1',
          article_number: 'REPLAY-IMG-1',
          unique_product_id: 'REPLAY-IMG-1',
          eol: '36',
          client_id: String(customer),
        },
        { image: { name: 'foto.png', data: signaturePng(140, 90), type: 'image/png' } },
      );
      return admin.post('/api/products', form.payload, { ...form.headers, ...headers });
    };
    const first = await send();
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect((await send()).headers['idempotent-replayed']).toBe('true');
    const created = await ctx.db
      .selectFrom('products')
      .select('image')
      .where('article_number', '=', 'REPLAY-IMG-1')
      .execute();
    expect(created).toHaveLength(1);
    const added = filesIn('products').filter((f) => !before.includes(f));
    expect(added).toEqual([path.basename(created[0]?.image ?? '')]);
  });
});

describe('idempotency keys are purged after a day', () => {
  it('housekeeping deletes keys older than 24 hours and keeps younger ones', async () => {
    const user = (await ctx.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    await sql`insert into idempotency_keys (user_id, key, method, path, status_code, response, created_at) values
      (${user}, 'purge-old-key-1', 'POST', '/api/x', 200, '{}', now() - interval '25 hours'),
      (${user}, 'purge-young-key-1', 'POST', '/api/x', 200, '{}', now() - interval '23 hours')`.execute(ctx.db);
    const keys = async () =>
      (
        await ctx.db
          .selectFrom('idempotency_keys')
          .select('key')
          .where('key', 'like', 'purge-%')
          .orderBy('key')
          .execute()
      ).map((r) => r.key);
    expect(await keys()).toEqual(['purge-old-key-1', 'purge-young-key-1']);
    const stop = startHousekeeping(ctx.db, { sessionIdleMinutes: 120 }, () => {}, 60_000);
    try {
      await expect.poll(keys, { timeout: 5000 }).toEqual(['purge-young-key-1']);
    } finally {
      await stop();
    }
  });
});
