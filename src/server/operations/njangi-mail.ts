import { eq } from 'drizzle-orm';
import { circleRounds } from '../../../db/schema';
import type { Context } from '../context';
import { translate } from '../i18n';
import { mailCtx, sendMail } from '../mail/send';
import { noticeMail } from '../mail/templates';
import { circleOf } from '../services/njangi/circles';
import { findUserById } from '../services/users';

/**
 * After a declaration has committed: the organiser is emailed (in their language) that a proof
 * waits for them; the in-app notice was written with the declaration. The member's answer does
 * not wait for the mail server, and a failed email changes nothing recorded.
 */
export async function emailProofWaiting(ctx: Context, p: { circleId: number; roundId: number; declaredBy: string }) {
  try {
    const circle = circleOf(ctx.db, p.circleId);
    if (circle.organiserId === p.declaredBy) return;
    const to = findUserById(ctx.db, circle.organiserId);
    const round = ctx.db.select({ number: circleRounds.number }).from(circleRounds).where(eq(circleRounds.id, p.roundId)).get();
    if (!to || !round) return;
    const params = { circle: circle.name, round: round.number };
    await sendMail(
      ctx,
      noticeMail(mailCtx(ctx), to, {
        subject: translate(to.language, 'notifications.circleProofWaiting.title'),
        body: translate(to.language, 'notifications.circleProofWaiting.message', params),
        link: `/njangi/${circle.id}`,
      }),
    );
  } catch (error) {
    ctx.log.error('circle notice email failed', { circleId: p.circleId, error: String(error) });
  }
}
