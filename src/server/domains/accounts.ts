import { eq } from 'drizzle-orm';
import { emailTokens } from '../../../db/schema';
import { invalidateUserSessions } from '../auth/session';
import { account } from '../operations/account';
import { auth } from '../operations/auth';
import { profile } from '../operations/profile';
import { authRoutes } from '../rest/auth';
import { toUserDto } from '../services/users';
import { defineDomain } from './domain';

/** Signing up and in, one's profile, and one's account: its data taken away or deleted. */
export const accounts = defineDomain({
  name: 'accounts',
  operations: { auth, profile, account },
  rest: authRoutes,
  noticeKinds: { 'notifications.welcome': 'account' },
  exportData: (_db, user) => ({ profile: toUserDto(user) }),
  // The user row itself is erased in place by the deletion (services/account/delete.ts); here, what else holds the account's keys.
  erase: (tx, { user }) => {
    invalidateUserSessions(tx, user.id);
    tx.delete(emailTokens).where(eq(emailTokens.userId, user.id)).run();
  },
  personalData: {
    users: { export: { key: 'profile' }, erase: { kept: 'the row stays, erased to "Former member", so money records that name it still balance' } },
    sessions: { export: { not: 'sign-in secrets' }, erase: 'deleted' },
    email_tokens: { export: { not: 'one-time link secrets' }, erase: 'deleted' },
  },
});
