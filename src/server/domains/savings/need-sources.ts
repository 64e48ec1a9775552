import type { NeedRow, NeedSource } from '../../services/needs/types';
import { iso, nameSql, rolesWith } from '../../services/needs/sql';
import { FOUR_EYES_KINDS } from '@shared/savings/rules';

/** The community tab of the savings groups (the savings circles' is 'savings'): its count shows there; each item links to its group's page. */
const TAB = 'savings-groups';

/** An item of a savings group's work, linking to its group's page (`link` narrows it, as a loan's card); `details` fills its text's own placeholders. */
const savingsItem =
  (kind: NeedSource['kind'], details: (r: NeedRow) => Record<string, string | number>, link: (r: NeedRow) => string = (r) => `/savings/${r.groupId}`): NeedSource['toItem'] =>
  (r) => ({
    key: `${kind}:${r.id}`,
    kind,
    id: r.id,
    communityId: r.community_id,
    community: r.community,
    tab: TAB,
    who: (r.whoName as string | null) ?? null,
    amount: { amount: r.amount as number, currency: r.currency as string },
    subject: r.groupName as string,
    details: details(r),
    since: iso(r.key),
    due: null,
    link: link(r),
    action: null,
  });

const text = (v: unknown) => (v as string | null) ?? '';

/*
 * A savings group's money waiting for a second pair of eyes, in the shared "Needs you" list: an
 * entry recorded by an officer or declared by a member waits on the group's other active officers,
 * never on whoever recorded or declared it nor on the member whose money it is (the four-eyes rule
 * of confirmEntry, entries.ts, said once more as SQL), while its cycle is open and while they may
 * still see the community's groups (the operation's guard). The officers are the group's own, so
 * the work is addressed to each as a person, read in one query from their group memberships.
 */
export const savingsEntryNeeds: NeedSource = {
  kind: 'savingsEntry',
  group: 1,
  tab: TAB,
  relation: `SELECT e.id, g.id AS groupId, g.community_id, c.name AS community, e.created_at AS key, o.user_id AS actor,
      e.amount, g.currency, g.name AS groupName, mt.number AS meeting, ${nameSql('ru')} AS whoName, ${nameSql('mu')} AS memberName
    FROM savings_group_members o
    JOIN savings_entries e ON e.group_id = o.group_id AND e.status = 'pending' AND e.kind IN (${FOUR_EYES_KINDS.map((k) => `'${k}'`).join(', ')})
    JOIN savings_groups g ON g.id = e.group_id
    JOIN savings_cycles cy ON cy.id = e.cycle_id AND cy.status = 'open'
    JOIN memberships m ON m.community_id = g.community_id AND m.user_id = o.user_id AND m.role IN (${rolesWith('savings.view')})
    LEFT JOIN communities c ON c.id = g.community_id
    LEFT JOIN savings_meetings mt ON mt.id = e.meeting_id
    LEFT JOIN users ru ON ru.id = e.recorded_by
    LEFT JOIN users mu ON mu.id = e.member_id
    WHERE o.status = 'active' AND o.role IN ('chair', 'treasurer', 'secretary')
      AND o.user_id <> e.recorded_by AND o.user_id <> e.member_id`,
  toItem: savingsItem('savingsEntry', (r) => ({ member: text(r.memberName), meeting: (r.meeting as number | null) ?? 0 })),
};

/** The group's active officers, as `o`, who are still members who may see the community's groups (the operations' guard). */
const OFFICERS = `savings_group_members o
    JOIN savings_groups g ON g.id = o.group_id
    JOIN memberships m ON m.community_id = g.community_id AND m.user_id = o.user_id AND m.role IN (${rolesWith('savings.view')})`;
const OFFICER_ROLE = `o.status = 'active' AND o.role IN ('chair', 'treasurer', 'secretary')`;
/** Neither the loan's borrower nor one of its guarantors (decider() in loans.ts). */
const NO_PARTY = `o.user_id <> l.borrower_id AND NOT EXISTS (SELECT 1 FROM savings_loan_guarantors lg WHERE lg.loan_id = l.id AND lg.user_id = o.user_id)`;

// The loan's own card on its group's page (a repayment's: its loan's).
const loanItem = (kind: 'savingsGuarantee' | 'savingsLoanApproval' | 'savingsLoanDisbursement' | 'savingsLoanReceipt' | 'savingsRepayment' | 'savingsWriteOff') =>
  savingsItem(kind, (r) => ({ purpose: text(r.purpose) }), (r) => `/savings/${r.groupId}?loan=${r.loanId}`);

const loanColumns = (actor: string, since: string, who: string) =>
  `l.id, l.id AS loanId, g.id AS groupId, g.community_id, c.name AS community, ${since} AS key, ${actor} AS actor, l.principal AS amount, g.currency, g.name AS groupName, l.purpose, ${nameSql(who)} AS whoName`;

/** A guarantor asked to stand behind a loan, while it is requested and they have not answered. */
export const savingsGuaranteeNeeds: NeedSource = {
  kind: 'savingsGuarantee',
  group: 1,
  tab: TAB,
  relation: `SELECT ${loanColumns('lg.user_id', 'l.created_at', 'bu')}
    FROM savings_loan_guarantors lg
    JOIN savings_loans l ON l.id = lg.loan_id AND l.status = 'requested'
    JOIN savings_groups g ON g.id = l.group_id
    JOIN memberships m ON m.community_id = g.community_id AND m.user_id = lg.user_id AND m.role IN (${rolesWith('savings.view')})
    LEFT JOIN communities c ON c.id = g.community_id
    LEFT JOIN users bu ON bu.id = l.borrower_id
    WHERE lg.status = 'pending'`,
  toItem: loanItem('savingsGuarantee'),
};

/** A loan every guarantor accepted, waiting for an approval from an officer who has not given one. */
export const savingsLoanApprovalNeeds: NeedSource = {
  kind: 'savingsLoanApproval',
  group: 1,
  tab: TAB,
  relation: `SELECT ${loanColumns('o.user_id', 'l.updated_at', 'bu')}
    FROM ${OFFICERS}
    JOIN savings_loans l ON l.group_id = o.group_id AND l.status = 'requested'
    LEFT JOIN communities c ON c.id = g.community_id
    LEFT JOIN users bu ON bu.id = l.borrower_id
    WHERE ${OFFICER_ROLE} AND ${NO_PARTY} AND o.user_id IS NOT l.approved_by
      AND NOT EXISTS (SELECT 1 FROM savings_loan_guarantors lg WHERE lg.loan_id = l.id AND lg.status <> 'accepted')`,
  toItem: loanItem('savingsLoanApproval'),
};

/** An approved loan to hand over, for the officers who may record it. */
export const savingsLoanDisbursementNeeds: NeedSource = {
  kind: 'savingsLoanDisbursement',
  group: 1,
  tab: TAB,
  relation: `SELECT ${loanColumns('o.user_id', 'l.updated_at', 'bu')}
    FROM ${OFFICERS}
    JOIN savings_loans l ON l.group_id = o.group_id AND l.status = 'approved'
    LEFT JOIN communities c ON c.id = g.community_id
    LEFT JOIN users bu ON bu.id = l.borrower_id
    WHERE ${OFFICER_ROLE} AND ${NO_PARTY}`,
  toItem: loanItem('savingsLoanDisbursement'),
};

/** A loan handed over, for its borrower alone to confirm receiving. */
export const savingsLoanReceiptNeeds: NeedSource = {
  kind: 'savingsLoanReceipt',
  group: 1,
  tab: TAB,
  relation: `SELECT ${loanColumns('l.borrower_id', 'e.created_at', 'ru')}
    FROM savings_loans l
    JOIN savings_entries e ON e.loan_id = l.id AND e.kind = 'loan_disbursed' AND e.status = 'pending'
    JOIN savings_groups g ON g.id = l.group_id
    JOIN memberships m ON m.community_id = g.community_id AND m.user_id = l.borrower_id AND m.role IN (${rolesWith('savings.view')})
    LEFT JOIN communities c ON c.id = g.community_id
    LEFT JOIN users ru ON ru.id = e.recorded_by
    WHERE l.status = 'disbursing'`,
  toItem: loanItem('savingsLoanReceipt'),
};

/**
 * A repayment waiting for an officer who did not record it and is no party to the loan (repaymentFor's
 * rule); on a loan repaid or written off meanwhile too, where it can only be refused.
 */
export const savingsRepaymentNeeds: NeedSource = {
  kind: 'savingsRepayment',
  group: 1,
  tab: TAB,
  relation: `SELECT r.id, l.id AS loanId, g.id AS groupId, g.community_id, c.name AS community, r.created_at AS key, o.user_id AS actor, r.amount, g.currency, g.name AS groupName, l.purpose, ${nameSql('bu')} AS whoName
    FROM ${OFFICERS}
    JOIN savings_loans l ON l.group_id = o.group_id AND l.status IN ('active', 'repaid', 'written_off')
    JOIN savings_loan_repayments r ON r.loan_id = l.id AND r.status = 'pending'
    LEFT JOIN communities c ON c.id = g.community_id
    LEFT JOIN users bu ON bu.id = l.borrower_id
    WHERE ${OFFICER_ROLE} AND ${NO_PARTY} AND o.user_id <> r.recorded_by`,
  toItem: loanItem('savingsRepayment'),
};

/** A write-off one officer proposed, for a second who is neither its proposer nor a party to the loan. */
export const savingsWriteOffNeeds: NeedSource = {
  kind: 'savingsWriteOff',
  group: 1,
  tab: TAB,
  relation: `SELECT ${loanColumns('o.user_id', 'l.updated_at', 'pu')}
    FROM ${OFFICERS}
    JOIN savings_loans l ON l.group_id = o.group_id AND l.status = 'active' AND l.write_off_proposed_by IS NOT NULL
    LEFT JOIN communities c ON c.id = g.community_id
    LEFT JOIN users pu ON pu.id = l.write_off_proposed_by
    WHERE ${OFFICER_ROLE} AND ${NO_PARTY} AND o.user_id <> l.write_off_proposed_by`,
  toItem: loanItem('savingsWriteOff'),
};

/** A reversal one officer proposed, for a second who is neither its proposer nor the member whose money it is (reverseEntry). */
export const savingsReversalNeeds: NeedSource = {
  kind: 'savingsReversal',
  group: 1,
  tab: TAB,
  relation: `SELECT e.id, g.id AS groupId, g.community_id, c.name AS community, e.reversal_proposed_at AS key, o.user_id AS actor,
      e.amount, g.currency, g.name AS groupName, e.reversal_reason AS reason, ${nameSql('pu')} AS whoName, ${nameSql('mu')} AS memberName
    FROM ${OFFICERS}
    JOIN savings_entries e ON e.group_id = o.group_id AND e.status = 'confirmed' AND e.reversal_proposed_by IS NOT NULL
    JOIN savings_cycles cy ON cy.id = e.cycle_id AND cy.status = 'open'
    LEFT JOIN communities c ON c.id = g.community_id
    LEFT JOIN users pu ON pu.id = e.reversal_proposed_by
    LEFT JOIN users mu ON mu.id = e.member_id
    WHERE ${OFFICER_ROLE} AND o.user_id <> e.reversal_proposed_by AND o.user_id <> e.member_id`,
  toItem: savingsItem('savingsReversal', (r) => ({ member: text(r.memberName), reason: text(r.reason) })),
};

/** A grant two officers approved, for its beneficiary alone to confirm receiving (confirmGrantReceipt). */
export const savingsGrantReceiptNeeds: NeedSource = {
  kind: 'savingsGrantReceipt',
  group: 1,
  tab: TAB,
  relation: `SELECT e.id, g.id AS groupId, g.community_id, c.name AS community, e.decided_at AS key, e.member_id AS actor,
      e.amount, g.currency, g.name AS groupName, e.purpose, ${nameSql('ru')} AS whoName
    FROM savings_entries e
    JOIN savings_groups g ON g.id = e.group_id
    JOIN memberships m ON m.community_id = g.community_id AND m.user_id = e.member_id AND m.role IN (${rolesWith('savings.view')})
    LEFT JOIN communities c ON c.id = g.community_id
    LEFT JOIN users ru ON ru.id = e.recorded_by
    WHERE e.kind = 'grant' AND e.status = 'confirmed' AND e.received_at IS NULL`,
  toItem: savingsItem('savingsGrantReceipt', (r) => ({ purpose: text(r.purpose) })),
};

/** A proposed share-out, for the group's other officers (confirmShareOut's rule: never its proposer), while it waits. */
export const savingsShareOutNeeds: NeedSource = {
  kind: 'savingsShareOut',
  group: 1,
  tab: TAB,
  relation: `SELECT s.id, g.id AS groupId, g.community_id, c.name AS community, s.created_at AS key, o.user_id AS actor, s.fund AS amount, g.currency, g.name AS groupName, NULL AS purpose, ${nameSql('pu')} AS whoName
    FROM ${OFFICERS}
    JOIN savings_share_outs s ON s.group_id = o.group_id AND s.status = 'pending'
    LEFT JOIN communities c ON c.id = g.community_id
    LEFT JOIN users pu ON pu.id = s.proposed_by
    WHERE ${OFFICER_ROLE} AND o.user_id <> s.proposed_by`,
  toItem: savingsItem('savingsShareOut', () => ({ purpose: '' })),
};

export const SAVINGS_NEEDS = [savingsEntryNeeds, savingsReversalNeeds, savingsGrantReceiptNeeds, savingsGuaranteeNeeds, savingsLoanApprovalNeeds, savingsLoanDisbursementNeeds, savingsLoanReceiptNeeds, savingsRepaymentNeeds, savingsWriteOffNeeds, savingsShareOutNeeds] as const;
