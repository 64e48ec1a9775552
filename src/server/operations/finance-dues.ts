import { z } from 'zod';
import { communityId } from '@shared/schemas/communities';
import { duesPlanInput, duesPlanPreviewInput, planIdInput } from '@shared/schemas/finances';
import { assertBooksCurrency, requireBooks } from '../services/finances/books';
import { createDuesPlan, deactivatePlan, duesRoll, listDuesPlans, memberDues } from '../services/finances/dues';
import { previewDuesPlan } from '../services/finances/dues-preview';
import { inCommunity, mutation, query } from './define';

/* The books' dues: the plans members pay under, each member's own dues, and the officers' roll. */

export const dues = {
  plans: query({
    input: z.object({ communityId }),
    access: inCommunity('finances.view'),
    run: (ctx, _input, { community }) =>
      listDuesPlans(ctx.db, community.id).map((p) => ({ id: p.id, name: p.name, amount: p.amount, period: p.period, dueDay: p.dueDay, graceDays: p.graceDays, startsOn: p.startsOn, allMembers: p.allMembers, active: p.active })),
  }),

  createPlan: mutation({
    input: duesPlanInput,
    access: inCommunity('finances.manage'),
    run: (ctx, input, { community }) => {
      assertBooksCurrency(requireBooks(ctx.db, community.id), input.currency);
      const { communityId: _, currency: _currency, ...plan } = input;
      const row = createDuesPlan(ctx.db, { communityId: community.id, actorId: ctx.user.id, plan, now: ctx.now() });
      return { id: row.id };
    },
  }),

  /** Before a plan is made: how many members it would make overdue at once (a plan starting in the past owes its past periods). */
  preview: query({
    input: duesPlanPreviewInput,
    access: inCommunity('finances.manage'),
    run: (ctx, input, { community }) => {
      requireBooks(ctx.db, community.id);
      const { communityId: _, ...plan } = input;
      return previewDuesPlan(ctx.db, { communityId: community.id, plan: { ...plan, name: '' }, now: ctx.now() });
    },
  }),

  stopPlan: mutation({
    input: planIdInput.extend({ communityId }),
    access: inCommunity('finances.manage'),
    run: (ctx, input, { community }) => {
      deactivatePlan(ctx.db, { communityId: community.id, planId: input.id, actorId: ctx.user.id, now: ctx.now() });
      return { success: true as const };
    },
  }),

  /** The caller's own dues: each period's obligation, what is owed and the status (paid up, due, overdue). */
  mine: query({
    input: z.object({ communityId }),
    access: inCommunity('finances.view'),
    run: (ctx, _input, { community }) => {
      const books = requireBooks(ctx.db, community.id);
      return { currency: books.currency, ...memberDues(ctx.db, { communityId: community.id, memberId: ctx.user.id, now: ctx.now() }) };
    },
  }),

  /** Every member's dues status, for officers only: nobody's arrears are shown to other members. */
  roll: query({
    input: z.object({ communityId }),
    access: inCommunity('finances.record'),
    run: (ctx, _input, { community }) => {
      const books = requireBooks(ctx.db, community.id);
      return { currency: books.currency, members: duesRoll(ctx.db, { communityId: community.id, now: ctx.now() }) };
    },
  }),
};
