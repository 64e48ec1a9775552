import { sql } from 'drizzle-orm';
import type { DbLike } from '../../../../db/database';

/*
 * A savings-and-loans group's money is conserved to the minor unit (npm run finances:verify):
 *
 *   shares + fines + interest + penalties + social fund            (money in)
 *     = cash on hand (loan fund + social fund, as kept on the group's row)
 *     + loans outstanding (lent − principal repaid − written off)
 *     + written off (what two officers decided the fund lost)
 *     + paid out (grants + share-out)
 *
 * and each fund on its own: the loan fund's in = its cash + loans outstanding + share-out; the
 * social fund's in = its cash + grants. Money in and out is summed from the entries (confirmed ones,
 * and reversed ones with their reversing entries, which cancel them); the cash is the figure the
 * services kept in each confirmation's transaction, so the check holds the two records to each
 * other. Besides, every reversed entry has exactly one reversing entry of the opposite amount, and
 * every reversing entry corrects a reversed one, and every written-off loan's loss is what its
 * entries say was still owed on it. The kinds' funds are those of funds.ts.
 */

export type GroupMoney = {
  groupId: number;
  communityId: number;
  community: string;
  name: string;
  loanIn: number;
  socialIn: number;
  disbursed: number;
  principalBack: number;
  shareOut: number;
  grants: number;
  /** Σ of the written-off loans' losses as kept on them. */
  writtenOff: number;
  /** Written-off loans whose kept loss is not the principal their entries say was still owed. */
  badWriteOffs: number;
  loanFundCash: number;
  socialFundCash: number;
  /** Reversed entries without their one opposite reversing entry, and reversing entries of an entry not marked reversed. */
  badReversals: number;
};

export type GroupCheck = GroupMoney & { moneyIn: number; loansOutstanding: number; paidOut: number; cashOnHand: number; conserved: boolean };

const counted = (kinds: string) => sql.raw(`(SELECT COALESCE(SUM(e.amount), 0) FROM savings_entries e WHERE e.group_id = g.id AND e.status IN ('confirmed', 'reversed') AND e.kind IN (${kinds}))`);

const SUMS = sql`
  SELECT g.id AS groupId, g.community_id AS communityId, co.name AS community, g.name AS name,
    ${counted(`'shares', 'fine', 'repayment_interest', 'penalty'`)} AS loanIn,
    ${counted(`'social_fund'`)} AS socialIn,
    ${counted(`'loan_disbursed'`)} AS disbursed,
    ${counted(`'repayment_principal'`)} AS principalBack,
    ${counted(`'share_out'`)} AS shareOut,
    ${counted(`'grant'`)} AS grants,
    (SELECT COALESCE(SUM(l.written_off), 0) FROM savings_loans l WHERE l.group_id = g.id AND l.status = 'written_off') AS writtenOff,
    (SELECT count(*) FROM savings_loans l WHERE l.group_id = g.id AND l.status = 'written_off' AND l.written_off <> l.principal
       - (SELECT COALESCE(SUM(e.amount), 0) FROM savings_entries e WHERE e.loan_id = l.id AND e.kind = 'repayment_principal' AND e.status IN ('confirmed', 'reversed'))) AS badWriteOffs,
    g.loan_fund_cash AS loanFundCash, g.social_fund_cash AS socialFundCash,
    (SELECT count(*) FROM savings_entries o WHERE o.group_id = g.id AND o.status = 'reversed'
       AND (SELECT count(*) FROM savings_entries r WHERE r.reverses_id = o.id AND r.amount = -o.amount AND r.shares = -o.shares AND r.kind = o.kind AND r.status = 'confirmed') <> 1)
    + (SELECT count(*) FROM savings_entries r LEFT JOIN savings_entries o ON o.id = r.reverses_id
       WHERE r.group_id = g.id AND r.reverses_id IS NOT NULL AND (o.id IS NULL OR o.status <> 'reversed' OR o.group_id <> r.group_id)) AS badReversals
  FROM savings_groups g JOIN communities co ON co.id = g.community_id`;

function check(m: GroupMoney): GroupCheck {
  const loansOutstanding = m.disbursed - m.principalBack - m.writtenOff;
  const moneyIn = m.loanIn + m.socialIn;
  const paidOut = m.grants + m.shareOut;
  const cashOnHand = m.loanFundCash + m.socialFundCash;
  const conserved =
    m.loanIn === m.loanFundCash + loansOutstanding + m.writtenOff + m.shareOut &&
    m.socialIn === m.socialFundCash + m.grants &&
    moneyIn === cashOnHand + loansOutstanding + m.writtenOff + paidOut &&
    loansOutstanding >= 0 &&
    m.badWriteOffs === 0 &&
    m.loanFundCash >= 0 &&
    m.socialFundCash >= 0 &&
    m.badReversals === 0;
  return { ...m, moneyIn, loansOutstanding, paidOut, cashOnHand, conserved };
}

/** One group's sums and whether they agree. */
export function groupConservation(db: DbLike, groupId: number): GroupCheck {
  const row = db.get<GroupMoney>(sql`${SUMS} WHERE g.id = ${groupId}`);
  if (!row) throw new RangeError(`No savings group ${groupId}`);
  return check(row);
}

/** Every group's check, in id order. */
export const groupChecks = (db: DbLike): GroupCheck[] => db.all<GroupMoney>(sql`${SUMS} ORDER BY g.id`).map(check);

/** What is wrong with a group's money, in words, for finances:verify (empty when conserved). */
export function groupProblems(c: GroupCheck): string[] {
  if (c.conserved) return [];
  const where = `Savings group ${c.groupId} "${c.name}" (community ${c.communityId} "${c.community}")`;
  const out: string[] = [];
  if (c.loanIn !== c.loanFundCash + c.loansOutstanding + c.writtenOff + c.shareOut)
    out.push(`${where}: the loan fund took in ${c.loanIn} (shares, fines, interest, penalties) but holds ${c.loanFundCash} in cash + ${c.loansOutstanding} lent out + ${c.writtenOff} written off + ${c.shareOut} shared out`);
  if (c.socialIn !== c.socialFundCash + c.grants) out.push(`${where}: the social fund took in ${c.socialIn} but holds ${c.socialFundCash} in cash + ${c.grants} granted`);
  if (c.loansOutstanding < 0) out.push(`${where}: more principal repaid (${c.principalBack}) than lent (${c.disbursed})`);
  if (c.loanFundCash < 0 || c.socialFundCash < 0) out.push(`${where}: a fund's cash is below nothing (loan fund ${c.loanFundCash}, social fund ${c.socialFundCash})`);
  if (c.badWriteOffs) out.push(`${where}: ${c.badWriteOffs} written-off loans do not keep what was still owed on them`);
  if (c.badReversals) out.push(`${where}: ${c.badReversals} reversals do not match the entries they correct`);
  if (!out.length) out.push(`${where}: money in ${c.moneyIn} ≠ cash ${c.cashOnHand} + loans outstanding ${c.loansOutstanding} + written off ${c.writtenOff} + paid out ${c.paidOut}`);
  return out;
}
