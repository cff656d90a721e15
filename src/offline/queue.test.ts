import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { OfflineDatabase, type OutboxAction } from './db';
import { createQueue, type Verdict } from './queue';
import { verdictOfError } from './verdict';
import { ApiError } from '../api/errors';

let db: OfflineDatabase;
let sent: string[];
let responder: (a: OutboxAction) => Verdict;
let busy: boolean[];
let done: string[];
let n = 0;

function queue() {
  return createQueue({
    db,
    send: async (a) => {
      sent.push(`${a.label}:${a.id}`);
      return responder(a);
    },
    onSent: (a) => done.push(a.label),
    onBusy: (b) => busy.push(b),
    newId: () => `key-${++n}`,
  });
}
const action = (label: string) => ({
  method: 'POST' as const,
  path: 'delivery/save',
  body: { label },
  label,
  stale: ['prenotifications' as const],
});

beforeEach(() => {
  db = new OfflineDatabase(`test-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  n = 0;
  sent = [];
  busy = [];
  done = [];
  responder = () => ({ kind: 'sent', body: { ok: true } });
});

describe('outbox queue', () => {
  it('writes first, then sends with the key, removes it on 2xx and reports sent', async () => {
    const q = queue();
    const out = await q.enqueue(action('a'));
    expect(out).toEqual({ status: 'sent', id: 'key-1', body: { ok: true } });
    expect(sent).toEqual(['a:key-1']);
    expect(done).toEqual(['a']);
    expect(await q.list()).toEqual([]);
    expect(busy).toEqual([true, false]);
  });

  it('says an action is stored once it is in the database, before it is sent', async () => {
    const order: string[] = [];
    const read: Array<Promise<OutboxAction | undefined>> = [];
    const q = createQueue({
      db,
      send: async () => {
        order.push('send');
        return { kind: 'sent', body: null };
      },
      onStored: (id) => {
        order.push('stored');
        read.push(db.actions.get(id));
      },
    });
    await q.enqueue(action('a'));
    expect(order).toEqual(['stored', 'send']);
    expect(await read[0]).toMatchObject({ label: 'a', status: 'waiting' });
  });

  it('keeps actions while unreachable and replays them later in order, first in first out', async () => {
    const q = queue();
    responder = () => ({ kind: 'unreachable', message: 'Geen verbinding met de server.' });
    expect((await q.enqueue(action('a'))).status).toBe('waiting');
    expect((await q.enqueue(action('b'))).status).toBe('waiting');
    expect((await q.enqueue(action('c'))).status).toBe('waiting');
    // Each run stopped at the head: only 'a' was tried, never 'b' or 'c' ahead of it.
    expect(sent.every((s) => s.startsWith('a:'))).toBe(true);
    const waiting = await q.list();
    expect(waiting.map((w) => [w.label, w.status, w.error])).toEqual([
      ['a', 'waiting', 'Geen verbinding met de server.'],
      ['b', 'waiting', null],
      ['c', 'waiting', null],
    ]);
    sent = [];
    responder = () => ({ kind: 'sent', body: null });
    await q.replay();
    expect(sent).toEqual(['a:key-1', 'b:key-2', 'c:key-3']);
    expect(await q.list()).toEqual([]);
  });

  it("keeps a sent action's answer only until its enqueue returned it: replayed actions leave nothing in memory", async () => {
    const q = queue();
    responder = () => ({ kind: 'unreachable', message: 'Geen verbinding met de server.' });
    for (const l of ['a', 'b', 'c']) expect((await q.enqueue(action(l))).status).toBe('waiting');
    responder = (a) => ({ kind: 'sent', body: { answer: a.label } });
    await q.replay();
    expect(done).toEqual(['a', 'b', 'c']);
    expect(q.heldAnswers()).toBe(0);

    expect(await q.enqueue(action('d'))).toEqual({ status: 'sent', id: 'key-4', body: { answer: 'd' } });
    expect(q.heldAnswers()).toBe(0);
  });

  it('sends the same key again after a network failure (the server dedupes by it)', async () => {
    const q = queue();
    let calls = 0;
    responder = () => (++calls === 1 ? { kind: 'unreachable', message: 'x' } : { kind: 'sent', body: 1 });
    await q.enqueue(action('a'));
    await q.replay();
    expect(sent).toEqual(['a:key-1', 'a:key-1']);
  });

  it('a 4xx is a verdict: the action is marked failed with the message and the rest goes on', async () => {
    const q = queue();
    responder = () => ({ kind: 'unreachable', message: 'offline' });
    await q.enqueue(action('a'));
    await q.enqueue(action('b'));
    responder = (a) =>
      a.label === 'a' ? { kind: 'refused', message: 'Serienummer is al gescand. (SN1)' } : { kind: 'sent', body: null };
    await q.replay();
    const rows = await q.list();
    expect(rows.map((r) => [r.label, r.status, r.error])).toEqual([
      ['a', 'failed', 'Serienummer is al gescand. (SN1)'],
    ]);
    expect(done).toEqual(['b']);
    // A later replay does not send a failed action again by itself.
    sent = [];
    await q.replay();
    expect(sent).toEqual([]);
  });

  it('an action whose body the server refuses for its size is marked failed with the reason, not sent again', async () => {
    const q = queue();
    responder = () => ({ kind: 'unreachable', message: 'offline' });
    await q.enqueue(action('groot'));
    responder = () => verdictOfError(new ApiError(413, 'De verzonden gegevens zijn te groot.'));
    await q.replay();
    expect((await q.list()).map((r) => [r.label, r.status, r.error])).toEqual([
      ['groot', 'failed', 'De verzonden gegevens zijn te groot.'],
    ]);
    sent = [];
    for (let i = 0; i < 3; i++) await q.replay();
    expect(sent).toEqual([]);
  });

  it('retry puts a failed action back in line, discard removes it', async () => {
    const q = queue();
    responder = () => ({ kind: 'refused', message: 'Nee' });
    const out = await q.enqueue(action('a'));
    expect(out).toEqual({ status: 'failed', id: 'key-1', message: 'Nee', errors: {} });
    responder = () => ({ kind: 'sent', body: null });
    await q.retry('key-1');
    expect(await q.list()).toEqual([]);
    responder = () => ({ kind: 'refused', message: 'Nee' });
    await q.enqueue(action('b'));
    await q.discard('key-2');
    expect(await q.list()).toEqual([]);
  });

  it('runs never overlap: concurrent replays send each action once', async () => {
    const q = queue();
    responder = () => ({ kind: 'unreachable', message: 'offline' });
    for (const l of ['a', 'b', 'c']) await q.enqueue(action(l));
    sent = [];
    responder = () => ({ kind: 'sent', body: null });
    await Promise.all([q.replay(), q.replay(), q.replay()]);
    expect(sent).toEqual(['a:key-1', 'b:key-2', 'c:key-3']);
  });

  it('asks while a run waits join it (a short timer never piles runs up), an ask during a run gets one more run', async () => {
    const q = queue();
    responder = () => ({ kind: 'unreachable', message: 'offline' });
    await q.enqueue(action('a'));
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let runs = 0;
    responder = () => ({ kind: 'sent', body: null });
    const slow = createQueue({
      db,
      newId: () => `key-${++n}`,
      lock: async (task) => {
        runs += 1;
        await gate;
        return task();
      },
      send: async (a) => {
        sent.push(`${a.label}:${a.id}`);
        return responder(a);
      },
    });
    sent = [];
    const first = slow.replay();
    const asks = Array.from({ length: 10 }, () => slow.replay());
    expect(new Set(asks).size).toBe(1);
    release();
    await Promise.all([first, ...asks]);
    expect(runs).toBeLessThanOrEqual(2);
    expect(sent).toEqual(['a:key-1']);
    // An action stored while a run is busy is still sent: that ask gets a run of its own.
    responder = () => ({ kind: 'unreachable', message: 'offline' });
    await slow.enqueue(action('b'));
    responder = () => ({ kind: 'sent', body: null });
    await slow.replay();
    expect(await slow.list()).toEqual([]);
  });

  it('replayIfWaiting sends only when something waits', async () => {
    const q = queue();
    await q.replayIfWaiting();
    expect(busy).toEqual([]);
    responder = () => ({ kind: 'refused', message: 'Nee' });
    await q.enqueue(action('a'));
    sent = [];
    await q.replayIfWaiting(); // a failed action does not wait: nothing is sent
    expect(sent).toEqual([]);
    responder = () => ({ kind: 'unreachable', message: 'offline' });
    await q.enqueue(action('b'));
    responder = () => ({ kind: 'sent', body: null });
    sent = [];
    await q.replayIfWaiting();
    expect(sent).toEqual(['b:key-2']);
  });

  it('survives a restart: a new queue on the same database sends what was left', async () => {
    const factory = new IDBFactory();
    db = new OfflineDatabase('restart', { indexedDB: factory, IDBKeyRange });
    responder = () => ({ kind: 'unreachable', message: 'offline' });
    await queue().enqueue(action('a'));
    db.close();
    db = new OfflineDatabase('restart', { indexedDB: factory, IDBKeyRange });
    responder = () => ({ kind: 'sent', body: null });
    sent = [];
    await queue().replay();
    expect(sent).toEqual(['a:key-1']);
  });

  it("sends only the signed-in user's actions; another user's wait for that user", async () => {
    let me: number | null = 1;
    const q = createQueue({
      db,
      send: async (a) => {
        sent.push(a.label);
        return responder(a);
      },
      newId: () => `key-${++n}`,
      currentUserId: () => me,
    });
    responder = () => ({ kind: 'unreachable', message: 'offline' });
    await q.enqueue({ ...action('van-1'), userId: 1 });
    await q.enqueue({ ...action('van-2'), userId: 2 });
    responder = () => ({ kind: 'sent', body: {} });
    me = 2;
    sent = [];
    await q.replay();
    expect(sent).toEqual(['van-2']);
    expect((await q.list()).map((a) => a.label)).toEqual(['van-1']);
    me = null;
    sent = [];
    await q.replay();
    expect(sent).toEqual([]);
    me = 1;
    await q.replay();
    expect(await q.list()).toEqual([]);
  });
});
