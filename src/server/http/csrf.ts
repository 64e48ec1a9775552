/**
 * Whether a write was sent by a browser on behalf of another site (then it is refused; the
 * request frame calls this for writes to /api and /trpc). Browsers always send Origin on
 * cross-origin writes and Sec-Fetch-Site on modern ones; scripts such as curl send neither and
 * carry no victim's cookie, so they pass.
 */
export function foreignWriteCheck(appUrl: string): (request: Request) => boolean {
  const appOrigin = new URL(appUrl).origin;
  return (request) => {
    const origin = request.headers.get('origin');
    const site = request.headers.get('sec-fetch-site');
    if (origin) return origin !== appOrigin && origin !== new URL(request.url).origin;
    return site !== null && site !== 'same-origin' && site !== 'none';
  };
}
