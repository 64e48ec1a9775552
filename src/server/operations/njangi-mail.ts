import { eq } from 'drizzle-orm';
import { circleRounds } from '../../../db/schema';
import type { Context } from '../context';
import { emailNotice } from '../mail/notice';
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
    await emailNotice(ctx, to, { key: 'circleProofWaiting', params: { circle: circle.name, round: round.number }, link: `/njangi/${circle.id}` });
  } catch (error) {
    ctx.log.error('circle notice email failed', { circleId: p.circleId, error: String(error) });
  }
}
