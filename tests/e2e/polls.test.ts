import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import { listAccounts, saveFinanceSettings } from '../../src/server/services/finances/books';
import { createDuesPlan } from '../../src/server/services/finances/dues';
import { confirmPayment, recordCashPayment } from '../../src/server/services/finances/payments';
import { addMember, makeCommunity, makeUser } from '../factories';
import { launchBrowser, signInByCookie, startServer, type TestServer } from './harness';

/*
 * An election end to end. The community's monthly dues are set up, and Amara has paid while Bih
 * has not; the leader opens an election for treasurer, open to members in good standing, and
 * nominates Tabe and Musa. Both accept from the election's page (Tabe on a phone), the leader
 * opens the voting, Amara votes from /polls/:id, Bih is told why she may not, and after the leader
 * closes the election everyone sees Tabe elected.
 */

let server: TestServer;
let browser: Browser;
let db: DB;
let communityId: number;
const contexts: BrowserContext[] = [];
const stamp = Date.now();

type Person = { first: string; last: string; email: string; width: number };
const leader: Person = { first: 'Ngozi', last: 'Okafor', email: `ngozi.poll.${stamp}@example.org`, width: 1280 };
const amara: Person = { first: 'Amara', last: 'Nwosu', email: `amara.poll.${stamp}@example.org`, width: 1280 };
const bih: Person = { first: 'Bih', last: 'Fon', email: `bih.poll.${stamp}@example.org`, width: 375 };
const tabe: Person = { first: 'Tabe', last: 'Ndip', email: `tabe.poll.${stamp}@example.org`, width: 375 };
const musa: Person = { first: 'Musa', last: 'Bello', email: `musa.poll.${stamp}@example.org`, width: 1280 };
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  db = openDatabase(join(server.dir, 'app.db'));
  const [l, ...others] = await Promise.all([leader, amara, bih, tabe, musa].map((p) => makeUser(db, { firstName: p.first, lastName: p.last, email: p.email })));
  for (const [i, p] of [leader, amara, bih, tabe, musa].entries()) ids[p.first] = [l!, ...others][i]!.id;
  communityId = makeCommunity(db, { creator: l!, name: 'Douala Diaspora Union' }).id;
  for (const u of others) addMember(db, { communityId, user: u });
  // Monthly dues since the start of last month: everyone owes; Amara, Tabe and Musa have paid.
  const now = Date.now();
  const d = new Date(now);
  const startsOn = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
  saveFinanceSettings(db, { communityId, actorId: l!.id, changes: { currency: 'XAF' }, cashBoxName: 'Cash box', now });
  createDuesPlan(db, { communityId, actorId: l!.id, plan: { name: 'Monthly dues', amount: 2000, period: 'monthly', dueDay: 1, graceDays: 5, startsOn }, now });
  const account = listAccounts(db, communityId)[0]!.id;
  // Cash the leader records counts once another officer has confirmed it (four eyes).
  const treasurer = await makeUser(db, { firstName: 'Eko', lastName: 'Mbah', email: `eko.poll.${stamp}@example.org` });
  addMember(db, { communityId, user: treasurer, role: 'treasurer' });
  for (const who of [amara, tabe, musa]) {
    const cash = recordCashPayment(db, { communityId, memberId: ids[who.first]!, details: { amount: 4000, purpose: 'dues', method: 'cash' }, accountId: account, actorId: l!.id, now });
    confirmPayment(db, { communityId, paymentId: cash.id, accountId: account, actorId: treasurer.id, now });
  }
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  db?.$client.close();
  await server?.stop();
});

async function signedIn(p: Person): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: p.width, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  await signInByCookie(page, server, p.email);
  return page;
}
const fitsPhone = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

describe('Browser: an election', () => {
  it('nominees accept, the leader opens the voting, a paid-up member votes, one behind on dues is told why not, and after closing Tabe is elected', async () => {
    const lead = await signedIn(leader);
    const created = await lead.request.post(`${server.url}/api/communities/${communityId}/polls`, {
      data: { kind: 'election', title: 'Treasurer 2027', seats: 1, closesAt: Date.now() + 3 * 86_400_000, eligibility: 'dues_paid' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const pollId = ((await created.json()) as { id: number }).id;
    for (const who of [tabe, musa]) {
      const r = await lead.request.post(`${server.url}/trpc/polls.nominate`, { data: { id: pollId, userId: ids[who.first] } });
      expect(r.status(), await r.text()).toBe(200);
    }

    // The nominees accept from the election's page.
    for (const who of [tabe, musa]) {
      const page = await signedIn(who);
      await page.goto(`${server.url}/polls/${pollId}`);
      await page.getByRole('heading', { level: 1, name: 'Treasurer 2027' }).waitFor();
      await page.getByTestId('accept-nomination').click();
      await expect.poll(() => page.getByTestId('accept-nomination').count(), { timeout: 10_000 }).toBe(0);
      if (who.width === 375) await fitsPhone(page);
    }

    // The leader opens the voting.
    await lead.goto(`${server.url}/polls/${pollId}`);
    await lead.getByTestId('open-voting').click();
    await lead.getByRole('alertdialog').getByRole('button', { name: 'Open voting' }).click();
    await lead.getByTestId('poll-ballot-card').waitFor();

    // Amara, paid up, votes for Tabe: one seat is one choice (radio buttons), and the ballot is
    // secret though the election was created without a word on it.
    const a = await signedIn(amara);
    await a.goto(`${server.url}/polls/${pollId}`);
    const ballot = a.getByTestId('poll-ballot');
    await ballot.getByText('Choose one candidate.').waitFor();
    expect(await ballot.getByRole('radio').count()).toBe(2);
    await a.getByTestId('poll-ballot-card').getByText('Tabe Ndip').click();
    await a.getByTestId('poll-submit').click();
    await expect.poll(() => a.getByTestId('poll-submit').innerText(), { timeout: 10_000 }).toMatch(/Change/);
    await a.getByTestId('poll-my-vote').filter({ hasText: 'This poll is anonymous' }).waitFor();

    // Bih is in arrears on her dues: told why and the way back, and offered no ballot.
    const b = await signedIn(bih);
    await b.goto(`${server.url}/polls/${pollId}`);
    await b.getByTestId('poll-eligibility').filter({ hasText: 'of arrears to vote.' }).waitFor();
    expect(await b.getByTestId('poll-submit').count()).toBe(0);
    await fitsPhone(b);

    // A new election's form starts secret; choosing named ballots says everyone will see each vote.
    // Polls have their own tab.
    await lead.goto(`${server.url}/community/${communityId}?tab=polls`);
    await lead.getByTestId('create-poll').click();
    await lead.getByTestId('poll-kind-select').selectOption('election');
    const secrecy = lead.getByTestId('poll-anonymous');
    expect(await secrecy.locator('input[value="anonymous"]').isChecked()).toBe(true);
    expect(await lead.getByTestId('poll-named-warning').count()).toBe(0);
    await secrecy.getByText('Named:').click();
    await lead.getByTestId('poll-named-warning').filter({ hasText: 'every member of the community will see each vote' }).waitFor();
    await lead.getByTestId('create-poll-form').getByRole('button', { name: 'Cancel' }).click();

    // Closed by the leader: Tabe is elected, for everyone.
    await lead.goto(`${server.url}/polls/${pollId}`);
    await lead.getByTestId('poll-close').click();
    await lead.getByRole('alertdialog').getByRole('button').last().click();
    await lead.getByTestId('poll-results-summary').filter({ hasText: 'Elected: Tabe Ndip' }).waitFor();
    await b.reload();
    await b.getByTestId('poll-results-summary').filter({ hasText: 'Elected: Tabe Ndip' }).waitFor();
  });
});
