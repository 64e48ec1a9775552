import { paymentIdInput } from '@shared/schemas/finances';
import type { Context } from '../context';
import { mailCtx, sendMail } from '../mail/send';
import { receiptMail } from '../mail/templates';
import { paymentCommunity } from '../services/finances/payments';
import { receiptPdf } from '../services/finances/receipt';
import { amountText, receiptData, receiptFor } from '../services/finances/receipts';
import { findUserById } from '../services/users';
import { inCommunity, query } from './define';
import { isOfficer } from './finance-scope';

/* A confirmed payment's receipt: downloaded (REST) and mailed to its member. */

/** A confirmed payment's receipt as a PDF, for its member or an officer (REST only: it is a file). */
export const receipt = query({
  input: paymentIdInput,
  access: inCommunity('finances.view', (input: { id: number }, ctx: Context) => paymentCommunity(ctx.db, input.id), 'errors.finances.paymentNotFound'),
  run: async (ctx, input, scope) => {
    const r = await receiptFor(ctx.db, { communityId: scope.community.id, paymentId: input.id, viewerId: ctx.user.id, officer: isOfficer(scope), appName: ctx.env.APP_NAME });
    return { filename: r.filename, pdf: r.pdf };
  },
});

/** After a confirmation has committed: the member gets their receipt by email, in their language. */
export async function emailReceipt(ctx: Context, p: { communityId: number; paymentId: number }) {
  try {
    const data = receiptData(ctx.db, { communityId: p.communityId, paymentId: p.paymentId, appName: ctx.env.APP_NAME });
    const to = findUserById(ctx.db, data.memberId);
    if (!to) return;
    const pdf = await receiptPdf(data, to.language);
    await sendMail(ctx, receiptMail(mailCtx(ctx), to, { community: data.community, communityId: p.communityId, receiptNo: data.receiptNo, amountText: amountText(data, to.language), pdf }));
  } catch (error) {
    // The payment is confirmed whatever happens to the email; the receipt stays downloadable.
    ctx.log.error('receipt email failed', { paymentId: p.paymentId, error: String(error) });
  }
}
