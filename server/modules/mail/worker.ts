import type { Executor } from '../../db/database';
import { isPermanentRefusal, type MailTransport } from '../../lib/mail';
import { claimDueMails, markNotSent, markSent, putBack } from './outbox';

/** How often an idle worker looks for due mails; a mail queued by any process waits at most this long. */
const POLL_MS = 1_000;
/** A claim outlasts the transport's longest wait (server/lib/mail.ts) for every mail of a batch. */
const LEASE_SECONDS = 300;
const BATCH = 10;
/** Retries wait 5, 10, 20, then 30 s: a mail arrives within about half a minute of SMTP being back. */
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 30_000;
/** A mail that could not be handed over for this long is given up and shown to the Superuser. */
const GIVE_UP_AFTER_MS = 24 * 3_600_000;

export const retryDelayMs = (attempts: number): number =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);

export interface MailWorkerOptions {
  log?: (line: string) => void;
  pollMs?: number;
  /** Counts each hand-over (metrics). */
  onSent?: () => void;
  onFailed?: (givenUp: boolean) => void;
  now?: () => Date;
}

export interface MailWorker {
  /** One pass over the due mails; resolves when they are sent or put back. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Sends the outbox: claims due mails, hands each to the transport and records the outcome. A refusal
 * (5xx) or a mail a day old is given up; any other failure (SMTP away) puts the mail, and the rest
 * of the batch untried, back with a growing wait. Several workers, in one process or many, share the
 * queue through their claims, so each mail is handed over once.
 */
export function startMailWorker(db: Executor, transport: MailTransport, options: MailWorkerOptions = {}): MailWorker {
  const { log = console.log, pollMs = POLL_MS, now = () => new Date() } = options;
  let running: Promise<number> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let lastFailure = '';

  const sendBatch = async (): Promise<{ claimed: number; sent: number }> => {
    const batch = await claimDueMails(db, BATCH, LEASE_SECONDS);
    let sent = 0;
    for (const [index, mail] of batch.entries()) {
      try {
        await transport.send(mail.message);
        await markSent(db, mail.id);
        sent++;
        options.onSent?.();
        lastFailure = '';
      } catch (err) {
        const reason = (err as Error).message || String(err);
        const givenUp = isPermanentRefusal(err) || now().getTime() - mail.createdAt.getTime() > GIVE_UP_AFTER_MS;
        await markNotSent(db, mail.id, reason, givenUp ? null : retryDelayMs(mail.attempts));
        options.onFailed?.(givenUp);
        if (reason !== lastFailure)
          log(`Mail aan ${mail.message.to} niet verstuurd: ${reason}${givenUp ? ' (opgegeven)' : ''}`);
        lastFailure = reason;
        if (givenUp) continue;
        // The mail server is away: the rest of the batch waits as long, untried.
        for (const rest of batch.slice(index + 1)) await putBack(db, rest.id, retryDelayMs(mail.attempts));
        return { claimed: batch.length, sent };
      }
    }
    return { claimed: batch.length, sent };
  };

  const drain = (): Promise<number> => {
    running ??= (async () => {
      let total = 0;
      try {
        for (;;) {
          const { claimed, sent } = await sendBatch();
          total += sent;
          if (claimed < BATCH || sent < claimed || stopped) return total;
        }
      } catch (err) {
        log(`Mailwachtrij niet bereikbaar: ${(err as Error).message}`);
        return total;
      } finally {
        running = null;
      }
    })();
    return running;
  };

  const tick = () => {
    timer = null;
    void drain().finally(() => {
      if (!stopped) timer = setTimeout(tick, pollMs).unref();
    });
  };
  timer = setTimeout(tick, 0).unref();

  return {
    drain,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
