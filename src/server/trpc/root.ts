import { createCallerFactory, router } from './init';
import { announcementsRouter, categoriesRouter } from './routers/announcements';
import { authRouter } from './routers/auth';
import { communitiesRouter } from './routers/communities';
import { profileRouter } from './routers/profile';

export const appRouter = router({
  auth: authRouter,
  profile: profileRouter,
  communities: communitiesRouter,
  announcements: announcementsRouter,
  categories: categoriesRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
