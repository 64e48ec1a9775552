import { getSettings } from '../services/settings';
import { anyone, query } from './define';

/** What every screen may know about this installation (self-hosters set name and support address). */
export const site = {
  config: query({
    access: anyone,
    run: (ctx) => {
      const s = getSettings(ctx.db);
      return {
        appName: ctx.env.APP_NAME,
        supportEmail: ctx.env.SUPPORT_EMAIL,
        minPasswordLength: s.minPasswordLength,
        requireEmailVerification: s.requireEmailVerification,
        defaultCommunityPrivacy: s.defaultCommunityPrivacy,
      };
    },
  }),
};
