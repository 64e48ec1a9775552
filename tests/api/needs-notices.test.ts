import { afterEach, describe, expect, it } from 'vitest';
import { builtInCategoryId } from '../../src/server/services/finances/books';
import { deleteAccount } from '../../src/server/services/account/delete';
import { unsubscribeToken } from '../../src/server/mail/unsubscribe';
import { agent, catchMail, makeTestApp } from '../setup/app';
import { mailText, plain } from '../setup/events';
import { N, needsWorld, noticesOf } from '../setup/needs';
import { startSmtp } from '../setup/smtp';
import { TRANSPORTS, TRPC, op } from '../setup/transport';
import { addMember, makeCommunity, makeUser } from '../factories';
import { sessionAgent } from '../setup/chat';
import { expectError } from '../setup/errors';

/*
 * Notices of waiting work: written with the change that made it wait, to exactly the people who
 * may act on it, once, each in their language and naming who did what and how much; by email as
 * each of them chose (email at once by default), with a one-click way to stop that kind of email;
 * and once someone has done the work, every notice about it reads as handled, by whom.
 */

const PREFS = {
  get: op('GET', '/api/notifications/preferences', 'notifications.preferences', 'query'),
  set: op('PATCH', '/api/notifications/preferences', 'notifications.setPreferences'),
  unsubscribe: op('POST', '/api/notifications/unsubscribe', 'notifications.unsubscribe'),
};
const unfold = (raw: string) => raw.replace(/\r?\n[ \t]+/g, ' ');
const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(unfold(raw))?.[1]?.trim() ?? null;

let smtp: Awaited<ReturnType<typeof startSmtp>> | null = null;
afterEach(async () => {
  await smtp?.close();
  smtp = null;
});

describe('notices of a payment to confirm', () => {
  it('reach the officers who may confirm it once, in their language, naming who paid how much; by email at once with List-Unsubscribe; handled for all once confirmed', async () => {
    smtp = await startSmtp();
    const { t, agents, users, community, account } = await needsWorld({ smtpUrl: smtp.url });
    t.db.$client.prepare("UPDATE users SET language = 'fr' WHERE id = ?").run(users.admin.id);
    const declared = await agents.member.mutate('finances.declarePayment', { communityId: community.id, amount: 2500, purpose: 'dues', method: 'cash' });
    expect(declared.status, JSON.stringify(declared.error)).toBe(200);

    // In the app: the three officers, once each; nobody else.
    for (const who of [users.creator, users.admin, users.treasurer]) expect(noticesOf(t, who.id, 'notifications.paymentWaitingDues')).toHaveLength(1);
    for (const who of [users.member, users.bih, users.outsider]) expect(noticesOf(t, who.id, 'notifications.paymentWaitingDues')).toHaveLength(0);
    const list = await agents.treasurer.query('notifications.list', {});
    expect(list.data.items[0]).toMatchObject({ title: 'Payment to confirm', message: 'Jean-Paul Mbarga declared $25.00 of dues in Bamenda Cultural Association.', handled: null, read: false });

    // By email, at once (the default for work waiting on an officer), each in their language.
    const toTreasurer = await smtp.lastTo(users.treasurer.email);
    expect(toTreasurer.subject).toBe('Payment to confirm');
    expect(plain(mailText(toTreasurer.raw))).toContain('Jean-Paul Mbarga declared $25.00 of dues in Bamenda Cultural Association.');
    expect(header(toTreasurer.raw, 'List-Unsubscribe')).toMatch(/^<http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=[\w.-]+>$/);
    expect(header(toTreasurer.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const toAdmin = await smtp.lastTo(users.admin.email);
    expect(plain(mailText(toAdmin.raw))).toContain('Jean-Paul Mbarga a déclaré 25,00 $US de cotisation dans Bamenda Cultural Association.');
    expect(smtp.messages.filter((m) => m.subject.includes('Payment to confirm') || m.subject.includes('Paiement')).flatMap((m) => m.to).sort()).toEqual([users.admin.email, users.creator.email, users.treasurer.email].sort());

    // The bell counts the payment once (waiting work), not once more as an unread notice.
    expect((await agents.treasurer.query('notifications.unreadCount')).data).toEqual({ count: 1, waiting: 1, badge: 1 });

    // Another officer confirms: every officer's notice now says it was handled, and by whom.
    expect((await agents.admin.mutate('finances.confirmPayment', { id: declared.data.id, accountId: account })).status).toBe(200);
    const after = (await agents.treasurer.query('notifications.list', {})).data.items[0];
    expect(after).toMatchObject({ read: true, handled: { by: 'Amara Okafor', byYou: false } });
    expect((await agents.admin.query('notifications.list', {})).data.items.find((n: { title: string }) => n.title === 'Payment to confirm')).toMatchObject({ handled: { by: 'Amara Okafor', byYou: true } });
    expect((await agents.treasurer.query('notifications.unreadCount')).data).toEqual({ count: 0, waiting: 0, badge: 0 });
    // The member is told, and gets the receipt by email (their own money: email at once).
    const receipt = await smtp.lastTo(users.member.email);
    expect(receipt.subject).toMatch(/receipt/i);
    expect(header(receipt.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });

  it('follow each officer’s choice: in the app only, the digest, or off; the work still waits in their list whatever they chose', async () => {
    smtp = await startSmtp();
    const { t, agents, users, community } = await needsWorld({ smtpUrl: smtp.url });
    expect((await agents.treasurer.mutate('notifications.setPreferences', { kinds: { needs: 'app' } })).status).toBe(200);
    expect((await agents.admin.mutate('notifications.setPreferences', { kinds: { needs: 'digest' } })).status).toBe(200);
    expect((await agents.creator.mutate('notifications.setPreferences', { kinds: { needs: 'off' } })).status).toBe(200);
    const declared = await agents.member.mutate('finances.declarePayment', { communityId: community.id, amount: 700, purpose: 'donation', method: 'cash' });
    await new Promise((r) => setTimeout(r, 50));
    expect(noticesOf(t, users.treasurer.id, 'notifications.paymentWaitingDonation')).toHaveLength(1);
    expect(noticesOf(t, users.admin.id, 'notifications.paymentWaitingDonation')).toHaveLength(1);
    expect(noticesOf(t, users.creator.id, 'notifications.paymentWaitingDonation')).toHaveLength(0);
    expect(smtp.messages.filter((m) => /Payment to confirm/.test(m.subject))).toEqual([]);
    for (const who of [agents.treasurer, agents.admin, agents.creator]) {
      expect((await who.query('needs.list', {})).data.items.map((i: { key: string }) => i.key)).toEqual([`payment:${declared.data.id}`]);
    }
  });

  it('an email still queued when the work is done is not sent: nothing to say any more', async () => {
    const t = makeTestApp({ waitForMail: false });
    const world = await needsWorldOn(t);
    const mail = catchMail(t);
    const declared = await world.agents.member.mutate('finances.declarePayment', { communityId: world.community.id, amount: 2500, purpose: 'dues', method: 'cash' });
    await world.agents.treasurer.mutate('finances.confirmPayment', { id: declared.data.id, accountId: world.account });
    await mail.flush();
    // The member's receipt goes; the officers' "to confirm" does not: it was handled before it left.
    expect(mail.sent.map((m) => m.to)).toEqual([world.users.member.email]);
  });

  it('expenses: who may approve is told who asks how much; one approval of two is handled for that approver alone; approved, it goes to who may pay', async () => {
    const { t, agents, users, community } = await needsWorld();
    t.db.$client.prepare('UPDATE finance_settings SET second_approval_above = 1000 WHERE community_id = ?').run(community.id);
    const categoryId = builtInCategoryId(t.db, community.id, 'venue');
    const submitted = await agents.treasurer.mutate('finances.submitExpense', { communityId: community.id, amount: 4000, categoryId, description: 'Hall deposit', receipts: [] });
    expect(submitted.status, JSON.stringify(submitted.error)).toBe(200);
    const asked = (id: string) => noticesOf(t, id, 'notifications.expenseWaiting');
    expect(asked(users.treasurer.id)).toEqual([]);
    expect(asked(users.admin.id)).toHaveLength(1);
    expect(JSON.parse(asked(users.creator.id)[0]!.params)).toMatchObject({ name: 'Tabe Nkongho', amount: '$40.00', description: 'Hall deposit' });
    await agents.admin.mutate('finances.approveExpense', { id: submitted.data.id });
    expect(asked(users.admin.id)[0]!.handled_by).toBe(users.admin.id);
    expect(asked(users.creator.id)[0]!.handled_at).toBeNull();
    await agents.creator.mutate('finances.approveExpense', { id: submitted.data.id });
    expect(asked(users.creator.id)[0]!.handled_by).toBe(users.creator.id);
    // To pay: officers who are not its author.
    expect(noticesOf(t, users.treasurer.id, 'notifications.expenseToPay')).toEqual([]);
    expect(noticesOf(t, users.admin.id, 'notifications.expenseToPay')).toHaveLength(1);
    expect(noticesOf(t, users.creator.id, 'notifications.expenseToPay')).toHaveLength(0);
  });
});

/** needsWorld's cast on an app made by the test (one that does not send its own mail). */
async function needsWorldOn(t: ReturnType<typeof makeTestApp>) {
  const { listAccounts, saveFinanceSettings } = await import('../../src/server/services/finances/books');
  const users = {
    treasurer: await makeUser(t.db, { firstName: 'Tabe', lastName: 'Nkongho' }),
    member: await makeUser(t.db, { firstName: 'Jean-Paul', lastName: 'Mbarga' }),
  };
  const creator = await makeUser(t.db, { firstName: 'Ngozi', lastName: 'Eze' });
  const community = makeCommunity(t.db, { creator, name: 'Bamenda Cultural Association' });
  addMember(t.db, { communityId: community.id, user: users.treasurer, role: 'treasurer' });
  addMember(t.db, { communityId: community.id, user: users.member });
  saveFinanceSettings(t.db, { communityId: community.id, actorId: creator.id, changes: { currency: 'USD' }, cashBoxName: 'Cash box', now: t.clock.now() });
  // Only the treasurer keeps the books here: the creator hears nothing.
  t.db.$client.prepare("UPDATE memberships SET role = 'member' WHERE user_id = ? AND community_id = ?").run(creator.id, community.id);
  return { users, community, account: listAccounts(t.db, community.id)[0]!.id, agents: { treasurer: sessionAgent(t, users.treasurer), member: sessionAgent(t, users.member) } };
}

for (const T of TRANSPORTS) {
  describe(`${T.name}: one-click unsubscribe (${T.title(PREFS.unsubscribe)})`, () => {
    it('turns that kind’s emails off without a session, and the profile shows it; the notices still reach the app', async () => {
      smtp = await startSmtp();
      const { t, agents, users, community } = await needsWorld({ smtpUrl: smtp.url });
      await agents.member.mutate('finances.declarePayment', { communityId: community.id, amount: 2500, purpose: 'dues', method: 'cash' });
      const mail = await smtp.lastTo(users.treasurer.email);
      const url = new URL(/^<(.*)>$/.exec(header(mail.raw, 'List-Unsubscribe')!)![1]!);
      const token = url.searchParams.get('token')!;
      // The link in the mail's foot opens the app's page with the same token.
      expect(mailText(mail.raw)).toContain(`/unsubscribe?token=${token}`);

      const nobody = agent(t);
      // RFC 8058: a POST with the form body "List-Unsubscribe=One-Click", from the mail provider's own servers (no cookie, any origin).
      const status =
        T.name === 'REST'
          ? (await nobody.rest('POST', `${url.pathname}${url.search}`, 'List-Unsubscribe=One-Click', { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' })).status
          : (await nobody.mutate('notifications.unsubscribe', { token })).status;
      expect(status).toBe(200);
      const prefs = (await T.call(agents.treasurer, PREFS.get)).data;
      expect(prefs.kinds.needs).toMatchObject({ channel: 'app', isDefault: false, emailsOffFromEmailAt: new Date(t.clock.now()).toISOString() });
      expect(prefs.kinds.money).toMatchObject({ channel: 'email', emailsOffFromEmailAt: null });

      const before = smtp.countTo(users.treasurer.email);
      await agents.member.mutate('finances.declarePayment', { communityId: community.id, amount: 100, purpose: 'dues', method: 'cash' });
      await smtp.lastTo(users.admin.email);
      expect(smtp.countTo(users.treasurer.email)).toBe(before);
      expect(noticesOf(t, users.treasurer.id, 'notifications.paymentWaitingDues')).toHaveLength(2);
      // Choosing again in the profile clears the note.
      const again = await T.call(agents.treasurer, PREFS.set, { kinds: { needs: 'email' } });
      expect(again.status).toBe(200);
      expect(again.data.kinds.needs).toMatchObject({ channel: 'email', emailsOffFromEmailAt: null });
    });

    it('refuses a forged or altered token with a readable 400 in both languages, and changes nothing', async () => {
      const { t, users } = await needsWorld();
      const nobody = agent(t);
      const good = unsubscribeToken(t.db, users.treasurer.id, 'needs');
      const [payload, sig] = good.split('.') as [string, string];
      const otherKind = Buffer.from(JSON.stringify([users.treasurer.id, 'money'])).toString('base64url');
      const otherUser = Buffer.from(JSON.stringify([users.admin.id, 'needs'])).toString('base64url');
      const forged = [`${otherKind}.${sig}`, `${otherUser}.${sig}`, `${payload}.${sig.slice(0, -2)}xy`, `${payload}x.${sig}`, 'a'.repeat(40)];
      const before = t.db.$client.prepare('SELECT count(*) FROM notice_preferences').pluck().get();
      for (const token of forged) {
        const r = await T.call(nobody, PREFS.unsubscribe, { token });
        expect(r.status, token).toBe(400);
        expectError(r, 'BAD_REQUEST', 'errors.notices.badToken');
      }
      const fr = await T.call(nobody, PREFS.unsubscribe, { token: forged[0] }, { 'accept-language': 'fr' });
      expectError(fr, 'BAD_REQUEST', 'errors.notices.badToken', undefined, 'fr');
      expect((await T.call(nobody, PREFS.unsubscribe, {})).status).toBe(400);
      expect(t.db.$client.prepare('SELECT count(*) FROM notice_preferences').pluck().get()).toBe(before);
      // An account since deleted: refused too.
      deleteAccount(t.db, { user: users.bih, removePosts: false, actor: { id: users.bih.id, email: users.bih.email }, byStaff: false, now: t.clock.now() });
      expect((await T.call(nobody, PREFS.unsubscribe, { token: unsubscribeToken(t.db, users.bih.id, 'events') })).status).toBe(400);
      // The digest's own link turns the digest off.
      expect((await T.call(nobody, PREFS.unsubscribe, { token: unsubscribeToken(t.db, users.member.id, 'digest') })).data).toEqual({ topic: 'digest', firstName: 'Jean-Paul' });
      expect((await TRPC.call(sessionAgent(t, users.member), PREFS.get)).data).toMatchObject({ digest: 'off', digestOffFromEmailAt: new Date(t.clock.now()).toISOString() });
    });

    it(`settings: ${T.title(PREFS.set)} saves only the caller’s own choices and refuses what is not one`, async () => {
      const { t, agents } = await needsWorld();
      const saved = await T.call(agents.member, PREFS.set, { kinds: { events: 'off', polls: 'email' }, digest: 'weekly', timeZone: 'America/Chicago' });
      expect(saved.status, JSON.stringify(saved.raw)).toBe(200);
      expect(saved.data).toMatchObject({ digest: 'weekly', timeZone: 'America/Chicago', kinds: { events: { channel: 'off' }, polls: { channel: 'email' }, needs: { channel: 'email', isDefault: true } } });
      expect((await T.call(agents.bih, PREFS.get)).data).toMatchObject({ digest: 'daily', timeZone: null, kinds: { events: { channel: 'digest', isDefault: true } } });
      for (const bad of [{ kinds: { events: 'loud' } }, { kinds: { gossip: 'off' } }, { digest: 'hourly' }, { timeZone: 'Mars/Olympus' }, {}]) {
        const r = await T.call(agents.member, PREFS.set, bad);
        expect(r.status, JSON.stringify(bad)).toBe(400);
      }
      const anonymous = await T.call(agent(t), PREFS.get);
      expect(anonymous.status).toBe(401);
    });
  });
}

describe('REST: GET /api/needs/count', () => {
  it('answers the counts as { count, communities } and 401 signed out', async () => {
    const { t, agents, community } = await needsWorld();
    await agents.member.mutate('finances.declarePayment', { communityId: community.id, amount: 2500, purpose: 'dues', method: 'cash' });
    const r = await agents.treasurer.rest('GET', '/api/needs/count');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ count: 1, communities: [{ communityId: community.id, count: 1, tabs: { finances: 1 } }] });
    expect((await agent(t).rest('GET', '/api/needs/count')).status).toBe(401);
    expect((await TRPC.call(agent(t), N.count)).status).toBe(401);
  });
});
