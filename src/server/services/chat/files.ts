import type { DB } from '../../../../db/database';
import type { UploadRow } from '../../../../db/schema';
import { DOCUMENT_TYPES } from '@shared/documents/rules';
import { CHAT_FILE_MAX_BYTES } from '@shared/chat/rules';
import type { Context } from '../../context';
import { storePrivateFile } from '../../uploads/files';
import { notFound } from '../errors';
import { chatFileUrl } from './dto';
import { READABLE, statement } from './sql';

/*
 * Chat attachments follow the documents' rules (types checked by their bytes, images re-encoded,
 * 20 MB, stored privately). A file is readable by its uploader and by whoever may read a
 * conversation holding a (not deleted) message that attaches it; send() attaches it.
 */

export const FILE_NOT_FOUND = 'chat.errors.messageNotFound';

export async function storeChatFile(ctx: Context & { user: { id: string } }, file: File) {
  const row = await storePrivateFile(
    { db: ctx.db, env: ctx.env, now: ctx.now },
    {
      file,
      purpose: 'chat',
      ownerId: ctx.user.id,
      allowed: Object.keys(DOCUMENT_TYPES),
      maxBytes: CHAT_FILE_MAX_BYTES,
      messages: { tooLarge: 'chat.errors.fileTooLarge', type: 'chat.errors.fileType', empty: 'chat.errors.fileMissing' },
    },
  );
  return {
    name: row.name,
    url: chatFileUrl(row.name),
    contentType: row.contentType,
    bytes: row.bytes,
    originalName: row.originalName,
    width: row.width,
    height: row.height,
    isImage: row.contentType.startsWith('image/'),
  };
}

/** The upload if the caller may read it (404 alike otherwise); inline only for images. */
export function chatFile(db: DB, p: { userId: string; name: string }): { upload: UploadRow; inline: boolean } {
  const raw = statement(
    db,
    'chatFile',
    () => `SELECT name, owner_id AS ownerId, purpose, content_type AS contentType, bytes, original_name AS originalName, width, height, attached_at AS attachedAt, created_at AS createdAt
      FROM uploads WHERE name = @name AND purpose = 'chat' AND (owner_id = @u OR EXISTS (
        SELECT 1 FROM messages m JOIN conversations c ON c.id = m.conversation_id
        WHERE m.attachment_name = @name AND m.deleted_at IS NULL AND ${READABLE}))`,
  ).get({ name: p.name, u: p.userId }) as UploadRow | undefined;
  if (!raw) throw notFound(FILE_NOT_FOUND);
  return { upload: raw, inline: raw.contentType.startsWith('image/') };
}
