import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import { addMember, makeCommunity, makeUser } from '../factories';
import { expectToast, launchBrowser, screenshotDir, seriousViolations, signInByCookie, startServer, type TestServer } from './harness';

/*
 * Documents end to end. The leader uploads the minutes (a real PDF) from the Documents tab and a
 * draft of the accounts for leaders only; a member, in another browser, finds the minutes (in the
 * tab, by search and on the Overview), opens their details and previews them through the
 * authorised inline route, and never sees the draft. On a phone the tab fits the screen.
 */

let server: TestServer;
let browser: Browser;
let db: DB;
let communityId: number;
const contexts: BrowserContext[] = [];
const stamp = Date.now();
type Person = { first: string; last: string; email: string };
const leader: Person = { first: 'Efua', last: 'Mensah', email: `efua.docs.${stamp}@example.org` };
const member: Person = { first: 'Kofi', last: 'Boateng', email: `kofi.docs.${stamp}@example.org` };
const staff: Person = { first: 'Ama', last: 'Darko', email: `ama.docs.${stamp}@example.org` };
const documentsTab = () => `/community/${communityId}?tab=documents`;
/** The leader's page, kept from the first journey to the second (the same person, still on the tab). */
let leaderPage: Page;
let memberPage: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  db = openDatabase(join(server.dir, 'app.db'));
  const [l, m] = await Promise.all([leader, member].map((p) => makeUser(db, { firstName: p.first, lastName: p.last, email: p.email })));
  communityId = makeCommunity(db, { creator: l!, name: 'Kumasi Mutual Aid' }).id;
  addMember(db, { communityId, user: m! });
  await makeUser(db, { firstName: staff.first, lastName: staff.last, email: staff.email, role: 'superadmin' });
  mkdirSync(screenshotDir, { recursive: true });
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  db?.$client.close();
  await server?.stop();
});

/** Signed in, straight on the page the person starts from (`to`): one page load, not the dashboard's and then this one. */
async function signedIn(p: Person, width: number, to: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
  contexts.push(context);
  const page = await context.newPage();
  await signInByCookie(page, server, p.email, to);
  return page;
}

async function pdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText(text, { x: 50, y: 780, size: 14, font });
  return Buffer.from(await doc.save());
}

/** axe-core's serious and critical findings within one part of the page. */
async function audit(page: Page, within: string): Promise<string[]> {
  // The pointer off the button just clicked: axe would judge its hover colour.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  return seriousViolations(page, within);
}

const noOverflow = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

async function upload(page: Page, p: { name: string; body: Buffer; mimeType: string; title: string; leadersOnly?: boolean }) {
  await page.getByTestId('upload-document').click();
  const form = page.getByTestId('upload-document-form');
  await form.getByTestId('upload-file-input').setInputFiles({ name: p.name, mimeType: p.mimeType, buffer: p.body });
  // The title follows the file's name until someone types their own.
  expect(await form.getByTestId('upload-title-input').inputValue()).toBe(p.name.replace(/\.[^.]+$/, ''));
  await form.getByTestId('upload-title-input').fill(p.title);
  if (p.leadersOnly) await form.getByTestId('document-visibility-select').selectOption('leaders');
  await form.getByTestId('upload-submit').click();
  await form.waitFor({ state: 'detached' });
  await page.getByTestId('document-row').filter({ hasText: p.title }).waitFor();
}

describe('Browser: documents', () => {
  it('a leader uploads a PDF and a leaders-only draft; a member finds and previews the PDF and never sees the draft', async () => {
    const l = await signedIn(leader, 1280, documentsTab());
    leaderPage = l;
    const section = l.getByTestId('documents-section');
    await section.getByTestId('documents-empty').waitFor();
    await section.getByTestId('documents-usage').waitFor();

    // A refused kind: the server's own words, in the dialog, which stays open.
    await l.getByTestId('upload-document').click();
    const form = l.getByTestId('upload-document-form');
    await form.getByTestId('upload-file-input').setInputFiles({ name: 'flyer.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
    await form.getByTestId('upload-submit').click();
    const refusal = form.getByTestId('upload-error');
    await refusal.waitFor();
    expect((await refusal.innerText()).length).toBeGreaterThan(20);
    expect(await audit(l, '[role=dialog]')).toEqual([]);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });

    const minutes = await pdf('Minutes of the general assembly, 12 March');
    await upload(l, { name: 'minutes-march.pdf', body: minutes, mimeType: 'application/pdf', title: 'Minutes of the March assembly' });
    await upload(l, { name: 'accounts-draft.pdf', body: await pdf('Draft accounts'), mimeType: 'application/pdf', title: 'Draft accounts 2025', leadersOnly: true });
    const draftRow = section.getByTestId('document-row').filter({ hasText: 'Draft accounts 2025' });
    await draftRow.getByTestId('document-leaders-only').waitFor();
    expect(await section.getByTestId('documents-usage-text').innerText()).toMatch(/ of 1 GB used$/);
    expect(await audit(l, '[data-testid=documents-section]')).toEqual([]);
    await l.screenshot({ path: `${screenshotDir}/documents-leader-1280.png` });

    // The member, in another browser: the minutes with their size and uploader, not the draft.
    const m = await signedIn(member, 1280, `/community/${communityId}`);
    memberPage = m;
    const recent = m.getByTestId('recent-documents');
    await recent.getByTestId('recent-document').filter({ hasText: 'Minutes of the March assembly' }).waitFor();
    expect(await recent.getByTestId('recent-document').count()).toBe(1);
    // Its title opens its details on the Documents tab (the address says which, so the link can be shared); closing leaves the tab.
    await recent.getByRole('link', { name: 'Minutes of the March assembly' }).click();
    await m.waitForURL(/\?tab=documents&doc=\d+$/);
    await m.getByTestId('document-dialog').getByTestId('document-version').first().waitFor();
    await m.keyboard.press('Escape');
    await m.getByTestId('document-dialog').waitFor({ state: 'hidden' });
    await m.waitForURL(/\?tab=documents$/);
    const tab = m.getByTestId('documents-section');
    const row = tab.getByTestId('document-row').filter({ hasText: 'Minutes of the March assembly' });
    await row.waitFor();
    expect(await row.innerText()).toContain('Efua Mensah');
    expect(await tab.getByTestId('document-row').count()).toBe(1);
    expect(await tab.getByText('Draft accounts 2025').count()).toBe(0);
    // No manage controls for a member.
    expect(await m.getByTestId('upload-document').count()).toBe(0);
    expect(await m.getByTestId('manage-folders').count()).toBe(0);
    expect(await m.getByTestId('documents-usage').count()).toBe(0);

    // Search by title.
    await tab.getByTestId('documents-search').fill('budget');
    await tab.getByTestId('documents-no-results').waitFor();
    await tab.getByTestId('documents-search').fill('march');
    await row.waitFor();

    // The details: a version list, and the PDF opens in the browser's viewer through the authorised inline route.
    await row.getByTestId('document-open').click();
    const dialog = m.getByTestId('document-dialog');
    await dialog.getByTestId('document-version').first().waitFor();
    expect(await dialog.getByTestId('document-version').count()).toBe(1);
    expect(await dialog.getByTestId('document-edit').count()).toBe(0);
    const open = dialog.getByTestId('document-open-pdf');
    expect(await open.getAttribute('target')).toBe('_blank');
    const href = (await open.getAttribute('href'))!;
    expect(href).toMatch(/^\/api\/documents\/\d+\/download\?.*inline=1/);
    const preview = await m.request.get(`${server.url}${href}`);
    expect(preview.status()).toBe(200);
    expect(preview.headers()['content-type']).toMatch(/^application\/pdf/);
    expect(preview.headers()['content-disposition']).toMatch(/^inline/);
    // The server rebuilds every PDF (no scripts, no attachments): the same one-page document, not the same bytes.
    expect((await PDFDocument.load(await preview.body())).getPageCount()).toBe(1);
    const [viewer] = await Promise.all([m.context().waitForEvent('page'), open.click()]);
    await viewer.waitForLoadState();
    expect(viewer.url()).toBe(`${server.url}${href}`);
    await viewer.close();
    await m.screenshot({ path: `${screenshotDir}/documents-details-1280.png` });
    expect(await audit(m, '[role=dialog]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The draft's own route answers the member as if it did not exist.
    const draftId = await draftRow.getAttribute('data-document-id');
    const refused = await m.request.get(`${server.url}/api/documents/${draftId}/download?inline=1`);
    expect(refused.status()).toBe(404);
  });

  it('a leader files the minutes in a folder, uploads a new version, previews an image and deletes the draft after confirming', async () => {
    // The leader's own browser, back on the tab (one page load, not a new browser, the dashboard and the tab).
    const l = leaderPage;
    await l.reload();
    const tab = l.getByTestId('documents-section');
    const minutes = tab.getByTestId('document-row').filter({ hasText: 'Minutes of the March assembly' });
    await minutes.waitFor();

    // A folder, then the minutes moved into it.
    await l.getByTestId('manage-folders').click();
    const folders = l.getByRole('dialog');
    await folders.getByTestId('new-folder-input').fill('Assemblies');
    await folders.getByTestId('new-folder-submit').click();
    await folders.getByTestId('folder-row').filter({ hasText: 'Assemblies' }).waitFor();
    expect(await audit(l, '[role=dialog]')).toEqual([]);
    await folders.getByRole('button', { name: 'Close' }).first().click();
    await folders.waitFor({ state: 'detached' });

    await minutes.getByTestId('document-open').click();
    const dialog = l.getByTestId('document-dialog');
    await dialog.getByTestId('document-edit').click();
    await dialog.getByTestId('document-folder-select').selectOption({ label: 'Assemblies' });
    await dialog.getByTestId('edit-document-submit').click();
    await dialog.getByTestId('document-edit').waitFor();

    // A new version: both listed, the newest first and current.
    await dialog.getByTestId('document-new-version').click();
    await dialog.getByTestId('upload-file-input').setInputFiles({ name: 'minutes-march-v2.pdf', mimeType: 'application/pdf', buffer: await pdf('Minutes, corrected') });
    await dialog.getByTestId('upload-submit').click();
    await expect.poll(() => dialog.getByTestId('document-version').count()).toBe(2);
    expect(await dialog.getByTestId('document-version').first().innerText()).toMatch(/Version 2\s+Current/);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The folder filter shows the minutes alone.
    await tab.getByTestId('documents-folder-filter').selectOption({ label: 'Assemblies' });
    await expect.poll(() => tab.getByTestId('document-row').count()).toBe(1);
    expect(await tab.getByTestId('document-row').innerText()).toContain('Minutes of the March assembly');
    await tab.getByTestId('documents-folder-filter').selectOption({ label: 'All folders' });
    await expect.poll(() => tab.getByTestId('document-row').count()).toBe(2);

    // An image previews in the page through the authorised route.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    await upload(l, { name: 'flyer.png', body: png, mimeType: 'image/png', title: 'Picnic flyer' });
    await tab.getByTestId('document-row').filter({ hasText: 'Picnic flyer' }).getByTestId('document-open').click();
    const image = dialog.getByTestId('document-image-preview');
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^\/api\/documents\/\d+\/download\?version=1&inline=1$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Deleting asks first; cancelling keeps the draft.
    const draft = tab.getByTestId('document-row').filter({ hasText: 'Draft accounts 2025' });
    await draft.getByTestId('document-open').click();
    await dialog.getByTestId('document-delete').click();
    const confirm = l.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await dialog.getByTestId('document-delete').click();
    await l.getByRole('alertdialog').getByRole('button', { name: 'Delete the document' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => draft.count()).toBe(0);
  });

  it('on a 375 px phone the Documents tab and a document’s details fit the screen', async () => {
    // The member's and the leader's pages, still on the tab, turned to a phone's width.
    for (const [p, page] of [[member, memberPage], [leader, leaderPage]] as const) {
      await page.setViewportSize({ width: 375, height: 900 });
      const row = page.getByTestId('document-row').filter({ hasText: 'Minutes of the March assembly' });
      await row.waitFor();
      await noOverflow(page, 375);
      await page.screenshot({ path: `${screenshotDir}/documents-${p.first.toLowerCase()}-375.png` });
      await row.getByTestId('document-open').click();
      const dialog = page.getByTestId('document-dialog');
      await dialog.getByTestId('document-version').first().waitFor();
      await noOverflow(page, 375);
      await page.screenshot({ path: `${screenshotDir}/documents-details-${p.first.toLowerCase()}-375.png` });
      if (p === leader) {
        await dialog.getByRole('button', { name: 'Close' }).click();
        await dialog.waitFor({ state: 'detached' });
        await page.getByTestId('upload-document').click();
        await page.getByTestId('upload-document-form').waitFor();
        await noOverflow(page, 375);
        await page.screenshot({ path: `${screenshotDir}/documents-upload-375.png` });
      }
    }
  });

  it('in the dark theme the list, with its badges and the storage bar, and a document’s details pass axe', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    contexts.push(context);
    await context.addInitScript(`localStorage.setItem('harambee-theme', 'dark')`);
    const page = await context.newPage();
    await signInByCookie(page, server, leader.email, `/community/${communityId}?tab=documents`);
    const row = page.getByTestId('document-row').filter({ hasText: 'Minutes of the March assembly' });
    await row.waitFor();
    await page.getByTestId('documents-usage').waitFor();
    expect(await audit(page, '[data-testid=documents-section]')).toEqual([]);
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByTestId('recent-document').first().waitFor();
    expect(await audit(page, '[data-testid=recent-documents]')).toEqual([]);
    await page.getByTestId('recent-documents-all').click();
    await row.getByTestId('document-open').click();
    await page.getByTestId('document-dialog').getByTestId('document-version').first().waitFor();
    expect(await audit(page, '[role=dialog]')).toEqual([]);
  });

  it('staff set the community’s quota in the admin panel; an upload past it is refused with the server’s message', async () => {
    const admin = await signedIn(staff, 1280, '/admin/dashboard');
    await admin.getByRole('tab', { name: 'Communities' }).click();
    const row = admin.getByRole('row').filter({ hasText: 'Kumasi Mutual Aid' });
    await row.getByTestId('document-quota').click();
    const form = admin.getByTestId('document-quota-form');
    // It opens on what is used of the quota in force.
    expect(await form.getByTestId('document-quota-current').innerText()).toMatch(/^In use: .+ of 1 GB \(the site’s default quota\)\.$/);
    expect(await form.getByTestId('document-quota-input').inputValue()).toBe('');
    await form.getByTestId('document-quota-input').fill('2.5');
    await form.getByTestId('document-quota-save').click();
    await form.getByText('Enter a whole number of megabytes').waitFor();
    await form.getByTestId('document-quota-input').fill('2');
    await form.getByTestId('document-quota-save').click();
    await expectToast(admin, 'Document quota saved');
    await form.waitFor({ state: 'detached' });

    // A fresh page for the leader: the quota is staff's doing, and a page keeps what it loaded.
    const l = await signedIn(leader, 1280, documentsTab());
    await expect.poll(() => l.getByTestId('documents-usage-text').innerText()).toMatch(/ of 2 MB used$/);
    await l.getByTestId('upload-document').click();
    const upload = l.getByTestId('upload-document-form');
    await upload.getByTestId('upload-file-input').setInputFiles({ name: 'register.csv', mimeType: 'text/csv', buffer: Buffer.from('name,amount\n'.repeat(250_000)) });
    await upload.getByTestId('upload-submit').click();
    const refusal = upload.getByTestId('upload-error');
    await refusal.waitFor();
    expect(await refusal.innerText()).toMatch(/not enough room left.* of its 2 MB/);
    await upload.getByRole('button', { name: 'Cancel' }).click();

    // Opened again, it shows the community's own quota; an empty field gives it the default again.
    await row.getByTestId('document-quota').click();
    await expect.poll(() => form.getByTestId('document-quota-current').innerText()).toMatch(/ of 2 MB \(this community’s own quota\)\.$/);
    expect(await form.getByTestId('document-quota-input').inputValue()).toBe('2');
    await form.getByTestId('document-quota-input').fill('');
    await form.getByTestId('document-quota-save').click();
    await expectToast(admin, 'Document quota saved');
    await l.reload();
    await expect.poll(() => l.getByTestId('documents-usage-text').innerText()).toMatch(/ of 1 GB used$/);
  });
});
