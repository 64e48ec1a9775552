import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppDeps } from '../context';
import { admit, runAdmitted } from '../operations/define';
import { IMAGE_TOO_LARGE, SEND_AS_FORM, proofFiles, uploads } from '../operations/uploads';
import { contextOf, route } from '../rest/route';
import { invalid } from '../services/errors';
import { languageFromHeader } from '@shared/i18n/languages';
import { refuseRest, restRefusal } from '../rest/errors';
import { IMAGE_FILE_NAME, IMAGE_VARIANT_WIDTHS } from '@shared/images';
import { refuseOverAllowance } from './allowance';
import { MAX_UPLOAD_BYTES } from './images';
import { sendPrivateFile } from './files';
import type { readableProof } from '../services/proofs';

// As written in names ('400', never '0400'), so each copy has one URL.
const VARIANT_WIDTHS = new Set(IMAGE_VARIANT_WIDTHS.map(String));

/**
 * The file to send for a public upload name, or null: a copy not made (an upload older than the
 * copies) is answered with the image itself. Only photos and banners are public; proofs live in
 * the private folder, which no public name reaches.
 */
async function findPublicFile(dir: string, name: string) {
  const fileAt = async (file: string) => {
    const info = await stat(join(dir, file)).catch(() => null);
    return info?.isFile() ? { path: join(dir, file), size: info.size } : null;
  };
  const image = IMAGE_FILE_NAME.exec(name);
  if (!image) return null;
  if (image[2] === undefined) return fileAt(name);
  if (!VARIANT_WIDTHS.has(image[2])) return null;
  return (await fileAt(name)) ?? fileAt(`${image[1]}.webp`);
}

/** POST /api/uploads (multipart: file, kind=avatar|banner|proof), GET /uploads/:name (photos and banners) and GET /api/proofs/:name. */
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
        return refuseRest(c, error, deps.log, ctx.language);
      }
      return next();
    },
    // The account's upload allowance, before its file is taken in.
    refuseOverAllowance(deps),
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
    const file = await findPublicFile(deps.env.UPLOADS_DIR, name);
    if (!file) return c.json({ error: 'Not found', code: 'NOT_FOUND' }, 404);
    const body = Readable.toWeb(createReadStream(file.path)) as ReadableStream;
    return c.body(body, 200, {
      'Content-Type': 'image/webp',
      'Content-Length': String(file.size),
      // Names are random and files never change (a copy answered with the image itself stays the right picture).
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });

  // A proof of payment or a receipt: session and the reader's right are checked on every request,
  // and nothing keeps a copy (private, no-store); photos shown inline, PDFs downloaded.
  api.get('/api/proofs/:name', async (c) => {
    const ctx = contextOf(deps, c);
    try {
      admit(proofFiles.read, ctx);
      const file = runAdmitted(proofFiles.read, ctx, { name: c.req.param('name') }) as ReturnType<typeof readableProof>;
      return await sendPrivateFile(c, ctx.env, file.upload, { inline: file.inline });
    } catch (error) {
      return refuseRest(c, error, deps.log, ctx.language);
    }
  });
  return api;
}
