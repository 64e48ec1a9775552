import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useListeningApp } from '../setup/listen';

/*
 * An answer given before the request's body was read (here 401 for a signed-out upload of
 * 600 KB) must not leave the client sending its next request into a connection that is closing:
 * the answer says `Connection: close`; an answer after the whole body keeps the connection.
 */

const listen = useListeningApp();

/** Sends raw requests on one socket; resolves with everything the server wrote before closing or going quiet. */
function exchange(port: number, first: Buffer, second: string): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let closed = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = () => resolve({ text, closed });
    socket.on('data', (d) => {
      text += d.toString('latin1');
      // After the first answer, the second request on the same socket.
      if (text.includes('\r\n\r\n') && !text.includes('SECOND-SENT')) {
        text += 'SECOND-SENT';
        if (!socket.destroyed) socket.write(second);
        clearTimeout(timer);
        timer = setTimeout(() => {
          socket.destroy();
          finish();
        }, 1500);
      }
    });
    socket.on('close', () => {
      closed = true;
      clearTimeout(timer);
      finish();
    });
    socket.on('error', () => {});
    socket.write(first);
  });
}

describe('answers given before the body is read', () => {
  it('a refused large upload either keeps the connection usable or says Connection: close', async () => {
    const port = await listen();
    const body = Buffer.alloc(600 * 1024, 0x61);
    const head = `POST /api/uploads HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost:3000\r\nContent-Type: application/octet-stream\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n`;
    const second = 'GET /api/auth/user HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n';
    const { text } = await exchange(port, Buffer.concat([Buffer.from(head), body]), second);
    const [firstAnswer, rest = ''] = text.split('SECOND-SENT');
    expect(firstAnswer).toMatch(/^HTTP\/1\.1 4\d\d/);
    // The rest of the body is still in flight, so the connection cannot carry another request:
    // the answer says so, and the client sends its next request on a new connection.
    expect(firstAnswer).toMatch(/\r\nconnection: close\r\n/i);
    expect(rest).toBe('');
  });

  it('a request whose body was read keeps its connection', async () => {
    const port = await listen();
    const json = JSON.stringify({ email: 'nobody@example.org', password: 'wrong-password' });
    const head = `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost:3000\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: keep-alive\r\n\r\n${json}`;
    const second = 'GET /api/auth/user HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n';
    const { text } = await exchange(port, Buffer.from(head), second);
    const [firstAnswer, rest = ''] = text.split('SECOND-SENT');
    expect(firstAnswer).toMatch(/^HTTP\/1\.1 401/);
    expect(firstAnswer).not.toMatch(/\r\nconnection: close\r\n/i);
    expect(rest).toMatch(/^HTTP\/1\.1 \d{3}/);
  });
});
