// The writers' one request at a time over HTTP, and what counts as an acknowledgement.
import type { WriteContext, Writer } from './writers';

/** One request; resolves with the status and body, rejects when the connection dies (server killed). */
export async function send(ctx: WriteContext, w: Writer, method: string, path: string, body?: unknown): Promise<{ status: number; text: string }> {
  const form = body instanceof FormData;
  const res = await fetch(ctx.url + path, {
    method,
    headers: { cookie: `harambee_session=${w.token}`, ...(body === undefined || form ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  // Read the whole body so the keep-alive connection can be reused; a kill now changes nothing.
  const text = await res.text().catch(() => '');
  return { status: res.status, text };
}

/**
 * Sends a write; its answer's body (parsed JSON, or true when there is none) when acknowledged
 * (2xx), null otherwise. Non-2xx answers are counted and never acknowledged.
 */
export async function writeFor(ctx: WriteContext, w: Writer, method: string, path: string, body?: unknown): Promise<unknown> {
  const { status, text } = await send(ctx, w, method, path, body);
  const key = `${method} ${path.replace(/\d+/g, ':n')}`;
  if (status >= 200 && status < 300) {
    ctx.stats.acknowledged += 1;
    ctx.stats.acks.set(key, (ctx.stats.acks.get(key) ?? 0) + 1);
    try {
      return text ? JSON.parse(text) : true;
    } catch {
      return true;
    }
  }
  if (status >= 500) {
    ctx.stats.serverErrors += 1;
    ctx.stats.failures.push(`round ${ctx.round}: ${method} ${path} answered ${status}: ${text.slice(0, 200)}`);
  } else {
    ctx.stats.refused += 1;
    ctx.stats.refusals.set(`${key} ${status}`, (ctx.stats.refusals.get(`${key} ${status}`) ?? 0) + 1);
  }
  return null;
}

/** Sends a write; true when acknowledged (2xx). */
export const write = async (ctx: WriteContext, w: Writer, method: string, path: string, body?: unknown) => (await writeFor(ctx, w, method, path, body)) !== null;

