import type { QueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/root';
import type { MessageKey } from '@shared/i18n/catalogue';
import { can, type CommunityCapability } from '@shared/permissions';
import { trpc } from '../../trpc';

export type Community = inferRouterOutputs<AppRouter>['communities']['byId'];
export type Member = inferRouterOutputs<AppRouter>['communities']['members']['items'][number];

/** The initials avatar: the first letters of the name's first two words, upper-cased. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => [...w][0]!.toUpperCase())
    .join('');
}

const ROLE_KEYS = {
  creator: 'communities.roles.creator',
  admin: 'communities.roles.admin',
  treasurer: 'communities.roles.treasurer',
  member: 'communities.roles.member',
} as const satisfies Record<string, MessageKey>;

/** The catalogue key of a community role's name (an unknown role reads as a member). */
export const roleKey = (role: string): MessageKey => ROLE_KEYS[role as keyof typeof ROLE_KEYS] ?? ROLE_KEYS.member;

/** What each settings section lets its user do (the server checks the same capability on every call). */
export const SETTINGS_SECTION_CAPABILITY = {
  announcements: 'announcements.manage',
  categories: 'announcements.manage',
  general: 'community.manage',
  members: 'members.manage',
  requests: 'members.manage',
  standing: 'standing.manage',
} as const satisfies Record<string, CommunityCapability>;
export type SettingsSection = keyof typeof SETTINGS_SECTION_CAPABILITY;

/** Settings open for a member who may use at least one of their sections. */
export const canOpenSettings = (role: string | null | undefined) =>
  Object.values(SETTINGS_SECTION_CAPABILITY).some((capability) => can(role, capability));

/**
 * Who sees the Finances tab: every member (their own statement, and the books as the
 * community's transparency allows); officers see more inside it.
 */
export const seesFinances = (role: string | null | undefined) => can(role, 'finances.view');

/** After any membership change every community list and view may be stale. */
export function refreshCommunities(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: trpc.communities.pathKey() });
}
