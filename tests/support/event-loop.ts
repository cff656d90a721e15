import fs from 'node:fs';
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';

/** Starts the app on a real socket (127.0.0.1, a free port) and returns its base URL. */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return `http://127.0.0.1:${address.port}`;
}

export interface RawAnswer {
  /** The status, or 0 when the server closed the connection before answering. */
  status: number;
  body: string;
}

/**
 * Sends a body over a real socket as a browser does: with its Content-Length, on a connection kept
 * alive. A server may answer (413, 429) before the body is all sent: the answer counts, and the
 * request is then given up.
 */
export function sendRaw(
  base: string,
  method: string,
  path: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const data = typeof body === 'string' ? Buffer.from(body) : body;
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': String(data.length),
          connection: 'keep-alive',
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        const done = () => {
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
          req.destroy();
        };
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', done);
        res.on('error', done);
      },
    );
    req.on('error', () => resolve({ status: 0, body: '' }));
    req.end(data);
  });
}

export interface Held<T> {
  result: T;
  /** The longest a cheap request waited for its answer while the work ran, in ms. */
  slowestMs: number;
  /**
   * The most CPU this thread (the server's event loop) spent while one cheap request waited, in ms: what
   * the work itself cost, where the wait also counts the time a busy machine gave the CPU to others.
   * NaN where the system does not tell a thread's CPU time (Linux does).
   */
  slowestCpuMs: number;
  answered: number;
}

/** CPU time of the process's main thread (user + system), in ms; NaN where /proc does not give it. */
export function mainThreadCpuMs(): number {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/**
 * Runs `work` while a cheap request (a public GET that reads nothing large) is sent again and again
 * over its own socket; the slowest of those answers is how long the work held the server's event loop.
 * The server must run in this process (listenLocally) for `slowestCpuMs` to be the server's.
 */
export async function heldWhile<T>(
  base: string,
  work: () => Promise<T>,
  cheapPath = '/api/auth/token',
): Promise<Held<T>> {
  let running = true;
  let slowestMs = 0;
  let slowestCpuMs = 0;
  let answered = 0;
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      const cpu = mainThreadCpuMs();
      await fetch(`${base}${cheapPath}`).then((r) => r.arrayBuffer());
      slowestMs = Math.max(slowestMs, performance.now() - started);
      slowestCpuMs = Math.max(slowestCpuMs, mainThreadCpuMs() - cpu);
      answered += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  let result: T;
  try {
    result = await work();
  } finally {
    running = false;
    await probe;
  }
  return { result, slowestMs, slowestCpuMs, answered };
}

/** A body described rather than built: `prefix`, `repeat` `times` times, `suffix`. */
export interface BodyRecipe {
  prefix: string;
  repeat: string;
  times: number;
  suffix: string;
}
export interface HostileRequest {
  method: string;
  path: string;
  body: BodyRecipe;
  headers: Record<string, string>;
}

/** sendRaw, in a worker: the worker builds the bodies first, then sends them all at once when told to. */
const workerSource = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const prepared = workerData.requests.map((r) => ({ ...r, data: Buffer.from(r.body.prefix + r.body.repeat.repeat(r.body.times) + r.body.suffix) }));
const send = ({ method, path, data, headers }) => new Promise((resolve) => {
  const req = http.request(workerData.base + path, {
    method, agent: false, headers: { 'content-type': 'application/json', 'content-length': String(data.length), connection: 'keep-alive', ...headers },
  }, (res) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    const done = () => {
      resolve({ status: res.statusCode || 0, body: Buffer.concat(chunks).toString('utf8') });
      req.destroy();
    };
    res.on('end', done);
    res.on('error', done);
  });
  req.on('error', () => resolve({ status: 0, body: '' }));
  req.end(data);
});
parentPort.once('message', () => Promise.all(prepared.map(send)).then((answers) => parentPort.postMessage(answers)));
parentPort.postMessage('ready');
`;

/**
 * A worker thread that holds the requests' bodies, built before `send()` is called, so a cheap request
 * timed on this thread while they are sent measures the server, not the making of the bodies.
 */
export async function prepareInWorker(
  base: string,
  requests: HostileRequest[],
): Promise<{ send(): Promise<RawAnswer[]> }> {
  const worker = new Worker(workerSource, { eval: true, workerData: { base, requests } });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  return {
    send: () =>
      new Promise((resolve, reject) => {
        worker.once('message', (answers: RawAnswer[]) => {
          resolve(answers);
          void worker.terminate();
        });
        worker.once('error', reject);
        worker.postMessage('go');
      }),
  };
}

/** Sends the requests at once from a worker thread and returns their answers in order. */
export async function sendFromWorker(base: string, requests: HostileRequest[]): Promise<RawAnswer[]> {
  return (await prepareInWorker(base, requests)).send();
}

/** `{<prefix>"<field>":[1,1,…,1]}` with `count` elements, as a recipe. */
export const arrayRecipe = (field: string, count: number, prefix = ''): BodyRecipe => ({
  prefix: `{${prefix}"${field}":[`,
  repeat: '1,',
  times: count - 1,
  suffix: '1]}',
});

export interface AddedHold {
  /** The hostile requests' answers, from the round that counted. */
  answers: RawAnswer[];
  /** How much longer the cheap request waited during the hostile requests than during the harmless ones. */
  addedMs: number;
  slowestMs: number;
}

/**
 * What `hostile` adds to the longest wait of a cheap request over `harmless`, sent at once from a
 * worker each, in rounds: a busy test machine stretches a single round, a body that really holds the
 * server does so in every round. So the smallest of up to `rounds` counts, and a round under `limitMs`
 * ends the measurement. `beforeRound` resets what a round may leave (e.g. sign-in counters).
 */
export async function addedHold(
  base: string,
  harmless: HostileRequest[],
  hostile: HostileRequest[],
  limitMs: number,
  { rounds = 3, beforeRound = async () => {} }: { rounds?: number; beforeRound?: () => Promise<void> } = {},
): Promise<AddedHold> {
  const round = async (): Promise<AddedHold> => {
    await beforeRound();
    const [harmlessSender, hostileSender] = await Promise.all([
      prepareInWorker(base, harmless),
      prepareInWorker(base, hostile),
    ]);
    const before = await heldWhile(base, () => harmlessSender.send());
    const held = await heldWhile(base, () => hostileSender.send());
    return { answers: held.result, addedMs: held.slowestMs - before.slowestMs, slowestMs: held.slowestMs };
  };
  let best = await round();
  for (let i = 1; i < rounds && best.addedMs >= limitMs; i++) {
    const next = await round();
    if (next.addedMs < best.addedMs) best = next;
  }
  return best;
}
