import { join } from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import { listAccounts, saveFinanceSettings } from '../../src/server/services/finances/books';
import { addDependant } from '../../src/server/domains/welfare/dependants';
import { createFund } from '../../src/server/domains/welfare/funds';
import { addMember, makeCommunity, makeUser } from '../factories';
import { expectToast, launchBrowser, screenshotDir, signInByCookie, startServer, type TestServer } from './harness';

/*
 * A bereavement case end to end. Musa's mother, registered with the fund two months ago, has
 * died. Ngozi, an officer, sets up a medical fund and opens the case for him on her phone with the
 * death certificate; Tabe verifies it and Awa, a second officer, approves it on her phone, posts a
 * condolence with the family's consent and issues the levy; Ada sees
 * the levy on her phone and declares her payment, which Tabe confirms; Tabe records the benefit
 * paid with its proof, and Musa, on his phone and in French, confirms he received it.
 */

let server: TestServer;
let browser: Browser;
let db: DB;
let communityId: number;
let account: number;
const contexts: BrowserContext[] = [];
const stamp = Date.now();
const DAY = 86_400_000;

type Person = { first: string; last: string; email: string; width: number; language?: 'en' | 'fr' };
const ngozi: Person = { first: 'Ngozi', last: 'Okafor', email: `ngozi.welfare.${stamp}@example.org`, width: 375 };
const awa: Person = { first: 'Awa', last: 'Diallo', email: `awa.welfare.${stamp}@example.org`, width: 375 };
const tabe: Person = { first: 'Tabe', last: 'Ndip', email: `tabe.welfare.${stamp}@example.org`, width: 1280 };
const musa: Person = { first: 'Musa', last: 'Bello', email: `musa.welfare.${stamp}@example.org`, width: 375, language: 'fr' };
const ada: Person = { first: 'Ada', last: 'Eze', email: `ada.welfare.${stamp}@example.org`, width: 375 };
const ids: Record<string, string> = {};
let awaPage: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  db = openDatabase(join(server.dir, 'app.db'));
  const now = Date.now();
  const people = [ngozi, awa, tabe, musa, ada];
  const users = await Promise.all(people.map((p) => makeUser(db, { firstName: p.first, lastName: p.last, email: p.email, language: p.language ?? 'en' })));
  people.forEach((p, i) => (ids[p.first] = users[i]!.id));
  communityId = makeCommunity(db, { creator: users[0]!, name: 'Houston Cameroonian Association' }).id;
  addMember(db, { communityId, user: users[1]!, role: 'admin' });
  addMember(db, { communityId, user: users[2]!, role: 'treasurer' });
  addMember(db, { communityId, user: users[3]! });
  addMember(db, { communityId, user: users[4]! });
  saveFinanceSettings(db, { communityId, actorId: ids.Tabe!, changes: { currency: 'XAF' }, cashBoxName: 'Cash box', now });
  account = listAccounts(db, communityId)[0]!.id;
  createFund(db, {
    communityId,
    actorId: ids.Ngozi!,
    name: 'Bereavement fund',
    kind: 'bereavement',
    financing: 'levy',
    rules: { benefits: { member: 5_000, parent: 5_000 }, limits: { parent: 2 }, dependantWaitingDays: 30, levyAmount: 5_000, levyDueDays: 14, graceDays: 7 },
    now: now - 90 * DAY,
  });
  addDependant(db, { communityId, memberId: ids.Musa!, name: 'Mama Halima', relationship: 'parent', now: now - 60 * DAY });
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  db?.$client.close();
  await server?.stop();
});

/** Signed in, straight on the page the person starts from (`to`): one page load, not the dashboard's and then this one. */
async function signedIn(p: Person, to: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: p.width, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  await signInByCookie(page, server, p.email, to.replace(server.url, ''));
  return page;
}
const fitsPhone = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
const photo = () => sharp({ create: { width: 600, height: 800, channels: 3, background: '#e2e8f0' } }).jpeg().toBuffer();

describe('Browser: a bereavement case', () => {
  it('an officer opens it on a phone, a second officer approves and levies, a member pays, the beneficiary confirms the benefit', async () => {
    // Ngozi opens the case for Musa's mother, on her phone, with the certificate.
    const officer = await signedIn(ngozi, `/community/${communityId}?tab=welfare`);
    await officer.getByTestId('welfare-tab').waitFor();
    await fitsPhone(officer);
    // An officer sets up a second fund on the general fund's balance.
    await officer.getByRole('button', { name: 'New fund' }).click();
    const fundForm = officer.getByTestId('create-fund-form');
    await fundForm.locator('#name').fill('Medical fund');
    await fundForm.locator('#kind').selectOption('medical');
    await fundForm.locator('#financing').selectOption('general');
    await fundForm.locator('#benefit-member').fill('10000');
    await fundForm.getByRole('button', { name: 'Create fund' }).click();
    await expectToast(officer, 'Fund created');
    await officer.getByTestId('welfare-funds').getByText('Medical fund').waitFor();
    // Its benefit raised: the rules' next version (cases already open keep theirs).
    await officer.getByRole('button', { name: 'Change rules: Medical fund' }).click();
    const rulesForm = officer.getByTestId('fund-rules-form');
    expect(await rulesForm.locator('#benefit-member').inputValue()).toBe('10000');
    await rulesForm.locator('#benefit-member').fill('12000');
    await rulesForm.getByRole('button', { name: 'Save new rules' }).click();
    await expectToast(officer, 'New rules in force');
    await officer.getByTestId('welfare-funds').getByText('Rules version 2').waitFor();
    await officer.getByRole('button', { name: 'Open a case' }).click();
    const form = officer.getByTestId('open-case-form');
    await form.locator('#memberId').selectOption(ids.Musa!);
    await form.locator('#subject').selectOption({ label: 'Mama Halima (Parent)' });
    await form.locator('#description').fill('Mama Halima passed away in Garoua on Sunday.');
    await form.getByTestId('case-document').setInputFiles({ name: 'certificate.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    await form.getByAltText(/./).first().waitFor();
    await form.getByRole('button', { name: 'Open case' }).click();
    await expectToast(officer, 'Case opened: two officers will check it.');
    await officer.waitForURL(/\/welfare\/\d+$/);
    const caseUrl = officer.url();
    const caseId = Number(caseUrl.split('/').pop());
    await expect.poll(() => officer.getByTestId('case-status').textContent()).toBe('Waiting for verification');
    // She opened it: two other officers decide.
    await officer.getByText('You are a party to this case: two other officers decide it.').waitFor();
    expect(await officer.getByTestId('case-moves').count()).toBe(0);
    await fitsPhone(officer);
    await officer.screenshot({ path: `${screenshotDir}/welfare-case-opened-375.png` });

    // Tabe verifies; Awa, the second officer, approves on her phone and issues the levy.
    const treasurer = await signedIn(tabe, caseUrl);
    await treasurer.getByRole('button', { name: 'Verify case' }).click();
    await expectToast(treasurer, 'Case verified');
    await expect.poll(() => treasurer.getByTestId('case-status').textContent()).toBe('Waiting for a second approval');
    expect(await treasurer.getByRole('button', { name: 'Approve case' }).count()).toBe(0);

    const second = await signedIn(awa, caseUrl);
    awaPage = second;
    await second.getByRole('button', { name: 'Approve case' }).click();
    await expectToast(second, 'Case approved');
    // A condolence to the community, with the family's consent noted.
    await second.getByRole('button', { name: 'Post a condolence' }).click();
    const condolence = second.getByTestId('condolence-form');
    await condolence.locator('#consent').fill('Musa agreed by phone');
    await condolence.locator('#message').fill('Our thoughts are with Musa and his family.');
    await condolence.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(second, 'Condolence posted');
    await second.getByRole('button', { name: 'Issue the levy' }).click();
    // Everyone in good standing but the case's parties (Ngozi opened it, Musa is covered): Awa, Tabe, Ada.
    await expectToast(second, 'Levy issued to 3 members');
    await second.getByTestId('case-collection').getByText('0 of 3 members have paid').waitFor();
    // Tabe handed Awa cash at the meeting: she records it against his levy, for another officer to confirm.
    const tabeLevy = second.getByTestId('case-levy').filter({ hasText: 'Tabe Ndip' });
    await tabeLevy.getByRole('button', { name: 'Record cash: Tabe Ndip' }).click();
    const cash = second.getByTestId('levy-cash-form');
    expect(await cash.locator('#amount').inputValue()).toBe('5000');
    await cash.getByRole('button', { name: 'Record cash' }).click();
    await expectToast(second, 'Cash recorded');
    await tabeLevy.getByText(/waiting for confirmation/).waitFor();
    await fitsPhone(second);
    await second.screenshot({ path: `${screenshotDir}/welfare-case-levy-375.png` });

    // Ada sees her levy on her phone and declares her payment; the collection shows totals only.
    const member = await signedIn(ada, `/community/${communityId}?tab=welfare`);
    const levy = member.getByTestId('levy-row');
    await levy.getByText('Bereavement fund: case #' + caseId).waitFor();
    await levy.getByRole('button', { name: 'Pay' }).click();
    const pay = member.getByTestId('pay-levy-form');
    expect(await pay.locator('#amount').inputValue()).toBe('5000');
    await pay.getByRole('button', { name: 'Declare payment' }).click();
    await expectToast(member, 'Payment declared: an officer will confirm it.');
    await member.getByTestId('welfare-levies').getByText(/waiting for confirmation/).waitFor();
    await fitsPhone(member);
    await member.screenshot({ path: `${screenshotDir}/welfare-member-375.png` });

    const payment = db.$client.prepare('SELECT id FROM payments WHERE member_id = ? AND levy_id IS NOT NULL').pluck().get(ids.Ada) as number;
    const confirmed = await treasurer.request.post(`${server.url}/trpc/finances.confirmPayment`, { data: { id: payment, accountId: account } });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    await member.goto(`${server.url}/welfare/${caseId}`);
    await member.getByTestId('my-levy').getByText('You have paid your levy. Thank you.').waitFor();
    const collection = await member.getByTestId('case-collection').textContent();
    expect(collection).toContain('1 of 3 members have paid');
    // Neither the story nor the papers, nor who has not paid.
    expect(await member.getByText('Mama Halima passed away').count()).toBe(0);
    for (const name of ['Awa', 'Tabe']) expect(collection).not.toContain(name);

    // Tabe records the benefit sent, with its proof.
    await treasurer.reload();
    await treasurer.getByRole('button', { name: 'Record benefit paid' }).click();
    const benefit = treasurer.getByTestId('pay-benefit-form');
    await benefit.locator('#reference').fill('OM-778');
    await benefit.getByTestId('benefit-proof').setInputFiles({ name: 'transfer.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    await benefit.getByAltText(/./).first().waitFor();
    await benefit.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(treasurer, 'Benefit recorded as paid');

    // Musa, on his phone and in French, confirms he received it.
    const beneficiary = await signedIn(musa, caseUrl);
    await beneficiary.getByTestId('case-benefit').getByText(/Prestation de .* envoyée le/).waitFor();
    await beneficiary.getByRole('button', { name: 'J’ai reçu la prestation' }).click();
    await expectToast(beneficiary, 'Réception confirmée');
    await expect.poll(() => beneficiary.getByTestId('case-status').textContent()).toBe('Prestation reçue');
    await fitsPhone(beneficiary);
    await beneficiary.screenshot({ path: `${screenshotDir}/welfare-beneficiary-fr-375.png` });
  });

  it('a leader suspends a member from the roll, with a reason and an end date, then lifts it', async () => {
    // Awa, still on the case, goes back to the community's welfare tab by the case's link.
    const leader = awaPage;
    await leader.getByRole('link', { name: 'Back to the community' }).click();
    await leader.waitForURL(/tab=welfare/);
    const row = leader.getByTestId('roll-row').filter({ hasText: 'Ada Eze' });
    await row.getByRole('button', { name: 'Suspend Ada Eze' }).click();
    const form = leader.getByTestId('suspend-form');
    await form.locator('#reason').fill('Insulted a member at the meeting');
    await form.getByRole('button', { name: 'Suspend' }).click();
    await expectToast(leader, 'Member suspended');
    await row.getByText('Suspended', { exact: true }).waitFor();
    await fitsPhone(leader);
    await row.getByRole('button', { name: 'Lift suspension of Ada Eze' }).click();
    const lift = leader.getByTestId('lift-form');
    await lift.getByRole('textbox').fill('She apologised');
    await lift.getByRole('button', { name: 'Lift suspension' }).click();
    await expectToast(leader, 'Suspension lifted');
    await row.getByText('In good standing').waitFor();
  });
});
