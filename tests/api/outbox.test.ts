import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema';
import { createLogger } from '../../src/server/logger';
import type { MailMessage } from '../../src/server/mail/mailer';
import { createOutboxSender, queueMail } from '../../src/server/mail/outbox';
import { notify } from '../../src/server/services/notify';
import { saveNoticeSettings } from '../../src/server/services/notice-settings';
import { deleteAccount } from '../../src/server/services/account/delete';
import { makeUser } from '../factories';
import { makeTestApp, type TestApp } from '../setup/app';

/*
 * The one road for email (src/server/mail/outbox.ts): a message exists when its change commits,
 * exactly once per key; one sender at a time holds it; a failed delivery is tried again later and
 * given up after six tries; a sender that died mid-send leaves a claim that runs out; nothing of a
 * message's values stays once it is done; a deleted account is sent nothing.
 */

const MINUTE = 60_000;

function sender(t: TestApp, send: (m: MailMessage) => Promise<void>) {
  return createOutboxSender({ db: t.db, env: t.env, log: createLogger('silent'), now: t.clock.now, mailer: { send } });
}
const rows = (t: TestApp) => t.db.select().from(mailOutbox).all();

describe('mail outbox', () => {
  it('writes a message with its change and never twice for one key; a rolled-back change queues nothing', async () => {
    const t = makeTestApp();
    const u = await makeUser(t.db);
    const now = t.clock.now();
    expect(queueMail(t.db, { template: 'message', to: { userId: u.id }, payload: { subject: 'mail.signInFailures.subject', body: 'mail.signInFailures.body', params: { count: 20 }, link: '/' }, once: 'k1', now })).toBe(true);
    expect(queueMail(t.db, { template: 'message', to: { userId: u.id }, payload: { subject: 'mail.signInFailures.subject', body: 'mail.signInFailures.body', link: '/' }, once: 'k1', now })).toBe(false);
    expect(() =>
      t.db.transaction((tx) => {
        notify(tx, { to: [u.id], key: 'eventReminder', params: { title: 'x', when: 'y' }, link: '/events/1', urgent: true, now });
        throw new Error('the change failed');
      }),
    ).toThrow('the change failed');
    expect(rows(t)).toHaveLength(1);
    const sent: MailMessage[] = [];
    await sender(t, async (m) => void sent.push(m)).wake();
    expect(sent.map((m) => [m.to, m.subject])).toEqual([[u.email, 'Failed sign-ins on your account']]);
    expect(rows(t)[0]).toMatchObject({ status: 'sent', payload: null, attempts: 1 });
  });

  it('notify() tells in the app and, for those whose choice says so, by email in each one’s language', async () => {
    const t = makeTestApp();
    const en = await makeUser(t.db);
    const fr = await makeUser(t.db, { language: 'fr' });
    const quiet = await makeUser(t.db);
    // Events in the app only: the reminder reaches the app, not the mailbox.
    saveNoticeSettings(t.db, { userId: quiet.id, input: { kinds: { events: 'app' } }, now: t.clock.now() });
    notify(t.db, { to: [en.id, fr.id, quiet.id, en.id], key: 'eventReminder', params: (l) => ({ title: 'Fête', when: l === 'fr' ? 'demain' : 'tomorrow' }), link: '/events/1', urgent: true, now: t.clock.now() });
    const sent: MailMessage[] = [];
    await sender(t, async (m) => void sent.push(m)).wake();
    expect(sent.map((m) => [m.to, m.subject]).sort()).toEqual([[en.email, 'Event tomorrow'], [fr.email, 'Événement demain']].sort());
    expect(sent.find((m) => m.to === fr.email)!.text).toContain('demain');
    const inApp = t.db.$client.prepare('SELECT user_id AS userId FROM notifications ORDER BY id').all() as { userId: string }[];
    // Once each (the repeated id told once), whatever order the readers are read in.
    expect(inApp.map((n) => n.userId).sort()).toEqual([en.id, fr.id, quiet.id].sort());
  });

  it('tries a failed delivery again later, then gives up after six tries and keeps nothing of it', async () => {
    const t = makeTestApp();
    const u = await makeUser(t.db);
    queueMail(t.db, { template: 'signUpAttempt', to: { userId: u.id }, payload: {}, once: 'k', now: t.clock.now() });
    let tries = 0;
    const s = sender(t, async () => {
      tries += 1;
      throw new Error('mail server down');
    });
    await s.wake();
    expect(tries).toBe(1);
    // Not again before its time (a minute, then 2, 4, 8, 16).
    await s.wake();
    expect(tries).toBe(1);
    for (let i = 0; i < 10; i++) {
      t.clock.advance(20 * MINUTE);
      await s.wake();
    }
    expect(tries).toBe(6);
    expect(rows(t)[0]).toMatchObject({ status: 'failed', payload: null });
  });

  it('two senders on one database send each message once; a claim left by a dead sender runs out', async () => {
    const t = makeTestApp();
    const u = await makeUser(t.db);
    for (let i = 0; i < 30; i++) queueMail(t.db, { template: 'signUpAttempt', to: { userId: u.id }, payload: {}, once: `k${i}`, now: t.clock.now() });
    const sent: string[] = [];
    const slow = (name: string) => async () => {
      await new Promise((r) => setTimeout(r, 1));
      sent.push(name);
    };
    await Promise.all([sender(t, slow('a')).wake(), sender(t, slow('b')).wake()]);
    expect(sent).toHaveLength(30);
    expect(rows(t).every((r) => r.status === 'sent')).toBe(true);

    // A sender that claimed a message and died: nobody sends it until the claim runs out.
    queueMail(t.db, { template: 'signUpAttempt', to: { userId: u.id }, payload: {}, once: 'orphan', now: t.clock.now() });
    t.db.update(mailOutbox).set({ claimedUntil: t.clock.now() + MINUTE, attempts: 1 }).where(eq(mailOutbox.onceKey, 'orphan')).run();
    const later: string[] = [];
    await sender(t, async (m) => void later.push(m.to)).wake();
    expect(later).toEqual([]);
    t.clock.advance(MINUTE + 1);
    await sender(t, async (m) => void later.push(m.to)).wake();
    expect(later).toEqual([u.email]);
  });

  it('sends nothing to a deleted account, and drops what waited for it', async () => {
    const t = makeTestApp();
    const u = await makeUser(t.db);
    const gone = await makeUser(t.db);
    queueMail(t.db, { template: 'signUpAttempt', to: { userId: gone.id }, payload: {}, once: 'a', now: t.clock.now() });
    deleteAccount(t.db, { user: gone, removePosts: false, actor: { id: gone.id, email: gone.email }, byStaff: false, now: t.clock.now() });
    queueMail(t.db, { template: 'signUpAttempt', to: { userId: gone.id }, payload: {}, once: 'b', now: t.clock.now() });
    queueMail(t.db, { template: 'signUpAttempt', to: { userId: u.id }, payload: {}, once: 'c', now: t.clock.now() });
    const sent: string[] = [];
    await sender(t, async (m) => void sent.push(m.to)).wake();
    expect(sent).toEqual([u.email]);
    expect(rows(t).map((r) => [r.onceKey, r.status, r.lastError])).toEqual([
      ['b', 'sent', 'no recipient'],
      ['c', 'sent', null],
    ]);
  });
});
