import { Hono, type Context as HonoContext } from 'hono';
import type { AppDeps } from '../../context';
import { XLSX_TYPE } from '../../exports/xlsx';
import { COMMUNITY_ID, bodyWith, route } from '../../rest/route';
import { standing, standingFiles } from './operations';

/** The standing REST paths listed in the README; the tRPC procedures standing.* are the same operations. */
export function standingRoutes(deps: AppDeps) {
  const api = new Hono();
  const community = COMMUNITY_ID;
  const cid = (c: HonoContext) => ({ communityId: c.req.param('id') });
  const filters = (c: HonoContext) => ({ ...cid(c), standing: c.req.query('standing'), categoryId: c.req.query('categoryId') });

  api.get(`/communities/${community}/standing`, route(deps, standing.mine, cid));
  api.get(`/communities/${community}/standing/roll`, route(deps, standing.roll, (c) => ({ ...filters(c), cursor: c.req.query('cursor'), limit: c.req.query('limit') }), { page: true }));
  api.get(
    `/communities/${community}/standing/roll.csv`,
    route(deps, standing.rollCsv, filters, { file: (r: { filename: string; csv: string }) => ({ body: r.csv, type: 'text/csv; charset=utf-8', filename: r.filename }) }),
  );
  api.get(
    `/communities/${community}/standing/roll.xlsx`,
    route(deps, standingFiles.rollXlsx, filters, { file: (r: { filename: string; xlsx: Uint8Array }) => ({ body: r.xlsx, type: XLSX_TYPE, filename: r.filename }) }),
  );
  api.get(`/communities/${community}/standing/rules`, route(deps, standing.rules, cid));
  api.put(`/communities/${community}/standing/rules`, route(deps, standing.saveRules, bodyWith(cid)));
  api.get(`/communities/${community}/membership-categories`, route(deps, standing.categories, cid));
  api.post(`/communities/${community}/membership-categories`, route(deps, standing.createCategory, bodyWith(cid), { status: 201 }));
  // A row of the community named by its own :id, the community by :communityId (as the input's fields are named).
  const inCommunityRow = (c: HonoContext) => ({ communityId: c.req.param('communityId'), id: c.req.param('id') });
  api.patch('/communities/:communityId/membership-categories/:id', route(deps, standing.updateCategory, bodyWith(inCommunityRow)));
  api.put(`/communities/${community}/members/:userId/category`, route(deps, standing.setMemberCategory, bodyWith((c) => ({ ...cid(c), userId: c.req.param('userId') }))));
  api.post(`/communities/${community}/members/:userId/suspensions`, route(deps, standing.suspend, bodyWith((c) => ({ ...cid(c), userId: c.req.param('userId') })), { status: 201 }));
  api.post('/communities/:communityId/suspensions/:id/lift', route(deps, standing.liftSuspension, bodyWith(inCommunityRow)));
  return api;
}
