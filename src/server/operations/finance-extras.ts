import { eq } from 'drizzle-orm';
import { financeSettings, memberships, communities } from '../../../db/schema';
import { z } from 'zod';
import { can } from '@shared/permissions';
import { communityId } from '@shared/schemas/communities';
import { budgetInput, duesPlanInput, paymentIdInput, planIdInput, yearInput } from '@shared/schemas/finances';
import type { Context } from '../context';
import { assertBooksCurrency, requireBooks } from '../services/finances/books';
import { budgetVsActual, setBudget } from '../services/finances/budget';
import { createDuesPlan, deactivatePlan, duesRoll, listDuesPlans, memberDues } from '../services/finances/dues';
import { memberTotals, paymentCommunity } from '../services/finances/payments';
import { receiptFor } from '../services/finances/receipts';
import { inCommunity, mutation, query, signedIn, type CommunityScope } from './define';

/*
 * The rest of the books: dues plans and statuses, the budget, the dashboard's overview and
 * receipts. Kept apart from finances.ts so each file holds one idea.
 */

const thisYear = (ctx: Context) => new Date(ctx.now()).getUTCFullYear();
const isOfficer = (scope: CommunityScope) => can(scope.role, 'finances.record');

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

export const budget = {
  /** Planned against actual per category for a year. */
  get: query({
    input: yearInput,
    access: inCommunity('finances.view'),
    run: (ctx, input, scope) => {
      const books = requireBooks(ctx.db, scope.community.id);
      const year = input.year ?? thisYear(ctx);
      const hidden = !isOfficer(scope) && books.transparency === 'own';
      return { currency: books.currency, year, lines: hidden ? null : budgetVsActual(ctx.db, { communityId: scope.community.id, year }) };
    },
  }),

  set: mutation({
    input: budgetInput,
    access: inCommunity('finances.manage'),
    run: (ctx, input, { community }) => {
      const books = requireBooks(ctx.db, community.id);
      assertBooksCurrency(books, input.currency);
      return { currency: books.currency, year: input.year, lines: setBudget(ctx.db, { communityId: community.id, year: input.year, lines: input.lines, actorId: ctx.user.id, now: ctx.now() }) };
    },
  }),
};

/** The dashboard's Financial Overview: the caller's own figures in each community whose books are open (by currency: they never add up across currencies). */
export const overview = query({
  access: signedIn,
  run: (ctx) => {
    const rows = ctx.db
      .select({ communityId: memberships.communityId, name: communities.name, currency: financeSettings.currency })
      .from(memberships)
      .innerJoin(financeSettings, eq(financeSettings.communityId, memberships.communityId))
      .innerJoin(communities, eq(communities.id, memberships.communityId))
      .where(eq(memberships.userId, ctx.user.id))
      .all();
    const year = thisYear(ctx);
    return rows.map((r) => {
      const own = memberTotals(ctx.db, { communityId: r.communityId, memberId: ctx.user.id, year });
      const d = memberDues(ctx.db, { communityId: r.communityId, memberId: ctx.user.id, now: ctx.now() });
      return { communityId: r.communityId, community: r.name, currency: r.currency, paidThisYear: own.paidThisYear, pending: own.pending, outstanding: d.outstanding, status: d.status };
    });
  },
});

/** A confirmed payment's receipt as a PDF, for its member or an officer (REST only: it is a file). */
export const receipt = query({
  input: paymentIdInput,
  access: inCommunity('finances.view', (input: { id: number }, ctx: Context) => paymentCommunity(ctx.db, input.id), 'errors.finances.paymentNotFound'),
  run: async (ctx, input, scope) => {
    const r = await receiptFor(ctx.db, { communityId: scope.community.id, paymentId: input.id, viewerId: ctx.user.id, officer: isOfficer(scope), appName: ctx.env.APP_NAME });
    return { filename: r.filename, pdf: r.pdf };
  },
});
