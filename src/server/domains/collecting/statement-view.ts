import { and, asc, eq, sql } from 'drizzle-orm';
import { memberships, paymentReferences, payments, statementImports, statementLines, users } from '../../../../db/schema';
import type { DbLike } from '../../../../db/database';
import { matchStatement, type MatchLine } from '@shared/collecting/matching';
import { notFound } from '../../services/errors';

/** The pending payments and the members matching reads: one query each, whatever the statement's size. */
export function matchingInputs(db: DbLike, communityId: number) {
  const pending = db
    .select({ id: payments.id, memberId: payments.memberId, amount: payments.amount, createdAt: payments.createdAt, transactionId: payments.transactionId, recordedBy: payments.recordedBy })
    .from(payments)
    .where(and(eq(payments.communityId, communityId), eq(payments.status, 'pending')))
    .all();
  const members = db
    .select({ userId: memberships.userId, firstName: users.firstName, lastName: users.lastName, reference: paymentReferences.reference })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(paymentReferences, and(eq(paymentReferences.communityId, memberships.communityId), eq(paymentReferences.userId, memberships.userId)))
    .where(eq(memberships.communityId, communityId))
    .all();
  return { pending, members };
}

/**
 * A statement as the treasurer works it: its lines with what was decided, and for each open line
 * coming in, the proposed payment with why (matching.ts). A payment the reader declared or recorded
 * is left out of the proposals: they could not confirm it (four eyes).
 */
export function statementView(db: DbLike, p: { communityId: number; id: number; readerId: string }) {
  const head = db.select().from(statementImports).where(and(eq(statementImports.id, p.id), eq(statementImports.communityId, p.communityId))).get();
  if (!head) throw notFound('errors.collecting.statementNotFound');
  const lines = db.select().from(statementLines).where(eq(statementLines.importId, p.id)).orderBy(asc(statementLines.lineNo)).all();
  const { pending, members } = matchingInputs(db, p.communityId);
  const open: MatchLine[] = lines.filter((l) => l.status === 'open');
  const proposals = matchStatement(
    open,
    pending.filter((x) => x.memberId !== p.readerId && x.recordedBy !== p.readerId),
    members,
  );
  const byLine = new Map(proposals.map((x) => [x.lineId, x]));
  const name = new Map(members.map((m) => [m.userId, `${m.firstName} ${m.lastName}`]));
  const paymentOf = new Map(pending.map((x) => [x.id, x]));
  return {
    id: head.id,
    accountId: head.accountId,
    fileName: head.fileName,
    createdAt: new Date(head.createdAt).toISOString(),
    skipped: head.skipped,
    lines: lines.map((l) => {
      const proposal = byLine.get(l.id);
      const payment = proposal ? paymentOf.get(proposal.paymentId)! : null;
      return {
        id: l.id,
        lineNo: l.lineNo,
        bookedOn: l.bookedOn,
        amount: l.amount,
        reference: l.reference,
        counterparty: l.counterparty,
        transactionId: l.transactionId,
        status: l.status,
        paymentId: l.paymentId,
        reason: l.reason,
        proposal: proposal && payment ? { paymentId: payment.id, memberId: payment.memberId, member: name.get(payment.memberId) ?? null, amount: payment.amount, declaredAt: new Date(payment.createdAt).toISOString(), transactionId: payment.transactionId, why: proposal.reason, amountDiffers: proposal.amountDiffers } : null,
      };
    }),
  };
}

export const openLineCount = (db: DbLike, communityId: number) => db.get<{ n: number }>(sql`SELECT COUNT(*) AS n FROM statement_lines WHERE community_id = ${communityId} AND status = 'open' AND amount > 0`)!.n;
