import { budgetInput, yearInput } from '@shared/schemas/finances';
import { assertBooksCurrency, requireBooks } from '../services/finances/books';
import { budgetVsActual, setBudget } from '../services/finances/budget';
import { inCommunity, mutation, query } from './define';
import { isOfficer, thisYear } from './finance-scope';

/* The books' budget: planned against actual per category and year. */

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
