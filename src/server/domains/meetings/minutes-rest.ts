import type { Hono } from 'hono';
import type { AppDeps } from '../../context';

/** Minutes, proxies and the meeting's votes. */
export function minutesRoutes(_api: Hono, _deps: AppDeps) {}
