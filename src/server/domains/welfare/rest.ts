import { Hono, type Context as HonoContext } from 'hono';
import type { AppDeps } from '../../context';
import { XLSX_TYPE } from '../../exports/xlsx';
import { COMMUNITY_ID, bodyWith, route } from '../../rest/route';
import { welfare, welfareFiles } from './operations';

/** The welfare REST paths listed in the README; the tRPC procedures welfare.* are the same operations. */
export function welfareRoutes(deps: AppDeps) {
  const api = new Hono();
  const community = COMMUNITY_ID;
  const cid = (c: HonoContext) => ({ communityId: c.req.param('id') });
  const id = (c: HonoContext) => ({ id: c.req.param('id') });
  const withId = bodyWith(id);

  api.get(`/communities/${community}/welfare/funds`, route(deps, welfare.funds, cid));
  api.post(`/communities/${community}/welfare/funds`, route(deps, welfare.createFund, bodyWith(cid), { status: 201 }));
  api.get('/welfare/funds/:id', route(deps, welfare.fund, id));
  api.post('/welfare/funds/:id/rules', route(deps, welfare.changeRules, withId, { status: 201 }));

  api.get(`/communities/${community}/welfare/dependants`, route(deps, welfare.dependants, (c) => ({ ...cid(c), userId: c.req.query('userId') })));
  api.post(`/communities/${community}/welfare/dependants`, route(deps, welfare.addDependant, bodyWith(cid), { status: 201 }));
  api.delete('/welfare/dependants/:id', route(deps, welfare.removeDependant, id));

  api.get(`/communities/${community}/welfare/cases`, route(deps, welfare.cases, (c) => ({ ...cid(c), status: c.req.query('status'), cursor: c.req.query('cursor'), limit: c.req.query('limit') }), { page: true }));
  api.post(`/communities/${community}/welfare/cases`, route(deps, welfare.openCase, bodyWith(cid), { status: 201 }));
  api.get('/welfare/cases/:id', route(deps, welfare.case, id));
  api.post('/welfare/cases/:id/documents', route(deps, welfare.addDocument, withId, { status: 201 }));
  api.post('/welfare/cases/:id/verify', route(deps, welfare.verify, id));
  api.post('/welfare/cases/:id/approve', route(deps, welfare.approve, id));
  api.post('/welfare/cases/:id/reject', route(deps, welfare.reject, withId));
  api.post('/welfare/cases/:id/levy', route(deps, welfare.issueLevy, id));
  api.post('/welfare/cases/:id/benefit', route(deps, welfare.payBenefit, withId));
  api.post('/welfare/cases/:id/confirm-benefit', route(deps, welfare.confirmBenefit, id));
  api.post('/welfare/cases/:id/close', route(deps, welfare.close, withId));
  api.post('/welfare/cases/:id/condolence', route(deps, welfare.condolence, withId));
  api.get('/welfare/cases/:id/report.csv', route(deps, welfare.reportCsv, id, { file: (r: { filename: string; csv: string }) => ({ body: r.csv, type: 'text/csv; charset=utf-8', filename: r.filename }) }));
  api.get('/welfare/cases/:id/report.xlsx', route(deps, welfareFiles.reportXlsx, id, { file: (r: { filename: string; xlsx: Uint8Array }) => ({ body: r.xlsx, type: XLSX_TYPE, filename: r.filename }) }));
  api.get('/welfare/cases/:id/report.pdf', route(deps, welfareFiles.reportPdf, id, { file: (r: { filename: string; pdf: Uint8Array }) => ({ body: r.pdf, type: 'application/pdf', filename: r.filename }) }));

  api.get(`/communities/${community}/welfare/levies`, route(deps, welfare.myLevies, cid));
  api.post('/welfare/levies/:id/payments', route(deps, welfare.payLevy, withId, { status: 201 }));
  api.get('/welfare/cases/:id/levies', route(deps, welfare.caseLevies, (c) => ({ ...id(c), search: c.req.query('search'), unpaid: c.req.query('unpaid'), cursor: c.req.query('cursor'), limit: c.req.query('limit') }), { page: true }));
  api.post('/welfare/levies/:id/cash', route(deps, welfare.recordLevyCash, withId, { status: 201 }));
  return api;
}
