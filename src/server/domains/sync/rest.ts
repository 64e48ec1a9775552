import { Hono } from 'hono';
import type { AppDeps } from '../../context';
import { jsonBody, route } from '../../rest/route';
import { sync } from './operations';

/** The offline sync's REST path listed in the README; the tRPC procedure sync.apply is the same operation. */
export function syncRoutes(deps: AppDeps) {
  const api = new Hono();
  api.post('/sync', route(deps, sync.apply, jsonBody));
  return api;
}
