import { Hono } from 'hono';
import type { AppDeps } from '../context';
import { OPERATIONS } from '../operations';
import { COMMUNITY_ID, bodyWith, route } from './route';

/** The invitation REST paths listed in the README; the tRPC procedures invitations.* are the same operations (and the only way to the others). */
export function invitationRoutes(deps: AppDeps) {
  const api = new Hono();
  const ops = OPERATIONS.invitations;
  const community = COMMUNITY_ID;

  api.post(`/communities/${community}/invitations`, route(deps, ops.send, bodyWith((c) => ({ communityId: c.req.param('id') }))));
  api.get('/invitations', route(deps, ops.mine));
  api.post('/invitations/:token/accept', route(deps, ops.accept, (c) => ({ token: c.req.param('token') })));
  api.post('/invitations/:token/report', route(deps, ops.report, (c) => ({ token: c.req.param('token') })));
  api.post('/invitations/:id/decline', route(deps, ops.decline, (c) => ({ id: c.req.param('id') })));
  api.post(`/communities/${community}/invite-links`, route(deps, ops.createLink, bodyWith((c) => ({ communityId: c.req.param('id') })), { status: 201 }));
  api.delete('/invite-links/:id', route(deps, ops.revokeLink, (c) => ({ id: c.req.param('id') })));
  return api;
}
