import { describe, expect, it } from 'vitest';
import { deleteAccount, deletionBlockers } from '../../src/server/services/account/delete';
import { DomainError } from '../../src/server/services/errors';
import { writeOffLoan } from '../../src/server/domains/savings/write-off';
import type { UserRow } from '../../db/schema';
import { textOf } from '../setup/errors';
import { loanThrough, savedShares, savingsWorld, type SavingsWorld } from '../setup/savings';

/*
 * A member who owes a savings group for a loan, or whose savings stand behind someone's loan,
 * cannot delete their account until the loan ends: the refusal names the groups, in both languages.
 */

function refusal(w: SavingsWorld, user: UserRow) {
  try {
    deleteAccount(w.t.db, { user, removePosts: false, actor: { id: user.id, email: user.email }, byStaff: false, now: w.t.clock.now() });
  } catch (e) {
    if (e instanceof DomainError) return { kind: e.kind, message: e.message, params: e.params };
    throw e;
  }
  return null;
}

describe('deleting an account with a savings group’s loan', () => {
  it('is refused to a borrower and a guarantor while the loan is live, and allowed once it ends', async () => {
    const w = await savingsWorld();
    savedShares(w, { recorder: w.creator, confirmer: w.admin }, [{ user: w.musa, shares: 2 }, { user: w.ada, shares: 5 }]);
    const loan = loanThrough(w, { borrower: w.musa, principal: 5_000, guarantors: [w.ada], until: 'active' });

    expect(deletionBlockers(w.t.db, w.musa.id)).toMatchObject({ savingsLoans: ['Table banking'], savingsGuarantees: [] });
    expect(deletionBlockers(w.t.db, w.ada.id)).toMatchObject({ savingsLoans: [], savingsGuarantees: ['Table banking'] });
    expect(refusal(w, w.musa)).toEqual({ kind: 'conflict', message: 'errors.account.savingsLoansFirst', params: { names: 'Table banking' } });
    expect(refusal(w, w.ada)).toEqual({ kind: 'conflict', message: 'errors.account.savingsGuaranteesFirst', params: { names: 'Table banking' } });
    // Said in both languages, naming the group.
    expect(textOf('errors.account.savingsLoansFirst', { names: 'Table banking' }, 'fr')).toContain('Table banking');
    expect(textOf('errors.account.savingsGuaranteesFirst', { names: 'Table banking' }, 'en')).toContain('Table banking');

    const communityId = w.community.id;
    for (const officer of [w.treasurer, w.creator]) writeOffLoan(w.t.db, { communityId, loanId: loan, actorId: officer.id, reason: 'Agreed at the meeting', now: w.t.clock.now() });
    expect(deletionBlockers(w.t.db, w.musa.id)).toMatchObject({ savingsLoans: [], savingsGuarantees: [] });
    expect(refusal(w, w.ada)).toBeNull();
  });
});
