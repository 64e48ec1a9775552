import type { Transparency } from '../../../../db/schema';

/*
 * Who sees whose payments in the ledger. Officers see every entry with its member. A plain member
 * sees entries only where the community shows them the ledger: under 'ledger' another member's
 * payment (and its reversal) reads "a member", without the payment's reference or the reversal's
 * reason (either may name or point at the payer); under 'named_ledger', chosen explicitly, names
 * show. Expense entries keep the officer who submitted them: they act for the community.
 */

/** Whether plain members see the ledger at all ('summary' and 'own' keep it to officers). */
export const membersSeeLedger = (t: Transparency) => t === 'ledger' || t === 'named_ledger';

/** The person reading the ledger, and whether they see every payer's name. */
export type LedgerViewer = { id: string; seesNames: boolean };

export const ledgerViewer = (p: { viewerId: string; officer: boolean; transparency: Transparency }): LedgerViewer => ({
  id: p.viewerId,
  seesNames: p.officer || p.transparency === 'named_ledger',
});

type Shown = { paymentId: number | null; memberId: string | null; kind: string; description: string; memberFirstName: string | null; memberLastName: string | null };

/** An entry's member and description as this viewer may read them; `memberHidden` when it stands for "a member". */
export function shownTo<R extends Shown>(r: R, viewer: LedgerViewer) {
  const hidden = r.paymentId !== null && !viewer.seesNames && r.memberId !== viewer.id;
  if (!hidden) return { member: r.memberFirstName === null ? null : `${r.memberFirstName} ${r.memberLastName}`, memberHidden: false, description: r.description };
  // A payment's entry reads "<purpose> · <reference>" (payments.ts): the purpose stays.
  const description = r.kind === 'payment' ? (r.description.split(' · ')[0] ?? '') : '';
  return { member: null, memberHidden: true, description };
}
