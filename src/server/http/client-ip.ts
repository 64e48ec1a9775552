import type { Context } from 'hono';

/**
 * The caller's address for throttling. Behind a trusted proxy (TRUST_PROXY), the address that
 * proxy appended to X-Forwarded-For: the rightmost entry. The entries before it are whatever the
 * client sent, and a client could put any address there to escape its limits.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded?.slice(forwarded.lastIndexOf(',') + 1).trim();
    if (last) return last;
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
}
