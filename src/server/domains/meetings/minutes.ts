import { and, asc, eq, sql } from 'drizzle-orm';
import { meetingAgendaItems, meetingMinutes, meetingMinutesVersions } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import type { Language } from '@shared/i18n/languages';
import { translator } from '../../i18n';
import { pollResults } from '../../services/polls/ballots';
import { createPoll, effectiveStatus, IMMEDIATE, pollOf } from '../../services/polls/polls';
import { conflict, fieldError, notFound } from '../../services/errors';
import { recordFinanceAction } from '../../services/finances/audit';
import { localDateTime } from '../../services/finances/receipt';
import { notify } from '../../services/notify';
import { meetingIn, personName, type MeetingFacts } from './meeting-lookup';
import { meetingQuorum } from './quorum';
import { recordVote, votesOfMeeting } from './votes';

/*
 * A meeting's minutes. The secretaries (meetings.record) write a draft (every save is a version),
 * share it with the members (told once), and propose its approval at a later meeting: a yes/no
 * poll of the community, on that meeting's agenda and recorded as its vote with the quorum. Once
 * that poll has closed with more yes than no the minutes are approved: locked (a change then
 * needs a reason and is a new version, never an overwrite), and kept as a PDF in the community's
 * documents (minutes-archive.ts). While the approval vote is open the draft does not change, so
 * members vote on the text they read.
 *
 * Approval is settled where it matters: by the minutes job after the polls' closing job, and by
 * every save first, so a save can never slip an unapproved change past a vote that has already
 * closed (a poll past its closing time counts as closed before the job records it).
 */

export const MINUTES_NOT_FOUND = 'errors.meetingMinutes.notFound';
type MinutesRow = typeof meetingMinutes.$inferSelect;

const minutesOf = (db: DbLike, meetingId: number): MinutesRow | undefined => db.select().from(meetingMinutes).where(eq(meetingMinutes.meetingId, meetingId)).get();
const meetingLink = (id: number) => `/meetings/${id}`;

/** The approval poll's yes and no (its options are YES_NO_OPTIONS in order), and whether it has closed. */
function approvalTally(db: DbLike, pollId: number, now: number) {
  const poll = pollOf(db, pollId);
  const status = effectiveStatus(poll, now);
  const r = pollResults(db, { id: pollId, now });
  const votesFor = (label: string) => {
    const option = r.options.find((o) => o.label === label);
    return r.visible && option ? (r.result.counts.find((c) => c.optionId === option.id)?.votes ?? 0) : null;
  };
  return { pollId, status, yes: votesFor('yes'), no: votesFor('no'), abstain: votesFor('abstain'), voterCount: r.voterCount };
}

/**
 * Approves the minutes when their approval poll has closed with more yes than no: one conditional
 * update (status not yet approved, the same poll), so the job and a save racing approve once; the
 * members are told, once.
 */
export function settleApproval(db: DbLike, p: { meetingId: number; now: number }): boolean {
  const row = minutesOf(db, p.meetingId);
  if (!row || row.status === 'approved' || row.approvalPollId === null) return false;
  const tally = approvalTally(db, row.approvalPollId, p.now);
  if (tally.status !== 'closed' || (tally.yes ?? 0) <= (tally.no ?? 0)) return false;
  const done = db
    .update(meetingMinutes)
    .set({ status: 'approved', approvedAt: p.now })
    .where(and(eq(meetingMinutes.meetingId, p.meetingId), sql`${meetingMinutes.status} <> 'approved'`, eq(meetingMinutes.approvalPollId, row.approvalPollId)))
    .run().changes;
  if (!done) return false;
  const communityId = db.get<{ c: number }>(sql`SELECT community_id AS c FROM meetings WHERE id = ${p.meetingId}`).c;
  recordFinanceAction(db, {
    communityId,
    actorId: null,
    action: 'meetings.minutes.approved',
    subject: `meeting:${p.meetingId}`,
    details: { version: row.version, pollId: row.approvalPollId, yes: tally.yes, no: tally.no, abstain: tally.abstain },
    now: p.now,
  });
  const title = db.get<{ t: string }>(sql`SELECT e.title AS t FROM meetings m JOIN events e ON e.id = m.event_id WHERE m.id = ${p.meetingId}`).t;
  const members = db.all<{ u: string }>(sql`SELECT user_id AS u FROM memberships WHERE community_id = ${communityId}`).map((r) => r.u);
  notify(db, { to: members, key: 'meetingMinutes.notice.approved', params: { meeting: title, yes: tally.yes ?? 0, no: tally.no ?? 0 }, link: meetingLink(p.meetingId), once: `minutes-approved:${p.meetingId}`, now: p.now });
  return true;
}

/** The agenda as headings, the attendance and quorum, and the meeting's votes with their results ("decisions linked"), in the writer's language. */
export function minutesTemplate(db: DB, meeting: MeetingFacts, p: { viewerId: string; language: Language; now: number }): string {
  const t = translator(p.language);
  const q = meetingQuorum(db, { meetingId: meeting.id, communityId: meeting.communityId, now: p.now });
  const quorum = q.kind === 'none' ? t('meetingMinutes.template.quorumNone') : t(q.met ? 'meetingMinutes.template.quorumMet' : 'meetingMinutes.template.quorumNotMet', { needed: q.needed });
  const lines = [`**${t('meetingMinutes.template.heading', { title: meeting.title })}**`, localDateTime(meeting.startsAt, meeting.timeZone, p.language)];
  if (meeting.place) lines.push(t('meetingMinutes.template.place', { place: meeting.place }));
  const out = [lines.join('\n'), t('meetingMinutes.template.attendance', { present: q.present, proxies: q.proxies, quorum })];
  const agenda = db.select().from(meetingAgendaItems).where(eq(meetingAgendaItems.meetingId, meeting.id)).orderBy(asc(meetingAgendaItems.position)).all();
  for (const [i, item] of agenda.entries()) {
    const head = [`**${t('meetingMinutes.template.item', { n: i + 1, title: item.title })}**`];
    const by = item.presenterId ? personName(db, item.presenterId) : '';
    const detail = [by ? t('meetingMinutes.template.presenter', { name: by }) : '', item.notes.trim()].filter(Boolean);
    out.push(head.join(''), [...detail, t('meetingMinutes.template.discussion')].join('\n'));
  }
  const votes = votesOfMeeting(db, { communityId: meeting.communityId, meetingId: meeting.id, viewerId: p.viewerId, now: p.now }).votes;
  if (votes.length) {
    const items = votes.map((v) => {
      const label = new Map(v.options.map((o) => [o.id, o.label]));
      const results = v.counts ? v.counts.map((c) => t('meetingMinutes.template.result', { label: label.get(c.optionId), votes: c.votes })).join(', ') : t('meetingMinutes.template.resultsHidden');
      const held = t(v.quorum.met ? 'meetingMinutes.template.quorumMet' : 'meetingMinutes.template.quorumNotMet', { needed: v.quorum.needed });
      return `- ${t('meetingMinutes.template.decision', { title: v.title, results, quorum: held })}`;
    });
    out.push(`**${t('meetingMinutes.template.decisions')}**`, items.join('\n'));
  }
  return out.join('\n\n');
}

/** The reason of the current version when it was written after the approval: the PDF says the approved text was changed, and why. */
export function amendmentOf(db: DbLike, row: { meetingId: number; version: number; status: string; approvedAt: number | null }): string | null {
  if (row.status !== 'approved' || row.approvedAt === null) return null;
  const v = db.get<{ reason: string | null; createdAt: number } | undefined>(sql`SELECT reason, created_at AS createdAt FROM meeting_minutes_versions WHERE meeting_id = ${row.meetingId} AND version = ${row.version}`);
  return v && v.createdAt >= row.approvedAt ? v.reason : null;
}

/**
 * The minutes as the reader may see them: a secretary (meetings.record) sees the draft, its
 * versions and, before anything is written, the template; a member sees them once shared.
 */
export function minutesView(db: DB, p: { communityId: number; meetingId: number; viewerId: string; canRecord: boolean; language: Language; now: number }) {
  const meeting = meetingIn(db, p);
  const row = minutesOf(db, meeting.id);
  const readable = !!row && (p.canRecord || row.status !== 'draft');
  const approval = row?.approvalPollId ? approvalTally(db, row.approvalPollId, p.now) : null;
  const at = row?.approvalPollId ? db.get<{ id: number; title: string } | undefined>(sql`SELECT m.id, e.title FROM meeting_votes v JOIN meetings m ON m.id = v.meeting_id JOIN events e ON e.id = m.event_id WHERE v.poll_id = ${row.approvalPollId}`) : undefined;
  const versions = readable
    ? db
        .select({ version: meetingMinutesVersions.version, reason: meetingMinutesVersions.reason, authorId: meetingMinutesVersions.authorId, createdAt: meetingMinutesVersions.createdAt })
        .from(meetingMinutesVersions)
        .where(eq(meetingMinutesVersions.meetingId, meeting.id))
        .orderBy(asc(meetingMinutesVersions.version))
        .all()
        .map((v) => ({ version: v.version, reason: v.reason, author: v.authorId ? { id: v.authorId, name: personName(db, v.authorId) } : null, createdAt: v.createdAt }))
    : [];
  return {
    meetingId: meeting.id,
    meetingTitle: meeting.title,
    status: row?.status ?? null,
    body: readable ? row!.body : null,
    version: row?.version ?? 0,
    versions,
    updatedAt: row?.updatedAt ?? null,
    approvedAt: row?.approvedAt ?? null,
    approvalPollId: row?.approvalPollId ?? null,
    approval: approval && at ? { ...approval, atMeeting: { id: at.id, title: at.title } } : null,
    documentId: row?.documentId ?? null,
    // Approved, and the PDF of the current version not yet in the documents (the job writes it).
    pdfPending: !!row && row.status === 'approved' && (row.archivedVersion ?? 0) < row.version,
    template: !row && p.canRecord ? minutesTemplate(db, meeting, p) : null,
    canRecord: p.canRecord,
  };
}

/**
 * Saves the text. Before approval it replaces the draft (each save a version); once approved a
 * change needs a reason and is the next version (the approved text stays in the versions), and
 * the PDF of the new version is owed (minutes-archive.ts).
 */
export function saveMinutes(db: DB, p: { communityId: number; meetingId: number; actorId: string; body: string; reason?: string; now: number }) {
  return db.transaction((tx) => {
    const meeting = meetingIn(tx, p);
    settleApproval(tx, { meetingId: meeting.id, now: p.now });
    const row = minutesOf(tx, meeting.id);
    if (row && row.body === p.body) throw conflict('errors.meetingMinutes.unchanged');
    if (row?.status === 'approved' && !p.reason) throw fieldError('invalid', 'reason', 'errors.meetingMinutes.reasonRequired');
    if (row && row.status !== 'approved' && row.approvalPollId !== null && approvalTally(tx, row.approvalPollId, p.now).status === 'open') throw conflict('errors.meetingMinutes.underVote');
    const version = (row?.version ?? 0) + 1;
    if (!row) {
      tx.insert(meetingMinutes).values({ meetingId: meeting.id, body: p.body, status: 'draft', version, updatedBy: p.actorId, updatedAt: p.now }).run();
    } else {
      // Conditional on the version read: two secretaries saving at once cannot both be version n+1.
      const changed = tx
        .update(meetingMinutes)
        .set({ body: p.body, version, updatedBy: p.actorId, updatedAt: p.now })
        .where(and(eq(meetingMinutes.meetingId, meeting.id), eq(meetingMinutes.version, row.version), eq(meetingMinutes.status, row.status)))
        .run().changes;
      if (!changed) throw conflict('errors.meetingMinutes.changedMeanwhile');
    }
    tx.insert(meetingMinutesVersions).values({ meetingId: meeting.id, version, body: p.body, reason: p.reason ?? null, authorId: p.actorId, createdAt: p.now }).run();
    const status = row?.status ?? 'draft';
    recordFinanceAction(tx, {
      communityId: meeting.communityId,
      actorId: p.actorId,
      action: status === 'approved' ? 'meetings.minutes.amended' : 'meetings.minutes.saved',
      subject: `meeting:${meeting.id}`,
      details: { version, reason: p.reason ?? null, length: p.body.length },
      now: p.now,
    });
    return { meetingId: meeting.id, status, version, reason: p.reason ?? null, updatedAt: p.now };
  }, IMMEDIATE);
}

/** Members can read the draft from now on; they are told once. */
export function shareMinutes(db: DB, p: { communityId: number; meetingId: number; actorId: string; now: number }) {
  return db.transaction((tx) => {
    const meeting = meetingIn(tx, p);
    const row = minutesOf(tx, meeting.id);
    if (!row) throw notFound(MINUTES_NOT_FOUND);
    const shared = tx.update(meetingMinutes).set({ status: 'shared' }).where(and(eq(meetingMinutes.meetingId, meeting.id), eq(meetingMinutes.status, 'draft'))).run().changes;
    if (!shared) throw conflict(row.status === 'approved' ? 'errors.meetingMinutes.approved' : 'errors.meetingMinutes.alreadyShared');
    recordFinanceAction(tx, { communityId: meeting.communityId, actorId: p.actorId, action: 'meetings.minutes.shared', subject: `meeting:${meeting.id}`, details: { version: row.version }, now: p.now });
    const members = tx.all<{ u: string }>(sql`SELECT user_id AS u FROM memberships WHERE community_id = ${meeting.communityId} AND user_id <> ${p.actorId}`).map((r) => r.u);
    notify(tx, { to: members, key: 'meetingMinutes.notice.shared', params: { meeting: meeting.title, name: personName(tx, p.actorId) }, link: meetingLink(meeting.id), once: `minutes-shared:${meeting.id}`, now: p.now });
    return { meetingId: meeting.id, status: 'shared' as const, version: row.version };
  }, IMMEDIATE);
}

/**
 * Puts the shared minutes to a yes/no vote of a later meeting: a poll of the community closing at
 * that meeting's end, the last item of its agenda, recorded as its vote with the quorum. Proposing
 * again is possible once an earlier approval vote has closed without a majority, or was cancelled.
 */
export function proposeMinutesApproval(db: DB, p: { community: { id: number; name: string }; meetingId: number; atMeetingId: number; actorId: string; language: Language; now: number }) {
  const t = translator(p.language);
  return db.transaction((tx) => {
    const meeting = meetingIn(tx, { communityId: p.community.id, meetingId: p.meetingId });
    settleApproval(tx, { meetingId: meeting.id, now: p.now });
    const row = minutesOf(tx, meeting.id);
    if (!row) throw notFound(MINUTES_NOT_FOUND);
    if (row.status === 'approved') throw conflict('errors.meetingMinutes.approved');
    if (row.status === 'draft') throw conflict('errors.meetingMinutes.shareFirst');
    if (row.approvalPollId !== null && effectiveStatus(pollOf(tx, row.approvalPollId), p.now) === 'open') throw conflict('errors.meetingMinutes.approvalOpen');
    const at = meetingIn(tx, { communityId: p.community.id, meetingId: p.atMeetingId });
    if (at.id === meeting.id || at.startsAt <= meeting.startsAt || at.endsAt <= p.now) throw fieldError('invalid', 'atMeetingId', 'errors.meetingMinutes.laterMeeting');
    if (at.status === 'cancelled') throw fieldError('invalid', 'atMeetingId', 'errors.meetingMinutes.cancelled');
    const poll = createPoll(db, {
      community: p.community,
      createdBy: p.actorId,
      input: {
        kind: 'yes_no',
        title: t('meetingMinutes.approval.pollTitle', { title: meeting.title }),
        description: t('meetingMinutes.approval.pollDescription', { title: meeting.title, version: row.version }),
        closesAt: at.endsAt,
        anonymous: false,
        resultsVisibility: 'live',
        eligibility: 'all',
      },
      now: p.now,
    });
    recordVote(db, tx, { meeting: at, pollId: poll.id, now: p.now });
    const last = tx.get<{ n: number | null }>(sql`SELECT MAX(position) AS n FROM meeting_agenda_items WHERE meeting_id = ${at.id}`).n ?? 0;
    tx.insert(meetingAgendaItems).values({ meetingId: at.id, position: last + 1, title: t('meetingMinutes.approval.agendaItem', { title: meeting.title }), notes: '', pollId: poll.id }).run();
    const set = tx
      .update(meetingMinutes)
      .set({ approvalPollId: poll.id })
      .where(and(eq(meetingMinutes.meetingId, meeting.id), eq(meetingMinutes.status, 'shared'), row.approvalPollId === null ? sql`${meetingMinutes.approvalPollId} IS NULL` : eq(meetingMinutes.approvalPollId, row.approvalPollId)))
      .run().changes;
    if (!set) throw conflict('errors.meetingMinutes.changedMeanwhile');
    recordFinanceAction(tx, {
      communityId: meeting.communityId,
      actorId: p.actorId,
      action: 'meetings.minutes.approvalProposed',
      subject: `meeting:${meeting.id}`,
      details: { version: row.version, pollId: poll.id, atMeetingId: at.id },
      now: p.now,
    });
    return { meetingId: meeting.id, pollId: poll.id, atMeetingId: at.id, closesAt: poll.closesAt };
  }, IMMEDIATE);
}
