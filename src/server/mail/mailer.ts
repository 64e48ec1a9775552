import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export type MailAttachment = { filename: string; content: Uint8Array; contentType: string };
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  link?: string;
  attachments?: MailAttachment[];
  /** Extra headers (a notification's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
};
export type Mailer = { send(message: MailMessage): Promise<void> };

/**
 * Real mail through nodemailer. With SMTP_URL it is sent; without it each message is
 * rendered to an .eml file in the outbox folder (readable by the server's user only), so a
 * self-hoster without a mail server can still open the links from there.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log?: (line: string) => void;
}): Mailer {
  const log = opts.log ?? ((line) => console.log(line));
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers, attachments: toNodemailer(m.attachments) });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers, attachments: toNodemailer(m.attachments) });
      mkdirSync(opts.outboxDir, { recursive: true });
      const safeTo = m.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = join(opts.outboxDir, `${Date.now()}-${safeTo}.eml`);
      // Readable by the server's user only: the messages hold sign-in and reset links.
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      // Never the link itself: a console log is read by more people, and kept longer, than the outbox.
      log(`[mail] "${m.subject}" to ${m.to} written to ${file}`);
    },
  };
}

const toNodemailer = (attachments: MailAttachment[] | undefined) =>
  attachments?.map((a) => ({ filename: a.filename, content: Buffer.from(a.content), contentType: a.contentType }));
