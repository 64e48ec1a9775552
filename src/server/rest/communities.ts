import { Hono, type Context as HonoContext } from 'hono';
import type { AppDeps } from '../context';
import { OPERATIONS } from '../operations';
import { COMMUNITY_ID, jsonBody, route } from './route';

/** The community paths. Lists take ?limit= and ?cursor= (and ?search=, ?location= on /all). */
export function communityRoutes(deps: AppDeps) {
  const api = new Hono();
  const ops = OPERATIONS.communities;
  const page = (c: HonoContext) => ({ cursor: c.req.query('cursor'), limit: c.req.query('limit') });
  const inCommunity = (c: HonoContext) => ({ communityId: c.req.param('id') });
  const list = { page: true } as const;
  // `:id` never matches the static names beside it, so each of these paths matches one route and
  // takes Hono's single-handler fast path (a second match means its async compose).
  const id = COMMUNITY_ID;

  api.post('/communities', route(deps, ops.create, jsonBody, { status: 201 }));
  api.get('/communities/joined', route(deps, ops.joined, page, list));
  api.get('/communities/created', route(deps, ops.created, page, list));
  api.get(
    '/communities/all',
    route(
      deps,
      ops.list,
      (c) => {
        const q = c.req.query();
        return { cursor: q.cursor, limit: q.limit, search: q.search, location: q.location };
      },
      list,
    ),
  );
  api.get(`/communities/${id}`, route(deps, ops.byId, (c) => ({ id: c.req.param('id') })));
  api.post(`/communities/${id}/join`, route(deps, ops.join, inCommunity));
  api.delete(`/communities/${id}/join`, route(deps, ops.withdrawRequest, inCommunity));
  api.post(`/communities/${id}/leave`, route(deps, ops.leave, inCommunity));
  api.get(`/communities/${id}/members`, route(deps, ops.members, (c) => ({ communityId: c.req.param('id'), ...page(c) }), list));
  return api;
}
