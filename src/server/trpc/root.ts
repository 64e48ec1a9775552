import { createCallerFactory, router } from './init';
import { authRouter } from './routers/auth';
import { communitiesRouter } from './routers/communities';
import { profileRouter } from './routers/profile';

export const appRouter = router({
  auth: authRouter,
  profile: profileRouter,
  communities: communitiesRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
