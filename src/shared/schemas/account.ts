import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants';

/** Deleting one's own account: the password again, and whether what one wrote goes too. */
export const deleteAccountInput = z.object({
  password: z.string({ message: 'validation.auth.passwordRequired' }).min(1, 'validation.auth.passwordRequired').max(PASSWORD_MAX_LENGTH, 'validation.auth.passwordTooLong'),
  removePosts: z.boolean({ message: 'validation.account.removePosts' }).default(false),
});

/** Staff deleting a member's account on their request. */
export const deleteUserInput = z.object({
  userId: z.string({ message: 'validation.account.userId' }).trim().min(1, 'validation.account.userId').max(64, 'validation.account.userId'),
  removePosts: z.boolean({ message: 'validation.account.removePosts' }).default(false),
});
