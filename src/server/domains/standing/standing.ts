import type { DB } from '../../../../db/database';
import { LOCALES, type Language } from '@shared/i18n/languages';
import { formatMoney, type Currency } from '@shared/money';
import { REFUSAL_KEY, refusalParams, RIGHT_NAMES, rightRefusal, standingOf, type Refusal, type Right, type StandingResult } from '@shared/standing';
import { translator } from '../../i18n';
import { findBooks } from '../../services/finances/books';
import { DomainError, notFound } from '../../services/errors';
import { prepared } from '../../services/prepared';
import { memberFacts, standingRules, toFacts } from './facts';

/*
 * A member's standing, read from the records on every call (src/shared/standing.ts holds the
 * rule), and the rights it gives. Every guard that needs a standing asks `requireRight`, which
 * refuses with the reason and the way back, the same words the screens show beforehand.
 */

/** One member's standing now; undefined when they are not a member. */
export function standingNow(db: DB, p: { communityId: number; userId: string; now: number }): (StandingResult & { categoryId: number | null; joinedAt: number }) | undefined {
  const row = memberFacts(db, p);
  if (!row) return undefined;
  return { ...standingOf(toFacts(row), standingRules(db, p.communityId), p.now), categoryId: row.categoryId, joinedAt: row.joinedAt };
}

/** The books' currency (amounts owed are in it) and the community's time zone (dates in it). */
export function communityMoneyFrame(db: DB, communityId: number): { currency: Currency; timeZone: string } {
  const books = findBooks(db, communityId);
  const zone = prepared(db, 'standing.zone', (d) => d.$client.prepare('SELECT time_zone AS timeZone FROM communities WHERE id = ?')).get(communityId) as { timeZone: string } | undefined;
  return { currency: (books?.currency ?? 'XAF') as Currency, timeZone: zone?.timeZone ?? 'UTC' };
}

/** The refusal as a domain error (403), its values written in the caller's language when translated. */
export function refusalError(refusal: Refusal, right: Right, frame: { currency: Currency; timeZone: string }): DomainError {
  const params = Object.fromEntries(
    (['action', 'amount', 'until', 'note'] as const).map((k) => [
      k,
      (language: Language) =>
        refusalParams(refusal, right, {
          t: (key) => translator(language)(key),
          money: (amount) => formatMoney(amount, frame.currency, LOCALES[language]),
          date: (ms) => new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: frame.timeZone }).format(ms),
        })[k] ?? '',
    ]),
  );
  return new DomainError('forbidden', REFUSAL_KEY[refusal.reason], undefined, undefined, params);
}

/** Refuses (403, with the reason and the way back) unless the member's standing gives them `right`. */
export function requireRight(db: DB, p: { communityId: number; userId: string; right: Right; now: number }): void {
  const s = standingNow(db, p);
  if (!s) throw notFound('errors.community.notAMember');
  const refusal = rightRefusal(s, p.right);
  if (refusal) throw refusalError(refusal, p.right, communityMoneyFrame(db, p.communityId));
}

/** A member's own standing as they read it: the figures, and each right with its refusal (null: allowed). */
export function myStanding(db: DB, p: { communityId: number; userId: string; now: number }) {
  const s = standingNow(db, p);
  if (!s) throw notFound('errors.community.notAMember');
  const frame = communityMoneyFrame(db, p.communityId);
  return {
    standing: s.standing,
    arrears: s.arrears,
    arrearsSince: s.arrearsSince === null ? null : new Date(s.arrearsSince).toISOString(),
    newUntil: s.newUntil === null ? null : new Date(s.newUntil).toISOString(),
    suspended: s.suspended,
    suspendedUntil: s.suspended?.by === 'decision' ? new Date(s.suspended.until).toISOString() : null,
    categoryId: s.categoryId,
    currency: frame.currency,
    timeZone: frame.timeZone,
    rights: Object.fromEntries(RIGHT_NAMES.map((r) => [r, rightRefusal(s, r)])) as Record<Right, Refusal | null>,
  };
}
