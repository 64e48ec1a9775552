import { notificationSettingsInput, profilePanelInput, profileUpdateInput } from '../../shared/schemas/profile';
import { toUserDto, updateNotificationSettings, updateProfile, updateProfilePanel } from '../services/users';
import { mutation, signedIn } from './define';

/** A user edits only their own profile: the id always comes from the session. */
export const profile = {
  update: mutation({
    input: profileUpdateInput,
    access: signedIn,
    run: (ctx, input) => toUserDto(updateProfile(ctx.db, { userId: ctx.user.id, input, now: ctx.now() })),
  }),

  updatePanel: mutation({
    input: profilePanelInput,
    access: signedIn,
    run: (ctx, input) => toUserDto(updateProfilePanel(ctx.db, { userId: ctx.user.id, input, now: ctx.now() })),
  }),

  /** Turns optional notices on or off: new events in the member's communities; discussion replies and mentions by email. */
  notifications: mutation({
    input: notificationSettingsInput,
    access: signedIn,
    run: (ctx, input) => toUserDto(updateNotificationSettings(ctx.db, { userId: ctx.user.id, newEvents: input.newEvents, discussionsEmail: input.discussionsEmail, now: ctx.now() })),
  }),
};
