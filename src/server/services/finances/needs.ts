import type { NeedSource } from '../needs/types';
import { iso, nameSql, rolesWith } from '../needs/sql';
import { financeLink } from '@shared/finances/sections';

/*
 * The books' waiting work and who may act on it (the four-eyes rule of payments.ts and
 * EXPENSE_TRANSITIONS in expenses.ts, said once more as SQL): a pending payment falls to the
 * community's officers who are neither the member it is for nor whoever recorded it; a pending
 * expense to the approvers who are none of its authors and have not approved it yet; an approved
 * expense to the officers who are none of its authors.
 */

export const paymentNeeds: NeedSource = {
  kind: 'payment',
  group: 1,
  tab: 'finances',
  capability: 'finances.record',
  relation: `SELECT p.id, p.community_id, c.name AS community, p.created_at AS key, m.user_id AS actor,
      p.amount, p.purpose, p.method, p.member_id AS memberId, p.recorded_by AS recordedBy, p.account_id AS accountId, fs.currency,
      ${nameSql('mu')} AS memberName, ${nameSql('ru')} AS recorderName
    FROM payments p
    JOIN memberships m ON m.community_id = p.community_id AND m.role IN (${rolesWith('finances.record')})
    LEFT JOIN communities c ON c.id = p.community_id
    LEFT JOIN finance_settings fs ON fs.community_id = p.community_id
    LEFT JOIN users mu ON mu.id = p.member_id
    LEFT JOIN users ru ON ru.id = p.recorded_by
    WHERE p.status = 'pending' AND m.user_id <> p.member_id AND m.user_id IS NOT p.recorded_by`,
  // Per community the viewer keeps the books of, one range of the pending payments' index.
  count: `SELECT m.community_id AS communityId, (SELECT count(*) FROM payments p
      WHERE p.community_id = m.community_id AND p.status = 'pending' AND p.member_id <> m.user_id AND p.recorded_by IS NOT m.user_id) AS n
    FROM memberships m WHERE m.user_id = @viewer AND m.role IN (${rolesWith('finances.record')})`,
  toItem: (r, ctx) => {
    const communityId = r.community_id!;
    // Cash an officer recorded for a member names the officer; a member's own declaration names the member.
    const recorded = r.recordedBy !== null && r.recordedBy !== r.memberId;
    const accounts = ctx.accounts(communityId);
    return {
      key: `payment:${r.id}`,
      kind: 'payment',
      id: r.id,
      communityId,
      community: r.community,
      tab: 'finances',
      who: (recorded ? r.recorderName : r.memberName) as string,
      amount: { amount: r.amount as number, currency: r.currency as string },
      subject: recorded ? (r.memberName as string) : null,
      details: { purpose: r.purpose as string, method: r.method as string, recorded: recorded ? 1 : 0 },
      since: iso(r.key),
      due: null,
      link: financeLink(communityId, 'payments'),
      action: { op: 'finances.confirmPayment', input: { id: r.id }, accounts, accountId: (r.accountId as number | null) ?? accounts[0]?.id ?? null },
    };
  },
};

const expenseColumns = `e.id, e.community_id, c.name AS community, e.created_at AS key, m.user_id AS actor,
  e.amount, e.description, e.author_id AS authorId, fs.currency, ${nameSql('au')} AS authorName`;
const expenseJoins = `LEFT JOIN communities c ON c.id = e.community_id
  LEFT JOIN finance_settings fs ON fs.community_id = e.community_id
  LEFT JOIN users au ON au.id = e.author_id`;
const notAnAuthor = `m.user_id <> e.author_id AND NOT EXISTS (SELECT 1 FROM expense_authors a WHERE a.expense_id = e.id AND a.user_id = m.user_id)`;

const expenseItem = (kind: 'expenseApproval' | 'expensePayment'): NeedSource['toItem'] => (r, ctx) => {
  const communityId = r.community_id!;
  const accounts = ctx.accounts(communityId);
  return {
    key: `${kind}:${r.id}`,
    kind,
    id: r.id,
    communityId,
    community: r.community,
    tab: 'finances',
    who: r.authorName as string,
    amount: { amount: r.amount as number, currency: r.currency as string },
    subject: r.description as string,
    details: {},
    since: iso(r.key),
    due: null,
    link: financeLink(communityId, 'expenses'),
    action: kind === 'expenseApproval' ? { op: 'finances.approveExpense', input: { id: r.id } } : { op: 'finances.payExpense', input: { id: r.id }, accounts, accountId: accounts[0]?.id ?? null },
  };
};

export const expenseApprovalNeeds: NeedSource = {
  kind: 'expenseApproval',
  group: 1,
  tab: 'finances',
  capability: 'finances.approve',
  relation: `SELECT ${expenseColumns}
    FROM expenses e
    JOIN memberships m ON m.community_id = e.community_id AND m.role IN (${rolesWith('finances.approve')})
    ${expenseJoins}
    WHERE e.status = 'pending' AND ${notAnAuthor}
      AND NOT EXISTS (SELECT 1 FROM expense_approvals x WHERE x.expense_id = e.id AND x.approver_id = m.user_id)`,
  count: `SELECT m.community_id AS communityId, (SELECT count(*) FROM expenses e
      WHERE e.community_id = m.community_id AND e.status = 'pending' AND ${notAnAuthor}
        AND NOT EXISTS (SELECT 1 FROM expense_approvals x WHERE x.expense_id = e.id AND x.approver_id = m.user_id)) AS n
    FROM memberships m WHERE m.user_id = @viewer AND m.role IN (${rolesWith('finances.approve')})`,
  toItem: expenseItem('expenseApproval'),
};

export const expensePaymentNeeds: NeedSource = {
  kind: 'expensePayment',
  group: 1,
  tab: 'finances',
  capability: 'finances.record',
  relation: `SELECT ${expenseColumns}
    FROM expenses e
    JOIN memberships m ON m.community_id = e.community_id AND m.role IN (${rolesWith('finances.record')})
    ${expenseJoins}
    WHERE e.status = 'approved' AND ${notAnAuthor}`,
  count: `SELECT m.community_id AS communityId, (SELECT count(*) FROM expenses e
      WHERE e.community_id = m.community_id AND e.status = 'approved' AND ${notAnAuthor}) AS n
    FROM memberships m WHERE m.user_id = @viewer AND m.role IN (${rolesWith('finances.record')})`,
  toItem: expenseItem('expensePayment'),
};

export const FINANCE_NEEDS = [paymentNeeds, expenseApprovalNeeds, expensePaymentNeeds] as const;
