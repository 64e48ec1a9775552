import { Hono } from 'hono';
import type { AppDeps } from '../context';

/** The documented documents paths (being built). */
export function documentRoutes(_deps: AppDeps) {
  const api = new Hono();
  return api;
}
