import { z } from 'zod';
import { UPLOAD_URL_PATTERN } from '../constants';
import { isValidTimeZone } from '../njangi/schedule';

/** What people read when a community's fields are refused (create form and settings alike). */
export const COMMUNITY_MSG = {
  required: 'validation.community.required',
  nameShort: 'validation.community.nameShort',
  nameLong: 'validation.community.nameLong',
  descriptionShort: 'validation.community.descriptionShort',
  descriptionLong: 'validation.community.descriptionLong',
  notFound: 'validation.community.notFound',
} as const;

export const communityId = z.coerce
  .number({ message: COMMUNITY_MSG.notFound })
  .int(COMMUNITY_MSG.notFound)
  .positive(COMMUNITY_MSG.notFound)
  .max(Number.MAX_SAFE_INTEGER, COMMUNITY_MSG.notFound);

const name = z.string({ message: COMMUNITY_MSG.required }).trim().min(3, COMMUNITY_MSG.nameShort).max(100, COMMUNITY_MSG.nameLong);
const description = z
  .string({ message: COMMUNITY_MSG.required })
  .trim()
  .min(10, COMMUNITY_MSG.descriptionShort)
  .max(500, COMMUNITY_MSG.descriptionLong);
const location = z
  .string()
  .trim()
  .max(100, 'validation.community.locationLong')
  .transform((v) => v || null)
  .nullable()
  .optional();
const imageUrl = z
  .string()
  .trim()
  .refine((v) => v === '' || UPLOAD_URL_PATTERN.test(v), 'validation.uploadAgain')
  .transform((v) => v || null)
  .nullable()
  .optional();

/** An IANA zone (the browser's, or chosen in the settings): the community's books, receipts and exports are dated in it. */
const timeZone = z.string({ message: 'validation.community.timeZone' }).trim().max(64, 'validation.community.timeZone').refine(isValidTimeZone, 'validation.community.timeZone');

export const createCommunityInput = z.object({
  name,
  description,
  location,
  // Left out, the provider's default privacy applies (admin settings).
  isPublic: z.boolean({ message: 'validation.community.isPublic' }).optional(),
  imageUrl,
  // Left out, UTC; the app sends the creator's own zone.
  timeZone: timeZone.optional(),
});
export type CreateCommunityInput = z.output<typeof createCommunityInput> & { isPublic: boolean };

export const updateCommunityInput = z.object({
  communityId,
  name: name.optional(),
  description: description.optional(),
  location,
  isPublic: z.boolean({ message: 'validation.community.isPublic' }).optional(),
  imageUrl,
  membersOrganiseCircles: z.boolean({ message: 'validation.community.membersOrganiseCircles' }).optional(),
  // Gives every member invitations.send (permissions.ts GRANTED_BY_SETTING).
  membersInvite: z.boolean({ message: 'invitations.validation.membersInvite' }).optional(),
  timeZone: timeZone.optional(),
});
export type UpdateCommunityInput = Omit<z.output<typeof updateCommunityInput>, 'communityId'>;

/** Keyset paging, never OFFSET: `cursor` is opaque to clients, `limit` defaults to and stops at 100. */
export const pageInput = {
  cursor: z.coerce.number({ message: 'validation.invalidCursor' }).int('validation.invalidCursor').min(0, 'validation.invalidCursor').max(Number.MAX_SAFE_INTEGER, 'validation.invalidCursor').optional(),
  limit: z.coerce.number({ message: 'validation.limitNumber' }).int().min(1, 'validation.limitMin').max(100, 'validation.limitMax').default(100),
};

export const filterText = z
  .string()
  .trim()
  .max(100, 'validation.searchLong')
  // SQLite's FTS5 and LIKE both stop reading a pattern at NUL: it cannot be matched literally (and FTS5 threw, a 500).
  .refine((v) => !v.includes('\u0000'), 'validation.searchNul')
  .optional();
export const listCommunitiesInput = z.object({ search: filterText, location: filterText, ...pageInput });
/** A page of a community's member directory. */
export const membersInput = z.object({ communityId, ...pageInput });
export type ListCommunitiesInput = z.output<typeof listCommunitiesInput>;

export const ASSIGNABLE_ROLES = ['member', 'admin', 'treasurer'] as const;
export const memberTargetInput = z.object({ communityId, userId: z.string().trim().min(1, 'validation.community.chooseMember').max(64, 'validation.community.chooseMember') });
export const setRoleInput = memberTargetInput.extend({
  role: z.enum(ASSIGNABLE_ROLES, { message: 'validation.community.role' }),
});
export const decideRequestInput = z.object({
  communityId,
  requestId: z.coerce.number().int().positive('validation.community.chooseRequest'),
  approve: z.boolean({ message: 'validation.community.approve' }),
});
