import { useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useTranslation } from 'react-i18next';
import type { AppRouter } from '../../../../server/trpc/root';
import type { MessageKey } from '@shared/i18n/catalogue';
import { formatMoney, type Currency } from '@shared/money';
import { notify } from '../../../components/toaster';
import { currentLocale } from '../../../i18n';
import { errorInfo } from '../../../lib/errors';
import { refreshCircle } from './queries';

type Outputs = inferRouterOutputs<AppRouter>['njangi'];
export type Detail = Outputs['get'];
export type Circle = Detail['circle'];
export type Round = Detail['rounds'][number];
export type Hand = Detail['hands'][number];
export type Member = Detail['members'][number];
export type JoinRequest = Detail['requests'][number];
export type Contribution = Detail['contributions'][number];
export type Fine = Detail['fines'][number];
export type Bid = Detail['bids'][number];
export type Swap = Detail['swaps'][number];
export type Payout = NonNullable<Round['payout']>;
export type TopUp = Round['topUps'][number];
export type OfficerQueue = NonNullable<Detail['officerQueue']>;
export type Report = Outputs['report'];
export type CircleStatus = Circle['status'];
export type PayoutMethod = Circle['payoutMethod'];

/** An amount in the circle's currency, in the interface's locale. */
export const money = (amount: number, currency: string) => formatMoney(amount, currency as Currency, currentLocale());

const days = new Map<string, Intl.DateTimeFormat>();
/**
 * A calendar date 'YYYY-MM-DD' (a due date, the start date) for people. It carries no zone: read
 * at UTC midnight and shown in UTC, so no browser zone moves it a day.
 */
export function formatDay(ymd: string, style: 'medium' | 'full' = 'medium'): string {
  const key = `${currentLocale()}|${style}`;
  let f = days.get(key);
  if (!f) days.set(key, (f = new Intl.DateTimeFormat(currentLocale(), { dateStyle: style, timeZone: 'UTC' })));
  const d = new Date(`${ymd}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? ymd : f.format(d);
}

/** The weekday's name of a calendar date, for "meets on Saturdays". */
export function weekdayName(ymd: string): string {
  return new Intl.DateTimeFormat(currentLocale(), { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${ymd}T00:00:00Z`));
}

/** Basis points as a percentage for people: 250 → "2.5 %" (as the locale writes it). */
export function formatBps(bps: number): string {
  return new Intl.NumberFormat(currentLocale(), { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);
}

export const STATUS_KEY = {
  recruiting: 'circle.status.recruiting',
  active: 'circle.status.active',
  completed: 'circle.status.completed',
  cancelled: 'circle.status.cancelled',
} as const satisfies Record<CircleStatus, MessageKey>;
export const STATUS_COLOR: Record<CircleStatus, string> = { recruiting: 'blue', active: 'green', completed: 'purple', cancelled: 'red' };

export const PAYOUT_METHOD_KEY = {
  fixed: 'circle.method.fixed',
  random: 'circle.method.random',
  auction: 'circle.method.auction',
} as const satisfies Record<PayoutMethod, MessageKey>;

export const PAYOUT_STATUS_KEY = {
  recorded: 'circle.payoutStatus.recorded',
  confirmed: 'circle.payoutStatus.confirmed',
  disputed: 'circle.payoutStatus.disputed',
} as const satisfies Record<Payout['status'], MessageKey>;
export const PAYOUT_STATUS_COLOR: Record<Payout['status'], string> = { recorded: 'orange', confirmed: 'green', disputed: 'red' };

export const TOP_UP_STATUS_KEY = {
  owed: 'circle.topUps.status.owed',
  recorded: 'circle.topUps.status.recorded',
  confirmed: 'circle.topUps.status.confirmed',
  disputed: 'circle.topUps.status.disputed',
} as const satisfies Record<TopUp['status'], MessageKey>;
export const TOP_UP_STATUS_COLOR: Record<TopUp['status'], string> = { owed: 'purple', recorded: 'orange', confirmed: 'green', disputed: 'red' };

/** "Hand 2" — a hand by its number, which never changes (its position may, by a swap). */
export const useHandLabel = () => {
  const { t } = useTranslation();
  return (hand: { handNo: number }) => t('circle.hand', { number: hand.handNo });
};

/**
 * Runs a mutation of the circle: on success a toast and every circle query refreshed; on failure
 * the server's own words in a toast. Resolves whether it succeeded (dialogs close on true).
 */
export function useCircleAction() {
  const queryClient = useQueryClient();
  return async <T>(action: () => Promise<T>, success: string, failed: string, body?: string | ((result: T) => string)): Promise<boolean> => {
    try {
      const result = await action();
      notify.success(success, typeof body === 'function' ? body(result) : body);
      await refreshCircle(queryClient);
      return true;
    } catch (e) {
      notify.error(failed, errorInfo(e).message);
      return false;
    }
  };
}

/** Rows with a rule between them (as the finance lists). */
export const ROWS = { '& > li + li': { borderTopWidth: '1px' } };
