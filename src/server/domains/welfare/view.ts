import type { DB } from '../../../../db/database';
import type { WelfareCaseRow } from '../../../../db/schema';
import { CASE_TRANSITIONS, type CaseAction } from '@shared/welfare/rules';
import { decidersOf, documentsOf, nameOf, partiesOf, seesCase, seesPapers, type CaseViewer } from './cases';
import { fundHeld, fundOf } from './funds';
import { collection, myCaseLevy } from './levies';
import { notFound } from '../../services/errors';

/*
 * A case as one person reads it. Officers and the case's parties see it from its opening; other
 * members only once approved, and then what the community shares: whose case, the relationship,
 * the benefit, the levy and the collection as totals (collected of expected, how many paid), never
 * who has not paid, the description or the papers. The papers are the officers' and the opener's;
 * the benefit's proof also the beneficiary's.
 */

/** Which moves this viewer may make now (the table's rule), so the page offers exactly those. */
function movesFor(c: WelfareCaseRow, v: CaseViewer, financing: string): Record<CaseAction, boolean> {
  const can = (action: CaseAction) => {
    const rule = CASE_TRANSITIONS[action];
    if (!rule.from.includes(c.status)) return false;
    if (rule.financing && !rule.financing.includes(financing as never)) return false;
    if (action === 'payBenefit' && financing === 'levy' && c.status !== 'collecting') return false;
    if (rule.by === 'beneficiary') return c.beneficiaryId === v.id;
    if (!v.officer || partiesOf(c).includes(v.id)) return false;
    return !(action === 'approve' && c.verifiedBy === v.id);
  };
  return { verify: can('verify'), approve: can('approve'), issueLevy: can('issueLevy'), payBenefit: can('payBenefit'), confirmBenefit: can('confirmBenefit'), close: can('close'), reject: can('reject') };
}

export function caseView(db: DB, c: WelfareCaseRow, v: CaseViewer, now: number) {
  if (!seesCase(c, v)) throw notFound('errors.welfare.caseNotFound');
  const fund = fundOf(db, c.communityId, c.fundId);
  const party = partiesOf(c).includes(v.id);
  const inner = v.officer || party;
  const papers = seesPapers(c, v);
  const moves = movesFor(c, v, fund.financing);
  return {
    id: c.id,
    communityId: c.communityId,
    fund: { id: fund.id, name: fund.name, kind: fund.kind, financing: fund.financing, version: c.fundVersion },
    status: c.status,
    member: { id: c.memberId, name: nameOf(db, c.memberId) },
    relationship: c.relationship,
    // The dependant's name and the story are the family's and the officers'.
    subjectName: inner ? c.subjectName : null,
    description: inner ? c.description : null,
    beneficiary: { id: c.beneficiaryId, name: nameOf(db, c.beneficiaryId) },
    benefitAmount: c.benefitAmount,
    openedBy: inner ? { id: c.openedBy, name: nameOf(db, c.openedBy) } : null,
    verifiedBy: inner && c.verifiedBy ? { id: c.verifiedBy, name: nameOf(db, c.verifiedBy) } : null,
    approvedBy: inner && c.approvedBy ? { id: c.approvedBy, name: nameOf(db, c.approvedBy) } : null,
    rejectReason: inner ? c.rejectReason : null,
    levy: c.levyIssuedAt === null ? null : { amount: c.levyAmount!, dueAt: new Date(c.levyDueAt!).toISOString(), issuedAt: new Date(c.levyIssuedAt).toISOString(), members: c.levyCount ?? 0 },
    collection: c.levyIssuedAt === null ? null : collection(db, c.id),
    myLevy: myCaseLevy(db, c, v.id, now),
    benefit:
      c.benefitPaidAt === null
        ? null
        : {
            paidAt: new Date(c.benefitPaidAt).toISOString(),
            confirmedAt: c.benefitConfirmedAt === null ? null : new Date(c.benefitConfirmedAt).toISOString(),
            method: inner ? c.benefitMethod : null,
            reference: v.officer || c.beneficiaryId === v.id ? c.benefitReference : null,
            proofUrl: v.officer || c.beneficiaryId === v.id ? c.benefitProofUrl : null,
          },
    fundHeld: v.officer ? fundHeld(db, fund).held : null,
    documents: papers ? documentsOf(db, c.id) : null,
    condolence: c.condolenceAnnouncementId === null ? null : { announcementId: c.condolenceAnnouncementId, consent: inner ? c.condolenceConsent : null },
    closedAt: c.closedAt === null ? null : new Date(c.closedAt).toISOString(),
    closeNote: c.closeNote,
    createdAt: new Date(c.createdAt).toISOString(),
    // What the viewer may do now; and, for an officer who is a party, why they may not decide.
    moves,
    canCondole: v.officer && !['open', 'verified', 'rejected'].includes(c.status) && c.condolenceAnnouncementId === null,
    partyOfficer: v.officer && party,
    // How many officers could still make the next decision (0: the community must name more).
    decidersLeft: ['open', 'verified'].includes(c.status) ? decidersOf(db, c).length : null,
  };
}

/** A case in a list: its headline only. */
export function caseSummary(db: DB, c: WelfareCaseRow, v: CaseViewer) {
  const fund = fundOf(db, c.communityId, c.fundId);
  const inner = v.officer || partiesOf(c).includes(v.id);
  return {
    id: c.id,
    fund: fund.name,
    status: c.status,
    member: nameOf(db, c.memberId),
    relationship: c.relationship,
    subjectName: inner ? c.subjectName : null,
    benefitAmount: c.benefitAmount,
    collection: c.levyIssuedAt === null ? null : collection(db, c.id),
    createdAt: new Date(c.createdAt).toISOString(),
  };
}
