import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import { dateInZone } from '../../src/shared/njangi/schedule';
import { saveFinanceSettings } from '../../src/server/services/finances/books';
import { openCycle } from '../../src/server/domains/savings/cycles';
import { createGroup } from '../../src/server/domains/savings/groups';
import { addMember as addToGroup, setRole } from '../../src/server/domains/savings/members';
import { addMember, makeCommunity, makeUser } from '../factories';
import { VSLA } from '../setup/savings';
import { expectToast, launchBrowser, screenshotDir, seriousViolations, signInByCookie, startServer, type TestServer } from './harness';

/*
 * A savings group's meeting and a loan, end to end on one phone passed from hand to hand (one
 * browser context; each person signs in on it). Tabe, the treasurer, records meeting 1 for eight
 * members with a fine; Awa, the secretary, confirms every line. Musa, in French, asks for a loan
 * of 12,000 above his own savings, Ada and Kofi stand behind it, Awa and Ngozi approve it, Tabe
 * records the payout and Musa confirms the money came. A month on, Musa declares a repayment and
 * Tabe records another; Awa confirms both, and the loan's statement shows the interest and the
 * principal paid. At the cycle's end Tabe proposes the share-out with Musa's loan carried, Awa
 * confirms it, and each member's amount shows: every line for the officers, his own for Musa. The
 * group, its people and its cycle are seeded through the services.
 */

let server: TestServer;
let browser: Browser;
let db: DB;
let page: Page;
let groupId: number;
const stamp = Date.now();
const ZONE = 'Africa/Douala';

type Person = { first: string; last: string; language?: 'en' | 'fr' };
const people = {
  ngozi: { first: 'Ngozi', last: 'Okafor' },
  tabe: { first: 'Tabe', last: 'Ndip' },
  awa: { first: 'Awa', last: 'Diallo' },
  musa: { first: 'Musa', last: 'Bello', language: 'fr' },
  ada: { first: 'Ada', last: 'Eze' },
  kofi: { first: 'Kofi', last: 'Mensah' },
  efua: { first: 'Efua', last: 'Asante' },
  chidi: { first: 'Chidi', last: 'Obi' },
  yaw: { first: 'Yaw', last: 'Boateng' },
} satisfies Record<string, Person>;
type Who = keyof typeof people;
const email = (who: Who) => `${who}.savings.${stamp}@example.org`;
const nameOf = (who: Who) => `${people[who].first} ${people[who].last}`;
const ids = {} as Record<Who, string>;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  db = openDatabase(join(server.dir, 'app.db'));
  const now = Date.now();
  for (const who of Object.keys(people) as Who[]) {
    const p: Person = people[who];
    ids[who] = (await makeUser(db, { firstName: p.first, lastName: p.last, email: email(who), language: p.language ?? 'en' })).id;
  }
  const creator = { id: ids.ngozi } as Parameters<typeof makeCommunity>[1]['creator'];
  const communityId = makeCommunity(db, { creator, name: 'Douala Women’s Savings' }).id;
  for (const who of Object.keys(people) as Who[]) if (who !== 'ngozi') addMember(db, { communityId, user: { id: ids[who] } as typeof creator, role: who === 'tabe' ? 'treasurer' : 'member' });
  saveFinanceSettings(db, { communityId, actorId: ids.tabe, changes: { currency: 'XAF' }, cashBoxName: 'Cash box', now });
  // Shares of 1,000 (one to five), loans up to three times one's savings at 2% a month on the balance, a fine of 200 for lateness.
  groupId = createGroup(db, { communityId, actorId: ids.ngozi, name: 'Akwa table banking', timeZone: ZONE, rules: VSLA, now }).id;
  for (const who of Object.keys(people) as Who[]) if (who !== 'ngozi') addToGroup(db, { communityId, groupId, actorId: ids.ngozi, userId: ids[who], now });
  setRole(db, { communityId, groupId, actorId: ids.ngozi, userId: ids.tabe, role: 'treasurer', now });
  setRole(db, { communityId, groupId, actorId: ids.ngozi, userId: ids.awa, role: 'secretary', now });
  openCycle(db, { communityId, groupId, actorId: ids.ngozi, startDate: dateInZone(now, ZONE), now });
  // bypassCSP: the accessibility audit adds axe's script to the page.
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, bypassCSP: true });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  db?.$client.close();
  await server?.stop();
});

/** The phone changes hands: the next person signs in on it and opens the group (or one of its loans). */
async function as(who: Who, loan?: number) {
  // The phone reads in its holder's language from the first paint (the app would switch to their account's after loading).
  await page.context().addCookies([{ name: 'harambee_lang', value: (people[who] as Person).language ?? 'en', url: server.url }]);
  await signInByCookie(page, server, email(who), `/savings/${groupId}${loan ? `?loan=${loan}` : ''}`);
  await page.getByTestId('savings-group-page').waitFor();
}
const fitsPhone = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
/** Digits as any locale groups them ("7,000", "7 000"). */
const amount = (n: string) => new RegExp(n.replace(/,/g, '[,\\s]'));

describe('Browser: a savings group’s meeting and a loan', () => {
  it('the treasurer records a meeting on a phone, a second officer confirms, a member borrows with two guarantors and repays twice, and the cycle closes with its share-out', async () => {
    // Tabe records meeting 1: three shares each, four for Ada and Kofi, five for Musa, nothing for Awa (she pays next time), Kofi fined for lateness.
    const SHARES: Partial<Record<Who, number>> = { ngozi: 3, tabe: 3, musa: 5, ada: 4, kofi: 4, efua: 3, chidi: 3, yaw: 3 };
    await as('tabe');
    await fitsPhone();
    await page.getByRole('button', { name: 'Record meeting 1' }).click();
    const form = page.getByTestId('record-meeting-form');
    for (const who of Object.keys(SHARES) as Who[]) {
      const more = form.getByRole('button', { name: `One share more for ${nameOf(who)}` });
      for (let i = 0; i < SHARES[who]!; i++) await more.click();
    }
    await form.getByRole('button', { name: 'Add a fine' }).click();
    await form.getByLabel('Member fined').selectOption(ids.kofi);
    await form.getByLabel('Reason').selectOption('late');
    // 5 × 3,000 + 2 × 4,000 + 5,000 + a 200 fine.
    expect(await form.getByTestId('record-total').textContent()).toMatch(amount('28,200'));
    await fitsPhone();
    await page.screenshot({ path: `${screenshotDir}/savings-record-meeting-375.png` });
    expect(await seriousViolations(page, '[data-testid="record-meeting-form"]')).toEqual([]);
    await form.getByRole('button', { name: 'Record', exact: true }).click();
    await expectToast(page, '9 entries recorded: a second officer confirms them');
    // Tabe recorded them: a second officer confirms, not he.
    expect(await page.getByTestId('to-confirm').getByRole('button', { name: /^Confirm / }).count()).toBe(0);

    // Awa confirms every line.
    await as('awa');
    const queue = page.getByTestId('savings-to-confirm');
    await expect.poll(() => queue.getByTestId('to-confirm').count()).toBe(9);
    for (let left = 9; left > 0; left--) {
      await queue.getByRole('button', { name: /^Confirm / }).first().click();
      await expect.poll(() => queue.getByTestId('to-confirm').count()).toBe(left - 1);
    }
    await queue.getByText('Nothing waits for confirmation.').waitFor();
    const ledger = page.getByTestId('savings-ledger');
    expect(await ledger.getByTestId('ledger-row').filter({ hasText: nameOf('musa') }).textContent()).toMatch(amount('5,000'));
    expect(await ledger.getByTestId('ledger-row').filter({ hasText: nameOf('kofi') }).textContent()).toMatch(/200/);
    await ledger.getByTestId('conserved').waitFor();

    // A reversal takes two officers: Awa proposes reversing Kofi's fine; she may withdraw it, never make it.
    await ledger.getByTestId('confirmed-entry').filter({ hasText: nameOf('kofi') }).filter({ hasText: 'Fine' }).getByRole('button', { name: /^Reverse / }).click();
    const propose = page.getByRole('alertdialog');
    await propose.getByLabel('Reason').fill('He came on time');
    await propose.getByRole('button', { name: 'Propose the reversal' }).click();
    // (Its toast queues behind the nine confirmations'; the row is what counts.)
    const reversal = page.getByTestId('savings-to-confirm').getByTestId('reversal-waiting').filter({ hasText: 'Reversal proposed: He came on time' });
    await reversal.getByRole('button', { name: /^Withdraw / }).waitFor();
    expect(await reversal.getByRole('button', { name: /^Reverse / }).count()).toBe(0);
    // Tabe, neither its proposer nor the member, makes it.
    await as('tabe');
    await page.getByTestId('reversal-waiting').getByRole('button', { name: /^Reverse / }).click();
    const make = page.getByRole('alertdialog');
    await make.getByLabel('Reason').fill('Agreed');
    await make.getByRole('button', { name: 'Reverse', exact: true }).click();
    await expectToast(page, 'Reversed');
    await expect.poll(() => page.getByTestId('reversal-waiting').count()).toBe(0);
    await page.getByTestId('savings-ledger').getByTestId('conserved').waitFor();

    // Musa, in French, asks for 12,000: more than his 5,000 of savings, so Ada and Kofi (8,000 saved between them) stand behind the 7,000 above it.
    await as('musa');
    const statement = page.getByTestId('savings-statement');
    expect(await statement.getByTestId('my-savings').textContent()).toMatch(amount('5,000'));
    // Nobody else's money on a plain member's page.
    expect(await page.getByTestId('savings-ledger').count()).toBe(0);
    await page.getByRole('button', { name: 'Demander un prêt' }).click();
    const request = page.getByTestId('request-loan-form');
    expect(await request.getByTestId('loan-limit').textContent()).toMatch(amount('15,000'));
    await request.locator('#loan-amount').fill('12000');
    await request.locator('#loan-periods').selectOption('3');
    await request.locator('#loan-purpose').fill('Stock pour la boutique');
    await request.getByText(nameOf('ada')).click();
    await request.getByText(nameOf('kofi')).click();
    await request.getByRole('button', { name: 'Demander le prêt' }).click();
    await expectToast(page, 'Prêt demandé : vos garants et deux responsables décident');
    await page.waitForURL(/\?loan=\d+$/);
    const loanId = Number(new URL(page.url()).searchParams.get('loan'));
    await expect.poll(() => page.getByTestId('loan-status').textContent()).toBe('Demandé');

    // The guarantors accept, from the link their notice gives.
    for (const who of ['ada', 'kofi'] as Who[]) {
      await as(who, loanId);
      await page.getByRole('button', { name: 'Stand behind this loan' }).click();
      await expectToast(page, 'You stand behind this loan');
    }
    // Two officers approve, one after the other.
    await as('awa', loanId);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expectToast(page, 'Approval recorded');
    await page.getByText('Officers’ approvals: 1 of 2').waitFor();
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await as('ngozi', loanId);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expectToast(page, 'Approval recorded');
    await expect.poll(() => page.getByTestId('loan-status').textContent()).toBe('Approved, to be paid out');

    // Tabe records the payout in cash; Musa confirms he received it.
    await as('tabe', loanId);
    await page.getByRole('button', { name: 'Record the payout' }).click();
    await page.getByTestId('disburse-form').getByRole('button', { name: 'Record the payout' }).click();
    await expectToast(page, 'Payout recorded: the borrower confirms receiving it');
    await as('musa', loanId);
    await page.getByRole('button', { name: 'J’ai reçu l’argent' }).click();
    await expectToast(page, 'Reçu : le prêt est en remboursement');
    await expect.poll(() => page.getByTestId('loan-status').textContent()).toBe('En remboursement');

    // A month and a few days on: the first installment (4,000 and 2% of 12,000) falls due.
    db.$client.prepare("UPDATE savings_loans SET disbursed_on = date(disbursed_on, '-35 days') WHERE id = ?").run(loanId);
    await page.reload();
    await page.getByTestId('loan-owed').getByText(/240/).waitFor();
    // Musa declares his first repayment; Tabe records the second.
    await page.getByRole('button', { name: 'Déclarer un remboursement' }).click();
    await page.locator('#repay-form-amount').fill('4240');
    await page.getByTestId('repay-form').getByRole('button', { name: 'Déclarer un remboursement' }).click();
    await expectToast(page, 'Remboursement enregistré : un second responsable le confirme');
    await as('tabe', loanId);
    await page.getByTestId('loan-moves').getByRole('button', { name: 'Record a repayment' }).click();
    await page.locator('#repay-form-amount').fill('3000');
    await page.getByTestId('repay-form').getByRole('button', { name: 'Record a repayment' }).click();
    await expectToast(page, 'Repayment recorded: a second officer confirms it');
    // Tabe recorded the second: only the first is his to confirm.
    expect(await page.getByTestId('savings-to-confirm').getByRole('button', { name: /^Confirm / }).count()).toBe(1);

    // Awa confirms both: interest first, then the amount borrowed.
    await as('awa', loanId);
    const waiting = page.getByTestId('savings-to-confirm');
    for (let left = 2; left > 0; left--) {
      await waiting.getByRole('button', { name: /^Confirm Repayment/ }).first().click();
      await expect.poll(() => waiting.getByTestId('to-confirm').count()).toBe(left - 1);
    }

    // The loan's statement, as Musa reads it: 240 of interest and 7,000 of principal paid, 5,000 still owed.
    await as('musa', loanId);
    const paid = page.getByTestId('loan-paid');
    await expect.poll(() => paid.textContent()).toMatch(/240/);
    expect(await paid.textContent()).toMatch(amount('7,000'));
    expect(await page.getByTestId('loan-owed').textContent()).toMatch(amount('5,000'));
    expect(await page.getByTestId('loan-repayment').count()).toBe(2);
    expect(await page.getByTestId('loan-schedule').getByRole('row').count()).toBe(4);
    await fitsPhone();
    await page.screenshot({ path: `${screenshotDir}/savings-loan-fr-375.png` });
    expect(await seriousViolations(page)).toEqual([]);

    // The cycle's end: Tabe proposes the share-out with Musa's loan carried (5,000 still owed), Awa confirms it.
    // The fund is the loan fund's cash, from what went in and out above: every share (Kofi's fine was
    // reversed), the interest, less the 12,000 lent, plus the 7,000 of it repaid. Each gets
    // floor(shares × fund ÷ all shares).
    const totalShares = Object.values(SHARES).reduce((a, b) => a + b, 0);
    const fund = totalShares * 1_000 + 240 - 12_000 + 7_000;
    const share = (who: Who) => Math.floor((SHARES[who]! * fund) / totalShares);
    const digits = (n: number) => amount(n.toLocaleString('en'));
    await as('tabe');
    const panel = page.getByTestId('savings-share-out');
    expect(await panel.getByTestId('share-out-fund').textContent()).toMatch(digits(fund));
    const carry = panel.getByRole('checkbox', { name: new RegExp(`^Loan #${loanId} of ${nameOf('musa')}: .*5,000 still owed$`) });
    await panel.getByTestId('share-out-carry').click();
    expect(await carry.isChecked()).toBe(true);
    await panel.getByRole('button', { name: 'Propose the share-out' }).click();
    await expectToast(page, 'Share-out proposed: a second officer confirms it');
    await panel.getByText('You proposed it: another officer confirms or rejects it.').waitFor();

    await as('awa');
    await panel.getByRole('button', { name: 'Confirm the share-out' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm the share-out' }).click();
    await expectToast(page, 'Share-out confirmed: the cycle is closed');
    // The officers read every member's line, and the meetings' card offers the next cycle.
    const lines = panel.getByTestId('share-out-line');
    await expect.poll(() => lines.count()).toBe(Object.keys(SHARES).length);
    for (const who of Object.keys(SHARES) as Who[]) expect(await lines.filter({ hasText: nameOf(who) }).getByTestId('share-out-amount').textContent()).toMatch(digits(share(who)));
    const paidOut = (Object.keys(SHARES) as Who[]).reduce((sum, who) => sum + share(who), 0);
    expect(await panel.getByTestId('share-out-paid').textContent()).toMatch(digits(paidOut));
    expect(await panel.getByTestId('share-out-carried').textContent()).toMatch(digits(fund - paidOut));
    expect(await panel.getByRole('link', { name: 'Report (PDF)' }).getAttribute('href')).toMatch(/\/share-out\.pdf\?lang=en$/);
    await page.getByTestId('savings-meetings').getByRole('button', { name: 'Open a cycle' }).waitFor();
    await fitsPhone();
    expect(await seriousViolations(page, '[data-testid="savings-share-out"]')).toEqual([]);
    // The same report on a laptop: the lines as a table, nothing wider than the window.
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await panel.screenshot({ path: `${screenshotDir}/savings-share-out-1280.png` });
    await page.setViewportSize({ width: 375, height: 800 });

    // Musa, a plain member, reads his own line and the totals, in French, and nobody else's.
    await as('musa');
    await panel.getByTestId('my-share-out').getByText(digits(share('musa'))).waitFor();
    expect(await panel.getByTestId('my-share-out').textContent()).toMatch(/^Votre part\u00a0: .+ pour 5 parts$/);
    expect(await panel.getByTestId('share-out-line').count()).toBe(0);
    expect(await panel.getByRole('link', { name: 'Rapport (PDF)' }).getAttribute('href')).toMatch(/\/share-out\.pdf\?lang=fr$/);
  });
});
