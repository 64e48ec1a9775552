import { mkdtempSync, rmSync } from 'node:fs';
import { storedProof } from '../setup/proofs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCalendarToken } from '../../src/server/services/events/feeds';
import { confirmReceipt } from '../../src/server/services/njangi/payouts';
import { confirmTopUp } from '../../src/server/services/njangi/topups';
import { openCase } from '../../src/server/domains/welfare/cases';
import { createFund } from '../../src/server/domains/welfare/funds';
import { BEREAVEMENT } from '../setup/welfare';
import { openCycle } from '../../src/server/domains/savings/cycles';
import { confirmEntry, recordMeeting } from '../../src/server/domains/savings/entries';
import { createGroup } from '../../src/server/domains/savings/groups';
import { approveLoan, confirmLoanReceipt, disburseLoan, requestLoan } from '../../src/server/domains/savings/loans';
import { confirmRepayment, recordRepayment } from '../../src/server/domains/savings/repayments';
import { addMember as addToGroup, setRole } from '../../src/server/domains/savings/members';
import { confirmShareOut, proposeShareOut } from '../../src/server/domains/savings/share-out';
import { dateInZone } from '../../src/shared/njangi/schedule';
import { VSLA } from '../setup/savings';
import { makeUser } from '../factories';
import { as } from '../setup/communities';
import { sendForm } from '../setup/documents';
import { ASSET_JS, INDEX_HTML, makeAppWithClient, makeClientDir } from '../setup/hardening-client';
import { restRoutes } from '../setup/hardening-targets';
import { makeWorld, send } from '../setup/hardening-world';
import { textOf } from '../setup/errors';
import { MATRIX_MEETING, matrixMinutes } from '../setup/hardening-meeting-minutes';

/*
 * The security headers on HTML, API and static responses, HSTS only over
 * https, no-store on authenticated API answers, and the static client's cache rules. The client is
 * a stand-in folder (index.html, assets/x.js), so these tests need no `vite build`.
 */
let client: ReturnType<typeof makeClientDir>;
beforeAll(() => {
  client = makeClientDir();
});
afterAll(() => client.remove());

function csp(res: Response): Map<string, string[]> {
  const header = res.headers.get('content-security-policy');
  expect(header, 'Content-Security-Policy is sent').toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

function expectSecurityHeaders(res: Response, label: string) {
  const policy = csp(res);
  const scripts = policy.get('script-src') ?? policy.get('default-src');
  expect(scripts, `${label}: script-src (or default-src)`).toBeDefined();
  expect(scripts, `${label}: no inline script`).not.toContain("'unsafe-inline'");
  expect(scripts, `${label}: no eval`).not.toContain("'unsafe-eval'");
  expect(scripts, `${label}: no wildcard`).not.toContain('*');
  expect(policy.get('object-src'), `${label}: object-src`).toEqual(["'none'"]);
  expect(policy.get('base-uri'), `${label}: base-uri`).toEqual(["'none'"]);
  expect(policy.get('frame-ancestors'), `${label}: frame-ancestors`).toEqual(["'none'"]);
  expect(res.headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'], `${label}: Referrer-Policy`).toContain(
    res.headers.get('referrer-policy'),
  );
}

/** A representative response of each kind the app sends. */
async function responses(app: { request: (p: string, i?: RequestInit) => Response | Promise<Response> }) {
  return {
    'HTML (/)': await app.request('/'),
    'HTML (client route /communities/5)': await app.request('/communities/5'),
    // The pages of the newer domains, the public ones (an invitation, a community's details) included.
    ...Object.fromEntries(
      await Promise.all(
        ['/events/3', '/polls/4', '/njangi/2', '/chat', '/invite/abc123', '/community/5/details'].map(async (path) => [`HTML (${path})`, await app.request(path)] as const),
      ),
    ),
    'static asset': await app.request('/assets/x.js'),
    'REST JSON': await app.request('/api/communities/all'),
    'REST 404': await app.request('/api/nope'),
    'REST 400': await app.request('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }),
    'CSRF 403': await app.request('/api/communities', { method: 'POST', headers: { origin: 'https://evil.example' } }),
    'tRPC query': await app.request('/trpc/site.config'),
    'tRPC error': await app.request('/trpc/auth.nothing'),
  };
}

describe('Content-Security-Policy, X-Content-Type-Options, Referrer-Policy', () => {
  it('are on HTML, static, REST and tRPC responses, errors included', async () => {
    const t = makeAppWithClient(client.dir);
    const all = await responses(t.withClient);
    expect(all['HTML (/)'].headers.get('content-type')).toContain('text/html');
    for (const [label, res] of Object.entries(all)) expectSecurityHeaders(res, label);
    for (const [label, res] of Object.entries(all)) if (label.startsWith('HTML')) expect(res.headers.get('content-type'), label).toContain('text/html');
  });

  it('frames are refused by X-Frame-Options as well as frame-ancestors (older browsers)', async () => {
    const t = makeAppWithClient(client.dir);
    expect((await t.withClient.request('/')).headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent on every kind of response when APP_URL is https', async () => {
    const t = makeAppWithClient(client.dir, { APP_URL: 'https://x.example' });
    for (const [label, res] of Object.entries(await responses(t.withClient))) {
      const hsts = res.headers.get('strict-transport-security');
      expect(hsts, label).toBeTruthy();
      expect(Number(/max-age=(\d+)/.exec(hsts!)?.[1]), `${label}: at least a year`).toBeGreaterThanOrEqual(31_536_000);
    }
  });

  it('is not sent when APP_URL is http (it would pin a local install to https)', async () => {
    const t = makeAppWithClient(client.dir, { APP_URL: 'http://localhost:3000' });
    for (const [label, res] of Object.entries(await responses(t.withClient))) {
      expect(res.headers.get('strict-transport-security'), label).toBeNull();
    }
  });
});

describe('Cache-Control: no-store on authenticated API responses', () => {
  it('REST and tRPC, lists and mutations, successes and errors', async () => {
    const t = makeAppWithClient(client.dir);
    const user = await makeUser(t.db);
    const cookie = (await as(t, user)).cookie!;
    const json = { 'content-type': 'application/json', cookie };
    const calls: [string, string, RequestInit][] = [
      ['REST list GET /api/communities/joined', '/api/communities/joined', { headers: { cookie } }],
      ['REST GET /api/auth/user', '/api/auth/user', { headers: { cookie } }],
      ['REST mutation PATCH /api/user/profile', '/api/user/profile', { method: 'PATCH', headers: json, body: JSON.stringify({ bio: 'Cached?' }) }],
      ['REST mutation POST /api/communities', '/api/communities', { method: 'POST', headers: json, body: JSON.stringify({ name: 'No Store Circle', description: 'Created to check cache headers.' }) }],
      ['REST error 400', '/api/communities', { method: 'POST', headers: json, body: '{}' }],
      ['REST error 404', '/api/communities/999999', { headers: { cookie } }],
      ['tRPC list query communities.joined', '/trpc/communities.joined?input=%7B%7D', { headers: { cookie } }],
      ['tRPC query auth.me', '/trpc/auth.me', { headers: { cookie } }],
      ['tRPC mutation profile.update', '/trpc/profile.update', { method: 'POST', headers: json, body: JSON.stringify({ location: 'Accra' }) }],
      ['tRPC error 400', '/trpc/communities.create', { method: 'POST', headers: json, body: '{}' }],
    ];
    for (const [label, path, init] of calls) {
      const res = await t.withClient.request(path, init);
      expect(res.status, `${label}: ${await res.clone().text()}`).toBeLessThan(500);
      expect(res.headers.get('cache-control'), label).toBe('no-store');
      if (label.includes('joined') || label.includes('auth.me') || label.includes('/api/auth/user')) expect(res.status, label).toBe(200);
    }
  });

  it('also on the sign-in answer that carries the session cookie', async () => {
    const t = makeAppWithClient(client.dir);
    const user = await makeUser(t.db);
    const res = await t.withClient.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: 'Harambee#2026' }),
    });
    expect(res.status).toBe(200);
    // The session and the known device (auth/known-device.ts).
    expect(res.headers.getSetCookie().map((c) => c.slice(0, c.indexOf('=')))).toEqual(['harambee_session', 'harambee_device']);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('static client', () => {
  it('assets: 200 with Cache-Control: public, max-age=31536000, immutable', async () => {
    const t = makeAppWithClient(client.dir);
    const res = await t.withClient.request('/assets/x.js');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(ASSET_JS);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('index.html (at / and at client routes): no-cache, so a new build is picked up', async () => {
    const t = makeAppWithClient(client.dir);
    for (const path of ['/', '/communities', '/communities/5/settings', '/admin/dashboard']) {
      const res = await t.withClient.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toBe(INDEX_HTML);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('a missing file is a 404, not index.html, and is not cached for a year', async () => {
    const t = makeAppWithClient(client.dir);
    for (const path of ['/x.js', '/assets/missing.js', '/nope/style.css']) {
      const res = await t.withClient.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('<div id="root">');
      expect(res.headers.get('cache-control') ?? '', path).not.toContain('immutable');
    }
  });

  it('API paths are never answered by the SPA fallback', async () => {
    const t = makeAppWithClient(client.dir);
    const api = await t.withClient.request('/api/nope');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: textOf('errors.noApiPath'), code: 'NOT_FOUND' });
    const trpc = await t.withClient.request('/trpc/nothing.here');
    expect(trpc.status).toBe(404);
    expect(trpc.headers.get('content-type')).toContain('application/json');
  });
});

/*
 * Every file the API hands out (receipts, reports, exports, calendars, documents, chat files), read
 * from the app's routes, so a new download path fails here until it is listed with a real row.
 */
describe('Downloads: every file path of the API', () => {
  const DOWNLOAD = /\.(csv|xlsx|pdf|ics)$|\/(ics|download)$|\/files\/:name$|\/proofs\/:name$|\/calendar\/:file$|\/user\/export$/;

  it('answers with nosniff, no caching, an attachment (or a sandboxed preview) and the security headers', async () => {
    const uploads = mkdtempSync(join(tmpdir(), 'harambee-headers-'));
    try {
      const w = await makeWorld({ env: { UPLOADS_DIR: uploads } });
      const { t } = w;
      const now = t.clock.now();
      const cookie = w.cookies.creator!;
      // The world's books have a confirmed payment (its receipt) and an event (its calendar and attendees).
      const payment = t.db.$client.prepare("SELECT id FROM payments WHERE status = 'confirmed'").pluck().get() as number;
      const event = w.ids.event;
      const feed = createCalendarToken(t.db, { userId: w.users.creator.id, appUrl: t.env.APP_URL, now }).url.split('/').at(-1)!;
      const text = { bytes: new TextEncoder().encode('Minutes of the meeting: dues, the gala, the hall.\n'), name: 'minutes.txt', type: 'text/plain' };
      const doc = await sendForm(t, `/api/communities/${w.ids.pub}/documents`, { cookie, file: text, fields: { title: 'Minutes' } });
      expect(doc.status, JSON.stringify(doc.body)).toBe(201);
      const chatFile = await sendForm(t, '/api/chat/files', { cookie, file: text });
      expect(chatFile.status, JSON.stringify(chatFile.body)).toBe(201);
      const chatName = (chatFile.body as { name: string }).name;

      const c = w.circle;
      // A payout (and a top-up) has a receipt once its beneficiary confirmed it.
      confirmReceipt(t.db, { id: c.payout, userId: w.users.treasurer.id, now });
      confirmTopUp(t.db, { id: c.late.recordedTopUp, userId: w.users.treasurer.id, now });
      // A welfare case (its report) in the community whose books are open (a fund and a group of
      // their own: the world's fixtures, welfare-seed.ts and savings-seed.ts, hold the usual names).
      const pub = t.db.$client.prepare('SELECT id, name, time_zone AS timeZone FROM communities WHERE id = ?').get(w.ids.pub) as { id: number; name: string; timeZone: string };
      const fund = createFund(t.db, { communityId: pub.id, actorId: w.users.creator.id, name: 'Headers bereavement fund', kind: 'bereavement', financing: 'levy', rules: BEREAVEMENT, now });
      const welfareCase = openCase(t.db, { community: pub, actorId: w.users.creator.id, fundId: fund.id, memberId: w.users.member.id, beneficiaryId: w.users.creator.id, description: 'The loss of a member', documents: [], now });
      // A savings group's first cycle closed with its share-out (its report), chaired by the creator, the treasurer confirming:
      // a member's shares (their receipt) and a loan repaid in part (the repayment's receipt), carried into the next cycle.
      const group = createGroup(t.db, { communityId: pub.id, actorId: w.users.creator.id, name: 'Headers table banking', timeZone: 'Africa/Douala', rules: VSLA, now });
      addToGroup(t.db, { communityId: pub.id, groupId: group.id, actorId: w.users.creator.id, userId: w.users.treasurer.id, now });
      addToGroup(t.db, { communityId: pub.id, groupId: group.id, actorId: w.users.creator.id, userId: w.users.member.id, now });
      setRole(t.db, { communityId: pub.id, groupId: group.id, actorId: w.users.creator.id, userId: w.users.treasurer.id, role: 'treasurer', now });
      const cycle = openCycle(t.db, { communityId: pub.id, groupId: group.id, actorId: w.users.creator.id, startDate: dateInZone(now, 'Africa/Douala'), now });
      const meetingId = t.db.$client.prepare('SELECT id FROM savings_meetings WHERE cycle_id = ? AND number = 1').pluck().get(cycle.id) as number;
      const [shares] = recordMeeting(t.db, { communityId: pub.id, meetingId, actorId: w.users.treasurer.id, payment: { method: 'cash' }, lines: [{ userId: w.users.member.id, shares: 2 }], now });
      confirmEntry(t.db, { communityId: pub.id, id: shares!.id, actorId: w.users.creator.id, now });
      const loan = requestLoan(t.db, { communityId: pub.id, groupId: group.id, userId: w.users.member.id, principal: 1_000, periods: 3, purpose: 'Seeds', guarantors: [], now });
      approveLoan(t.db, { communityId: pub.id, loanId: loan.id, actorId: w.users.creator.id, now });
      approveLoan(t.db, { communityId: pub.id, loanId: loan.id, actorId: w.users.treasurer.id, now });
      disburseLoan(t.db, { communityId: pub.id, loanId: loan.id, actorId: w.users.treasurer.id, payment: { method: 'cash' }, now });
      confirmLoanReceipt(t.db, { communityId: pub.id, loanId: loan.id, userId: w.users.member.id, now });
      const repayment = recordRepayment(t.db, { communityId: pub.id, loanId: loan.id, actorId: w.users.member.id, amount: 500, payment: { method: 'cash' }, now });
      confirmRepayment(t.db, { communityId: pub.id, id: repayment.id, actorId: w.users.creator.id, now });
      const shareOut = proposeShareOut(t.db, { communityId: pub.id, groupId: group.id, actorId: w.users.creator.id, carryLoanIds: [loan.id], now });
      confirmShareOut(t.db, { communityId: pub.id, id: shareOut.id, actorId: w.users.treasurer.id, now });
      // A meeting's shared minutes (tests/setup/hardening-meeting-minutes.ts).
      matrixMinutes(t.db, { communityId: pub.id, creatorId: w.users.creator.id, callerId: null, targetId: w.users.member.id, now }, 'shared');
      const concrete: Record<string, string> = {
        '/api/communities/:id/savings/cycles/:cycleId/share-out.csv': `/api/communities/${pub.id}/savings/cycles/${cycle.id}/share-out.csv`,
        '/api/communities/:id/savings/cycles/:cycleId/share-out.xlsx': `/api/communities/${pub.id}/savings/cycles/${cycle.id}/share-out.xlsx`,
        '/api/communities/:id/savings/cycles/:cycleId/share-out.pdf': `/api/communities/${pub.id}/savings/cycles/${cycle.id}/share-out.pdf?lang=fr`,
        '/api/communities/:id/savings/entries/:receiptOf/receipt.pdf': `/api/communities/${pub.id}/savings/entries/${shares!.id}/receipt.pdf`,
        '/api/communities/:id/savings/repayments/:receiptOf/receipt.pdf': `/api/communities/${pub.id}/savings/repayments/${repayment.id}/receipt.pdf`,
        '/api/communities/:id/standing/roll.csv': `/api/communities/${w.ids.pub}/standing/roll.csv`,
        '/api/communities/:id/standing/roll.xlsx': `/api/communities/${w.ids.pub}/standing/roll.xlsx`,
        '/api/welfare/cases/:id/report.csv': `/api/welfare/cases/${welfareCase.id}/report.csv`,
        '/api/welfare/cases/:id/report.xlsx': `/api/welfare/cases/${welfareCase.id}/report.xlsx`,
        '/api/welfare/cases/:id/report.pdf': `/api/welfare/cases/${welfareCase.id}/report.pdf`,
        '/api/user/export': '/api/user/export',
        '/api/user/export/money.csv': '/api/user/export/money.csv',
        '/api/finances/payments/:id/receipt.pdf': `/api/finances/payments/${payment}/receipt.pdf`,
        '/api/communities/:id/finances/export.csv': `/api/communities/${w.ids.pub}/finances/export.csv`,
        '/api/communities/:id/finances/export.xlsx': `/api/communities/${w.ids.pub}/finances/export.xlsx`,
        '/api/circles/:id/report.xlsx': `/api/circles/${c.active}/report.xlsx`,
        '/api/proofs/:name': storedProof(t, w.users.creator.id),
        '/api/circles/:id/report.pdf': `/api/circles/${c.active}/report.pdf`,
        '/api/circles/:id/report.csv': `/api/circles/${c.active}/report.csv`,
        '/api/circles/contributions/:id/receipt.pdf': `/api/circles/contributions/${c.paidContributions[w.users.creator.id]}/receipt.pdf`,
        '/api/circles/payouts/:id/receipt.pdf': `/api/circles/payouts/${c.payout}/receipt.pdf`,
        '/api/circles/top-ups/:id/receipt.pdf': `/api/circles/top-ups/${c.late.recordedTopUp}/receipt.pdf`,
        '/api/communities/:id/calendar.ics': `/api/communities/${w.ids.pub}/calendar.ics`,
        '/api/events/:id/attendees.csv': `/api/events/${event}/attendees.csv`,
        '/api/events/:id/ics': `/api/events/${event}/ics`,
        '/api/calendar/:file': `/api/calendar/${feed}`,
        '/api/polls/:id/results.csv': `/api/polls/${w.ids.poll}/results.csv`,
        '/api/documents/:id/download': `/api/documents/${(doc.body as { id: number }).id}/download`,
        '/api/chat/files/:name': `/api/chat/files/${chatName}`,
        '/api/meetings/:id/minutes.pdf': `/api/meetings/${MATRIX_MEETING}/minutes.pdf?lang=fr`,
      };
      const downloads = restRoutes(t.app)
        .filter((r) => r.method === 'GET' && DOWNLOAD.test(r.path))
        .map((r) => r.path.replace(/:id\{[^}]*\}/, ':id'));
      expect(downloads.filter((p) => !(p in concrete)), 'a download path without a real row here').toEqual([]);
      expect(Object.keys(concrete).filter((p) => !downloads.includes(p)), 'listed here but not a download route of the app').toEqual([]);

      for (const route of downloads) {
        const path = concrete[route]!;
        const res = await send(t, path, { method: 'GET', headers: { cookie } });
        const label = `GET ${path}`;
        expect(res.status, `${label}: ${res.text.slice(0, 200)}`).toBe(200);
        expect(res.headers.get('x-content-type-options'), label).toBe('nosniff');
        expect(res.headers.get('cache-control') ?? '', label).toContain('no-store');
        const disposition = res.headers.get('content-disposition') ?? '';
        expect(disposition, `${label}: Content-Disposition`).toMatch(/^(attachment|inline);/);
        const policy = res.headers.get('content-security-policy') ?? '';
        expect(policy, `${label}: a CSP`).not.toBe('');
        // An inline answer is a preview the browser renders: it must run nothing of the site's.
        if (disposition.startsWith('inline')) expect(policy, `${label}: sandboxed`).toMatch(/sandbox/);
        // A member's file comes back as what it is, to save, never as a page that could run a script.
        if (route === '/api/documents/:id/download' || route === '/api/chat/files/:name') {
          expect(res.headers.get('content-type'), label).toMatch(/^text\/plain/);
          expect(disposition, label).toMatch(/^attachment;/);
          expect(policy, label).toMatch(/^sandbox; default-src 'none'/);
        }
      }
    } finally {
      rmSync(uploads, { recursive: true, force: true });
    }
  });
});
