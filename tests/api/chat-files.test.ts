import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Agent } from '../setup/app';
import { C, chatWorld, TRPC } from '../setup/chat';
import { expectError } from '../setup/errors';

/*
 * Chat attachments: uploaded (multipart, the documents' rules: types from the bytes, images
 * re-encoded), attached by send() to the sender's own unattached upload only, and downloaded by
 * the uploader or a reader of a conversation holding it, with safe headers.
 */

async function png() {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 80, b: 40 } } }).png().toBuffer();
}

async function upload(w: Awaited<ReturnType<typeof chatWorld>>, who: Agent | null, bytes: Uint8Array, filename: string, type: string) {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], filename, { type }));
  const headers: Record<string, string> = {};
  if (who?.cookie) headers.cookie = who.cookie;
  const res = await w.t.app.request('/api/chat/files', { method: 'POST', body: form, headers });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function download(w: Awaited<ReturnType<typeof chatWorld>>, who: Agent, url: string) {
  const res = await w.t.app.request(url, { headers: who.cookie ? { cookie: who.cookie } : {} });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('chat files', () => {
  it('an image is uploaded, attached to a message, and shown only to those who may read it', async () => {
    const w = await chatWorld();
    const { agents, general, privateGeneral } = w;
    expect((await upload(w, null, await png(), 'photo.png', 'image/png')).status).toBe(401);
    const up = await upload(w, agents.amara, await png(), 'photo.png', 'image/png');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body).toMatchObject({ contentType: 'image/png', width: 40, height: 30, isImage: true, originalName: 'photo.png' });
    const url = up.body.url as string;
    // Not attached yet: the uploader only.
    expect((await download(w, agents.amara, url)).status).toBe(200);
    expect((await download(w, agents.bih, url)).status).toBe(404);
    // Someone else cannot attach Amara's upload.
    expect((await TRPC.call(agents.bih, C.send, { conversationId: general, body: 'Mine now', attachmentName: up.body.name })).status).toBe(400);
    const sent = await TRPC.call(agents.amara, C.send, { conversationId: general, body: 'The hall', attachmentName: up.body.name });
    expect(sent.status).toBe(200);
    expect(sent.data.attachment).toMatchObject({ name: up.body.name, url, isImage: true, width: 40, height: 30 });
    // Attached once only.
    expect((await TRPC.call(agents.amara, C.send, { conversationId: privateGeneral, body: 'Again', attachmentName: up.body.name })).status).toBe(400);

    const got = await download(w, agents.bih, url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('content-disposition')).toMatch(/^inline; filename="photo.png"/);
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-security-policy')).toContain('sandbox');
    expect((await sharp(got.bytes).metadata()).width).toBe(40);
    expect((await download(w, agents.outsider, url)).status).toBe(404);
    expect((await download(w, agents.bih, '/api/chat/files/nosuchfile0000000000')).status).toBe(404);

    // Deleted: gone for readers.
    await TRPC.call(agents.amara, C.delete, { id: sent.data.id });
    expect((await download(w, agents.bih, url)).status).toBe(404);
  });

  it('a text file is an attachment, never inline; markup and unknown types are refused', async () => {
    const w = await chatWorld();
    const { agents, general } = w;
    const up = await upload(w, agents.amara, new TextEncoder().encode('date,amount\n2026-03-01,5000\n'), 'dues.csv', 'text/csv');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body.isImage).toBe(false);
    await TRPC.call(agents.amara, C.send, { conversationId: general, body: 'Dues so far', attachmentName: up.body.name });
    const got = await download(w, agents.bih, up.body.url);
    expect(got.headers.get('content-disposition')).toMatch(/^attachment;/);
    const html = await upload(w, agents.amara, new TextEncoder().encode('<html><script>alert(1)</script></html>'), 'page.html', 'text/html');
    expect(html.status).toBe(415);
    expectError(html, 'UNSUPPORTED_MEDIA_TYPE', 'chat.errors.fileType');
    const exe = await upload(w, agents.amara, new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]), 'setup.exe', 'application/octet-stream');
    expect(exe.status).toBe(415);
  });
});
