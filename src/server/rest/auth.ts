import { Hono, type Context as HonoContext } from 'hono';
import type { AppDeps } from '../context';
import { OPERATIONS } from '../operations';
import { execute } from '../operations/define';
import { contextOf, jsonBody, route } from './route';

/** /api/auth/*, /api/login, /api/logout, /api/user/profile. */
export function authRoutes(deps: AppDeps) {
  const api = new Hono();
  const { auth, profile } = OPERATIONS;

  // REST answers 401 when signed out (tRPC's auth.me answers null).
  api.get('/auth/user', route(deps, auth.me, undefined, { nullIsUnauthenticated: true }));
  api.post('/auth/register', route(deps, auth.register, jsonBody, { status: 201 }));
  api.post('/auth/login', route(deps, auth.login, jsonBody));
  api.post('/auth/verify-email', route(deps, auth.verifyEmail, jsonBody));
  api.post('/auth/resend-verification', route(deps, auth.resendVerification));
  api.post('/auth/forgot-password', route(deps, auth.forgotPassword, jsonBody));
  api.post('/auth/reset-password', route(deps, auth.resetPassword, jsonBody));
  api.post('/auth/change-password', route(deps, auth.changePassword, jsonBody));
  api.post('/auth/update-profile', route(deps, profile.update, jsonBody));
  api.patch('/user/profile', route(deps, profile.updatePanel, jsonBody));
  // One's own data (decision 015): everything as JSON, the money records as CSV; deleting the account.
  api.get('/user/export', route(deps, OPERATIONS.account.export, undefined, { file: (r) => ({ body: JSON.stringify(r, null, 2), type: 'application/json; charset=utf-8', filename: 'harambee-my-data.json' }) }));
  api.get('/user/export/money.csv', route(deps, OPERATIONS.account.exportMoneyCsv, undefined, { file: (r: { filename: string; csv: string }) => ({ body: r.csv, type: 'text/csv; charset=utf-8', filename: r.filename }) }));
  api.delete('/user', route(deps, OPERATIONS.account.delete, jsonBody));

  // Signing out over GET is part of the documented API, so it is refused only when another site
  // (or a sibling subdomain) asks: a link or an <img> elsewhere must not sign people out. This is
  // the transport's own check, like the Origin check on writes: the browser tells where a request
  // came from only in its headers.
  const crossSite = (c: HonoContext) => {
    const site = c.req.header('sec-fetch-site');
    return site === 'cross-site' || site === 'same-site';
  };
  const logout = route(deps, auth.logout);
  const refused = (c: HonoContext) => c.json({ success: false });
  api.post('/auth/logout', (c) => (crossSite(c) ? refused(c) : logout(c)));
  api.get('/auth/logout', (c) => (crossSite(c) ? refused(c) : logout(c)));

  // Browser navigations, not API calls.
  api.get('/login', (c) => c.redirect('/signin', 302));
  api.get('/logout', async (c) => {
    if (!crossSite(c)) {
      const ctx = contextOf(deps, c);
      await execute(auth.logout, ctx, undefined);
      for (const cookie of ctx.resHeaders.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
    }
    return c.redirect('/', 302);
  });

  return api;
}
