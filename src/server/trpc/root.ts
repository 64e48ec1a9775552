import { createCallerFactory, router } from './init';
import { announcementsRouter, categoriesRouter } from './routers/announcements';
import { adminRouter } from './routers/admin';
import { authRouter } from './routers/auth';
import { communitiesRouter } from './routers/communities';
import { notificationsRouter } from './routers/notifications';
import { profileRouter } from './routers/profile';
import { siteRouter } from './routers/site';

export const appRouter = router({
  auth: authRouter,
  profile: profileRouter,
  communities: communitiesRouter,
  announcements: announcementsRouter,
  categories: categoriesRouter,
  admin: adminRouter,
  site: siteRouter,
  notifications: notificationsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
