import { and, eq, isNull } from 'drizzle-orm';
import { savingsEntries, savingsGroups } from '../../../../db/schema';
import type { DB } from '../../../../db/database';
import { conflict, forbidden, notFound } from '../../services/errors';
import { handled, tellWhoMayAct } from '../../services/needs/notices';
import { moneyText } from '../../services/needs/sql';
import { personName } from '../../services/njangi/notices';
import { attachUpload } from '../../uploads/registry';
import { ENTRY_NOT_FOUND, entryDto, groupLink, type Payment } from './entries';
import { openCycleOf } from './cycles';
import { audit, groupOf, requireMember, requireOfficer } from './groups';

/*
 * Grants from the social fund for a member's emergency, kept apart from the loan fund: an officer
 * proposes one (never for themselves) as an entry that waits; a second officer, neither the
 * proposer nor the beneficiary, approves it by confirming it (confirmEntry, the four-eyes path of
 * all meeting money), and only then does it leave the social fund, never below nothing. The
 * beneficiary then confirms receiving it (confirmGrantReceipt), as a borrower confirms a loan's
 * disbursement: the officers say the money went out, the beneficiary that it arrived. Its
 * purpose is for the beneficiary and the officers: members read no one else's entries.
 */
export function proposeGrant(db: DB, p: { communityId: number; groupId: number; actorId: string; userId: string; amount: number; purpose: string; payment: Payment; now: number }) {
  return db.transaction((tx) => {
    const group = groupOf(tx, p.communityId, p.groupId);
    requireOfficer(tx, group.id, p.actorId);
    if (p.userId === p.actorId) throw forbidden('errors.savings.ownMoney');
    requireMember(tx, group.id, p.userId, 'errors.savings.notAMember');
    const cycle = openCycleOf(tx, group.id);
    // Checked again when approved: other grants may have been paid meanwhile.
    if (group.socialFundCash < p.amount) throw conflict('errors.savings.cashShort');
    attachUpload(tx, { url: p.payment.proofUrl, ownerId: p.actorId, field: 'proofUrl', now: p.now });
    const row = tx
      .insert(savingsEntries)
      .values({ groupId: group.id, cycleId: cycle.id, memberId: p.userId, kind: 'grant', amount: p.amount, purpose: p.purpose, method: p.payment.method, reference: p.payment.reference ?? null, proofUrl: p.payment.proofUrl ?? null, status: 'pending', recordedBy: p.actorId, createdAt: p.now })
      .returning()
      .get();
    audit(tx, group, p.actorId, 'grantProposed', { entry: row.id, member: p.userId, amount: p.amount, purpose: p.purpose }, p.now);
    const name = personName(tx, p.actorId);
    tellWhoMayAct(db, tx, { kind: 'savingsEntry', id: row.id, by: p.actorId, key: 'savingsGrantProposed', params: (l) => ({ name, group: group.name, amount: moneyText(row.amount, group.currency, l) }), link: groupLink(group), now: p.now });
    return entryDto(row);
  });
}

/**
 * The beneficiary alone confirms receiving an approved grant: one conditional UPDATE on the
 * confirmed grant not yet received, so a second confirmation is 409. The cash left the social fund
 * when the second officer approved it; this closes the four eyes on the hand-over.
 */
export function confirmGrantReceipt(db: DB, p: { communityId: number; id: number; userId: string; now: number }) {
  return db.transaction((tx) => {
    const found = tx
      .select({ entry: savingsEntries, group: savingsGroups })
      .from(savingsEntries)
      .innerJoin(savingsGroups, eq(savingsGroups.id, savingsEntries.groupId))
      .where(and(eq(savingsEntries.id, p.id), eq(savingsGroups.communityId, p.communityId), eq(savingsEntries.kind, 'grant')))
      .get();
    // Nobody else learns whether someone was granted anything.
    if (!found || found.entry.memberId !== p.userId) throw notFound(ENTRY_NOT_FOUND);
    const row = tx
      .update(savingsEntries)
      .set({ receivedAt: p.now })
      .where(and(eq(savingsEntries.id, found.entry.id), eq(savingsEntries.status, 'confirmed'), isNull(savingsEntries.receivedAt)))
      .returning()
      .get();
    if (!row) throw conflict('errors.savings.grantState');
    audit(tx, found.group, p.userId, 'grantReceived', { entry: row.id, amount: row.amount }, p.now);
    handled(tx, 'savingsGrantReceipt', row.id, p.userId, p.now);
    return entryDto(row);
  });
}
