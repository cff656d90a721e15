import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's own access key (it checks every request's signature against it). */
const KEY = 'S3RVER';

export interface LocalBucket {
  /** The environment a process needs to keep its files in this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A local S3-compatible server (s3rver) on a loopback port with one empty bucket, in a temporary folder. */
export async function startLocalBucket(bucket = 'portaal', prefix = 'test'): Promise<LocalBucket> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    env: {
      STORAGE_URL: `s3://${bucket}/${prefix}`,
      AWS_ACCESS_KEY_ID: KEY,
      AWS_SECRET_ACCESS_KEY: KEY,
      AWS_REGION: 'eu-west-1',
      AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}`,
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A bucket server in a process of its own, so a test can stop it (SIGSTOP: it accepts and never answers). */
export interface BucketProcess extends LocalBucket {
  pause(): void;
  resume(): void;
}

/** startLocalBucket in a child process; resolves once it listens. */
export async function startBucketProcess(bucket = 'portaal', prefix = 'test'): Promise<BucketProcess> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'));
  const script = `import S3rver from 's3rver';
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: ${JSON.stringify(directory)}, configureBuckets: [{ name: ${JSON.stringify(bucket)} }] });
const { port } = await server.run();
console.log('port ' + port);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /port (\d+)/.exec(out);
      if (found) resolve(Number(found[1]));
    });
    child.once('exit', (code) => reject(new Error(`the bucket process ended (${code})`)));
  });
  return {
    env: {
      STORAGE_URL: `s3://${bucket}/${prefix}`,
      AWS_ACCESS_KEY_ID: KEY,
      AWS_SECRET_ACCESS_KEY: KEY,
      AWS_REGION: 'eu-west-1',
      AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}`,
    },
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGCONT');
        child.kill('SIGKILL');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
