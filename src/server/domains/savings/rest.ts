import { Hono, type Context as HonoContext } from 'hono';
import type { AppDeps } from '../../context';
import { COMMUNITY_ID, bodyWith, route } from '../../rest/route';
import { savings, savingsFiles } from './operations';

/** The savings groups' REST paths listed in the README; the tRPC procedures savings.* are the same operations. */
export function savingsRoutes(deps: AppDeps) {
  const api = new Hono();
  const community = COMMUNITY_ID;
  const cid = (c: HonoContext) => ({ communityId: c.req.param('id') });
  const id = (c: HonoContext) => ({ id: c.req.param('id') });
  const withId = bodyWith(id);
  const cycle = (c: HonoContext) => ({ ...id(c), cycleId: c.req.query('cycleId') });
  const ledger = (c: HonoContext) => ({ ...cycle(c), verify: c.req.query('verify') });
  const meeting = (c: HonoContext) => ({ meetingId: c.req.param('meetingId') });

  api.get(`/communities/${community}/savings-groups`, route(deps, savings.groups, cid));
  api.post(`/communities/${community}/savings-groups`, route(deps, savings.createGroup, bodyWith(cid), { status: 201 }));
  api.get('/savings-groups/:id', route(deps, savings.group, id));
  api.put('/savings-groups/:id/rules', route(deps, savings.changeRules, withId));
  api.post('/savings-groups/:id/join', route(deps, savings.join, id));
  api.post('/savings-groups/:id/requests', route(deps, savings.decideJoin, withId));
  api.post('/savings-groups/:id/members', route(deps, savings.addMember, withId, { status: 201 }));
  api.post('/savings-groups/:id/roles', route(deps, savings.setRole, withId));
  api.post('/savings-groups/:id/cycles', route(deps, savings.openCycle, withId, { status: 201 }));
  api.post('/savings-groups/:id/grants', route(deps, savings.proposeGrant, withId, { status: 201 }));
  api.get('/savings-groups/:id/statement', route(deps, savings.statement, cycle));
  api.get('/savings-groups/:id/ledger', route(deps, savings.ledger, ledger));
  api.post('/savings-meetings/:meetingId/records', route(deps, savings.recordMeeting, bodyWith(meeting), { status: 201 }));
  api.post('/savings-meetings/:meetingId/declarations', route(deps, savings.declare, bodyWith(meeting), { status: 201 }));
  api.post('/savings-entries/:id/confirm', route(deps, savings.confirm, id));
  api.post('/savings-entries/:id/reject', route(deps, savings.reject, withId));
  api.post('/savings-entries/:id/received', route(deps, savings.confirmGrantReceipt, id));
  api.post('/savings-entries/:id/reverse', route(deps, savings.reverse, withId, { status: 201 }));
  api.post('/savings-entries/:id/reverse/decline', route(deps, savings.declineReversal, withId));
  api.post('/savings-groups/:id/loans', route(deps, savings.requestLoan, withId, { status: 201 }));
  api.get('/savings-loans/:id', route(deps, savings.loan, id));
  api.post('/savings-loans/:id/guarantee', route(deps, savings.answerGuarantee, withId));
  api.post('/savings-loans/:id/approve', route(deps, savings.approveLoan, id));
  api.post('/savings-loans/:id/reject', route(deps, savings.rejectLoan, withId));
  api.post('/savings-loans/:id/disbursement', route(deps, savings.disburseLoan, withId));
  api.post('/savings-loans/:id/disbursement/cancel', route(deps, savings.cancelDisbursement, withId));
  api.post('/savings-loans/:id/received', route(deps, savings.confirmLoanReceipt, id));
  api.post('/savings-loans/:id/write-off', route(deps, savings.writeOffLoan, withId));
  api.post('/savings-loans/:id/repayments', route(deps, savings.recordRepayment, withId, { status: 201 }));
  api.post('/savings-repayments/:id/confirm', route(deps, savings.confirmRepayment, id));
  api.post('/savings-repayments/:id/reject', route(deps, savings.rejectRepayment, withId));
  const pdf = { file: (r: { filename: string; pdf: Uint8Array }) => ({ body: r.pdf, type: 'application/pdf', filename: r.filename }) };
  const receipt = (c: HonoContext) => ({ ...cid(c), id: c.req.param('receiptOf') });
  api.get(`/communities/${community}/savings/entries/:receiptOf/receipt.pdf`, route(deps, savingsFiles.entryReceipt, receipt, pdf));
  api.get(`/communities/${community}/savings/repayments/:receiptOf/receipt.pdf`, route(deps, savingsFiles.repaymentReceipt, receipt, pdf));
  return api;
}
