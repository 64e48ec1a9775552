import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export type ReceivedMail = { to: string[]; raw: string; subject: string; link: string | null };

/** A real SMTP server in-process: the app's nodemailer transport delivers to it. */
export async function startSmtp() {
  const messages: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
          link: linkIn(raw),
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const mailsTo = (to: string, kind?: string) => messages.filter((m) => m.to.includes(to) && (!kind || m.link?.includes(kind)));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The newest message to `to` (waits up to 5 s for it). */
    async lastTo(to: string): Promise<ReceivedMail> {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = [...messages].reverse().find((m) => m.to.includes(to));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100);
        });
      }
    },
    /** How many messages have gone to `to` so far, only those whose link holds `kind` (e.g. '/reset-password') when given. */
    countTo: (to: string, kind?: string) => mailsTo(to, kind).length,
    /**
     * The message to `to` (of that `kind`) that follows the first `seen` of them, waiting up to 5 s.
     * Account mail leaves after the answer, so right after a request the newest one may still be the previous.
     */
    async nextTo(to: string, seen: number, kind?: string): Promise<ReceivedMail> {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = mailsTo(to, kind)[seen];
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no new mail to ${to}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first app link in a message (the text part carries it unwrapped). */
export function linkIn(raw: string): string | null {
  const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return /https?:\/\/[^\s"<>]+\?token=[a-z0-9]+/i.exec(unfolded)?.[0] ?? null;
}

export const tokenOf = (link: string | null) => (link ? new URL(link).searchParams.get('token') : null);
