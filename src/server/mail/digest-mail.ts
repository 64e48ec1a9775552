import type { Language } from '@shared/i18n/languages';
import { LOCALES } from '@shared/i18n/languages';
import { formatMoney, type Currency } from '@shared/money';
import { needText } from '@shared/needs-text';
import { noticeText, translator } from '../i18n';
import type { DigestContent } from '../services/digest';
import type { MailMessage } from './mailer';
import { layout, type MailList, type Unsubscribe } from './templates';

/** A date and time as the reader reads them, in the zone the thing happens in (else UTC). */
const whenIn = (language: Language, ms: number, timeZone = 'UTC') =>
  new Intl.DateTimeFormat(LOCALES[language], { timeZone, weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(ms);

/**
 * The digest email (jobs/digest.ts): what waits on the reader, then what happened, each line a
 * link to the exact item; written with the same layout as every other email, in the reader's language.
 */
export function digestMail(ctx: { appName: string; appUrl: string }, to: { email: string; firstName: string; language: Language }, c: DigestContent, opts: { weekly: boolean; unsubscribe?: Unsubscribe }): MailMessage {
  const t = translator(to.language);
  const url = (link: string) => `${ctx.appUrl}${link}`;
  const lists: MailList[] = [];
  if (c.needs.length) {
    const items = c.needs.map((n) => {
      const { key, params } = needText(n, to.language, (iso) => whenIn(to.language, Date.parse(iso), typeof n.details.timeZone === 'string' ? n.details.timeZone : undefined));
      return { text: `${noticeText(to.language, key, params)}${n.community && n.kind !== 'joinRequest' && n.kind !== 'invitation' ? ` (${n.community})` : ''}`, url: url(n.link) };
    });
    if (c.needsTotal > c.needs.length) items.push({ text: t('mail.digest.moreNeeds', { count: c.needsTotal - c.needs.length }), url: url('/dashboard') });
    lists.push({ heading: t('mail.digest.needs', { count: c.needsTotal }), items });
  }
  if (c.notices.length) {
    lists.push({
      heading: t('mail.digest.notices'),
      items: c.notices.map((n) => ({ text: `${noticeText(to.language, n.title, n.params ?? undefined)}: ${noticeText(to.language, n.message, n.params ?? undefined)}`, url: url(n.link ?? '/dashboard') })),
    });
  }
  if (c.events.length) {
    lists.push({ heading: t('mail.digest.events'), items: c.events.map((e) => ({ text: t('mail.digest.event', { title: e.title, community: e.community, when: whenIn(to.language, e.startsAt, e.timeZone) }), url: url(`/events/${e.id}`) })) });
  }
  if (c.polls.length) {
    lists.push({ heading: t('mail.digest.polls'), items: c.polls.map((p) => ({ text: t('mail.digest.poll', { title: p.title, community: p.community, when: whenIn(to.language, p.closesAt) }), url: url(`/polls/${p.id}`) })) });
  }
  if (c.rounds.length) {
    lists.push({
      heading: t('mail.digest.rounds'),
      items: c.rounds.map((r) => ({
        text: t('mail.digest.round', { circle: r.circle, round: r.round, amount: formatMoney(r.amount, r.currency as Currency, LOCALES[to.language]), when: whenIn(to.language, r.dueAt) }),
        url: url(`/njangi/${r.circleId}`),
      })),
    });
  }
  if (c.newMembers.length) {
    lists.push({ heading: t('mail.digest.members'), items: c.newMembers.map((m) => ({ text: t('mail.digest.joined', { count: m.count, community: m.community }), url: url(`/community/${m.communityId}?tab=members`) })) });
  }
  const subject = c.needsTotal ? t('mail.digest.subjectNeeds', { count: c.needsTotal, appName: ctx.appName }) : t(opts.weekly ? 'mail.digest.subjectWeekly' : 'mail.digest.subject', { appName: ctx.appName });
  const intro = t(opts.weekly ? 'mail.digest.introWeekly' : 'mail.digest.intro', { firstName: to.firstName });
  const body = layout(ctx, to.language, subject, [intro], { url: url('/dashboard'), label: t('mail.digest.open') }, opts.unsubscribe, lists);
  return { to: to.email, subject, ...body, link: url('/dashboard') };
}
