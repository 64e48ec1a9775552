import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/root';

type Out = inferRouterOutputs<AppRouter>['admin'];
export type AdminUser = Out['users']['items'][number];
export type AdminCommunity = Out['communities']['items'][number];

export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();
export const statusOf = (u: { isEmailVerified: boolean }) => (u.isEmailVerified ? 'Active' : 'Pending');
export const AUTH_TYPE_LABEL = (t: string) => (t === 'local' ? 'Email & Password' : t === 'google' ? 'Google OAuth' : t === 'apple' ? 'Apple OAuth' : 'Unknown');
