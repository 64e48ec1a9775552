import { Hono, type Context as HonoContext } from 'hono';
import type { AppDeps } from '../context';
import { OPERATIONS } from '../operations';
import { bodyWith, route } from './route';

/*
 * The calls' REST paths (README, "Calls"); the tRPC procedures calls.* are the same operations.
 * Signalling (offers, answers, ICE candidates) travels over the chat socket at /ws.
 */
export function callRoutes(deps: AppDeps) {
  const api = new Hono();
  const ops = OPERATIONS.calls;
  const call = (c: HonoContext) => ({ callId: c.req.param('id') });
  api.post('/conversations/:id/calls', route(deps, ops.start, bodyWith((c) => ({ conversationId: c.req.param('id') })), { status: 201 }));
  api.get('/conversations/:id/call', route(deps, ops.current, (c) => ({ conversationId: c.req.param('id') })));
  api.get('/calls/ringing', route(deps, ops.ringing));
  api.post('/calls/:id/accept', route(deps, ops.accept, call));
  api.post('/calls/:id/decline', route(deps, ops.decline, call));
  api.post('/calls/:id/leave', route(deps, ops.leave, call));
  api.post('/calls/:id/end', route(deps, ops.end, call));
  api.get('/calls/:id/ice-servers', route(deps, ops.iceServers, call));
  return api;
}
