import { Hono, type Context as HonoContext } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { UploadRow } from '../../../db/schema';
import type { AppDeps } from '../context';
import { admit, runAdmitted, type AnyOperation } from '../operations/define';
import { documentFiles, documents } from '../operations/documents';
import { invalid } from '../services/errors';
import { refuseOverAllowance } from '../uploads/allowance';
import { sendPrivateFile } from '../uploads/files';
import { MAX_DOCUMENT_BYTES } from '@shared/documents/rules';
import { languageFromHeader } from '@shared/i18n/languages';
import { refuseRest, restRefusal } from './errors';
import { COMMUNITY_ID, contextOf, route } from './route';

/*
 * Documents over REST: GET /api/communities/:id/documents and DELETE /api/documents/:id run the
 * operations documents.list and documents.remove, as tRPC does; the multipart uploads
 * (POST /api/communities/:id/documents, POST /api/documents/:id/versions) and the download
 * (GET /api/documents/:id/download) exist only here: an upload streams in as multipart, checked
 * and counted on the way, and a download goes out as the file itself. Folders,
 * editing, the list of versions, usage and quota are tRPC procedures only: the browser app is
 * their one caller.
 */

const community = COMMUNITY_ID;
const FORM_FIELD = 'documents.validation.file';

function refuse(deps: AppDeps, c: HonoContext, error: unknown, language?: Parameters<typeof refuseRest>[3]) {
  return refuseRest(c, error, deps.log, language ?? languageFromHeader(c.req.header('accept-language')));
}

/** The operation's guard before the body is read: a signed-out sender is refused before their upload is taken in. */
const admitFirst = (deps: AppDeps, op: AnyOperation) => async (c: HonoContext, next: () => Promise<void>) => {
  const ctx = contextOf(deps, c);
  try {
    admit(op, ctx);
  } catch (error) {
    return refuse(deps, c, error, ctx.language);
  }
  await next();
};

/** Counted while the body streams in, so a huge upload is cut off early. 64 KB covers the multipart framing and the text fields. */
const limit = bodyLimit({
  maxSize: MAX_DOCUMENT_BYTES + 64 * 1024,
  onError: (c) => c.json(restRefusal(languageFromHeader(c.req.header('accept-language')), 'PAYLOAD_TOO_LARGE', 'documents.errors.tooLarge'), 413),
});

async function form(c: HonoContext): Promise<Record<string, unknown>> {
  try {
    return (await c.req.parseBody()) as Record<string, unknown>;
  } catch {
    throw invalid(FORM_FIELD);
  }
}
const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * The multipart uploads, mounted ahead of the 1 MB limit on /api writes (src/server/app.ts):
 * their handlers answer without calling next(), so that limit never runs for them; theirs is
 * counted as the body streams in.
 */
export function documentUploadRoutes(deps: AppDeps) {
  const api = new Hono();
  api.post(
    `/api/communities/${community}/documents`,
    admitFirst(deps, documentFiles.upload),
    refuseOverAllowance(deps),
    limit,
    route(
      deps,
      documentFiles.upload,
      async (c) => {
        const f = await form(c);
        return { communityId: c.req.param('id'), file: f.file, title: text(f.title), description: text(f.description), folderId: text(f.folderId), visibility: text(f.visibility) };
      },
      { status: 201 },
    ),
  );
  api.post(
    '/api/documents/:id/versions',
    admitFirst(deps, documentFiles.uploadVersion),
    refuseOverAllowance(deps),
    limit,
    route(
      deps,
      documentFiles.uploadVersion,
      async (c) => {
        const f = await form(c);
        return { id: c.req.param('id'), file: f.file };
      },
      { status: 201 },
    ),
  );
  return api;
}

export function documentRoutes(deps: AppDeps) {
  const api = new Hono();
  const ops = documents;
  api.get(
    `/communities/${community}/documents`,
    route(deps, ops.list, (c) => ({ communityId: c.req.param('id'), folderId: c.req.query('folderId'), search: c.req.query('search'), cursor: c.req.query('cursor'), limit: c.req.query('limit') }), { page: true }),
  );
  api.delete('/documents/:id', route(deps, ops.remove, (c) => ({ id: c.req.param('id') })));

  // Session, membership and visibility are checked on every request: the URL alone opens nothing.
  api.get('/documents/:id/download', async (c) => {
    const ctx = contextOf(deps, c);
    try {
      admit(documentFiles.download, ctx);
      const file = runAdmitted(documentFiles.download, ctx, { id: c.req.param('id'), version: c.req.query('version'), inline: c.req.query('inline') }) as { upload: UploadRow; inline: boolean };
      return await sendPrivateFile(c, ctx.env, file.upload, { inline: file.inline });
    } catch (error) {
      return refuse(deps, c, error, ctx.language);
    }
  });
  return api;
}
