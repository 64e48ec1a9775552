import { Hono, type Context as HonoContext } from 'hono';
import type { AppDeps } from '../context';
import { OPERATIONS } from '../operations';
import { njangiFiles } from '../operations/njangi';
import { COMMUNITY_ID, bodyWith, route } from './route';
import { XLSX_TYPE } from '../exports/xlsx';

/** The savings-circle paths for integrators; the tRPC procedures njangi.* are the same operations. */
export function njangiRoutes(deps: AppDeps) {
  const api = new Hono();
  const ops = OPERATIONS.njangi;
  const community = COMMUNITY_ID;
  const byId = bodyWith((c) => ({ id: c.req.param('id') }));
  const idOnly = (c: HonoContext) => ({ id: c.req.param('id') });

  api.get(`/communities/${community}/circles`, route(deps, ops.list, (c) => ({ communityId: c.req.param('id'), cursor: c.req.query('cursor'), limit: c.req.query('limit'), status: c.req.query('status') }), { page: true }));
  api.post(`/communities/${community}/circles`, route(deps, ops.create, bodyWith((c) => ({ communityId: c.req.param('id') })), { status: 201 }));
  api.get('/circles/:id', route(deps, ops.get, idOnly));
  api.post('/circles/:id/join', route(deps, ops.join, byId));
  api.post('/circles/:id/start', route(deps, ops.start, byId));
  api.post('/circles/:id/contributions', route(deps, ops.declareContribution, byId, { status: 201 }));
  api.post('/contributions/:id/confirm', route(deps, ops.confirmContribution, byId));
  api.post('/contributions/:id/reject', route(deps, ops.rejectContribution, byId));
  api.post('/rounds/:id/bids', route(deps, ops.bid, byId, { status: 201 }));
  api.post('/rounds/:id/payout', route(deps, ops.recordPayout, byId, { status: 201 }));
  api.post('/payouts/:id/confirm-receipt', route(deps, ops.confirmReceipt, byId));
  api.post('/top-ups/:id/record', route(deps, ops.recordTopUp, byId));
  api.post('/top-ups/:id/confirm-receipt', route(deps, ops.confirmTopUp, byId));
  // What concerns the organiser's own hands, for the community's finance officers.
  api.post('/contributions/:id/officer-confirm', route(deps, ops.officerConfirmContribution, byId));
  api.post('/contributions/:id/officer-reject', route(deps, ops.officerRejectContribution, byId));
  api.post('/rounds/:id/officer-payout', route(deps, ops.officerRecordPayout, byId, { status: 201 }));
  api.post('/top-ups/:id/officer-record', route(deps, ops.officerRecordTopUp, byId));
  api.post('/circles/:id/swaps', route(deps, ops.requestSwap, byId, { status: 201 }));
  api.post('/swaps/:id/accept', route(deps, ops.acceptSwap, byId));
  api.post('/swaps/:id/approve', route(deps, ops.approveSwap, byId));
  api.get('/circles/:id/report', route(deps, ops.report, idOnly));
  const pdf = { file: (r: { filename: string; pdf: Uint8Array }) => ({ body: r.pdf, type: 'application/pdf', filename: r.filename }) };
  api.get('/circles/:id/report.pdf', route(deps, njangiFiles.reportPdf, idOnly, pdf));
  api.get('/circles/contributions/:id/receipt.pdf', route(deps, njangiFiles.contributionReceipt, idOnly, pdf));
  api.get('/circles/payouts/:id/receipt.pdf', route(deps, njangiFiles.payoutReceipt, idOnly, pdf));
  api.get('/circles/top-ups/:id/receipt.pdf', route(deps, njangiFiles.topUpReceipt, idOnly, pdf));
  api.get(
    '/circles/:id/report.csv',
    route(deps, ops.reportCsv, idOnly, { file: (r: { filename: string; csv: string }) => ({ body: r.csv, type: 'text/csv; charset=utf-8', filename: r.filename }) }),
  );
  api.get(
    '/circles/:id/report.xlsx',
    route(deps, njangiFiles.reportXlsx, idOnly, { file: (r: { filename: string; xlsx: Uint8Array }) => ({ body: r.xlsx, type: XLSX_TYPE, filename: r.filename }) }),
  );
  return api;
}
