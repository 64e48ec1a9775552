import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChatDigestJob } from '../../src/server/jobs/chat-digest';
import { C, chatWorld, CT, settle, TRPC } from '../setup/chat';
import { mention } from '../setup/discussions';
import { startSmtp } from '../setup/smtp';

/*
 * The chat's email digest: mentions and direct messages unread for more than an hour are emailed
 * in the reader's language, at most one digest an hour per member, never for a muted
 * conversation or what was read.
 */

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

const MINUTE = 60_000;
/** The quoted-printable UTF-8 text part, readable. */
const decode = (raw: string) => Buffer.from(raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');

describe('chat digest job', () => {
  it('emails each member once their mentions or direct messages waited an hour, at most once an hour, in their language', async () => {
    const w = await chatWorld({ smtpUrl: smtp.url });
    const { agents, users, general } = w;
    // The job queues the digests; the app's sender mails them (to the SMTP server) after its commit.
    const job = async () => {
      const r = runChatDigestJob({ db: w.t.db, now: w.t.clock.now });
      await w.t.flushMail();
      return r;
    };
    const start = smtp.messages.length;
    const mails = () => smtp.messages.slice(start);

    const dm = (await TRPC.call(agents.amara, C.openDirect, { userId: users.bih.id })).data.id;
    await TRPC.call(agents.amara, C.send, { conversationId: dm, body: 'Bih, can you bring the **drums**?' });
    await TRPC.call(agents.amara, C.send, { conversationId: general, body: `${mention(users.treasurer)} please send the receipts` });
    // Muted by the host: never emailed. Read by the admin: nothing waiting.
    await TRPC.call(agents.host, CT.setMuted, { conversationId: general, muted: true });
    await TRPC.call(agents.amara, C.send, { conversationId: general, body: `${mention(users.host)} and ${mention(users.admin)}, see above` });
    const last = (await TRPC.call(agents.admin, C.messages, { conversationId: general })).data.messages[0].id;
    await TRPC.call(agents.admin, CT.markRead, { conversationId: general, messageId: last });

    expect(await job()).toEqual({ digests: 0 });
    w.t.clock.advance(61 * MINUTE);
    expect(await job()).toEqual({ digests: 2 });
    const bih = await smtp.lastTo(users.bih.email);
    expect(bih.subject).toBe('Vous avez 1 message non lu sur Harambee');
    expect(decode(bih.raw)).toContain('dans un message privé : Bih, can you bring the drums?');
    const treasurer = await smtp.lastTo(users.treasurer.email);
    expect(treasurer.subject).toBe('You have 1 unread message on Harambee');
    expect(decode(treasurer.raw)).toContain(`in #general: @${users.treasurer.firstName} ${users.treasurer.lastName} please send the receipts`);
    expect(mails().map((m) => m.to[0]).sort()).toEqual([users.bih.email, users.treasurer.email].sort());
    // Again at once: nothing new.
    expect(await job()).toEqual({ digests: 0 });

    // A new message a minute later waits its own hour: no second digest within the hour.
    w.t.clock.advance(MINUTE);
    await TRPC.call(agents.amara, C.send, { conversationId: dm, body: 'And the flags' });
    w.t.clock.advance(30 * MINUTE);
    expect(await job()).toEqual({ digests: 0 });
    w.t.clock.advance(31 * MINUTE);
    expect(await job()).toEqual({ digests: 1 });
    await settle(50);
    expect(mails().filter((m) => m.to.includes(users.bih.email))).toHaveLength(2);
    expect(mails()).toHaveLength(3);
  });
});
