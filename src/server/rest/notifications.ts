import { Hono, type Context as HonoContext } from 'hono';
import type { AppDeps } from '../context';
import { OPERATIONS } from '../operations';
import { jsonBody, route } from './route';

/** The token of a one-click unsubscribe: in the address (as List-Unsubscribe gives it), else in a JSON or form body. */
async function unsubscribeToken(c: HonoContext) {
  const fromQuery = c.req.query('token');
  // RFC 8058's POST carries "List-Unsubscribe=One-Click" as a form; the body is read either way, so the connection stays sound.
  if ((c.req.header('content-type') ?? '').startsWith('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(await c.req.text());
    return { token: fromQuery ?? form.get('token') ?? undefined };
  }
  if (fromQuery !== undefined) {
    await c.req.text();
    return { token: fromQuery };
  }
  return jsonBody(c);
}

/** "Needs you", the notification settings and the one-click unsubscribe; tRPC's needs.* and notifications.* are the same operations. */
export function notificationRoutes(deps: AppDeps) {
  const api = new Hono();
  const ops = OPERATIONS.notifications;
  const needs = OPERATIONS.needs;
  api.get('/needs', route(deps, needs.list, (c) => ({ cursor: c.req.query('cursor'), limit: c.req.query('limit'), communityId: c.req.query('communityId') }), { page: true }));
  api.get('/needs/count', route(deps, needs.count));
  api.get('/notifications/preferences', route(deps, ops.preferences));
  api.patch('/notifications/preferences', route(deps, ops.setPreferences, jsonBody));
  api.post('/notifications/unsubscribe', route(deps, ops.unsubscribe, unsubscribeToken));
  return api;
}
