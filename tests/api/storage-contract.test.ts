import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { text } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import Fastify from 'fastify';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { isMissingFile, openStorage, type FileStorage } from '../../server/lib/storage';
import { sendStoredFile } from '../../server/lib/file-type';
import { registerErrorHandler } from '../../server/http/error-handler';
import { startLocalBucket, type LocalBucket } from './support-scale/bucket';

/**
 * The storage interface's contract, run on both backends the configuration can choose: the folder
 * (STORAGE_DIR) and an S3-compatible bucket (STORAGE_URL, here s3rver on a loopback port).
 */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001a5f645400000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');
const HTML = Buffer.from('<html><script>alert(1)</script></html>');

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-storage-'));
let bucket: LocalBucket;
beforeAll(async () => {
  bucket = await startLocalBucket();
});
afterAll(async () => {
  await bucket.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

const backends: [string, () => Promise<FileStorage>][] = [
  ['folder', () => openStorage(loadConfig({ STORAGE_DIR: folder }))],
  ['bucket', () => openStorage(loadConfig({ STORAGE_DIR: folder, ...bucket.env }))],
];

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) => err,
  );
const streamFailure = (stream: Readable) =>
  new Promise<unknown>((resolve) =>
    stream
      .on('error', resolve)
      .on('end', () => resolve(null))
      .resume(),
  );

describe.each(backends)('file storage: %s', (_name, open) => {
  let storage: FileStorage;
  beforeAll(async () => {
    storage = await open();
  });

  it('stores under a new key in the folder given, with the extension of the original name only', async () => {
    const key = await storage.put('signatures', 'Handtekening.PNG', PNG);
    expect(key).toMatch(/^signatures\/[0-9a-f-]{36}\.png$/);
    expect(await storage.put('products', 'x.ph p/../../evil', PNG)).toMatch(/^products\/[0-9a-f-]{36}$/);
    expect(await storage.put('clients', 'logo', PNG)).not.toBe(await storage.put('clients', 'logo', PNG));
  });

  it('gives back the same bytes as a buffer, as a stream and as a head', async () => {
    const big = crypto.randomBytes(3 * 1024 * 1024 + 17);
    const key = await storage.put('deliveries', 'bulk.xlsx', big);
    expect((await storage.readBuffer(key)).equals(big)).toBe(true);
    const chunks: Buffer[] = [];
    for await (const chunk of storage.read(key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(big)).toBe(true);
    expect((await storage.readHead(key, 16)).equals(big.subarray(0, 16))).toBe(true);

    const small = await storage.put('products', 'a.png', PNG.subarray(0, 5));
    expect((await storage.readHead(small, 16)).equals(PNG.subarray(0, 5))).toBe(true);
    const empty = await storage.put('products', 'empty.txt', Buffer.alloc(0));
    expect((await storage.readHead(empty, 16)).length).toBe(0);
    expect(await text(storage.read(empty))).toBe('');
  });

  it('a key it does not hold fails every read with ENOENT, and removing it is no error', async () => {
    const key = await storage.put('repairs', 'offerte.pdf', PDF);
    await storage.remove(key);
    for (const missing of [key, 'repairs/00000000-0000-0000-0000-000000000000.pdf']) {
      expect(isMissingFile(await failure(storage.readBuffer(missing)))).toBe(true);
      expect(isMissingFile(await failure(storage.readHead(missing, 16)))).toBe(true);
      expect(isMissingFile(await streamFailure(storage.read(missing)))).toBe(true);
      await storage.remove(missing);
    }
  });

  it('refuses keys that leave its folder or prefix', async () => {
    for (const key of ['../outside.png', 'products/../../outside.png']) {
      expect(await failure(storage.readBuffer(key))).toMatchObject({ message: 'Invalid storage key' });
      expect(await failure(storage.remove(key))).toMatchObject({ message: 'Invalid storage key' });
      expect(await failure(storage.putAt(key, PNG))).toMatchObject({ message: 'Invalid storage key' });
    }
  });

  it('lists every key it holds and stores under a key given, as a backup and its restore need', async () => {
    const put = await storage.put('clients', 'logo.png', PNG);
    await storage.putAt('restored/0b2c6a3e-1111-4222-8333-944455556666.pdf', PDF);
    await storage.putAt('restored/0b2c6a3e-1111-4222-8333-944455556666.pdf', PNG);
    const keys: string[] = [];
    for await (const key of storage.list()) keys.push(key);
    expect(keys).toContain(put);
    expect(keys.filter((k) => k.startsWith('restored/'))).toEqual([
      'restored/0b2c6a3e-1111-4222-8333-944455556666.pdf',
    ]);
    expect(keys.every((k) => !k.startsWith('/') && !k.includes('\\'))).toBe(true);
    expect((await storage.readBuffer('restored/0b2c6a3e-1111-4222-8333-944455556666.pdf')).equals(PNG)).toBe(true);
  });

  it('serves a stored file with the same headers on both backends: by its sniffed type, nosniff, sandboxed, 404 when gone', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get<{ Params: { name: string; '*': string } }>('/files/:name/*', (request, reply) =>
      sendStoredFile(reply, storage, request.params['*'], request.params.name),
    );
    const png = await storage.put('clients', 'logo.png', PNG);
    const pdf = await storage.put('repairs', 'offerte.pdf', PDF);
    const html = await storage.put('deliveries', 'page.html', HTML);

    const image = await app.inject({ url: `/files/klant-1/${png}` });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect(image.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'content-disposition': 'inline; filename="klant-1.png"',
    });
    const document = await app.inject({ url: `/files/offerte/${pdf}` });
    expect(document.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': 'attachment; filename="offerte.pdf"',
    });
    expect(document.rawPayload.equals(PDF)).toBe(true);
    const page = await app.inject({ url: `/files/page.html/${html}` });
    expect(page.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-disposition': 'attachment; filename="page.html"',
    });

    await storage.remove(png);
    const gone = await app.inject({ url: `/files/klant-1/${png}` });
    expect(gone.statusCode).toBe(404);
    await app.close();
  });
});

describe('the bucket', () => {
  it('keeps key K as object <prefix>/K, so the keys in the database are the same as with the folder', async () => {
    const config = loadConfig(bucket.env);
    const storage = await openStorage(config);
    const key = await storage.put('signatures', 'handtekening.png', PNG);
    const env = bucket.env;
    const s3 = new S3Client({
      region: env.AWS_REGION,
      endpoint: env.AWS_ENDPOINT_URL_S3,
      forcePathStyle: true,
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID ?? '', secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? '' },
    });
    const object = await s3.send(new GetObjectCommand({ Bucket: 'portaal', Key: `test/${key}` }));
    expect(Buffer.from((await object.Body?.transformToByteArray()) ?? []).equals(PNG)).toBe(true);
    s3.destroy();
  });

  it('reads STORAGE_URL and the AWS variables as S3 tools do', () => {
    expect(loadConfig({}).bucket).toBeNull();
    expect(loadConfig({ STORAGE_URL: 's3://portaal-files' }).bucket).toEqual({
      bucket: 'portaal-files',
      prefix: '',
      region: 'us-east-1',
      endpoint: null,
      credentials: null,
    });
    expect(
      loadConfig({
        STORAGE_URL: 's3://portaal-files/prod/uploads/',
        AWS_REGION: 'eu-central-1',
        AWS_ENDPOINT_URL_S3: 'http://minio:9000',
        AWS_ACCESS_KEY_ID: 'id',
        AWS_SECRET_ACCESS_KEY: 'secret',
      }).bucket,
    ).toEqual({
      bucket: 'portaal-files',
      prefix: 'prod/uploads/',
      region: 'eu-central-1',
      endpoint: 'http://minio:9000',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    expect(() => loadConfig({ STORAGE_URL: 'https://portaal-files' })).toThrow(/STORAGE_URL must be s3:\/\/<bucket>/);
  });
});
