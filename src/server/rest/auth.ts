import { TRPCError } from '@trpc/server';
import { Hono } from 'hono';
import type { AppDeps } from '../trpc/context';
import { callProcedure, jsonBody, shim } from './handler';

/** SPEC section 7: /api/auth/*, /api/login, /api/logout, /api/user/profile. */
export function authRoutes(deps: AppDeps) {
  const api = new Hono();

  api.get(
    '/auth/user',
    shim(deps, async (caller) => {
      const me = await caller.auth.me();
      // REST keeps the original's contract: signed out is a 401 (tRPC's auth.me answers null).
      if (!me) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Authentication required' });
      return me;
    }),
  );
  api.post('/auth/register', shim(deps, async (caller, c) => caller.auth.register(await jsonBody(c)), { status: 201 }));
  api.post('/auth/login', shim(deps, async (caller, c) => caller.auth.login(await jsonBody(c))));
  api.post('/auth/verify-email', shim(deps, async (caller, c) => caller.auth.verifyEmail(await jsonBody(c))));
  api.post('/auth/resend-verification', shim(deps, (caller) => caller.auth.resendVerification()));
  api.post('/auth/forgot-password', shim(deps, async (caller, c) => caller.auth.forgotPassword(await jsonBody(c))));
  api.post('/auth/reset-password', shim(deps, async (caller, c) => caller.auth.resetPassword(await jsonBody(c))));
  api.post('/auth/change-password', shim(deps, async (caller, c) => caller.auth.changePassword(await jsonBody(c))));
  api.post('/auth/update-profile', shim(deps, async (caller, c) => caller.profile.update(await jsonBody(c))));
  api.patch('/user/profile', shim(deps, async (caller, c) => caller.profile.updatePanel(await jsonBody(c))));

  // Signing out over GET is documented (SPEC section 7), so it is refused only when another
  // site (or a sibling subdomain) asks: a link or an <img> elsewhere must not sign people out.
  const crossSite = (c: { req: { header(name: string): string | undefined } }) => {
    const site = c.req.header('sec-fetch-site');
    return site === 'cross-site' || site === 'same-site';
  };
  const logout = shim(deps, (caller, c) => (crossSite(c) ? { success: false } : caller.auth.logout()));
  api.post('/auth/logout', logout);
  api.get('/auth/logout', logout);

  // Browser navigations, not API calls.
  api.get('/login', (c) => c.redirect('/signin', 302));
  api.get('/logout', async (c) => {
    const resHeaders = new Headers();
    if (!crossSite(c)) await callProcedure(deps, c, resHeaders, (caller) => caller.auth.logout());
    for (const cookie of resHeaders.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
    return c.redirect('/', 302);
  });

  return api;
}
