import type { Hono, Context as HonoContext } from 'hono';
import type { AppDeps } from '../../context';
import { COMMUNITY_ID, bodyWith, route } from '../../rest/route';
import { coreOperations as ops } from './core-operations';

/** Meetings, agenda, rota, attendance and fines: the README's REST paths over the same operations as meetings.*. */
export function coreRoutes(api: Hono, deps: AppDeps) {
  const community = COMMUNITY_ID;
  const cid = (c: HonoContext) => ({ communityId: c.req.param('id') });
  const mid = (c: HonoContext) => ({ meetingId: c.req.param('id') });
  api.get(`/communities/${community}/meeting-settings`, route(deps, ops.settings, cid));
  api.put(`/communities/${community}/meeting-settings`, route(deps, ops.updateSettings, bodyWith(cid)));
  api.get(`/communities/${community}/meetings`, route(deps, ops.list, cid));
  api.post(`/communities/${community}/meetings`, route(deps, ops.create, bodyWith(cid), { status: 201 }));
  api.get(`/communities/${community}/meeting-rota`, route(deps, ops.rota, cid));
  api.put(`/communities/${community}/meeting-rota`, route(deps, ops.setRota, bodyWith(cid)));
  api.get(`/communities/${community}/my-meeting-code`, route(deps, ops.myCode, cid));
  api.get(`/communities/${community}/meeting-fines`, route(deps, ops.fines, cid));
  api.get('/meetings/:id', route(deps, ops.get, mid));
  api.put('/meetings/:id/agenda', route(deps, ops.setAgenda, bodyWith(mid)));
  api.put('/meetings/:id/host', route(deps, ops.setHost, bodyWith(mid)));
  api.get('/meetings/:id/roster', route(deps, ops.roster, mid));
  api.put('/meetings/:id/attendance/:userId', route(deps, ops.markAttendance, bodyWith((c) => ({ ...mid(c), userId: c.req.param('userId') }))));
  api.post('/meetings/:id/check-in', route(deps, ops.checkIn, bodyWith(mid)));
  const fine = bodyWith((c) => ({ fineId: c.req.param('id') }));
  api.post('/meeting-fines/:id/waive', route(deps, ops.waiveFine, fine));
  api.post('/meeting-fines/:id/payments', route(deps, ops.payFine, fine, { status: 201 }));
  api.post('/meeting-fines/:id/cash', route(deps, ops.recordFineCash, fine, { status: 201 }));
}
