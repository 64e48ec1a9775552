import { describe, expect, it } from 'vitest';
import { createSession } from '../../src/server/auth/session';
import { makeTestApp } from '../setup/app';
import { cast } from '../setup/communities';
import { fillPath, isWrite, restRoutes } from '../setup/hardening-targets';
import { textOf } from '../setup/errors';

/*
 * The request frame (src/server/http/request-frame.ts) and the REST shims are built so that a
 * read matches one route and a synchronous procedure answers without a promise: Hono then takes
 * its single-handler path and @hono/node-server writes the response at once. These tests hold
 * that shape (what it is worth is measured by `npm run bench`, docs/benchmarks.md); the API tests
 * hold what the answers say.
 */
describe('request frame and routing', () => {
  it('matches every REST read to exactly one handler, and every write to the body limit and one handler', () => {
    const { app } = makeTestApp();
    // The multipart uploads run their own checks (access, allowance, streamed size) as middleware before the body is read.
    const uploads = new Set(['/api/uploads', '/api/communities/:id/documents', '/api/documents/:id/versions', '/api/chat/files']);
    const routes = restRoutes(app).filter((r) => !(r.method === 'POST' && [...uploads].some((u) => r.path === u || r.path.replace(/\{[^}]*\}/g, '') === u)));
    expect(routes.length).toBeGreaterThan(30);
    // A parameter with a pattern of its own takes a value that fits it.
    const fitting = (path: string) => path.replace(/:file\{\[a-z\]\+\\\.\(csv\|xlsx\)\}/, 'en.csv');
    for (const route of routes) {
      const path = fillPath(fitting(route.path), ['7']);
      expect(app.router.match(route.method, path)[0].length, `${route.method} ${path}`).toBe(isWrite(route.method) ? 2 : 1);
    }
    // A parameter never swallows a static name beside it.
    for (const name of ['all', 'joined', 'created']) expect(app.router.match('GET', `/api/communities/${name}`)[0].length, name).toBe(1);
  });

  it('answers the hot reads synchronously, headers and all', async () => {
    const t = makeTestApp();
    const { users, pub } = await cast(t);
    const cookie = `harambee_session=${createSession(t.db, users.member.id, t.clock.now()).token}`;
    const ids: (string | null)[] = [];
    for (const path of [
      '/api/communities/all?limit=2',
      '/api/communities/all?limit=2&search=circle',
      `/api/communities/${pub.id}`,
      `/api/communities/${pub.id}/members?limit=2`,
      '/api/communities/joined',
    ]) {
      const res = t.app.fetch(new Request(`http://localhost:3000${path}`, { headers: { cookie } }));
      expect(res, path).not.toBeInstanceOf(Promise);
      const answered = res as Response;
      expect(answered.status, path).toBe(200);
      expect(answered.headers.get('x-content-type-options'), path).toBe('nosniff');
      ids.push(answered.headers.get('x-request-id'));
    }
    // A request id on each, different on each: this process's random prefix and a counter.
    expect(ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-z]+$/.test(id ?? '')), ids.join(' ')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.map((id) => id!.slice(0, 13))).size).toBe(1);
  });

  it('sends /api paths to the API (JSON 404), never to the client app', async () => {
    const { app } = makeTestApp();
    for (const path of ['/api', '/api/nope', '/api/communities/7/nothing']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.json(), path).toEqual({ error: textOf('errors.noApiPath'), code: 'NOT_FOUND' });
    }
    const page = await app.request('/nope');
    expect(page.status).toBe(404);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});
