import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/root';
import { trpc } from '../../trpc';

/*
 * The standing queries the leaders' screens share (the settings' Membership section, the roll):
 * the categories and the rules. A decision refreshes every standing query (`STANDING_KEYS`),
 * since a category, a rule or a suspension moves members on the roll.
 */

type Outputs = inferRouterOutputs<AppRouter>['standing'];
export type Category = Outputs['categories'][number];
export type RollRow = Outputs['roll']['items'][number];

export const membershipCategoriesQuery = (communityId: number) => trpc.standing.categories.queryOptions({ communityId });
export const standingRulesQuery = (communityId: number) => trpc.standing.rules.queryOptions({ communityId });
export const STANDING_KEYS = [trpc.standing.pathKey()];
