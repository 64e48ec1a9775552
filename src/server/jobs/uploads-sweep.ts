import { rm } from 'node:fs/promises';
import type { AppDeps } from '../context';
import { privatePath } from '../uploads/files';
import { removePublicFiles } from '../uploads/images';

/*
 * The uploads sweep, run by the scheduler: files nothing uses a day after their upload
 * (abandoned uploads and proofs, replaced profile photos and banners, deleted documents) are removed, row
 * and file, an image with its narrower copies. `attached_at` says what the app believes; the
 * DELETE checks once more that no row anywhere names the file, so a bookkeeping slip can never remove a file in use. The row goes
 * first (in one statement, so a file attached meanwhile is not taken), then the file.
 */

export const UNUSED_FOR_MS = 24 * 60 * 60_000;
/** At most this many files per run: a backlog is cleared over a few runs without holding the database. */
const BATCH = 500;

const PUBLIC = `'/uploads/' || u.name`;
const PROOF = `'/api/proofs/' || u.name`;
const SWEEP = `
  DELETE FROM uploads WHERE name IN (
    SELECT u.name FROM uploads u
    WHERE u.attached_at IS NULL AND u.created_at < ?
      AND NOT EXISTS (SELECT 1 FROM document_versions v WHERE v.upload_name = u.name)
      AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.attachment_name = u.name)
      AND NOT EXISTS (SELECT 1 FROM users x WHERE x.profile_image_url = ${PUBLIC})
      AND NOT EXISTS (SELECT 1 FROM communities x WHERE x.image_url = ${PUBLIC})
      AND NOT EXISTS (SELECT 1 FROM events x WHERE x.cover_url = ${PUBLIC})
      AND NOT EXISTS (SELECT 1 FROM payments x WHERE x.proof_url = ${PROOF})
      AND NOT EXISTS (SELECT 1 FROM circle_contributions x WHERE x.proof_url = ${PROOF})
      AND NOT EXISTS (SELECT 1 FROM circle_payouts x WHERE x.proof_url = ${PROOF})
      AND NOT EXISTS (SELECT 1 FROM expenses x WHERE instr(x.receipts, '"' || ${PROOF} || '"') > 0)
      AND NOT EXISTS (SELECT 1 FROM circle_top_ups x WHERE x.proof_url = ${PROOF})
    ORDER BY u.created_at
    LIMIT ${BATCH}
  ) RETURNING name, purpose`;

export async function runUploadsSweep(deps: Pick<AppDeps, 'db' | 'env' | 'now' | 'log'>, now = deps.now()): Promise<{ removed: number }> {
  const gone = deps.db.$client.prepare(SWEEP).all(now - UNUSED_FOR_MS) as { name: string; purpose: string }[];
  for (const row of gone) {
    const isPrivate = row.purpose === 'document' || row.purpose === 'chat' || row.purpose === 'proof';
    // A file already missing is what we wanted anyway. A public image goes with its narrower copies.
    const removal = isPrivate ? rm(privatePath(deps.env, row.name), { force: true }) : removePublicFiles(deps.env.UPLOADS_DIR, row.name);
    await removal.catch((error: unknown) => deps.log.error('uploads sweep: could not remove a file', { name: row.name, error: String(error) }));
  }
  return { removed: gone.length };
}
