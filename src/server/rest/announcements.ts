import { Hono } from 'hono';
import type { AppDeps } from '../context';
import { OPERATIONS } from '../operations';
import { bodyWith, jsonBody, route } from './route';

/** Announcement and category paths; categories name their community (?communityId= or in the body). */
export function announcementRoutes(deps: AppDeps) {
  const api = new Hono();
  const { announcements, categories } = OPERATIONS;
  const list = { page: true } as const;
  const created = { status: 201 } as const;
  const byId = bodyWith((c) => ({ id: c.req.param('id') }));

  api.get(
    '/communities/:communityId/announcements',
    route(deps, announcements.list, (c) => ({ communityId: c.req.param('communityId'), cursor: c.req.query('cursor'), limit: c.req.query('limit') }), list),
  );
  api.post('/communities/:communityId/announcements', route(deps, announcements.create, bodyWith((c) => ({ communityId: c.req.param('communityId') })), created));
  api.patch('/announcements/:id', route(deps, announcements.update, byId));
  api.delete('/announcements/:id', route(deps, announcements.delete, (c) => ({ id: c.req.param('id') })));
  api.post('/announcements/:id/toggle-pin', route(deps, announcements.togglePin, (c) => ({ id: c.req.param('id') })));

  api.get('/announcement-categories', route(deps, categories.list, (c) => ({ communityId: c.req.query('communityId') })));
  api.post('/announcement-categories', route(deps, categories.create, jsonBody, created));
  api.patch('/announcement-categories/:id', route(deps, categories.update, byId));
  api.delete('/announcement-categories/:id', route(deps, categories.delete, (c) => ({ id: c.req.param('id') })));
  return api;
}
