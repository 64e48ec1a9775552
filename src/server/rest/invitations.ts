import { Hono } from 'hono';
import type { AppDeps } from '../context';

/** The documented invitations paths (being built). */
export function invitationRoutes(_deps: AppDeps) {
  const api = new Hono();
  return api;
}
