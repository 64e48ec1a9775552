import { Hono, type Context as HonoContext } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { CHAT_FILE_MAX_BYTES } from '@shared/chat/rules';
import { languageFromHeader } from '@shared/i18n/languages';
import type { AppDeps } from '../context';
import { OPERATIONS } from '../operations';
import { chatFiles } from '../operations/chat';
import { admit, runAdmitted } from '../operations/define';
import { invalid } from '../services/errors';
import { chatFile } from '../services/chat/files';
import { refuseOverAllowance } from '../uploads/allowance';
import { sendPrivateFile } from '../uploads/files';
import { refuseRest, restRefusal } from './errors';
import { COMMUNITY_ID, bodyWith, contextOf, jsonBody, route } from './route';

/*
 * The chat's REST paths (listed in the README); the tRPC procedures chat.* are the same operations and
 * the only way to the others. Files (multipart upload, authorised download) exist only here.
 * The live events are the WebSocket at /ws (chat/ws.ts; protocol in shared/chat/protocol.ts).
 */

const community = COMMUNITY_ID;

function refuse(deps: AppDeps, c: HonoContext, error: unknown, language?: Parameters<typeof refuseRest>[3]) {
  return refuseRest(c, error, deps.log, language ?? languageFromHeader(c.req.header('accept-language')));
}

export function chatRoutes(deps: AppDeps) {
  const api = new Hono();
  const ops = OPERATIONS.chat;
  const conversation = (c: HonoContext) => ({ conversationId: c.req.param('id') });

  api.get('/conversations', route(deps, ops.conversations));
  api.get('/conversations/:id/messages', route(deps, ops.messages, (c) => ({ ...conversation(c), before: c.req.query('before'), limit: c.req.query('limit') })));
  api.post('/conversations/:id/messages', route(deps, ops.send, bodyWith(conversation), { status: 201 }));
  api.patch('/messages/:id', route(deps, ops.edit, bodyWith((c) => ({ id: c.req.param('id') }))));
  api.delete('/messages/:id', route(deps, ops.delete, (c) => ({ id: c.req.param('id') })));
  api.post(`/communities/${community}/channels`, route(deps, ops.createChannel, bodyWith((c) => ({ communityId: c.req.param('id') })), { status: 201 }));
  // One path for both new kinds: { kind: 'direct', userId, communityId? } or { kind: 'group', communityId, userIds, name? }.
  const direct = route(deps, ops.openDirect, jsonBody, { status: 201 });
  const group = route(deps, ops.createGroup, jsonBody, { status: 201 });
  api.post('/conversations', async (c) => {
    let kind: unknown;
    try {
      kind = JSON.parse((await c.req.raw.clone().text()) || '{}')?.kind;
    } catch {
      return refuse(deps, c, invalid('errors.badJson'));
    }
    if (kind === 'group') return group(c);
    if (kind === 'direct' || kind === undefined) return direct(c);
    return refuse(deps, c, invalid('chat.validation.kind', [{ path: ['kind'], message: 'chat.validation.kind' }]));
  });

  // Session and access are checked on every request: the URL alone opens nothing.
  api.get('/chat/files/:name', async (c) => {
    const ctx = contextOf(deps, c);
    try {
      admit(chatFiles.download, ctx);
      const file = runAdmitted(chatFiles.download, ctx, { name: c.req.param('name') }) as ReturnType<typeof chatFile>;
      return await sendPrivateFile(c, ctx.env, file.upload, { inline: file.inline });
    } catch (error) {
      return refuse(deps, c, error, ctx.language);
    }
  });
  return api;
}

/** POST /api/chat/files (multipart, field `file`): mounted by app.ts before the 1 MB JSON limit, like the documents' uploads. */
export function chatUploadRoutes(deps: AppDeps) {
  const api = new Hono();
  api.post(
    '/api/chat/files',
    async (c, next) => {
      const ctx = contextOf(deps, c);
      try {
        admit(chatFiles.upload, ctx);
      } catch (error) {
        return refuse(deps, c, error, ctx.language);
      }
      await next();
    },
    refuseOverAllowance(deps),
    bodyLimit({
      maxSize: CHAT_FILE_MAX_BYTES + 64 * 1024,
      onError: (c) => c.json(restRefusal(languageFromHeader(c.req.header('accept-language')), 'PAYLOAD_TOO_LARGE', 'chat.errors.fileTooLarge'), 413),
    }),
    route(
      deps,
      chatFiles.upload,
      async (c) => {
        let form: Record<string, unknown>;
        try {
          form = (await c.req.parseBody()) as Record<string, unknown>;
        } catch {
          throw invalid('chat.errors.fileMissing');
        }
        return { file: form.file };
      },
      { status: 201 },
    ),
  );
  return api;
}

