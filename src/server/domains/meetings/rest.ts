import { Hono } from 'hono';
import type { AppDeps } from '../../context';
import { coreRoutes } from './core-rest';
import { minutesRoutes } from './minutes-rest';

/** The meetings' REST paths listed in the README; the tRPC procedures meetings.* are the same operations. */
export function meetingRoutes(deps: AppDeps) {
  const api = new Hono();
  coreRoutes(api, deps);
  minutesRoutes(api, deps);
  return api;
}
