import { z } from 'zod';
import { STANDINGS } from '../standing';
import { communityId } from './communities';

/*
 * Inputs of the standing operations: categories, each member's category, the community's rules
 * (waiting period, arrears limit), suspensions, and the roll's filters.
 */

const id = (message: 'validation.standing.categoryId' | 'validation.standing.suspensionId' | 'validation.standing.planId') =>
  z.coerce.number({ message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);
const userId = z.string({ message: 'validation.community.chooseMember' }).trim().min(1, 'validation.community.chooseMember').max(64, 'validation.community.chooseMember');
const days = (message: 'validation.standing.waitingDays' | 'validation.standing.suspendAfterDays') => z.coerce.number({ message }).int(message).min(0, message).max(3650, message);
const MIN_INSTANT = Date.parse('2000-01-01T00:00:00Z');
const MAX_INSTANT = Date.parse('2100-01-01T00:00:00Z');

const categoryFields = {
  name: z.string({ message: 'validation.standing.categoryName' }).trim().min(1, 'validation.standing.categoryName').max(50, 'validation.standing.categoryName'),
  description: z.string({ message: 'validation.standing.descriptionLong' }).trim().max(300, 'validation.standing.descriptionLong').optional(),
  isDefault: z.boolean({ message: 'validation.standing.isDefault' }).optional(),
  /** The dues plans members of this category pay (none: the plans that belong to no category apply). */
  planIds: z.array(id('validation.standing.planId'), { message: 'validation.standing.planId' }).max(20, 'validation.standing.planId').optional(),
};

export const createCategoryInput = z.object({ communityId, ...categoryFields });
export const updateCategoryInput = z
  .object({ communityId, id: id('validation.standing.categoryId'), ...categoryFields, name: categoryFields.name.optional() })
  .refine((p) => p.name !== undefined || p.description !== undefined || p.isDefault !== undefined || p.planIds !== undefined, { path: ['name'], message: 'validation.standing.nothingToChange' });
export const setMemberCategoryInput = z.object({ communityId, userId, categoryId: id('validation.standing.categoryId') });

export const standingRulesInput = z.object({
  communityId,
  /** Days after joining during which a member is new (0: none). */
  waitingDays: days('validation.standing.waitingDays'),
  /** Arrears older than this many days suspend the member; null: they never do by themselves. */
  suspendAfterDays: days('validation.standing.suspendAfterDays').min(1, 'validation.standing.suspendAfterDays').nullable(),
});

export const suspendInput = z.object({
  communityId,
  userId,
  reason: z.string({ message: 'validation.standing.reason' }).trim().min(3, 'validation.standing.reason').max(300, 'validation.standing.reasonLong'),
  /** When it ends (epoch milliseconds or an ISO 8601 date-time with its offset): in the future, within five years. */
  endsAt: z
    .union([z.number(), z.string().trim().regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/).transform((s) => Date.parse(s))], { message: 'validation.standing.endsAt' })
    .pipe(z.number({ message: 'validation.standing.endsAt' }).int('validation.standing.endsAt').min(MIN_INSTANT, 'validation.standing.endsAt').max(MAX_INSTANT, 'validation.standing.endsAt')),
});
export const liftSuspensionInput = z.object({
  communityId,
  id: id('validation.standing.suspensionId'),
  reason: z.string({ message: 'validation.standing.reason' }).trim().min(3, 'validation.standing.reason').max(300, 'validation.standing.reasonLong'),
});

const cursor = z.coerce.number({ message: 'validation.invalidCursor' }).int('validation.invalidCursor').positive('validation.invalidCursor').max(Number.MAX_SAFE_INTEGER, 'validation.invalidCursor').optional();
const limit = z.coerce.number({ message: 'validation.limitNumber' }).int('validation.limitNumber').min(1, 'validation.limitMin').max(100, 'validation.limitMax').default(50);
const rollFilters = {
  communityId,
  standing: z.enum(STANDINGS, { message: 'validation.standing.standing' }).optional(),
  categoryId: id('validation.standing.categoryId').optional(),
};
export const rollInput = z.object({ ...rollFilters, cursor, limit });
export const rollExportInput = z.object(rollFilters);
export const memberStandingInput = z.object({ communityId, userId });
export const suspensionsInput = z.object({ communityId, userId: userId.optional() });
