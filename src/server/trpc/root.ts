import { OPERATIONS } from '../domains';
import { createCallerFactory, proceduresOf, router } from './init';

type Procedures = { [NS in keyof typeof OPERATIONS]: ReturnType<typeof proceduresOf<(typeof OPERATIONS)[NS]>> };

/** The typed API the React app calls: every domain's operations, by namespace, as tRPC procedures (nested records are sub-routers). */
export const appRouter = router(Object.fromEntries(Object.entries(OPERATIONS).map(([ns, ops]) => [ns, proceduresOf(ops)])) as Procedures);

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
