import { paymentIdInput } from '@shared/schemas/finances';
import type { Context } from '../context';
import { paymentCommunity } from '../services/finances/payments';
import { receiptFor } from '../services/finances/receipts';
import { inCommunity, query } from './define';
import { isOfficer } from './finance-scope';

/* A confirmed payment's receipt, downloaded (REST). Its email is queued with the confirmation (services/finances/payments.ts, through the outbox). */

/** A confirmed payment's receipt as a PDF, for its member or an officer (REST only: it is a file). */
export const receipt = query({
  input: paymentIdInput,
  access: inCommunity('finances.view', (input: { id: number }, ctx: Context) => paymentCommunity(ctx.db, input.id), 'errors.finances.paymentNotFound'),
  run: async (ctx, input, scope) => {
    const r = await receiptFor(ctx.db, { communityId: scope.community.id, paymentId: input.id, viewerId: ctx.user.id, officer: isOfficer(scope), appName: ctx.env.APP_NAME });
    return { filename: r.filename, pdf: r.pdf };
  },
});
