import { Hono } from 'hono';
import type { AppDeps } from '../context';
import { OPERATIONS } from '../operations';
import { bodyWith, jsonBody, route } from './route';

/** The admin panel's paths. */
export function adminRoutes(deps: AppDeps) {
  const api = new Hono();
  const ops = OPERATIONS.admin;
  // Clients may also send isAdmin: true; it changes nothing (the account's role decides).
  api.post('/auth/admin/login', route(deps, ops.login, jsonBody));
  api.get('/admin/users/count', route(deps, ops.userCount));
  api.get('/admin/communities/count', route(deps, ops.communityCount));
  api.get(
    '/admin/users',
    route(deps, ops.users, (c) => ({ search: c.req.query('search'), cursor: c.req.query('cursor'), limit: c.req.query('limit') }), {
      page: true,
      headers: (page: { total: number }) => ({ 'x-total-count': String(page.total) }),
    }),
  );
  api.patch('/admin/users/:id', route(deps, ops.updateUser, bodyWith((c) => ({ id: c.req.param('id') }))));
  api.post('/admin/users/admin', route(deps, ops.createAdmin, jsonBody, { status: 201 }));
  api.post('/admin/users/:id/reset-password', route(deps, ops.resetPassword, (c) => ({ id: c.req.param('id') })));
  api.post('/admin/users/:id/reset-second-factor', route(deps, ops.resetSecondFactor, (c) => ({ id: c.req.param('id') })));
  return api;
}
