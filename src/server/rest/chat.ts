import { Hono } from 'hono';
import type { AppDeps } from '../context';

/** The documented chat paths (being built). */
export function chatRoutes(_deps: AppDeps) {
  const api = new Hono();
  return api;
}
