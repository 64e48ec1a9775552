import type { Context } from '../context';
import { emailNotice } from '../mail/notice';
import type { CircleMail } from '../services/njangi/notices';
import { findUserById } from '../services/users';

/**
 * After a circle's change has committed: the notices it wrote in the app (a proof waiting, a
 * top-up owed, an organiser's own money waiting for a finance officer) go out by email, in each
 * recipient's language with the same values. The caller's answer does not wait for the mail
 * server, and a failed email changes nothing recorded.
 */
export async function emailCircleNotices(ctx: Context, outbox: readonly CircleMail[]) {
  for (const mail of outbox) {
    try {
      const to = findUserById(ctx.db, mail.userId);
      if (to) await emailNotice(ctx, to, { key: mail.key, params: mail.params, link: mail.link });
    } catch (error) {
      ctx.log.error('circle notice email failed', { key: mail.key, error: String(error) });
    }
  }
}

/** Runs a circle change that may write notices, then emails them once it has committed. */
export function withCircleMail<T>(ctx: Context, change: (outbox: CircleMail[]) => T): T {
  const outbox: CircleMail[] = [];
  const result = change(outbox);
  if (outbox.length) void emailCircleNotices(ctx, outbox);
  return result;
}
