import type { inferRouterOutputs } from '@trpc/server';
import type { TFunction } from 'i18next';
import type { AppRouter } from '../../../server/trpc/root';
import type { MessageKey } from '@shared/i18n/catalogue';
import type { CircleStatus, Frequency } from '@shared/njangi/rules';
import { canIn } from '@shared/permissions';
import { formatAmount } from '../../lib/format';

type Outputs = inferRouterOutputs<AppRouter>['njangi'];
export type MyCircle = Outputs['mine'][number];
export type CommunityCircle = Outputs['list']['items'][number];
export type MemberRecord = Outputs['myRecord'];

/** "25,000 FCFA monthly": a circle's contribution per hand and how often it falls due. */
export const termsOf = (t: TFunction, c: { contribution: number; currency: string; frequency: Frequency }) => t(TERMS_KEY[c.frequency], { amount: formatAmount(c.contribution, c.currency) });

const TERMS_KEY = { weekly: 'circles.terms.weekly', biweekly: 'circles.terms.biweekly', monthly: 'circles.terms.monthly' } as const satisfies Record<Frequency, MessageKey>;

export const FREQUENCY_KEY = { weekly: 'circles.frequency.weekly', biweekly: 'circles.frequency.biweekly', monthly: 'circles.frequency.monthly' } as const satisfies Record<Frequency, MessageKey>;

export const STATUS_KEY = { recruiting: 'circles.status.recruiting', active: 'circles.status.active', completed: 'circles.status.completed', cancelled: 'circles.status.cancelled' } as const satisfies Record<CircleStatus, MessageKey>;
export const STATUS_COLOR: Record<CircleStatus, string> = { recruiting: 'blue', active: 'green', completed: 'purple', cancelled: 'red' };

/** Whether the caller may start a circle in this community: by their role, or because the community lets every member. */
export const mayOrganise = (c: { role: string | null; membersOrganiseCircles: boolean }) => canIn(c.role, c, 'circles.organise');
