import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAYS_APART, matchStatement, type MatchLine, type MatchMember, type MatchPayment } from '../../src/shared/collecting/matching';

const day = (iso: string) => Date.parse(`${iso}T10:00:00Z`);
const members: MatchMember[] = [
  { userId: 'u1', reference: 'HB-4K7Q', firstName: 'Musa', lastName: 'Ngô-Ëkwe' },
  { userId: 'u2', reference: 'HB-2ZP9', firstName: 'Awa', lastName: 'Diop' },
  { userId: 'u3', reference: 'HB-9KX2', firstName: 'Jean Paul', lastName: 'Mbarga' },
];
const line = (id: number, over: Partial<MatchLine>): MatchLine => ({ id, bookedOn: '2026-03-12', amount: 5000, reference: null, counterparty: null, transactionId: null, ...over });
const pay = (id: number, over: Partial<MatchPayment>): MatchPayment => ({ id, memberId: 'u1', amount: 5000, createdAt: day('2026-03-11'), transactionId: null, ...over });

describe('matching a statement with declared payments', () => {
  it('a reference and the amount come first, then the transaction id, then amount, date and name', () => {
    const payments = [pay(1, { memberId: 'u1' }), pay(2, { memberId: 'u2', transactionId: 'T_ABC123DEF456', amount: 4000 }), pay(3, { memberId: 'u3', amount: 7000 })];
    const lines = [
      line(10, { reference: 'dues hb-4k7q march' }),
      line(11, { transactionId: 't_abc123def456', amount: 4500 }),
      line(12, { amount: 7000, counterparty: 'MBARGA J.P. 237677123456' }),
      line(13, { amount: 9999, counterparty: 'Unknown' }),
    ];
    expect(matchStatement(lines, payments, members)).toEqual([
      { lineId: 10, paymentId: 1, memberId: 'u1', reason: 'reference', amountDiffers: false },
      { lineId: 11, paymentId: 2, memberId: 'u2', reason: 'transactionId', amountDiffers: true },
      { lineId: 12, paymentId: 3, memberId: 'u3', reason: 'amountDateName', amountDiffers: false },
    ]);
  });

  it('a payment goes to one line only, the oldest declaration first; a reference outranks a name on another line', () => {
    const payments = [pay(2, { createdAt: day('2026-03-11') }), pay(1, { createdAt: day('2026-03-10') })];
    // Line 20 names Musa (rule 3), lines 21 and 22 carry his reference (rule 1): the references take both payments, oldest first, and the name is left over.
    const lines = [line(20, { counterparty: 'NGO EKWE MUSA' }), line(21, { reference: 'HB-4K7Q' }), line(22, { reference: 'HB-4K7Q' })];
    expect(matchStatement(lines, payments, members)).toEqual([
      { lineId: 21, paymentId: 1, memberId: 'u1', reason: 'reference', amountDiffers: false },
      { lineId: 22, paymentId: 2, memberId: 'u1', reason: 'reference', amountDiffers: false },
    ]);
    // With one reference line, the name takes the payment left.
    expect(matchStatement(lines.slice(0, 2), payments, members)).toEqual([
      { lineId: 20, paymentId: 2, memberId: 'u1', reason: 'amountDateName', amountDiffers: false },
      { lineId: 21, paymentId: 1, memberId: 'u1', reason: 'reference', amountDiffers: false },
    ]);
  });

  it('a reference with another amount, a name outside the days, or money going out is not a match', () => {
    const payments = [pay(1, { amount: 6000 }), pay(2, { memberId: 'u2', createdAt: day('2026-03-01') })];
    const lines = [line(30, { reference: 'HB-4K7Q' }), line(31, { counterparty: 'Awa Diop' }), line(32, { amount: -6000, reference: 'HB-4K7Q' })];
    expect(matchStatement(lines, payments, members)).toEqual([]);
    // Within the days, Awa's line is hers.
    expect(matchStatement([line(31, { counterparty: 'Awa Diop', bookedOn: `2026-03-0${1 + DAYS_APART}` })], payments, members)).toHaveLength(1);
  });

  it('by name, the member whose name shares the most words with the counterparty, before an older declaration of a namesake', () => {
    const family: MatchMember[] = [
      { userId: 'a', reference: null, firstName: 'Musa', lastName: 'Ngo' },
      { userId: 'b', reference: null, firstName: 'Awa', lastName: 'Ngo' },
    ];
    const payments = [pay(1, { memberId: 'a', createdAt: day('2026-03-10') }), pay(2, { memberId: 'b', createdAt: day('2026-03-11') })];
    expect(matchStatement([line(40, { counterparty: 'AWA NGO' })], payments, family)).toEqual([{ lineId: 40, paymentId: 2, memberId: 'b', reason: 'amountDateName', amountDiffers: false }]);
    // A surname alone: the oldest of the two.
    expect(matchStatement([line(41, { counterparty: 'NGO' })], payments, family)[0]?.paymentId).toBe(1);
  });

  it('property: no payment is proposed twice, no line twice, and each proposal holds by its own rule', () => {
    const refs = members.map((m) => m.reference!);
    const arbLine = fc.record({
      amount: fc.constantFrom(4000, 5000, 7000, -5000),
      reference: fc.option(fc.constantFrom(...refs, 'HB-AAAA', 'rent'), { nil: null }),
      counterparty: fc.option(fc.constantFrom('Musa', 'AWA DIOP', 'mbarga', 'someone'), { nil: null }),
      transactionId: fc.option(fc.constantFrom('T1', 'T2', 'T3'), { nil: null }),
      day: fc.integer({ min: 1, max: 28 }),
    });
    const arbPayment = fc.record({ memberId: fc.constantFrom('u1', 'u2', 'u3'), amount: fc.constantFrom(4000, 5000, 7000), transactionId: fc.option(fc.constantFrom('T1', 'T2', 'T3', 'T4'), { nil: null }), day: fc.integer({ min: 1, max: 28 }) });
    fc.assert(
      fc.property(fc.array(arbLine, { maxLength: 30 }), fc.array(arbPayment, { maxLength: 30 }), (ls, ps) => {
        const lines = ls.map((l, i) => line(i + 1, { ...l, bookedOn: `2026-03-${String(l.day).padStart(2, '0')}` }));
        // Transaction ids are unique among live payments (the database's index): keep the first.
        const seen = new Set<string>();
        const payments = ps.map((p, i) => pay(i + 1, { ...p, createdAt: day(`2026-03-${String(p.day).padStart(2, '0')}`), transactionId: p.transactionId && !seen.has(p.transactionId) ? (seen.add(p.transactionId), p.transactionId) : null }));
        const out = matchStatement(lines, payments, members);
        expect(new Set(out.map((o) => o.paymentId)).size).toBe(out.length);
        expect(new Set(out.map((o) => o.lineId)).size).toBe(out.length);
        for (const o of out) {
          const l = lines.find((x) => x.id === o.lineId)!;
          const p = payments.find((x) => x.id === o.paymentId)!;
          expect(l.amount).toBeGreaterThan(0);
          if (o.reason === 'reference') expect([p.amount === l.amount, `${l.reference} ${l.counterparty}`.toUpperCase().includes(members.find((m) => m.userId === p.memberId)!.reference!)]).toEqual([true, true]);
          if (o.reason === 'transactionId') expect(p.transactionId).toBe(l.transactionId);
          if (o.reason === 'amountDateName') expect(p.amount === l.amount && Math.abs(p.createdAt - Date.parse(`${l.bookedOn}T00:00:00Z`)) <= (DAYS_APART + 1) * 86_400_000).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
