import { profilePanelInput, profileUpdateInput } from '@shared/schemas/profile';
import { privacySettingsInput } from '@shared/schemas/contact-privacy';
import { toUserDto, updateContactVisibility, updateProfile, updateProfilePanel } from '../services/users';
import { groupedMutation, mutation, signedIn } from './define';

/** A user edits only their own profile: the id always comes from the session. */
export const profile = {
  update: mutation({
    input: profileUpdateInput,
    access: signedIn,
    run: (ctx, input) => toUserDto(updateProfile(ctx.db, { userId: ctx.user.id, input, now: ctx.now() })),
  }),

  updatePanel: groupedMutation({
    input: profilePanelInput,
    access: signedIn,
    run: (ctx, input) => toUserDto(updateProfilePanel(ctx.db, { userId: ctx.user.id, input, now: ctx.now() })),
  }),

  /** Who sees the caller's email and phone in their communities' member directories. */
  privacy: mutation({
    input: privacySettingsInput,
    access: signedIn,
    run: (ctx, input) => toUserDto(updateContactVisibility(ctx.db, { userId: ctx.user.id, contactVisibility: input.contactVisibility, now: ctx.now() })),
  }),
};
