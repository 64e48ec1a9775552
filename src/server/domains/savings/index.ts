import { and, asc, eq, inArray } from 'drizzle-orm';
import { savingsEntries, savingsGroupMembers, savingsGroups } from '../../../../db/schema';
import { defineDomain } from '../domain';
import { entryDto } from './entries';
import { savingsEntryNeeds } from './need-sources';
import { savings } from './operations';
import { savingsRoutes } from './rest';

const MONEY_KEPT = { kept: 'a group’s money records must still add up (they name a former member)' } as const;

/** Savings-and-loans groups (table banking, ASCA, VSLA): groups, officers, cycles, meetings and their money. */
export const savingsDomain = defineDomain({
  name: 'savings',
  operations: { savings },
  rest: savingsRoutes,
  // Money waiting for a second officer is work; what happened to one's own money is money news.
  needs: [savingsEntryNeeds],
  noticeKinds: {
    'notifications.savingsRecorded': 'needs',
    'notifications.savingsDeclared': 'needs',
    'notifications.savingsConfirmed': 'money',
    'notifications.savingsRejected': 'money',
    'notifications.savingsReversed': 'money',
  },
  // The member's groups and their own money in them; nobody else's.
  exportData: (db, user) => ({
    savingsGroups: db
      .select({ groupId: savingsGroups.id, name: savingsGroups.name, communityId: savingsGroups.communityId, currency: savingsGroups.currency, role: savingsGroupMembers.role, status: savingsGroupMembers.status, since: savingsGroupMembers.createdAt })
      .from(savingsGroupMembers)
      .innerJoin(savingsGroups, eq(savingsGroups.id, savingsGroupMembers.groupId))
      .where(eq(savingsGroupMembers.userId, user.id))
      .orderBy(asc(savingsGroups.id))
      .all(),
    savingsEntries: db.select().from(savingsEntries).where(eq(savingsEntries.memberId, user.id)).orderBy(asc(savingsEntries.id)).all().map(entryDto),
  }),
  // Someone who goes leaves their groups (and any office in them); their money stays in the records.
  erase: (tx, { user }) => ({
    savingsGroupsLeft: tx
      .update(savingsGroupMembers)
      .set({ status: 'left', role: 'member' })
      .where(and(eq(savingsGroupMembers.userId, user.id), inArray(savingsGroupMembers.status, ['active', 'pending'])))
      .run().changes,
  }),
  personalData: {
    savings_groups: { export: { not: 'the community’s groups; the member’s place in them is exported under savingsGroups' }, erase: { kept: 'the group is the community’s; its creator is forgotten (set null)' } },
    savings_group_members: { export: { key: 'savingsGroups' }, erase: { kept: 'marked left, so the group’s records still name who paid' } },
    savings_cycles: { export: { not: 'the group’s cycles and their rules' }, erase: MONEY_KEPT },
    savings_entries: { export: { key: 'savingsEntries' }, erase: MONEY_KEPT },
  },
});
