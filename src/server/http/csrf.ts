import type { Context } from 'hono';

/**
 * Whether a write was sent by a browser on behalf of another site (then it is refused; app.ts
 * calls this for writes to /api and /trpc). Browsers always send Origin on cross-origin writes
 * and Sec-Fetch-Site on modern ones; scripts such as curl send neither and carry no victim's
 * cookie, so they pass.
 */
export function foreignWriteCheck(appUrl: string): (c: Context) => boolean {
  const appOrigin = new URL(appUrl).origin;
  return (c) => {
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    if (origin) return origin !== appOrigin && origin !== new URL(c.req.url).origin;
    return site !== undefined && site !== 'same-origin' && site !== 'none';
  };
}
