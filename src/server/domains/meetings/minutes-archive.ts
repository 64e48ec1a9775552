import { and, eq, sql } from 'drizzle-orm';
import { meetingMinutes } from '../../../../db/schema';
import type { DbLike } from '../../../../db/database';
import { isLanguage, type Language } from '@shared/i18n/languages';
import type { AppDeps } from '../../context';
import { translator } from '../../i18n';
import { addVersion, createDocument } from '../../services/documents/documents';
import { createFolder } from '../../services/documents/folders';
import { findMeeting } from './meeting-lookup';
import { amendmentOf, settleApproval } from './minutes';
import { minutesPdf } from './minutes-pdf';

/*
 * Approved minutes are kept as a PDF in the community's documents, in a "Minutes" folder, visible
 * to members: the first approved version makes the document, each later version (changed with a
 * reason) a new version of it. One PDF, in the language of the secretary who last wrote the
 * text (the language the text itself is in); either language can be downloaded at any time from
 * the minutes (meetings.minutesPdf).
 *
 * Writing the file is asynchronous (the PDF, then the file store), so it cannot sit in the
 * transaction that approves or changes the text: the version owed is claimed first with a
 * conditional update of archived_version (two runners never both write it), given back if
 * writing fails, and the minutes job tries again at its next tick.
 */

type ArchiveDeps = Pick<AppDeps, 'db' | 'env' | 'now' | 'log'>;

/** Writes the PDF of the approved minutes' current version when it is owed; whether it did. */
export async function archiveMinutes(deps: ArchiveDeps, meetingId: number): Promise<boolean> {
  const db = deps.db;
  const row = db.select().from(meetingMinutes).where(eq(meetingMinutes.meetingId, meetingId)).get();
  if (!row || row.status !== 'approved' || (row.archivedVersion ?? 0) >= row.version) return false;
  const previous = row.archivedVersion;
  const claimed = db
    .update(meetingMinutes)
    .set({ archivedVersion: row.version })
    .where(and(eq(meetingMinutes.meetingId, meetingId), eq(meetingMinutes.version, row.version), previous === null ? sql`${meetingMinutes.archivedVersion} IS NULL` : eq(meetingMinutes.archivedVersion, previous)))
    .run().changes;
  if (!claimed) return false;
  try {
    const meeting = findMeeting(db, meetingId)!;
    // The account that last wrote the text files it; without one (deleted), whoever called the meeting.
    const by = row.updatedBy ?? db.get<{ u: string | null }>(sql`SELECT created_by AS u FROM meetings WHERE id = ${meetingId}`).u;
    if (!by) throw new Error(`minutes of meeting ${meetingId}: nobody to file them`);
    const language = languageOf(db, by);
    const t = translator(language);
    const community = db.get<{ name: string }>(sql`SELECT name FROM communities WHERE id = ${meeting.communityId}`).name;
    const pdf = await minutesPdf({ meeting, body: row.body, status: 'approved', version: row.version, approvedAt: row.approvedAt, amendment: amendmentOf(db, row) }, { appName: deps.env.APP_NAME, community, language });
    const file = new File([new Uint8Array(pdf)], `minutes-${meetingId}-v${row.version}.pdf`, { type: 'application/pdf' });
    let documentId = row.documentId;
    if (documentId === null) {
      const folderId = minutesFolder(deps, { communityId: meeting.communityId, name: t('meetingMinutes.folder'), by });
      const doc = await createDocument(deps, { communityId: meeting.communityId, by, input: { communityId: meeting.communityId, file, title: t('meetingMinutes.pdf.title', { title: meeting.title }), description: '', folderId, visibility: 'members' } });
      documentId = doc.id;
    } else {
      await addVersion(deps, { id: documentId, file, by });
    }
    db.update(meetingMinutes).set({ documentId }).where(eq(meetingMinutes.meetingId, meetingId)).run();
    return true;
  } catch (error) {
    // Given back, so the next tick tries again (a full quota, a file store that failed).
    db.update(meetingMinutes).set({ archivedVersion: previous }).where(and(eq(meetingMinutes.meetingId, meetingId), eq(meetingMinutes.archivedVersion, row.version))).run();
    deps.log.error('minutes PDF not filed', { meetingId, error: error instanceof Error ? error.message : String(error) });
    return false;
  }
}

const languageOf = (db: DbLike, userId: string): Language => {
  const l = db.get<{ l: string } | undefined>(sql`SELECT language AS l FROM users WHERE id = ${userId}`)?.l;
  return isLanguage(l) ? l : 'en';
};

/** The community's "Minutes" folder (any case), made the first time. */
function minutesFolder(deps: ArchiveDeps, p: { communityId: number; name: string; by: string }): number {
  const found = deps.db.get<{ id: number } | undefined>(sql`SELECT id FROM document_folders WHERE community_id = ${p.communityId} AND lower(name) = lower(${p.name})`);
  return found?.id ?? createFolder(deps.db, { communityId: p.communityId, name: p.name, by: p.by, now: deps.now() }).id;
}

/**
 * The minutes job (after the polls' closing job in the same tick): approves the minutes whose
 * approval vote has closed with a majority, then files every PDF owed.
 */
export async function runMinutesJob(deps: ArchiveDeps): Promise<{ approved: number; filed: number }> {
  const now = deps.now();
  let approved = 0;
  let filed = 0;
  const waiting = deps.db.all<{ id: number }>(sql`SELECT meeting_id AS id FROM meeting_minutes WHERE status <> 'approved' AND approval_poll_id IS NOT NULL`);
  for (const w of waiting) if (deps.db.transaction((tx) => settleApproval(tx, { meetingId: w.id, now }), { behavior: 'immediate' })) approved += 1;
  const owed = deps.db.all<{ id: number }>(sql`SELECT meeting_id AS id FROM meeting_minutes WHERE status = 'approved' AND COALESCE(archived_version, 0) < version`);
  for (const o of owed) if (await archiveMinutes(deps, o.id)) filed += 1;
  return { approved, filed };
}
