import { Hono, type Context as HonoContext } from 'hono';
import type { AppDeps } from '../../context';
import { XLSX_TYPE } from '../../exports/xlsx';
import { bodyWith, route } from '../../rest/route';
import { standing, standingFiles } from './operations';

/** The standing REST paths listed in the README; the tRPC procedures standing.* are the same operations. */
export function standingRoutes(deps: AppDeps) {
  const api = new Hono();
  const community = ':id{(?!(?:all|joined|created)$)[^/]+}';
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
  api.patch(`/communities/${community}/membership-categories/:categoryId`, route(deps, standing.updateCategory, bodyWith((c) => ({ ...cid(c), id: c.req.param('categoryId') }))));
  api.put(`/communities/${community}/members/:userId/category`, route(deps, standing.setMemberCategory, bodyWith((c) => ({ ...cid(c), userId: c.req.param('userId') }))));
  api.post(`/communities/${community}/members/:userId/suspensions`, route(deps, standing.suspend, bodyWith((c) => ({ ...cid(c), userId: c.req.param('userId') })), { status: 201 }));
  api.post(`/communities/${community}/suspensions/:suspensionId/lift`, route(deps, standing.liftSuspension, bodyWith((c) => ({ ...cid(c), id: c.req.param('suspensionId') }))));
  return api;
}
