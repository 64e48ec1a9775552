import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Agent, TestApp } from '../setup/app';
import { as } from '../setup/communities';
import { textOf } from '../setup/errors';
import { loanThrough, ok, savingsWorld, SG } from '../setup/savings';
import { TRANSPORTS } from '../setup/transport';

/*
 * Numbered receipts of a savings group's money, downloaded as PDF: one per entry a second officer
 * confirmed and one per confirmed repayment, numbered 1, 2, 3… per group across both; for the
 * member whose money it is and the group's officers only (404 to anyone else), in the member's
 * language whoever downloads it; a reversed entry's receipt keeps its number and says it was reversed.
 */

async function download(t: TestApp, who: Agent, path: string) {
  const res = await t.app.request(path, { headers: who.cookie ? { cookie: who.cookie } : {} });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type'), title: res.status === 200 ? (await PDFDocument.load(bytes)).getTitle() : undefined };
}

describe('savings receipts', () => {
  it('an entry’s and a repayment’s numbered receipts, private to their member and the officers, in the member’s language; reversed marked so', async () => {
    const w = await savingsWorld();
    const [ngozi, awa, tabe, musa, ada, kofi] = [await as(w.t, w.creator), await as(w.t, w.admin), await as(w.t, w.treasurer), await as(w.t, w.musa), await as(w.t, w.ada), await as(w.t, w.kofi)];
    const T = TRANSPORTS[0]!;
    const [musas, adas] = (await ok(T, tabe, SG.recordMeeting, { meetingId: w.meetings[0], method: 'cash', lines: [{ userId: w.musa.id, shares: 5 }, { userId: w.ada.id, shares: 2 }] })) as { id: number }[];
    const path = (kind: 'entries' | 'repayments', id: number) => `/api/communities/${w.community.id}/savings/${kind}/${id}/receipt.pdf`;
    // Not yet confirmed: no receipt.
    expect((await download(w.t, musa, path('entries', musas!.id))).status).toBe(404);
    expect((await ok(T, ngozi, SG.confirm, { id: musas!.id })).receiptNo).toBe(1);
    expect((await ok(T, ngozi, SG.confirm, { id: adas!.id })).receiptNo).toBe(2);

    // Musa reads French: his receipt is in French, whoever downloads it.
    const fr = textOf('savingsFiles.receipt.title', { number: 1 }, 'fr');
    expect(await download(w.t, musa, path('entries', musas!.id))).toEqual({ status: 200, type: 'application/pdf', title: fr });
    expect((await download(w.t, awa, path('entries', musas!.id))).title).toBe(fr);
    expect((await download(w.t, ada, path('entries', adas!.id))).title).toBe(textOf('savingsFiles.receipt.title', { number: 2 }, 'en'));
    // Nobody else learns that Musa paid: a member of the group, one of the community, a stranger's id.
    for (const who of [ada, kofi]) expect((await download(w.t, who, path('entries', musas!.id))).status).toBe(404);
    expect((await download(w.t, musa, path('entries', 999_999))).status).toBe(404);

    // A loan's repayment takes the group's next number.
    const loan = loanThrough(w, { borrower: w.musa, principal: 3_000, until: 'active' });
    const r = (await ok(T, musa, SG.recordRepayment, { id: loan, amount: 1_000, method: 'cash' })).id as number;
    expect((await download(w.t, musa, path('repayments', r))).status).toBe(404);
    expect(await ok(T, tabe, SG.confirmRepayment, { id: r })).toMatchObject({ receiptNo: 3 });
    expect((await download(w.t, musa, path('repayments', r))).title).toBe(textOf('savingsFiles.receipt.repaymentTitle', { number: 3 }, 'fr'));
    expect((await download(w.t, ngozi, path('repayments', r))).status).toBe(200);
    expect((await download(w.t, ada, path('repayments', r))).status).toBe(404);

    // Ada's shares reversed by two officers: her receipt keeps its number and says so.
    await ok(T, tabe, SG.reverse, { id: adas!.id, reason: 'Recorded twice', step: 'propose' });
    await ok(T, awa, SG.reverse, { id: adas!.id, reason: 'Agreed', step: 'make' });
    expect((await download(w.t, ada, path('entries', adas!.id))).title).toBe(textOf('savingsFiles.receipt.reversedTitle', { number: 2 }, 'en'));
    expect(w.t.db.$client.prepare('SELECT last_receipt_no FROM savings_groups WHERE id = ?').pluck().get(w.group.id)).toBe(3);
  });
});
