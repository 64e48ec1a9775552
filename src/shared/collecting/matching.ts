/*
 * Matching a statement's incoming lines with the payments members declared. Pure, so it is tested
 * and measured apart from the database: the server feeds it the open lines and the pending payments.
 *
 * Precedence, each rule run over every line before the next, and a payment given to one line only:
 *   1. 'reference': the line carries a member's payment reference (HB-4K7Q) and the member has a
 *      pending payment of exactly the line's amount (the oldest such);
 *   2. 'transactionId': the line's transaction id is a pending payment's (whatever the amount: a
 *      differing amount is shown, the treasurer decides);
 *   3. 'amountDateName': same amount, declared within DAYS_APART days of the line's day, and the
 *      line's counterparty names the member (a first or last name, accents and case aside; the member
 *      whose name shares the most words with it first).
 * A line none of them fits stays unmatched, for the treasurer to record, or ignore with a reason.
 */

export const DAYS_APART = 3;
const DAY_MS = 86_400_000;

export type MatchLine = { id: number; bookedOn: string; amount: number; reference: string | null; counterparty: string | null; transactionId: string | null };
export type MatchPayment = { id: number; memberId: string; amount: number; createdAt: number; transactionId: string | null };
export type MatchMember = { userId: string; reference: string | null; firstName: string; lastName: string };
export type MatchReason = 'reference' | 'transactionId' | 'amountDateName';
export type Proposal = { lineId: number; paymentId: number; memberId: string; reason: MatchReason; amountDiffers: boolean };

const REFERENCE = /\bHB-?([2-9A-HJKMNP-TV-Z]{4})\b/gi;

/** Lower case without accents or punctuation: "Ngô-Ëkwe" and "NGO EKWE" meet. */
export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

export function matchStatement(lines: readonly MatchLine[], payments: readonly MatchPayment[], members: readonly MatchMember[]): Proposal[] {
  const taken = new Set<number>();
  const proposals = new Map<number, Proposal>();
  const memberOfReference = new Map(members.filter((m) => m.reference).map((m) => [m.reference!.toUpperCase(), m.userId]));
  const memberById = new Map(members.map((m) => [m.userId, m]));
  // Oldest first within each key, so the earliest declaration is settled first.
  const sorted = [...payments].sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
  const byMemberAmount = new Map<string, MatchPayment[]>();
  const byTransaction = new Map<string, MatchPayment>();
  // Same amount and a word of the member's name: dues of one amount are everyone's, so the name narrows first.
  const byAmountName = new Map<string, MatchPayment[]>();
  const nameWords = (userId: string) => {
    const m = memberById.get(userId);
    return m ? new Set(fold(`${m.firstName} ${m.lastName}`).split(' ').filter((w) => w.length > 1)) : new Set<string>();
  };
  for (const p of sorted) {
    const key = `${p.memberId}|${p.amount}`;
    (byMemberAmount.get(key) ?? byMemberAmount.set(key, []).get(key)!).push(p);
    if (p.transactionId) byTransaction.set(p.transactionId.toUpperCase(), p);
    for (const w of nameWords(p.memberId)) {
      const key = `${p.amount}|${w}`;
      (byAmountName.get(key) ?? byAmountName.set(key, []).get(key)!).push(p);
    }
  }
  const propose = (line: MatchLine, p: MatchPayment, reason: MatchReason) => {
    taken.add(p.id);
    proposals.set(line.id, { lineId: line.id, paymentId: p.id, memberId: p.memberId, reason, amountDiffers: p.amount !== line.amount });
  };
  const open = () => lines.filter((l) => l.amount > 0 && !proposals.has(l.id));

  for (const line of open()) {
    for (const m of `${line.reference ?? ''} ${line.counterparty ?? ''}`.matchAll(REFERENCE)) {
      const memberId = memberOfReference.get(`HB-${m[1]!.toUpperCase()}`);
      const p = memberId ? byMemberAmount.get(`${memberId}|${line.amount}`)?.find((x) => !taken.has(x.id)) : undefined;
      if (p) {
        propose(line, p, 'reference');
        break;
      }
    }
  }
  for (const line of open()) {
    const p = line.transactionId ? byTransaction.get(line.transactionId.toUpperCase()) : undefined;
    if (p && !taken.has(p.id)) propose(line, p, 'transactionId');
  }
  for (const line of open()) {
    const words = new Set(fold(line.counterparty ?? '').split(' ').filter((w) => w.length > 1));
    if (words.size === 0) continue;
    const day = dayOf(line.bookedOn);
    // The candidate whose member's name shares the most words with the counterparty ("MUSA NGO" is
    // Musa Ngo's before another Ngo's), the oldest declaration among equals.
    const score = new Map<number, number>();
    let best: MatchPayment | undefined;
    let bestScore = 0;
    for (const w of words)
      for (const x of byAmountName.get(`${line.amount}|${w}`) ?? []) {
        if (taken.has(x.id) || Math.abs(x.createdAt - day) > (DAYS_APART + 1) * DAY_MS) continue;
        const n = (score.get(x.id) ?? 0) + 1;
        score.set(x.id, n);
        if (!best || n > bestScore || (n === bestScore && (x.createdAt < best.createdAt || (x.createdAt === best.createdAt && x.id < best.id)))) [best, bestScore] = [x, n];
      }
    if (best) propose(line, best, 'amountDateName');
  }
  return [...proposals.values()].sort((a, b) => a.lineId - b.lineId);
}
