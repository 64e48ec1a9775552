import type { Hono } from 'hono';
import type { AppDeps } from '../../context';

/** Meetings, agenda, rota, attendance and fines. */
export function coreRoutes(_api: Hono, _deps: AppDeps) {}
