import { Hono } from 'hono';
import { responseHeaders } from '../http/response-headers';
import type { AppDeps } from '../trpc/context';
import { asInput, jsonBody, shim } from './handler';

/** SPEC section 7's admin paths. */
export function adminRoutes(deps: AppDeps) {
  const api = new Hono();
  // The original also sends isAdmin: true; it changes nothing (the role decides).
  api.post('/auth/admin/login', shim(deps, async (caller, c) => caller.admin.login(await jsonBody(c))));
  api.get('/admin/users/count', shim(deps, (caller) => caller.admin.userCount()));
  api.get('/admin/communities/count', shim(deps, (caller) => caller.admin.communityCount()));
  api.get(
    '/admin/users',
    shim(
      deps,
      async (caller, c) => {
        const page = await caller.admin.users(asInput({ search: c.req.query('search'), cursor: c.req.query('cursor'), limit: c.req.query('limit') }));
        responseHeaders(c)['x-total-count'] = String(page.total);
        return page;
      },
      { page: true },
    ),
  );
  api.patch('/admin/users/:id', shim(deps, async (caller, c) => caller.admin.updateUser(asInput({ ...(await jsonBody<object>(c)), id: c.req.param('id') }))));
  api.post('/admin/users/admin', shim(deps, async (caller, c) => caller.admin.createAdmin(await jsonBody(c)), { status: 201 }));
  api.post('/admin/users/:id/reset-password', shim(deps, (caller, c) => caller.admin.resetPassword(asInput({ id: c.req.param('id') }))));
  return api;
}
