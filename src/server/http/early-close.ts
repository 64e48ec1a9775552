import type { ServerType } from '@hono/node-server';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * When the app answers before it has read a request's whole body (a 401 or 413 for a large
 * upload), the body left on the socket cannot be parsed as the next request, and the adapter
 * closes the connection after the answer. Saying so in the answer (`Connection: close`) lets the
 * client open a new connection for its next request instead of sending it into a closing one
 * and losing it.
 */
export function closeWhenBodyUnread(server: ServerType) {
  // The app is served over HTTP/1.1 (serve() without http2 options).
  (server as Server).prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
      if (!req.complete && !this.headersSent) this.setHeader('Connection', 'close');
      return writeHead.apply(this, args);
    } as ServerResponse['writeHead'];
  });
}
