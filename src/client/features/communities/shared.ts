import type { QueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/root';
import { trpc } from '../../trpc';

export type Community = inferRouterOutputs<AppRouter>['communities']['byId'];
export type Member = inferRouterOutputs<AppRouter>['communities']['members']['items'][number];

/** SPEC: the initials avatar uses the first letters of the first two words, upper-cased. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => [...w][0]!.toUpperCase())
    .join('');
}

export const ROLE_LABEL: Record<string, string> = { creator: 'Creator', admin: 'Admin', treasurer: 'Treasurer', member: 'Member' };
export const memberCountText = (n: number) => `${n} ${n === 1 ? 'Member' : 'Members'}`;
export const isLeader = (role: string | null | undefined) => role === 'creator' || role === 'admin';

export const longDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }) : 'Unknown';

/** After any membership change every community list and view may be stale. */
export function refreshCommunities(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: trpc.communities.pathKey() });
}
