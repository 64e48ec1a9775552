import { z } from 'zod';

/**
 * Who sees a member's email and phone in the directories of their communities: 'leaders' (those
 * who manage members; the default) or 'members' (everyone in a community they share). The
 * member always sees their own, and staff see them in the admin panel as before.
 */
export const CONTACT_VISIBILITIES = ['leaders', 'members'] as const;
export type ContactVisibility = (typeof CONTACT_VISIBILITIES)[number];

export const privacySettingsInput = z.object({
  contactVisibility: z.enum(CONTACT_VISIBILITIES, { message: 'validation.profile.contactVisibility' }),
});
