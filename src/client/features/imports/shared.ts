import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/root';

/** What the imports' procedures answer, for the screens. */
export type ImportOutputs = inferRouterOutputs<AppRouter>['imports'];
