import { and, asc, eq } from 'drizzle-orm';
import { financeAccounts, paymentInstructions } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import type { InstructionsInput } from '@shared/schemas/collecting';
import { recordFinanceAction } from '../../services/finances/audit';
import { accountOf } from '../../services/finances/books';

/** What members are shown to pay into each account that has instructions (accounts without them are not offered). */
export function listInstructions(db: DbLike, communityId: number) {
  return db
    .select({
      accountId: financeAccounts.id,
      accountName: financeAccounts.name,
      kind: financeAccounts.kind,
      provider: paymentInstructions.provider,
      number: paymentInstructions.number,
      holderName: paymentInstructions.accountName,
      bankDetails: paymentInstructions.bankDetails,
      ussd: paymentInstructions.ussd,
      appLink: paymentInstructions.appLink,
      note: paymentInstructions.note,
    })
    .from(paymentInstructions)
    .innerJoin(financeAccounts, eq(financeAccounts.id, paymentInstructions.accountId))
    .where(eq(paymentInstructions.communityId, communityId))
    .orderBy(asc(financeAccounts.name))
    .all();
}

/** A treasurer sets (or, with every field empty, removes) an account's instructions; audited. */
export function setInstructions(db: DB, p: { communityId: number; input: InstructionsInput; actorId: string; now: number }) {
  const { accountId, communityId: _, ...fields } = p.input;
  return db.transaction((tx) => {
    accountOf(tx, p.communityId, accountId);
    const empty = Object.values(fields).every((v) => v === null || v === undefined || v === '');
    if (empty) tx.delete(paymentInstructions).where(and(eq(paymentInstructions.accountId, accountId), eq(paymentInstructions.communityId, p.communityId))).run();
    else {
      const row = { ...fields, communityId: p.communityId, updatedBy: p.actorId, updatedAt: p.now };
      tx.insert(paymentInstructions).values({ accountId, ...row }).onConflictDoUpdate({ target: paymentInstructions.accountId, set: row }).run();
    }
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: empty ? 'instructions.removed' : 'instructions.set', subject: `account:${accountId}`, details: empty ? {} : fields, now: p.now });
    return listInstructions(tx, p.communityId);
  });
}
