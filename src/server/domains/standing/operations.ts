import {
  createCategoryInput,
  liftSuspensionInput,
  rollExportInput,
  rollInput,
  setMemberCategoryInput,
  standingRulesInput,
  suspendInput,
  suspensionsInput,
  updateCategoryInput,
} from '@shared/schemas/standing';
import { communityIdInput } from '@shared/schemas/welfare';
import { toCsv } from '../../exports/table';
import { toXlsx } from '../../exports/xlsx';
import { inCommunity, mutation, query, type CommunityScope, type SignedInContext } from '../../operations/define';
import { fieldError } from '../../services/errors';
import { rollExport } from './export';
import { rollPage, standingCounts } from './roll';
import { createCategory, getRules, listCategories, listSuspensions, liftSuspension, saveRules, setMemberCategory, suspendMember, suspensionLimit, updateCategory } from './rules';
import { communityMoneyFrame, myStanding } from './standing';

/*
 * Standing. Every member reads their own standing (and the rights it gives, each refusal with its
 * way back), the categories and the rules; those with standing.view (leaders and the treasurer)
 * read the roll and export it; those with standing.manage (leaders) set categories, rules and
 * suspensions. Nobody else's arrears reach a plain member: the roll is the only place they show.
 */

const exportFor = (ctx: SignedInContext, input: { standing?: 'new' | 'good' | 'in_arrears' | 'suspended'; categoryId?: number }, { community }: CommunityScope) => {
  const frame = communityMoneyFrame(ctx.db, community.id);
  return rollExport(ctx.db, { communityId: community.id, communityName: community.name, ...frame, language: ctx.user.language, now: ctx.now(), standing: input.standing, categoryId: input.categoryId });
};

export const standing = {
  /** The caller's own standing in the community, with each right and, when refused, why and the way back. */
  mine: query({ input: communityIdInput, access: inCommunity('community.view'), run: (ctx, _input, { community }) => myStanding(ctx.db, { communityId: community.id, userId: ctx.user.id, now: ctx.now() }) }),

  /** The roll: every member's standing, filtered by standing and category, in joining order, keyset paged. */
  roll: query({
    input: rollInput,
    access: inCommunity('standing.view'),
    run: (ctx, input, { community }) => ({
      ...communityMoneyFrame(ctx.db, community.id),
      ...rollPage(ctx.db, { communityId: community.id, now: ctx.now(), standing: input.standing, categoryId: input.categoryId, cursor: input.cursor, limit: input.limit }),
    }),
  }),
  /** How many members stand where. */
  counts: query({ input: communityIdInput, access: inCommunity('standing.view'), run: (ctx, _input, { community }) => standingCounts(ctx.db, { communityId: community.id, now: ctx.now() }) }),
  /** The roll as CSV, in the requester's language (the workbook is GET …/standing/roll.xlsx). */
  rollCsv: query({
    input: rollExportInput,
    access: inCommunity('standing.view'),
    run: (ctx, input, scope) => {
      const e = exportFor(ctx, input, scope);
      return { filename: `${e.filename}.csv`, csv: toCsv(e) };
    },
  }),

  categories: query({ input: communityIdInput, access: inCommunity('community.view'), run: (ctx, _input, { community }) => listCategories(ctx.db, community.id) }),
  createCategory: mutation({
    input: createCategoryInput,
    access: inCommunity('standing.manage'),
    run: (ctx, input, { community }) => {
      const { communityId: _, ...fields } = input;
      return createCategory(ctx.db, { communityId: community.id, actorId: ctx.user.id, input: fields, now: ctx.now() });
    },
  }),
  updateCategory: mutation({
    input: updateCategoryInput,
    access: inCommunity('standing.manage'),
    run: (ctx, input, { community }) => {
      const { communityId: _, id, ...fields } = input;
      return updateCategory(ctx.db, { communityId: community.id, id, actorId: ctx.user.id, input: fields, now: ctx.now() });
    },
  }),
  setMemberCategory: mutation({
    input: setMemberCategoryInput,
    access: inCommunity('standing.manage'),
    run: (ctx, input, { community }) => setMemberCategory(ctx.db, { communityId: community.id, userId: input.userId, categoryId: input.categoryId, actorId: ctx.user.id, now: ctx.now() }),
  }),

  /** The waiting period and the arrears limit: every member may read the rules they are held to. */
  rules: query({ input: communityIdInput, access: inCommunity('community.view'), run: (ctx, _input, { community }) => getRules(ctx.db, community.id) }),
  saveRules: mutation({
    input: standingRulesInput,
    access: inCommunity('standing.manage'),
    run: (ctx, input, { community }) => saveRules(ctx.db, { communityId: community.id, actorId: ctx.user.id, rules: { waitingDays: input.waitingDays, suspendAfterDays: input.suspendAfterDays }, now: ctx.now() }),
  }),

  suspensions: query({ input: suspensionsInput, access: inCommunity('standing.view'), run: (ctx, input, { community }) => listSuspensions(ctx.db, { communityId: community.id, memberId: input.userId, limit: 100 }) }),
  suspend: mutation({
    input: suspendInput,
    access: inCommunity('standing.manage'),
    run: (ctx, input, { community }) => {
      const now = ctx.now();
      if (input.endsAt > suspensionLimit(now)) throw fieldError('invalid', 'endsAt', 'validation.standing.endsAt');
      return suspendMember(ctx.db, { communityId: community.id, communityName: community.name, timeZone: community.timeZone, memberId: input.userId, reason: input.reason, endsAt: input.endsAt, actorId: ctx.user.id, now });
    },
  }),
  liftSuspension: mutation({
    input: liftSuspensionInput,
    access: inCommunity('standing.manage'),
    run: (ctx, input, { community }) => liftSuspension(ctx.db, { communityId: community.id, communityName: community.name, id: input.id, reason: input.reason, actorId: ctx.user.id, now: ctx.now() }),
  }),
};

/** Files only over REST (a binary workbook): the same rows as standing.rollCsv. */
export const standingFiles = {
  rollXlsx: query({
    input: rollExportInput,
    access: inCommunity('standing.view'),
    run: async (ctx, input, scope) => {
      const e = exportFor(ctx, input, scope);
      return { filename: `${e.filename}.xlsx`, xlsx: await toXlsx(e, { creator: ctx.env.APP_NAME }) };
    },
  }),
};
