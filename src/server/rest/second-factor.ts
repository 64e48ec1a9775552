import { Hono } from 'hono';
import type { AppDeps } from '../context';
import { OPERATIONS } from '../operations';
import { jsonBody, route } from './route';

/** /api/auth/second-factor/*: the second step of a sign-in (either door) and one's own factor. */
export function secondFactorRoutes(deps: AppDeps) {
  const api = new Hono();
  const ops = OPERATIONS.secondFactor;
  api.post('/auth/second-factor', route(deps, ops.signIn, jsonBody));
  api.get('/auth/second-factor/status', route(deps, ops.status));
  api.post('/auth/second-factor/setup', route(deps, ops.setup));
  api.post('/auth/second-factor/confirm', route(deps, ops.confirm, jsonBody));
  api.post('/auth/second-factor/disable', route(deps, ops.disable, jsonBody));
  api.post('/auth/second-factor/recovery-codes', route(deps, ops.regenerateRecoveryCodes, jsonBody));
  return api;
}
