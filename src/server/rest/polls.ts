import { Hono, type Context as HonoContext } from 'hono';
import type { AppDeps } from '../context';
import { OPERATIONS } from '../operations';
import { COMMUNITY_ID, bodyWith, route } from './route';

/** The poll REST paths listed in the README; the tRPC procedures polls.* are the same operations (and the only way to the others). */
export function pollRoutes(deps: AppDeps) {
  const api = new Hono();
  const ops = OPERATIONS.polls;
  const community = COMMUNITY_ID;
  const idOnly = (c: HonoContext) => ({ id: c.req.param('id') });

  api.get(
    `/communities/${community}/polls`,
    route(deps, ops.list, (c) => ({ communityId: c.req.param('id'), status: c.req.query('status'), cursor: c.req.query('cursor'), limit: c.req.query('limit') }), { page: true }),
  );
  api.post(`/communities/${community}/polls`, route(deps, ops.create, bodyWith((c) => ({ communityId: c.req.param('id') })), { status: 201 }));
  api.get('/polls/:id', route(deps, ops.get, idOnly));
  api.post('/polls/:id/vote', route(deps, ops.vote, bodyWith((c) => ({ id: c.req.param('id') }))));
  api.get('/polls/:id/results', route(deps, ops.results, idOnly));
  api.get(
    '/polls/:id/results.csv',
    route(deps, ops.resultsCsv, idOnly, { file: (r: { filename: string; csv: string }) => ({ body: r.csv, type: 'text/csv; charset=utf-8', filename: r.filename }) }),
  );
  return api;
}
