import { Hono } from 'hono';
import type { AppDeps } from '../trpc/context';
import { asInput, jsonBody, shim } from './handler';

/** SPEC section 7's announcement and category paths; categories name their community (?communityId= / body). */
export function announcementRoutes(deps: AppDeps) {
  const api = new Hono();
  const list = { page: true } as const;

  api.get(
    '/communities/:communityId/announcements',
    shim(
      deps,
      (caller, c) =>
        caller.announcements.list(asInput({ communityId: c.req.param('communityId'), cursor: c.req.query('cursor'), limit: c.req.query('limit') })),
      list,
    ),
  );
  api.post(
    '/communities/:communityId/announcements',
    shim(
      deps,
      async (caller, c) =>
        caller.announcements.create(asInput({ ...(await jsonBody<object>(c)), communityId: c.req.param('communityId') })),
      { status: 201 },
    ),
  );
  api.patch(
    '/announcements/:id',
    shim(deps, async (caller, c) => caller.announcements.update(asInput({ ...(await jsonBody<object>(c)), id: c.req.param('id') }))),
  );
  api.delete('/announcements/:id', shim(deps, (caller, c) => caller.announcements.delete(asInput({ id: c.req.param('id') }))));
  api.post('/announcements/:id/toggle-pin', shim(deps, (caller, c) => caller.announcements.togglePin(asInput({ id: c.req.param('id') }))));

  api.get(
    '/announcement-categories',
    shim(deps, (caller, c) => caller.categories.list(asInput({ communityId: c.req.query('communityId') }))),
  );
  api.post('/announcement-categories', shim(deps, async (caller, c) => caller.categories.create(await jsonBody(c)), { status: 201 }));
  api.patch(
    '/announcement-categories/:id',
    shim(deps, async (caller, c) => caller.categories.update(asInput({ ...(await jsonBody<object>(c)), id: c.req.param('id') }))),
  );
  api.delete('/announcement-categories/:id', shim(deps, (caller, c) => caller.categories.delete(asInput({ id: c.req.param('id') }))));
  return api;
}
