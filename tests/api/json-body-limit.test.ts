import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useListeningApp } from '../setup/listen';
import { textOf } from '../setup/errors';

/*
 * The 1 MB limit on JSON writes as the real server sees them (http/json-body-limit.ts): over a
 * socket the size comes from Content-Length, or is counted as a chunked body streams in, and a
 * write without a body passes. app.request() in the other tests takes Hono's own middleware.
 */

const MB = 1024 * 1024;
const TOO_LARGE = { error: textOf('errors.bodyTooLarge'), code: 'PAYLOAD_TOO_LARGE' };
const listen = useListeningApp();

/** One raw HTTP/1.1 exchange (Connection: close): the status and the JSON body of the answer. */
function send(port: number, head: string, body: Buffer[] = []): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', () => {});
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
      if (!status) return reject(new Error(`no answer: ${text.slice(0, 200)}`));
      let rest = text.slice(text.indexOf('\r\n\r\n') + 4);
      // A chunked answer: the JSON is inside the first chunk.
      if (/\r\ntransfer-encoding: chunked\r\n/i.test(text.slice(0, text.indexOf('\r\n\r\n') + 2))) rest = rest.slice(rest.indexOf('\r\n') + 2, rest.lastIndexOf('\r\n0\r\n'));
      resolve({ status, json: rest ? JSON.parse(rest) : null });
    });
    socket.write(head);
    for (const b of body) socket.write(b);
  });
}

const head = (path: string, extra: string) =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost:3000\r\nContent-Type: application/json\r\n${extra}Connection: close\r\n\r\n`;

describe('REST over a socket: the 1 MB limit on JSON writes', () => {
  it('refuses a 2 MB body announced by Content-Length with 413, before reading it', async () => {
    const port = await listen();
    const body = Buffer.from(JSON.stringify({ email: 'a@b.org', password: 'x'.repeat(2 * MB) }));
    const r = await send(port, head('/api/auth/login', `Content-Length: ${body.length}\r\n`), [body]);
    expect(r.status).toBe(413);
    expect(r.json).toEqual(TOO_LARGE);
  });

  it('refuses a chunked body once it passes 1 MB with 413', async () => {
    const port = await listen();
    const piece = Buffer.from(`"${'x'.repeat(256 * 1024)}"`);
    const chunk = Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]);
    const r = await send(port, head('/api/auth/login', 'Transfer-Encoding: chunked\r\n'), [...Array(6).fill(chunk), Buffer.from('0\r\n\r\n')]);
    expect(r.status).toBe(413);
    expect(r.json).toEqual(TOO_LARGE);
  });

  it('reads a small body, announced or chunked, and answers from the route', async () => {
    const port = await listen();
    const json = Buffer.from(JSON.stringify({ email: 'nobody@example.org', password: 'wrong-password' }));
    const announced = await send(port, head('/api/auth/login', `Content-Length: ${json.length}\r\n`), [json]);
    expect(announced.status).toBe(401);
    const chunked = await send(port, head('/api/auth/login', 'Transfer-Encoding: chunked\r\n'), [Buffer.from(`${json.length.toString(16)}\r\n`), json, Buffer.from('\r\n0\r\n\r\n')]);
    expect(chunked.status).toBe(401);
    expect(chunked.json).toEqual(announced.json);
  });

  it('lets a write without a body through to its route', async () => {
    const port = await listen();
    // Signed out: the route's own answer (401), not a refusal of the body.
    const r = await send(port, head('/api/communities/1/join', ''));
    expect(r.status).toBe(401);
    expect(r.json).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
