import { eq, inArray, and, ne } from 'drizzle-orm';
import { memberships, users } from '../../../../db/schema';
import type { DbLike } from '../../../../db/database';
import { LOCALES, type Language } from '@shared/i18n/languages';
import { formatMoney, type Currency } from '@shared/money';
import { can, COMMUNITY_ROLES } from '@shared/permissions';
import type { en } from '@shared/i18n/en';
import { notifyCommunity, notifyUser } from '../notifications';
import { notify } from '../notify';
import type { CircleRow } from './circles';

/*
 * Savings-circle notices that name an amount: through the one notice pipeline (services/notify.ts),
 * written in the change's own transaction, each in its recipient's language (the amount formatted
 * for them), in the app and by email as each chose.
 */

export type CircleNoticeKey = keyof typeof en.notifications & `circle${string}`;

export const personName = (tx: DbLike, userId: string) => {
  const u = tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId)).get();
  return u ? `${u.firstName} ${u.lastName}` : '';
};

/** An amount of the circle's currency as `language` writes it. */
export const circleMoney = (circle: Pick<CircleRow, 'currency'>, amount: number, language: Language) => formatMoney(amount, circle.currency as Currency, LOCALES[language]);

export function circleNotice(
  tx: DbLike,
  p: {
    circle: Pick<CircleRow, 'id' | 'currency'>;
    userId: string;
    key: CircleNoticeKey;
    type: 'success' | 'info' | 'warning';
    /** The values, with `amount` (minor units) formatted in the recipient's language. */
    params: Record<string, string | number>;
    amount?: number;
    /** The waiting work it asks for (itemKey), so it reads as handled once done. */
    item?: string;
    now: number;
  },
) {
  const amount = p.amount;
  const params = amount === undefined ? p.params : (language: Language) => ({ ...p.params, amount: circleMoney(p.circle, amount, language) });
  notify(tx, { to: [p.userId], key: p.key, type: p.type, params, link: `/njangi/${p.circle.id}`, item: p.item, now: p.now });
}

/** The roles whose members keep the community's books (finances.record in the permission table). */
export const FINANCE_OFFICER_ROLES = COMMUNITY_ROLES.filter((role) => can(role, 'finances.record'));

/**
 * The community's finance officers other than the circle's organiser: who confirms the
 * organiser's own contributions and fines and records what is paid to the organiser's hands.
 */
export function circleOfficers(tx: DbLike, circle: Pick<CircleRow, 'communityId' | 'organiserId'>) {
  return tx
    .select({ userId: memberships.userId, role: memberships.role, firstName: users.firstName, lastName: users.lastName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.communityId, circle.communityId), inArray(memberships.role, [...FINANCE_OFFICER_ROLES]), ne(memberships.userId, circle.organiserId)))
    .orderBy(memberships.joinedAt)
    .all()
    .map((o) => ({ userId: o.userId, role: o.role, name: `${o.firstName} ${o.lastName}` }));
}

/**
 * "Not received": the community's leaders are told, and whoever recorded the payment (the
 * organiser, or the finance officer who recorded a payment to the organiser), once each; never
 * the one who disputed it.
 */
export function tellDispute(tx: DbLike, circle: Pick<CircleRow, 'id' | 'name' | 'communityId'>, p: { recordedBy: string | null; disputedBy: string; now: number }) {
  const note = { type: 'warning' as const, title: 'notifications.circlePayoutDisputed.title' as const, message: 'notifications.circlePayoutDisputed.message' as const, params: { circle: circle.name, name: personName(tx, p.disputedBy) }, link: `/njangi/${circle.id}`, now: p.now };
  const recorder = p.recordedBy && p.recordedBy !== p.disputedBy ? p.recordedBy : null;
  notifyCommunity(tx, { ...note, communityId: circle.communityId, roles: ['creator', 'admin'] satisfies (typeof memberships.$inferSelect.role)[], exceptUserIds: [p.disputedBy, ...(recorder ? [recorder] : [])] });
  if (recorder) notifyUser(tx, { ...note, userId: recorder });
}
