import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

/** Hands one mail over: what the mail worker (server/modules/mail/worker.ts) sends its queue through. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

/**
 * A mail server that does not answer in time is a failed try, tried again later by the worker, well
 * within the worker's claim on the mail (nodemailer's own defaults wait up to ten minutes).
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Real mail through nodemailer: to SMTP_URL when set; otherwise every message is written as an .eml
 * file in DATA_DIR/mail, so the embedded set-up works without a mail server.
 */
export function createMailTransport(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  log: (line: string) => void = console.log,
): MailTransport {
  // nodemailer loads with the first message, not with the server (start-up time, issue 13).
  let transport: Promise<Transporter> | undefined;
  const transportFor = (options: Parameters<typeof import('nodemailer').createTransport>[0]) =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options)));
  if (config.smtpUrl) {
    const smtp = { url: config.smtpUrl, ...SMTP_TIMEOUTS };
    return {
      async send(message) {
        await (await transportFor(smtp)).sendMail({ from: config.mailFrom, ...message });
      },
    };
  }
  const folder = path.join(config.dataDir, 'mail');
  return {
    async send(message) {
      const eml = { streamTransport: true, buffer: true, newline: 'unix' } as const;
      const info = await (await transportFor(eml)).sendMail({ from: config.mailFrom, ...message });
      await fs.mkdir(folder, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(folder, `${stamp}-${message.to.replace(/[^a-z0-9@.]/gi, '_')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      const link = message.text.match(/https?:\/\/\S+/)?.[0];
      log(`Mail aan ${message.to} ("${message.subject}") opgeslagen in ${file}${link ? ` — link: ${link}` : ''}`);
    },
  };
}

/** True when the mail server refused this mail for good (a 5xx answer): trying again cannot help. */
export function isPermanentRefusal(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
