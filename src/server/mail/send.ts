import type { Context } from '../context';
import type { MailMessage } from './mailer';

/** Mail failures are logged, not shown: the account change itself has succeeded. */
export async function sendMail(ctx: Pick<Context, 'mailer' | 'log'>, message: MailMessage) {
  try {
    await ctx.mailer.send(message);
  } catch (error) {
    ctx.log.error('mail delivery failed', { subject: message.subject, error: String(error) });
  }
}

/** What every template needs to know about this installation. */
export const mailCtx = (ctx: Pick<Context, 'env'>) => ({ appName: ctx.env.APP_NAME, appUrl: ctx.env.APP_URL });
