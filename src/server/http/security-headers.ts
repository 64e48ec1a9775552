import { createHash } from 'node:crypto';
import { COLOR_MODE_SCRIPT } from '@shared/color-mode-script';
/** The pre-rendered pages' colour-mode script, the one inline script allowed (by its hash). */
export const COLOR_MODE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(COLOR_MODE_SCRIPT).digest('base64')}'`;

/**
 * The headers every response carries, computed once. CSP without inline scripts but the one
 * colour-mode script, named by its hash; styles stay inline because Chakra's emotion injects them
 * at run time.
 */
export function securityHeaders(https: boolean): [string, string][] {
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${COLOR_MODE_SCRIPT_HASH}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
  return [
    ['Content-Security-Policy', csp],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'DENY'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
    ...(https ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as [string, string]] : []),
  ];
}

/**
 * JSON API responses are never rendered as pages: a closed-down CSP and the headers that matter
 * for data (fewer headers is measurably faster on the hot list paths, docs/benchmarks.md).
 */
export function apiSecurityHeaders(https: boolean): [string, string][] {
  return [
    ['Content-Security-Policy', "default-src 'none'; script-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Cache-Control', 'no-store'],
    ...(https ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as [string, string]] : []),
  ];
}
