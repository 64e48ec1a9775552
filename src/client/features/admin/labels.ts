import type { inferRouterOutputs } from '@trpc/server';
import type { TFunction } from 'i18next';
import type { AppRouter } from '../../../server/trpc/root';
import type { MessageKey } from '@shared/i18n/catalogue';
import { AUDIT_ACTIONS, type AuditAction } from '@shared/audit-actions';
import { codeKeys } from '../../lib/catalogue-keys';

type Out = inferRouterOutputs<AppRouter>['admin'];
export type AdminUser = Out['users']['items'][number];
export type AdminCommunity = Out['communities']['items'][number];
/** A community's document storage as the staff list gives it. */
export type DocumentStorage = AdminCommunity['documents'];

export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** The key of a value's text in `labels`, or undefined for a value it does not know. */
const keyOf = (labels: Record<string, MessageKey>, value: string): MessageKey | undefined => (Object.hasOwn(labels, value) ? labels[value] : undefined);

/** A value's words by `labels`, or the value as it is where they do not know it. */
const nameIn =
  (labels: Record<string, MessageKey>) =>
  (t: TFunction, value: string): string => {
    const key = keyOf(labels, value);
    return key ? t(key) : value;
  };

export const statusKey = (u: { isEmailVerified: boolean }): MessageKey => (u.isEmailVerified ? 'admin.status.active' : 'admin.status.pending');

const AUTH_TYPES = codeKeys('admin.authTypes', ['local', 'google', 'apple']);
export const authTypeKey = (type: string): MessageKey => keyOf(AUTH_TYPES, type) ?? 'admin.authTypes.unknown';

/** A staff role's readable name ('superadmin' → 'Super admin'); an unknown role as it is. */
export const roleName = nameIn(codeKeys('admin.roles', ['user', 'admin', 'superadmin']));

/**
 * What a person is: their staff role when they have one, then the roles they hold in their
 * communities as they are ('Creator, Treasurer'), or that they are in none.
 */
export const rolesText = (t: TFunction, u: Pick<AdminUser, 'role' | 'communityRoles'>): string => {
  const parts = [...(u.role === 'user' ? [] : [roleName(t, u.role)]), ...u.communityRoles.map((r) => t(`communities.roles.${r}`))];
  return parts.length ? parts.join(', ') : t('admin.users.noCommunity');
};

/** An audited action's catalogue key: the type refuses an action of the list without its text. */
export const auditActionKey = (action: AuditAction): MessageKey => `admin.audit.actions.${action}`;

/** An audit action's readable name; an action this client does not know yet shows its code. */
export const auditActionName = (t: TFunction, action: string): string =>
  (AUDIT_ACTIONS as readonly string[]).includes(action) ? t(auditActionKey(action as AuditAction)) : action;

/** The target's type in words ('user'); an unknown type as it is. */
export const auditTargetType = nameIn(codeKeys('admin.audit.targets', ['user', 'community', 'settings']));
