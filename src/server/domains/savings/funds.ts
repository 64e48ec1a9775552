import { and, eq, sql } from 'drizzle-orm';
import { savingsGroups } from '../../../../db/schema';
import type { DbLike } from '../../../../db/database';
import type { EntryKind } from '@shared/savings/rules';
import { conflict } from '../../services/errors';

/*
 * The group's two funds, kept apart: the loan fund (shares, fines, interest and penalties; lent
 * out and shared out) and the social fund (members' emergencies: contributions in, grants out).
 * Which fund each kind of entry belongs to and which way it moves the cash is said here once; the
 * conservation check (conservation.ts) says the same in SQL and a test holds the two together.
 */

export type Fund = 'loan' | 'social';

/** +1: money into the fund; −1: money out of it. A reversing entry's negated amount undoes its original. */
export const FUND_OF: Record<EntryKind, { fund: Fund; sign: 1 | -1 }> = {
  shares: { fund: 'loan', sign: 1 },
  fine: { fund: 'loan', sign: 1 },
  repayment_interest: { fund: 'loan', sign: 1 },
  penalty: { fund: 'loan', sign: 1 },
  repayment_principal: { fund: 'loan', sign: 1 },
  loan_disbursed: { fund: 'loan', sign: -1 },
  share_out: { fund: 'loan', sign: -1 },
  social_fund: { fund: 'social', sign: 1 },
  grant: { fund: 'social', sign: -1 },
};

/**
 * Moves a fund's cash by a confirmed entry (or its reversal), in the entry's transaction. A fund
 * never goes below nothing: what it has lent or granted cannot be taken back by a reversal (409).
 */
export function moveCash(tx: DbLike, groupId: number, kind: EntryKind, amount: number) {
  const { fund, sign } = FUND_OF[kind];
  const delta = sign * amount;
  const column = fund === 'loan' ? savingsGroups.loanFundCash : savingsGroups.socialFundCash;
  const set = fund === 'loan' ? { loanFundCash: sql`${column} + ${delta}` } : { socialFundCash: sql`${column} + ${delta}` };
  const done = tx
    .update(savingsGroups)
    .set(set)
    .where(and(eq(savingsGroups.id, groupId), sql`${column} + ${delta} >= 0`))
    .run().changes;
  if (!done) throw conflict('errors.savings.cashShort');
}
