import { profilePanelInput, profileUpdateInput } from '../../../shared/schemas/profile';
import { toUserDto, updateProfile, updateProfilePanel } from '../../services/users';
import { authedProcedure, router } from '../init';

/** A user edits only their own profile: the id always comes from the session. */
export const profileRouter = router({
  update: authedProcedure
    .input(profileUpdateInput)
    .mutation(({ ctx, input }) => toUserDto(updateProfile(ctx.db, { userId: ctx.user.id, input, now: ctx.now() }))),

  updatePanel: authedProcedure
    .input(profilePanelInput)
    .mutation(({ ctx, input }) => toUserDto(updateProfilePanel(ctx.db, { userId: ctx.user.id, input, now: ctx.now() }))),
});
