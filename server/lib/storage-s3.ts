import { PassThrough, pipeline, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import type { BucketConfig } from '../config';
import { newStorageKey, peek, StorageUnavailableError, type FileStorage } from './storage';

/**
 * How long a bucket call may take: to connect; without a byte moving (a stopped server accepts the
 * connection and then says nothing); until the answer starts (a large upload included). One retry
 * after the first try: a stopped server fails a call after about 11 s. /readyz waits `readyMs`.
 */
export const BUCKET_TIMEOUTS = { connectMs: 2_000, idleMs: 5_000, answerMs: 60_000, attempts: 2, readyMs: 2_000 };

/** A key as `put` makes them: no empty, '.' or '..' segment, no leading slash, backslash or NUL. */
function checkedKey(key: string): string {
  if (!key || /[\\\0]/.test(key) || key.split('/').some((s) => s === '' || s === '.' || s === '..'))
    throw new Error('Invalid storage key');
  return key;
}

const status = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;

/**
 * The bucket's 'no such key' as the folder's: code ENOENT (server/lib/file-type.ts answers 404); any
 * other failure (a timeout, a refused connection, an error of the server) is the storage's.
 */
function asMissing(err: unknown, key: string): unknown {
  if ((err as Error | null)?.name !== 'NoSuchKey' && status(err) !== 404) return new StorageUnavailableError(err);
  return Object.assign(new Error(`No stored file ${key}`), { code: 'ENOENT', cause: err });
}

const unavailable = (err: unknown) => {
  throw new StorageUnavailableError(err);
};

/**
 * Files in an S3-compatible bucket (AWS SDK v3). The object of key K is `<prefix>K`, so the keys in the
 * database are the same as with the folder. A custom endpoint (MinIO and the like) is addressed
 * path-style (`endpoint/bucket/key`), AWS itself by virtual host.
 */
export function bucketStorage(config: BucketConfig): FileStorage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums where S3 requires them only: S3-compatible servers do not all know the newer headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: BUCKET_TIMEOUTS.connectMs,
      socketTimeout: BUCKET_TIMEOUTS.idleMs,
      requestTimeout: BUCKET_TIMEOUTS.answerMs,
      throwOnRequestTimeout: true,
    },
    maxAttempts: BUCKET_TIMEOUTS.attempts,
  });
  const Bucket = config.bucket;
  const objectKey = (key: string) => config.prefix + checkedKey(key);
  const get = (key: string, range?: string): Promise<GetObjectCommandOutput> =>
    client
      .send(new GetObjectCommand({ Bucket, Key: objectKey(key), ...(range ? { Range: range } : {}) }))
      .catch((err: unknown) => {
        throw asMissing(err, key);
      });
  const body = (output: GetObjectCommandOutput) =>
    output.Body as Readable & { transformToByteArray(): Promise<Uint8Array> };
  /** Streams the object as it arrives; a missing one ends the stream with the ENOENT error. */
  const read = (key: string): Readable => {
    const out = new PassThrough();
    get(key).then(
      (output) => pipeline(body(output), out, () => {}),
      (err: unknown) => out.destroy(err as Error),
    );
    return out;
  };

  const putAt = async (key: string, data: Buffer) => {
    await client
      .send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: data,
          ContentLength: data.length,
          ContentType: 'application/octet-stream',
        }),
      )
      .catch(unavailable);
  };

  return {
    async put(folder, originalName, data) {
      const key = newStorageKey(folder, originalName);
      await putAt(key, data);
      return key;
    },
    putAt,
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: config.prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key.slice(config.prefix.length);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    read,
    async readBuffer(key) {
      return Buffer.from(await body(await get(key)).transformToByteArray());
    },
    async readHead(key, length) {
      // Not a ranged GET: S3-compatible servers differ on a range of an empty object.
      const { head, whole } = await peek(read(key), length);
      whole.destroy();
      return head;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) })).catch(unavailable);
    },
    async ready() {
      await client
        .send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(BUCKET_TIMEOUTS.readyMs) })
        .catch(unavailable);
    },
  };
}
