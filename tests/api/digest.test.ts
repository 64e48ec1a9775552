import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import { runDigestJob, localDay } from '../../src/server/jobs/digest';
import { createLogger } from '../../src/server/logger';
import type { MailMessage } from '../../src/server/mail/mailer';
import { createOutboxSender } from '../../src/server/mail/outbox';
import { declarePayment } from '../../src/server/services/finances/payments';
import { listAccounts, saveFinanceSettings } from '../../src/server/services/finances/books';
import { saveNoticeSettings } from '../../src/server/services/notice-settings';
import { addMember, makeCommunity, makeUser } from '../factories';
import { makeTestApp, type TestApp } from '../setup/app';
import { mailText, plain } from '../setup/events';

/*
 * The digest: at 7:00 in each member's time zone, once a day (or on Mondays), what waits on them
 * and what happened; no email when there is nothing to say. Its day is claimed with the mail in one
 * transaction, so a run that stops between members (a crash, a restart) and a second server on the
 * same database neither skip nor double anyone; a mail server that fails after some of them is
 * tried again for the others, each digest still sent once.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (iso: string) => Date.parse(iso);

/** A sender of the database's outbox that keeps what it sends, or throws for the `failAfter`-th message on. */
function sender(db: DB, t: Pick<TestApp, 'env' | 'clock'>, opts: { failAfter?: number } = {}) {
  const sent: MailMessage[] = [];
  let tries = 0;
  const s = createOutboxSender({
    db,
    env: t.env,
    log: createLogger('silent'),
    now: t.clock.now,
    mailer: {
      send: async (m) => {
        tries += 1;
        if (opts.failAfter !== undefined && tries > opts.failAfter) throw new Error('mail server gone');
        sent.push(m);
      },
    },
  });
  return { sent, wake: () => s.wake() };
}

/** `n` officers of a community with books and a payment waiting on each of them (so every one has something to read). */
async function officersWithWork(t: TestApp, n: number, over: { timeZone?: string; language?: 'en' | 'fr' } = {}) {
  const creator = await makeUser(t.db, { firstName: 'Ngozi', lastName: 'Eze' });
  const member = await makeUser(t.db, { firstName: 'Jean-Paul', lastName: 'Mbarga' });
  const community = makeCommunity(t.db, { creator, name: 'Bamenda Cultural Association' });
  addMember(t.db, { communityId: community.id, user: member });
  saveFinanceSettings(t.db, { communityId: community.id, actorId: creator.id, changes: { currency: 'USD' }, cashBoxName: 'Cash box', now: t.clock.now() });
  const officers = [creator];
  for (let i = 1; i < n; i++) {
    const u = await makeUser(t.db, { firstName: `Officer${i}`, lastName: 'Nkongho', language: over.language ?? 'en' });
    addMember(t.db, { communityId: community.id, user: u, role: 'treasurer' });
    officers.push(u);
  }
  for (const o of officers) if (over.timeZone) saveNoticeSettings(t.db, { userId: o.id, input: { timeZone: over.timeZone }, now: t.clock.now() });
  declarePayment(t.db, { communityId: community.id, memberId: member.id, details: { amount: 2500, purpose: 'dues', method: 'cash' }, now: t.clock.now() });
  // The officers' emails of the payment leave now: what the tests read afterwards is the digest.
  await sender(t.db, t).wake();
  // The member has nothing waiting and nothing happened to them: they get no digest.
  return { community, officers, member, account: listAccounts(t.db, community.id)[0]!.id };
}

/** The job's dependencies from a test app: its database and clock. */
const deps = (t: TestApp) => ({ db: t.db, now: t.clock.now });
const digests = (sent: MailMessage[], to?: string) => sent.filter((m) => /digest|wait|attend|récapitulatif|semaine/i.test(m.subject) && (!to || m.to === to));

describe('the digest job', () => {
  it('comes once a day at 7:00 in the member’s own zone, across the daylight-saving changes of Chicago and Paris', async () => {
    const t = makeTestApp({ waitForMail: false });
    t.clock.set(at('2026-03-06T00:00:00Z'));
    const chicago = await officersWithWork(t, 1, { timeZone: 'America/Chicago' });
    const paris = await officersWithWork(t, 1, { timeZone: 'Europe/Paris' });
    const mail = sender(t.db, t);
    const sentAt = new Map<string, number[]>();
    // Every 15 minutes, as the scheduler runs it, over the days either side of both changes.
    for (const [from, to] of [
      ['2026-03-06T00:00:00Z', '2026-03-10T00:00:00Z'],
      ['2026-03-27T00:00:00Z', '2026-03-31T00:00:00Z'],
    ] as const) {
      // Days already past 7:00 somewhere when the window opens are served at once (a late morning's digest): settled first.
      t.clock.set(at(from) - 1);
      runDigestJob(deps(t));
      await mail.wake();
      mail.sent.splice(0);
      for (let now = at(from); now < at(to); now += 15 * MINUTE) {
        t.clock.set(now);
        runDigestJob(deps(t), now);
        await mail.wake();
        for (const m of digests(mail.sent.splice(0))) sentAt.set(m.to, [...(sentAt.get(m.to) ?? []), now]);
      }
    }
    const local = (zone: string) => (ms: number) => {
      const d = localDay(ms, zone);
      return `${d.date} ${d.hour}h`;
    };
    const c = chicago.officers[0]!.email;
    const p = paris.officers[0]!.email;
    expect(sentAt.get(c)!.map(local('America/Chicago'))).toEqual([
      '2026-03-06 7h', '2026-03-07 7h', '2026-03-08 7h', '2026-03-09 7h',
      '2026-03-27 7h', '2026-03-28 7h', '2026-03-29 7h', '2026-03-30 7h',
    ]);
    // 7:00 in Chicago is 13:00 UTC before 8 March and 12:00 UTC from then on.
    expect(sentAt.get(c)!.slice(1, 3).map((ms) => new Date(ms).toISOString())).toEqual(['2026-03-07T13:00:00.000Z', '2026-03-08T12:00:00.000Z']);
    expect(sentAt.get(p)!.map(local('Europe/Paris'))).toEqual([
      '2026-03-06 7h', '2026-03-07 7h', '2026-03-08 7h', '2026-03-09 7h',
      '2026-03-27 7h', '2026-03-28 7h', '2026-03-29 7h', '2026-03-30 7h',
    ]);
    // 7:00 in Paris is 06:00 UTC on 28 March and 05:00 UTC on the 29th.
    expect(sentAt.get(p)!.slice(5, 7).map((ms) => new Date(ms).toISOString())).toEqual(['2026-03-28T06:00:00.000Z', '2026-03-29T05:00:00.000Z']);
    // Nothing to say, no email: the member who paid has no waiting work and no news.
    expect(sentAt.get(chicago.member.email)).toBeUndefined();
  });

  it('says what waits first, then what happened, each with its link, in the reader’s language, with its own one-click unsubscribe', async () => {
    const t = makeTestApp({ waitForMail: false });
    t.clock.set(at('2026-03-04T05:00:00Z'));
    const { officers } = await officersWithWork(t, 2, { language: 'fr' });
    const [, treasurer] = officers as [unknown, { id: string; email: string }];
    const mail = sender(t.db, t);
    t.clock.set(at('2026-03-04T07:05:00Z'));
    expect(runDigestJob(deps(t))).toEqual({ digests: 2, quiet: 1 });
    await mail.wake();
    const m = digests(mail.sent, treasurer.email)[0]!;
    expect(m.subject).toBe('1\u00a0chose vous attend sur Harambee');
    const text = plain(mailText(m.text));
    expect(text).toContain('À traiter (1)');
    expect(text).toContain('Jean-Paul Mbarga a déclaré 25,00 $US de cotisation (Bamenda Cultural Association)');
    expect(text).toMatch(/http:\/\/localhost:3000\/community\/\d+\?tab=finances/);
    expect(m.headers?.['List-Unsubscribe']).toMatch(/\/api\/notifications\/unsubscribe\?token=/);
    // Once that day, however often the job runs.
    expect(runDigestJob(deps(t))).toEqual({ digests: 0, quiet: 0 });
  });

  it('weekly digests come on Mondays only, with the week’s news', async () => {
    const t = makeTestApp({ waitForMail: false });
    t.clock.set(at('2026-03-04T05:00:00Z'));
    const { officers } = await officersWithWork(t, 1);
    saveNoticeSettings(t.db, { userId: officers[0]!.id, input: { digest: 'weekly' }, now: t.clock.now() });
    const days: string[] = [];
    for (let d = 4; d <= 12; d++) {
      const now = at(`2026-03-${String(d).padStart(2, '0')}T08:00:00Z`);
      if (runDigestJob(deps(t), now).digests) days.push(new Date(now).toISOString().slice(0, 10));
    }
    expect(days).toEqual(['2026-03-09']);
  });

  it('a run that stops between members (a crash, a restart) neither skips nor doubles anyone when it runs again', async () => {
    const t = makeTestApp({ waitForMail: false });
    t.clock.set(at('2026-03-04T05:00:00Z'));
    const { officers } = await officersWithWork(t, 5);
    const now = at('2026-03-04T07:30:00Z');
    const queued = () => t.db.$client.prepare("SELECT user_id FROM mail_outbox WHERE template = 'digest' ORDER BY user_id").pluck().all();
    expect(() =>
      runDigestJob(deps(t), now, {
        afterMember: () => {
          if (queued().length === 2) throw new Error('the process died here');
        },
      }),
    ).toThrow('the process died here');
    expect(queued()).toHaveLength(2);
    // The restarted server runs it again, then again.
    runDigestJob(deps(t), now + 15 * MINUTE);
    runDigestJob(deps(t), now + 30 * MINUTE);
    expect(queued()).toEqual(officers.map((o) => o.id).sort());
    t.clock.set(now + 30 * MINUTE);
    const mail = sender(t.db, t);
    await mail.wake();
    expect(digests(mail.sent).map((m) => m.to).sort()).toEqual(officers.map((o) => o.email).sort());
  });

  it('two servers on one database: each member’s digest is queued once, whichever server claims it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'harambee-digest-'));
    try {
      const path = join(dir, 'app.db');
      const first = openDatabase(path);
      const second = openDatabase(path);
      const t = makeTestApp({ waitForMail: false });
      const base = { env: t.env, clock: t.clock };
      t.clock.set(at('2026-03-04T05:00:00Z'));
      const shared = { ...t, db: first };
      const { officers } = await officersWithWork(shared as TestApp, 6);
      const now = at('2026-03-04T07:00:00Z');
      let interleaved = false;
      // Server A pauses after its first member; server B runs the whole job meanwhile; then A goes on.
      const a = runDigestJob({ db: first, now: () => now }, now, {
        afterMember: () => {
          if (interleaved) return;
          interleaved = true;
          const b = runDigestJob({ db: second, now: () => now }, now);
          expect(b.digests).toBe(5);
        },
      });
      expect(a.digests).toBe(1);
      expect(runDigestJob({ db: second, now: () => now }, now + HOUR).digests).toBe(0);
      t.clock.set(now);
      const rows = first.$client.prepare("SELECT once_key FROM mail_outbox WHERE template = 'digest'").pluck().all() as string[];
      expect(rows.sort()).toEqual(officers.map((o) => `digest:${o.id}:2026-03-04`).sort());
      const mailA = sender(first, base);
      const mailB = sender(second, base);
      await Promise.all([mailA.wake(), mailB.wake()]);
      expect([...mailA.sent, ...mailB.sent].map((m) => m.to).sort()).toEqual(officers.map((o) => o.email).sort());
      first.$client.close();
      second.$client.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a mail server that fails after some digests: the others are tried again later, each digest sent once', async () => {
    const t = makeTestApp({ waitForMail: false });
    t.clock.set(at('2026-03-04T05:00:00Z'));
    const { officers } = await officersWithWork(t, 4);
    t.clock.set(at('2026-03-04T07:00:00Z'));
    expect(runDigestJob(deps(t)).digests).toBe(4);
    const failing = sender(t.db, t, { failAfter: 2 });
    await failing.wake();
    expect(digests(failing.sent)).toHaveLength(2);
    // The server restarts the next minutes; the job finds nothing new to claim, the outbox retries.
    t.clock.advance(2 * MINUTE);
    expect(runDigestJob(deps(t)).digests).toBe(0);
    const working = sender(t.db, t);
    await working.wake();
    expect([...failing.sent, ...working.sent].map((m) => m.to).sort()).toEqual(officers.map((o) => o.email).sort());
  });
});
