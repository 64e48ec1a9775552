import { Hono, type Context as HonoContext } from 'hono';
import type { AppDeps } from '../context';
import { OPERATIONS } from '../operations';
import { receipt } from '../operations/finance-receipts';
import { financeFiles } from '../operations/finance-files';
import { XLSX_TYPE } from '../exports/xlsx';
import { COMMUNITY_ID, bodyWith, route } from './route';

/** The finance paths for integrators; lists take ?limit= and ?cursor=. */
export function financeRoutes(deps: AppDeps) {
  const api = new Hono();
  const ops = OPERATIONS.finances;
  const id = COMMUNITY_ID;
  const inCommunity = (c: HonoContext) => ({ communityId: c.req.param('id') });
  const page = (c: HonoContext) => ({ communityId: c.req.param('id'), cursor: c.req.query('cursor'), limit: c.req.query('limit') });
  const byId = bodyWith((c) => ({ id: c.req.param('id') }));

  api.get(`/communities/${id}/finances/summary`, route(deps, ops.summary, (c) => ({ ...inCommunity(c), year: c.req.query('year') })));
  api.get(`/communities/${id}/finances/entries`, route(deps, ops.entries, page, { page: true }));
  api.get(`/communities/${id}/finances/statement`, route(deps, ops.statement, page));
  api.post(`/communities/${id}/finances/payments`, route(deps, ops.declarePayment, bodyWith(inCommunity), { status: 201 }));
  api.post('/finances/payments/:id/confirm', route(deps, ops.confirmPayment, byId));
  api.post('/finances/payments/:id/reject', route(deps, ops.rejectPayment, byId));
  api.get(
    '/finances/payments/:id/receipt.pdf',
    route(deps, receipt, (c) => ({ id: c.req.param('id') }), { file: (r: { filename: string; pdf: Uint8Array }) => ({ body: r.pdf, type: 'application/pdf', filename: r.filename }) }),
  );
  api.get(`/communities/${id}/finances/dues`, route(deps, ops.myDues, inCommunity));
  api.get(`/communities/${id}/finances/cash-flow`, route(deps, ops.cashFlow, (c) => ({ ...inCommunity(c), months: c.req.query('months') })));
  api.post(`/communities/${id}/finances/expenses`, route(deps, ops.submitExpense, bodyWith(inCommunity), { status: 201 }));
  api.post('/finances/expenses/:id/approve', route(deps, ops.approveExpense, byId));
  api.post('/finances/expenses/:id/reject', route(deps, ops.rejectExpense, byId));
  api.post('/finances/expenses/:id/pay', route(deps, ops.payExpense, byId));
  api.get(
    `/communities/${id}/finances/export.csv`,
    route(deps, ops.exportCsv, (c) => ({ ...inCommunity(c), from: c.req.query('from'), to: c.req.query('to') }), {
      file: (r: { filename: string; csv: string }) => ({ body: r.csv, type: 'text/csv; charset=utf-8', filename: r.filename }),
    }),
  );
  api.get(
    `/communities/${id}/finances/export.xlsx`,
    route(deps, financeFiles.exportXlsx, (c) => ({ ...inCommunity(c), from: c.req.query('from'), to: c.req.query('to') }), {
      file: (r: { filename: string; xlsx: Uint8Array }) => ({ body: r.xlsx, type: XLSX_TYPE, filename: r.filename }),
    }),
  );
  return api;
}
