import { and, eq, sql } from 'drizzle-orm';
import { savingsLoans } from '../../../../db/schema';
import type { DB } from '../../../../db/database';
import { conflict } from '../../services/errors';
import { handled, tellWhoMayAct } from '../../services/needs/notices';
import { moneyText } from '../../services/needs/sql';
import { personName } from '../../services/njangi/notices';
import { groupLink } from './entries';
import { audit } from './groups';
import { decider, loanDto, loanOf } from './loans';
import { positionOf } from './repayments';

/*
 * Writing a loan off is a decision of two officers, recorded: the first proposes it with a reason,
 * a second (neither the borrower, a guarantor nor the proposer) decides it with theirs. Both steps
 * are conditional UPDATEs on the loan (the same officer twice: 409). The principal still owed at
 * that moment is kept on the loan as the fund's loss; no money moves, so the funds' cash is
 * unchanged and the conservation check counts it as lent, not repaid, and written off.
 */
export function writeOffLoan(db: DB, p: { communityId: number; loanId: number; actorId: string; reason: string; now: number }) {
  return db.transaction((tx) => {
    const { loan, group } = loanOf(tx, p.communityId, p.loanId);
    decider(tx, loan, p.actorId);
    if (loan.status !== 'active') throw conflict('errors.savings.loanState');
    const proposed = tx
      .update(savingsLoans)
      .set({ writeOffProposedBy: p.actorId, writeOffReason: p.reason, updatedAt: p.now })
      .where(and(eq(savingsLoans.id, loan.id), eq(savingsLoans.status, 'active'), sql`${savingsLoans.writeOffProposedBy} IS NULL`))
      .returning()
      .get();
    if (proposed) {
      audit(tx, group, p.actorId, 'writeOffProposed', { loan: loan.id, reason: p.reason }, p.now);
      const name = personName(tx, loan.borrowerId);
      tellWhoMayAct(db, tx, { kind: 'savingsWriteOff', id: loan.id, by: p.actorId, key: 'savingsWriteOffProposed', params: (l) => ({ name, group: group.name, amount: moneyText(loan.principal, group.currency, l) }), link: groupLink(group), now: p.now });
      return loanDto(tx, proposed);
    }
    const owed = positionOf(tx, loan, group.timeZone, p.now).position.principalOutstanding;
    const decided = tx
      .update(savingsLoans)
      .set({ status: 'written_off', writtenOffBy: p.actorId, writtenOff: owed, decidedBy: p.actorId, reason: p.reason, updatedAt: p.now })
      .where(and(eq(savingsLoans.id, loan.id), eq(savingsLoans.status, 'active'), sql`${savingsLoans.writeOffProposedBy} IS NOT NULL AND ${savingsLoans.writeOffProposedBy} <> ${p.actorId}`))
      .returning()
      .get();
    if (!decided) throw conflict(loan.writeOffProposedBy === p.actorId ? 'errors.savings.alreadyProposed' : 'errors.savings.loanState');
    audit(tx, group, p.actorId, 'writtenOff', { loan: loan.id, writtenOff: owed, proposedBy: loan.writeOffProposedBy, proposal: loan.writeOffReason, reason: p.reason }, p.now);
    handled(tx, 'savingsWriteOff', loan.id, p.actorId, p.now);
    return loanDto(tx, decided);
  });
}
