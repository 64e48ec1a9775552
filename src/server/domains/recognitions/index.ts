import { Hono } from 'hono';
import type { AppDeps } from '../../context';
import { jsonBody, route } from '../../rest/route';
import { defineDomain } from '../domain';
import { recognitions } from './operations';

/** /api/user/recognitions (the caller's), /api/communities/:id/members/:userId/recognitions (another member's). */
function recognitionRoutes(deps: AppDeps) {
  const api = new Hono();
  api.get('/user/recognitions', route(deps, recognitions.mine));
  api.patch('/user/recognitions', route(deps, recognitions.setVisibility, jsonBody));
  api.get('/communities/:id/members/:userId/recognitions', route(deps, recognitions.member, (c) => ({ communityId: c.req.param('id'), userId: c.req.param('userId') })));
  return api;
}

/**
 * Recognitions (years of membership, founding member, offices held, on-time runs, events attended,
 * circles completed): read from other domains' records, so this domain keeps no table of its own;
 * the member's choice to show them is a column of their account (exported with the profile).
 */
export const recognitionsDomain = defineDomain({
  name: 'recognitions',
  operations: { recognitions },
  rest: recognitionRoutes,
});
