import { can } from '@shared/permissions';
import type { Context } from '../context';
import type { CommunityScope } from './define';

/** The books' year: the current calendar year at UTC. */
export const thisYear = (ctx: Context) => new Date(ctx.now()).getUTCFullYear();

/** Whether the caller keeps the community's books (records and confirms money): they see more than members. */
export const isOfficer = (scope: CommunityScope) => can(scope.role, 'finances.record');
