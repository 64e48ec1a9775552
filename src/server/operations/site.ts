import { getSettings } from '../services/settings';
import { anyone, query } from './define';

/**
 * The support address people may write to, or null while it is still a placeholder (the default,
 * or any address at a reserved test domain such as .local or example.org): the screens then leave
 * the line out rather than show an address nobody reads.
 */
export function publicSupportEmail(address: string): string | null {
  const domain = address.split('@')[1]?.toLowerCase() ?? '';
  const placeholder = /(^|\.)(local|localhost|test|example|invalid)$/.test(domain) || /(^|\.)example\.(com|org|net)$/.test(domain);
  return placeholder ? null : address;
}

/** What every screen may know about this installation (self-hosters set name and support address). */
export const site = {
  config: query({
    access: anyone,
    run: (ctx) => {
      const s = getSettings(ctx.db);
      return {
        appName: ctx.env.APP_NAME,
        supportEmail: publicSupportEmail(ctx.env.SUPPORT_EMAIL),
        minPasswordLength: s.minPasswordLength,
        requireEmailVerification: s.requireEmailVerification,
        defaultCommunityPrivacy: s.defaultCommunityPrivacy,
      };
    },
  }),
};
