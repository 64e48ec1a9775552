import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { generateToken } from '../auth/crypto';
import { readSessionToken, validateSessionToken } from '../auth/session';
import type { AppDeps } from '../trpc/context';
import { sessionIdleMs } from '../services/settings';
import { PASSWORD_CHANGE_REQUIRED } from '../trpc/init';
import { IMAGE_KINDS, MAX_UPLOAD_BYTES, reencodeImage, sniffImage, type ImageKind } from './images';

const NAME = /^[a-z0-9]{16,64}\.webp$/;
const tooLarge = { error: 'The image is larger than 5 MB. Please choose a smaller one.', code: 'PAYLOAD_TOO_LARGE' };
const unsupported = { error: 'Please choose a PNG, JPEG, WebP or GIF image.', code: 'UNSUPPORTED_MEDIA_TYPE' };

/** POST /api/uploads (multipart: file, kind=avatar|banner) and GET /uploads/:name. */
export function uploadRoutes(deps: AppDeps) {
  const api = new Hono();
  api.post(
    '/api/uploads',
    async (c, next) => {
      const token = readSessionToken(c.req.header('cookie'));
      const found = token ? validateSessionToken(deps.db, token, deps.now(), sessionIdleMs(deps.db)) : null;
      if (!found) return c.json({ error: 'Authentication required', code: 'UNAUTHORIZED' }, 401);
      if (found.user.mustChangePassword) return c.json({ error: PASSWORD_CHANGE_REQUIRED, code: 'FORBIDDEN' }, 403);
      return next();
    },
    // Counted while the body streams in, so a huge upload is cut off early. 64 KB covers the multipart framing.
    bodyLimit({ maxSize: MAX_UPLOAD_BYTES + 64 * 1024, onError: (c) => c.json(tooLarge, 413) }),
    async (c) => {
      let form: Record<string, string | File | (string | File)[]>;
      try {
        form = await c.req.parseBody();
      } catch {
        return c.json({ error: 'Send the image as multipart/form-data in a field named "file".', code: 'BAD_REQUEST' }, 400);
      }
      const file = form.file;
      const kind = (typeof form.kind === 'string' ? form.kind : 'avatar') as ImageKind;
      if (!(kind in IMAGE_KINDS)) return c.json({ error: 'kind must be avatar or banner', code: 'BAD_REQUEST' }, 400);
      if (!(file instanceof File)) {
        return c.json({ error: 'Send the image as multipart/form-data in a field named "file".', code: 'BAD_REQUEST' }, 400);
      }
      if (file.size > MAX_UPLOAD_BYTES) return c.json(tooLarge, 413);
      const bytes = new Uint8Array(await file.arrayBuffer());
      if (!sniffImage(bytes)) return c.json(unsupported, 415);
      let webp: Buffer;
      try {
        webp = await reencodeImage(bytes, kind);
      } catch {
        return c.json({ error: 'This image could not be read. Please try another file.', code: 'UNSUPPORTED_MEDIA_TYPE' }, 415);
      }
      const name = `${generateToken()}.webp`;
      await mkdir(deps.env.UPLOADS_DIR, { recursive: true });
      await writeFile(join(deps.env.UPLOADS_DIR, name), webp);
      return c.json({ url: `/uploads/${name}`, width: IMAGE_KINDS[kind].width, height: IMAGE_KINDS[kind].height }, 201);
    },
  );

  api.get('/uploads/:name', async (c) => {
    const name = c.req.param('name');
    if (!NAME.test(name)) return c.json({ error: 'Not found', code: 'NOT_FOUND' }, 404);
    const path = join(deps.env.UPLOADS_DIR, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return c.json({ error: 'Not found', code: 'NOT_FOUND' }, 404);
    return c.body(Readable.toWeb(createReadStream(path)) as ReadableStream, 200, {
      'Content-Type': 'image/webp',
      'Content-Length': String(info.size),
      // Names are random and files never change.
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
  return api;
}
