import { OPERATIONS } from '../operations';
import { createCallerFactory, proceduresOf, router } from './init';

/** The typed API the React app calls: every operation, by namespace, as a tRPC procedure. */
export const appRouter = router({
  auth: router(proceduresOf(OPERATIONS.auth)),
  profile: router(proceduresOf(OPERATIONS.profile)),
  communities: router(proceduresOf(OPERATIONS.communities)),
  announcements: router(proceduresOf(OPERATIONS.announcements)),
  categories: router(proceduresOf(OPERATIONS.categories)),
  admin: router(proceduresOf(OPERATIONS.admin)),
  site: router(proceduresOf(OPERATIONS.site)),
  notifications: router(proceduresOf(OPERATIONS.notifications)),
  finances: router(proceduresOf(OPERATIONS.finances)),
  njangi: router(proceduresOf(OPERATIONS.njangi)),
  events: router(proceduresOf(OPERATIONS.events)),
  polls: router(proceduresOf(OPERATIONS.polls)),
  discussions: router(proceduresOf(OPERATIONS.discussions)),
  documents: router(proceduresOf(OPERATIONS.documents)),
  invitations: router(proceduresOf(OPERATIONS.invitations)),
  chat: router(proceduresOf(OPERATIONS.chat)),
  account: router(proceduresOf(OPERATIONS.account)),
  secondFactor: router(proceduresOf(OPERATIONS.secondFactor)),
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
