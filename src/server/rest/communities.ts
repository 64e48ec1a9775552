import { Hono } from 'hono';
import type { AppDeps } from '../trpc/context';
import { asInput, jsonBody, shim } from './handler';

/** SPEC section 7's community paths. Lists take ?limit= and ?cursor= (and ?search=, ?location= on /all). */
export function communityRoutes(deps: AppDeps) {
  const api = new Hono();
  const page = (c: { req: { query(k: string): string | undefined } }) => ({ cursor: c.req.query('cursor'), limit: c.req.query('limit') });
  const list = { page: true } as const;
  // `:id` never matches the static names beside it, so each of these paths matches one route and
  // takes Hono's single-handler fast path (a second match means its async compose).
  const id = ':id{(?!(?:all|joined|created)$)[^/]+}';

  api.post('/communities', shim(deps, async (caller, c) => caller.communities.create(await jsonBody(c)), { status: 201 }));
  api.get('/communities/joined', shim(deps, (caller, c) => caller.communities.joined(asInput(page(c))), list));
  api.get('/communities/created', shim(deps, (caller, c) => caller.communities.created(asInput(page(c))), list));
  api.get(
    '/communities/all',
    shim(
      deps,
      (caller, c) => {
        const q = c.req.query();
        return caller.communities.list(asInput({ cursor: q.cursor, limit: q.limit, search: q.search, location: q.location }));
      },
      list,
    ),
  );
  api.get(`/communities/${id}`, shim(deps, (caller, c) => caller.communities.byId(asInput({ id: c.req.param('id') }))));
  api.post(`/communities/${id}/join`, shim(deps, (caller, c) => caller.communities.join(asInput({ communityId: c.req.param('id') }))));
  api.delete(`/communities/${id}/join`, shim(deps, (caller, c) => caller.communities.withdrawRequest(asInput({ communityId: c.req.param('id') }))));
  api.post(`/communities/${id}/leave`, shim(deps, (caller, c) => caller.communities.leave(asInput({ communityId: c.req.param('id') }))));
  api.get(
    `/communities/${id}/members`,
    shim(deps, (caller, c) => caller.communities.members(asInput({ communityId: c.req.param('id'), ...page(c) })), list),
  );
  return api;
}
