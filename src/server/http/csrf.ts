import type { MiddlewareHandler } from 'hono';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses writes that a browser sends on behalf of another site. Browsers always send
 * Origin on cross-origin writes and Sec-Fetch-Site on modern ones; scripts such as curl
 * send neither and carry no victim's cookie, so they pass.
 */
export function csrfGuard(appUrl: string): MiddlewareHandler {
  const appOrigin = new URL(appUrl).origin;
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const ownOrigin = new URL(c.req.url).origin;
    const foreign = origin
      ? origin !== appOrigin && origin !== ownOrigin
      : site !== undefined && site !== 'same-origin' && site !== 'none';
    if (foreign) {
      return c.json({ error: 'This request came from another site and was refused.', code: 'FORBIDDEN' }, 403);
    }
    return next();
  };
}
