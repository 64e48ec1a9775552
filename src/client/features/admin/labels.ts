import type { inferRouterOutputs } from '@trpc/server';
import type { TFunction } from 'i18next';
import type { AppRouter } from '../../../server/trpc/root';
import type { MessageKey } from '@shared/i18n/catalogue';

type Out = inferRouterOutputs<AppRouter>['admin'];
export type AdminUser = Out['users']['items'][number];
export type AdminCommunity = Out['communities']['items'][number];
/** A community's document storage as the staff list gives it. */
export type DocumentStorage = AdminCommunity['documents'];

export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** The key of a value's text in `labels`, or undefined for a value it does not know. */
const keyOf = (labels: Record<string, MessageKey>, value: string): MessageKey | undefined => (Object.hasOwn(labels, value) ? labels[value] : undefined);

export const statusKey = (u: { isEmailVerified: boolean }): MessageKey => (u.isEmailVerified ? 'admin.status.active' : 'admin.status.pending');

const AUTH_TYPES: Record<string, MessageKey> = {
  local: 'admin.authTypes.local',
  google: 'admin.authTypes.google',
  apple: 'admin.authTypes.apple',
};
export const authTypeKey = (type: string): MessageKey => keyOf(AUTH_TYPES, type) ?? 'admin.authTypes.unknown';

const ROLES: Record<string, MessageKey> = {
  user: 'admin.roles.user',
  admin: 'admin.roles.admin',
  superadmin: 'admin.roles.superadmin',
};
/** A staff role's readable name ('superadmin' → 'Super admin'); an unknown role as it is. */
export const roleName = (t: TFunction, role: string): string => {
  const key = keyOf(ROLES, role);
  return key ? t(key) : role;
};

/** The action codes the server writes to the audit log, with their readable names. */
const AUDIT_ACTIONS: Record<string, MessageKey> = {
  'user.role_changed': 'admin.audit.actions.user.role_changed',
  'user.updated': 'admin.audit.actions.user.updated',
  'user.staff_created': 'admin.audit.actions.user.staff_created',
  'user.password_reset': 'admin.audit.actions.user.password_reset',
  'user.verified': 'admin.audit.actions.user.verified',
  'user.reset_email_sent': 'admin.audit.actions.user.reset_email_sent',
  'community.hidden': 'admin.audit.actions.community.hidden',
  'community.unhidden': 'admin.audit.actions.community.unhidden',
  'community.deleted': 'admin.audit.actions.community.deleted',
  'settings.updated': 'admin.audit.actions.settings.updated',
};
/** An audit action's readable name; an action this client does not know yet shows its code. */
export const auditActionName = (t: TFunction, action: string): string => {
  const key = keyOf(AUDIT_ACTIONS, action);
  return key ? t(key) : action;
};

const AUDIT_TARGETS: Record<string, MessageKey> = {
  user: 'admin.audit.targets.user',
  community: 'admin.audit.targets.community',
  settings: 'admin.audit.targets.settings',
};
/** The target's type in words ('user'); an unknown type as it is. */
export const auditTargetType = (t: TFunction, type: string): string => {
  const key = keyOf(AUDIT_TARGETS, type);
  return key ? t(key) : type;
};
