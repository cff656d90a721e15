import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config';

interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Real mail through nodemailer: to SMTP_URL when set; otherwise every message is written as an .eml
 * file in DATA_DIR/mail, so the embedded set-up works without a mail server.
 */
export function createMailer(config: Config, log: (line: string) => void = console.log): Mailer {
  // nodemailer loads with the first message, not with the server (start-up time, issue 13).
  let transport: Promise<Transporter> | undefined;
  const transportFor = (options: Parameters<typeof import('nodemailer').createTransport>[0]) =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options)));
  if (config.smtpUrl) {
    const smtpUrl = config.smtpUrl;
    return {
      async send(message) {
        await (await transportFor(smtpUrl)).sendMail({ from: config.mailFrom, ...message });
      },
    };
  }
  const folder = path.join(config.dataDir, 'mail');
  return {
    async send(message) {
      const info = await (await transportFor({ streamTransport: true, buffer: true, newline: 'unix' })).sendMail({ from: config.mailFrom, ...message });
      await fs.mkdir(folder, { recursive: true });
      const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.to.replace(/[^a-z0-9@.]/gi, '_')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      const link = message.text.match(/https?:\/\/\S+/)?.[0];
      log(`Mail aan ${message.to} ("${message.subject}") opgeslagen in ${file}${link ? ` — link: ${link}` : ''}`);
    },
  };
}
