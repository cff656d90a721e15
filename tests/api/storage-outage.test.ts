/**
 * Issue 47 point 3: a bucket that stops answering (its server stopped with SIGSTOP: connections are
 * accepted, nothing comes back) or refuses connections is the file storage's failure: uploads and
 * downloads answer 503 with its own Dutch text within the bucket's timeouts, and /readyz says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';
import { multipartBody } from '../support/multipart';
import { startBucketProcess, type BucketProcess } from './support-scale/bucket';
import { STORAGE_UNAVAILABLE } from '../../server/lib/storage';
import { BUCKET_TIMEOUTS } from '../../server/lib/storage-s3';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001a5f645400000000049454e44ae426082',
  'hex',
);
/** The longest a bucket call may take: every attempt idle to its timeout, with a second of backoff and slack. */
const WITHIN_MS = BUCKET_TIMEOUTS.attempts * (BUCKET_TIMEOUTS.idleMs + 1_000) + 2_000;

let bucket: BucketProcess;
let ctx: TestContext;
let admin: ApiClient;
let clientId: number;
beforeAll(async () => {
  bucket = await startBucketProcess();
  ctx = await createTestContext({ bucketEnv: bucket.env });
  admin = await ctx.client().signIn('beheerder@demo.local');
  clientId = (
    await ctx.db
      .selectFrom('clients')
      .select('id')
      .where('client_type_id', '=', 3)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await ctx?.close();
  await bucket?.close();
});

const upload = () => {
  const form = multipartBody({}, { image: { name: 'logo.png', data: PNG, type: 'image/png' } });
  return admin.request('POST', `/api/clients/${clientId}/image`, form.payload, form.headers);
};
const timed = async <T>(call: () => Promise<T>) => {
  const started = Date.now();
  const result = await call();
  return { result, ms: Date.now() - started };
};

describe('a bucket that stops answering', () => {
  it("answers uploads and downloads with 503 and the storage's text within the timeouts; /readyz reports the bucket", async () => {
    expect((await upload()).status).toBe(200);
    expect((await admin.get(`/api/clients/${clientId}/image`)).status).toBe(200);
    expect((await ctx.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ok' });

    bucket.pause();
    try {
      const [up, down, ready] = await Promise.all([
        timed(upload),
        timed(() => admin.get(`/api/clients/${clientId}/image`)),
        timed(() => ctx.app.inject({ url: '/readyz' })),
      ]);
      console.info(`bucket stopped: upload ${up.ms} ms, download ${down.ms} ms, /readyz ${ready.ms} ms`);
      for (const { result, ms } of [up, down]) {
        expect(result.status).toBe(503);
        expect(result.body).toEqual({ message: STORAGE_UNAVAILABLE });
        expect(ms).toBeLessThan(WITHIN_MS);
      }
      expect(ready.result.statusCode).toBe(503);
      expect(ready.result.json()).toEqual({ status: 'storage unreachable' });
      expect(ready.ms).toBeLessThan(BUCKET_TIMEOUTS.readyMs + 1_000);
      // The database is fine: the image the failed upload would have replaced is still the client's.
      expect((await admin.get(`/api/clients/${clientId}`)).body.image).toEqual(expect.any(String));
    } finally {
      bucket.resume();
    }
    expect((await upload()).status).toBe(200);
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  }, 60_000);

  it("answers with the storage's text, not the database's, when the bucket refuses connections", async () => {
    await bucket.close();
    const up = await timed(upload);
    expect(up.result.status).toBe(503);
    expect(up.result.body).toEqual({ message: STORAGE_UNAVAILABLE });
    expect(up.ms).toBeLessThan(WITHIN_MS);
    expect((await ctx.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'storage unreachable' });
  }, 60_000);
});
