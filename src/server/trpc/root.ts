import { createCallerFactory, router } from './init';
import { authRouter } from './routers/auth';
import { profileRouter } from './routers/profile';

export const appRouter = router({
  auth: authRouter,
  profile: profileRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
