/*
 * The path as the request log writes it. Some paths carry a credential in a segment (a private
 * calendar feed's token, an invitation's token: calendar apps and email links cannot send it
 * elsewhere); the log names the route instead, so a copy of the log opens nothing. Query strings
 * are never logged at all (request-frame.ts): the other emailed links (verification, reset,
 * unsubscribe) carry their tokens there. A route with a token in its path belongs in this table.
 */
const PLACEHOLDER = ':token';
const TOKEN_SEGMENTS: [prefix: string, rest: RegExp][] = [
  // GET /api/calendar/<token>.ics
  ['/api/calendar/', /^[^/]+?(\.ics)?$/],
  // POST /api/invitations/<token>/accept and /report (decline takes an id, which is no secret)
  ['/api/invitations/', /^[^/]+(\/(?:accept|report)\/?)$/],
  // The invitation page, /invite/<token>
  ['/invite/', /^[^/]+(\/?)$/],
];

export function loggedPath(path: string): string {
  // Most paths start with none of the prefixes: one comparison each, no regular expression.
  for (const [prefix, rest] of TOKEN_SEGMENTS) {
    if (!path.startsWith(prefix)) continue;
    const match = rest.exec(path.slice(prefix.length));
    if (match) return `${prefix}${PLACEHOLDER}${match[1] ?? ''}`;
  }
  return path;
}
