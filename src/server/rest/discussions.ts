import { Hono } from 'hono';
import type { AppDeps } from '../context';
import { OPERATIONS } from '../operations';
import { COMMUNITY_ID, bodyWith, route } from './route';

/** The discussion REST paths listed in the README; the tRPC procedures discussions.* are the same operations (and the only way to the others). */
export function discussionRoutes(deps: AppDeps) {
  const api = new Hono();
  const ops = OPERATIONS.discussions;
  const community = COMMUNITY_ID;

  api.get(
    `/communities/${community}/topics`,
    route(deps, ops.list, (c) => ({ communityId: c.req.param('id'), search: c.req.query('search'), category: c.req.query('category'), cursor: c.req.query('cursor'), limit: c.req.query('limit') }), { page: true }),
  );
  api.post(`/communities/${community}/topics`, route(deps, ops.create, bodyWith((c) => ({ communityId: c.req.param('id') })), { status: 201 }));
  api.get('/topics/:id', route(deps, ops.get, (c) => ({ id: c.req.param('id'), cursor: c.req.query('cursor'), limit: c.req.query('limit') })));
  api.post('/topics/:id/replies', route(deps, ops.reply, bodyWith((c) => ({ id: c.req.param('id') })), { status: 201 }));
  return api;
}
