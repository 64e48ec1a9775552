import type { inferRouterOutputs } from '@trpc/server';
import { useTranslation } from 'react-i18next';
import type { AppRouter } from '../../../../server/trpc/root';
import type { MessageKey } from '@shared/i18n/catalogue';
import { useAction } from '../../../lib/use-action';
import { trpc } from '../../../trpc';

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

/** A circle's state: the same words and colours as in the lists of circles. */
export { STATUS_COLOR, STATUS_KEY } from '../labels';

export const PAYOUT_METHOD_KEY = { fixed: 'circle.method.fixed', random: 'circle.method.random', auction: 'circle.method.auction' } as const satisfies Record<PayoutMethod, MessageKey>;

export const PAYOUT_STATUS_KEY = { recorded: 'circle.payoutStatus.recorded', confirmed: 'circle.payoutStatus.confirmed', disputed: 'circle.payoutStatus.disputed' } as const satisfies Record<Payout['status'], MessageKey>;
export const PAYOUT_STATUS_COLOR: Record<Payout['status'], string> = { recorded: 'orange', confirmed: 'green', disputed: 'red' };

export const TOP_UP_STATUS_KEY = { owed: 'circle.topUps.status.owed', recorded: 'circle.topUps.status.recorded', confirmed: 'circle.topUps.status.confirmed', disputed: 'circle.topUps.status.disputed' } as const satisfies Record<TopUp['status'], MessageKey>;
export const TOP_UP_STATUS_COLOR: Record<TopUp['status'], string> = { owed: 'purple', recorded: 'orange', confirmed: 'green', disputed: 'red' };

/** "Hand 2" — a hand by its number, which never changes (its position may, by a swap). */
export const useHandLabel = () => {
  const { t } = useTranslation();
  return (hand: { handNo: number }) => t('circle.hand', { number: hand.handNo });
};

/**
 * lib/use-action.ts's useAction for the circle's changes: every circle query refreshed (awaited, so
 * a dialog closes on the new state), `success` toasted with its `body`; on failure `onError` first
 * (a form placing the server's issues on its fields). Resolves whether it succeeded (dialogs close on true).
 */
export function useCircleAction() {
  const run = useAction([trpc.njangi.pathKey()], { wait: true });
  return <T>(action: () => Promise<T>, success: string, failed: string, body?: string | ((result: T) => string), onError?: (error: unknown) => void): Promise<boolean> =>
    run(action, failed, (result: T) => ({ title: success, body: typeof body === 'function' ? body(result) : body }), onError);
}
