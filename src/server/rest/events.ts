import { Hono, type Context as HonoContext } from 'hono';
import type { AppDeps } from '../context';
import { OPERATIONS } from '../operations';
import { eventFiles } from '../operations/events';
import { COMMUNITY_ID, bodyWith, route } from './route';

/** The event paths for integrators and calendar apps; the tRPC procedures events.* are the same operations. */
export function eventRoutes(deps: AppDeps) {
  const api = new Hono();
  const ops = OPERATIONS.events;
  const community = COMMUNITY_ID;
  const byId = bodyWith((c) => ({ id: c.req.param('id') }));
  const idOnly = (c: HonoContext) => ({ id: c.req.param('id') });
  const ics = { file: (r: { filename: string; ics: string }) => ({ body: r.ics, type: 'text/calendar; charset=utf-8', filename: r.filename }) };

  api.get(
    `/communities/${community}/events`,
    route(deps, ops.list, (c) => ({ communityId: c.req.param('id'), from: c.req.query('from'), to: c.req.query('to'), cursor: c.req.query('cursor'), limit: c.req.query('limit'), order: c.req.query('order') }), { page: true }),
  );
  api.post(`/communities/${community}/events`, route(deps, ops.create, bodyWith((c) => ({ communityId: c.req.param('id') })), { status: 201 }));
  api.get(`/communities/${community}/calendar.ics`, route(deps, eventFiles.communityFeed, (c) => ({ communityId: c.req.param('id') }), ics));
  api.get('/events/:id', route(deps, ops.get, idOnly));
  api.patch('/events/:id', route(deps, ops.update, byId));
  api.post('/events/:id/cancel', route(deps, ops.cancel, byId));
  api.post('/events/:id/rsvp', route(deps, ops.rsvp, byId));
  api.get('/events/:id/attendees', route(deps, ops.attendees, idOnly));
  api.get(
    '/events/:id/attendees.csv',
    route(deps, ops.attendeesCsv, idOnly, { file: (r: { filename: string; csv: string }) => ({ body: r.csv, type: 'text/csv; charset=utf-8', filename: r.filename }) }),
  );
  api.get('/events/:id/ics', route(deps, eventFiles.ics, idOnly, ics));
  // The token is the whole credential of a private feed: calendar apps send no cookie. The path
  // segment is "<token>.ics"; anything else names no feed (404 from the service).
  api.get('/calendar/:file', route(deps, eventFiles.memberFeed, (c) => {
      const file = c.req.param('file') ?? '';
      return { token: file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : '' };
    }, ics));
  return api;
}
