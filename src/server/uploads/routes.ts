import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppDeps } from '../context';
import { jsonResponse } from '../http/response-headers';
import { admit } from '../operations/define';
import { IMAGE_TOO_LARGE, SEND_AS_FORM, uploads } from '../operations/uploads';
import { contextOf, route } from '../rest/route';
import { invalid } from '../services/errors';
import { languageFromHeader } from '../../shared/i18n/languages';
import { restRefusal, toRestError } from '../rest/errors';
import { MAX_UPLOAD_BYTES } from './images';

const NAME = /^[a-z0-9]{16,64}\.(webp|pdf)$/;

/** POST /api/uploads (multipart: file, kind=avatar|banner|proof) and GET /uploads/:name. */
export function uploadRoutes(deps: AppDeps) {
  const api = new Hono();
  const op = uploads.image;
  api.post(
    '/api/uploads',
    // The operation's own guard, once more before the body is read: a signed-out sender is
    // refused before their upload is taken in.
    async (c, next) => {
      const ctx = contextOf(deps, c);
      try {
        admit(op, ctx);
      } catch (error) {
        const { status, body } = toRestError(error, deps.log, ctx.language);
        return jsonResponse(c, body, status);
      }
      return next();
    },
    // Counted while the body streams in, so a huge upload is cut off early. 64 KB covers the multipart framing.
    bodyLimit({
      maxSize: MAX_UPLOAD_BYTES + 64 * 1024,
      onError: (c) => c.json(restRefusal(languageFromHeader(c.req.header('accept-language')), 'PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE), 413),
    }),
    route(
      deps,
      op,
      async (c) => {
        let form: Record<string, unknown>;
        try {
          form = await c.req.parseBody();
        } catch {
          throw invalid(SEND_AS_FORM);
        }
        return { kind: typeof form.kind === 'string' ? form.kind : undefined, file: form.file };
      },
      { status: 201 },
    ),
  );

  api.get('/uploads/:name', async (c) => {
    const name = c.req.param('name');
    if (!NAME.test(name)) return c.json({ error: 'Not found', code: 'NOT_FOUND' }, 404);
    const path = join(deps.env.UPLOADS_DIR, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return c.json({ error: 'Not found', code: 'NOT_FOUND' }, 404);
    const body = Readable.toWeb(createReadStream(path)) as ReadableStream;
    if (name.endsWith('.pdf')) {
      // A PDF is only ever downloaded, never shown in the app's own origin (where a viewer would
      // run it with the site's rights); proofs are private papers, so no shared cache keeps one.
      return c.body(body, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${name}"`,
        'Content-Length': String(info.size),
        'Cache-Control': 'private, max-age=31536000, immutable',
      });
    }
    return c.body(body, 200, {
      'Content-Type': 'image/webp',
      'Content-Length': String(info.size),
      // Names are random and files never change.
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
  return api;
}
