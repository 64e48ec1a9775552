import { createTRPCClient, httpBatchLink, type TRPCClient } from '@trpc/client';
import type { AppRouter } from '../../src/server/trpc/root';

/**
 * The path and query the real tRPC client (httpBatchLink, as the React app configures it) sends
 * for one call: the call goes to a fetch that records the URL and answers an empty batch.
 */
export async function trpcUrl(call: (client: TRPCClient<AppRouter>) => Promise<unknown>): Promise<string> {
  let seen = '';
  const client = createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: 'http://bench.invalid/trpc',
        fetch: async (url) => {
          seen = String(url);
          return new Response(JSON.stringify([{ result: { data: null } }]), { headers: { 'content-type': 'application/json' } });
        },
      }),
    ],
  });
  await call(client);
  const url = new URL(seen);
  return url.pathname + url.search;
}
