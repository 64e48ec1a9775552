import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runMinutesJob } from '../../src/server/domains/meetings/minutes-archive';
import { createLogger } from '../../src/server/logger';
import { privatePath } from '../../src/server/uploads/files';
import { castVote, closePollByHand } from '../../src/server/services/polls/ballots';
import type { Agent } from '../setup/app';
import { as } from '../setup/communities';
import { expectError } from '../setup/errors';
import { MM, meetingWorld, type MeetingWorld } from '../setup/meeting-minutes';
import { pdfText } from '../setup/pdf';
import { REST, TRANSPORTS } from '../setup/transport';

/*
 * Minutes over both transports: the secretary's draft starts from the agenda and the meeting's
 * votes, every save is a version, members read it once shared (told once); a later meeting's
 * yes/no vote approves it; approved minutes are locked (a change needs a reason and is the next
 * version) and filed as a PDF in the community's documents, a new document version per change.
 */

const sql = (w: MeetingWorld) => w.t.db.$client;
const job = (w: MeetingWorld) => runMinutesJob({ db: w.t.db, env: w.t.env, now: w.t.clock.now, log: createLogger('silent') });
const count = (w: MeetingWorld, query: string, ...args: unknown[]) => (sql(w).prepare(query).get(...args) as { n: number }).n;

async function download(w: MeetingWorld, who: Agent, path: string) {
  const res = await w.t.app.request(path, { headers: who.cookie ? { cookie: who.cookie } : {} });
  return { status: res.status, type: res.headers.get('content-type') ?? '', bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** Written, shared and put to the vote of the April meeting: the poll's id. */
async function toTheVote(w: MeetingWorld, awa: Agent, body = 'The members agreed to hold the party in the hall.') {
  await REST.call(awa, MM.saveMinutes, { meetingId: w.today, body });
  await REST.call(awa, MM.shareMinutes, { meetingId: w.today });
  const proposed = await REST.call(awa, MM.proposeMinutesApproval, { meetingId: w.today, atMeetingId: w.next });
  expect(proposed.status, JSON.stringify(proposed.error)).toBe(201);
  return proposed.data.pollId as number;
}

function voteAndClose(w: MeetingWorld, pollId: number, yes: { id: string }[], no: { id: string }[]) {
  const options = sql(w).prepare('SELECT id, label FROM poll_options WHERE poll_id = ?').all(pollId) as { id: number; label: string }[];
  const idOf = (label: string) => options.find((o) => o.label === label)!.id;
  const now = w.t.clock.now();
  for (const u of yes) castVote(w.t.db, { id: pollId, userId: u.id, choices: [idOf('yes')], now });
  for (const u of no) castVote(w.t.db, { id: pollId, userId: u.id, choices: [idOf('no')], now });
  closePollByHand(w.t.db, { id: pollId, by: w.ngozi.id, now });
}

for (const T of TRANSPORTS) {
  describe(`${T.name}: minutes`, () => {
    it('the draft starts from the agenda and the votes, each save is a version, and members read it once shared, told once', async () => {
      const w = await meetingWorld();
      const [awa, musa, tabe] = await Promise.all([as(w.t, w.awa), as(w.t, w.musa), as(w.t, w.tabe)]);
      const meetingId = w.today;
      await T.call(awa, MM.openVote, { meetingId, title: 'Party venue', options: ['Hall', 'Garden'] });
      const empty = (await T.call(awa, MM.minutes, { meetingId })).data;
      expect(empty).toMatchObject({ status: null, version: 0, body: null });
      expect(empty.template).toContain('**1. Treasurer’s report**');
      expect(empty.template).toContain('Presented by Tabe Test.');
      expect(empty.template).toContain('**2. The annual party**');
      expect(empty.template).toContain('Party venue: Hall 0, Garden 0');
      expect((await T.call(musa, MM.minutes, { meetingId })).data).toMatchObject({ status: null, body: null, template: null });

      const first = await T.call(awa, MM.saveMinutes, { meetingId, body: empty.template });
      expect(first.status, JSON.stringify(first.error)).toBe(200);
      expect(first.data).toMatchObject({ status: 'draft', version: 1 });
      expectError(await T.call(tabe, MM.saveMinutes, { meetingId, body: empty.template }), 409, 'errors.meetingMinutes.unchanged');
      expect((await T.call(tabe, MM.saveMinutes, { meetingId, body: `${empty.template}\n\nClosed at 18:40.` })).data.version).toBe(2);
      // A draft is for the secretaries only.
      expect((await T.call(musa, MM.minutes, { meetingId })).data).toMatchObject({ status: 'draft', body: null, versions: [] });

      expect((await T.call(awa, MM.shareMinutes, { meetingId })).data).toMatchObject({ status: 'shared', version: 2 });
      expectError(await T.call(awa, MM.shareMinutes, { meetingId }), 409, 'errors.meetingMinutes.alreadyShared');
      const read = (await T.call(musa, MM.minutes, { meetingId })).data;
      expect(read.body).toContain('Closed at 18:40.');
      expect(read.versions.map((v: { version: number; author: { name: string } }) => [v.version, v.author.name])).toEqual([
        [1, 'Awa Test'],
        [2, 'Tabe Test'],
      ]);
      const told = sql(w).prepare("SELECT user_id AS u FROM notifications WHERE title = 'meetingMinutes.notice.shared.title' ORDER BY user_id").all() as { u: string }[];
      expect(told.map((r) => r.u).sort()).toEqual([w.ngozi, w.tabe, w.musa, w.ada, w.kofi, w.ebi].map((u) => u.id).sort());
    });

    it('approved by a later meeting’s vote, the minutes are locked: a change needs a reason, is the next version and a new PDF version in the documents', async () => {
      const w = await meetingWorld();
      const [awa, musa] = await Promise.all([as(w.t, w.awa), as(w.t, w.musa)]);
      const meetingId = w.today;
      expectError(await T.call(awa, MM.proposeMinutesApproval, { meetingId, atMeetingId: w.next }), 404, 'errors.meetingMinutes.notFound');
      await T.call(awa, MM.saveMinutes, { meetingId, body: 'Draft.' });
      expectError(await T.call(awa, MM.proposeMinutesApproval, { meetingId, atMeetingId: w.next }), 409, 'errors.meetingMinutes.shareFirst');
      await T.call(awa, MM.shareMinutes, { meetingId });
      expectError(await T.call(awa, MM.proposeMinutesApproval, { meetingId, atMeetingId: meetingId }), 400, 'errors.meetingMinutes.laterMeeting');
      const proposed = await T.call(awa, MM.proposeMinutesApproval, { meetingId, atMeetingId: w.next });
      expect(proposed.status, JSON.stringify(proposed.error)).toBe(T.okStatus(MM.proposeMinutesApproval));
      const pollId = proposed.data.pollId;
      // On the April meeting's agenda, as its vote with the quorum.
      expect(sql(w).prepare('SELECT meeting_id AS m, title FROM meeting_agenda_items WHERE poll_id = ?').get(pollId)).toEqual({ m: w.next, title: 'Approval of the minutes of March meeting' });
      expect(count(w, 'SELECT COUNT(*) AS n FROM meeting_votes WHERE poll_id = ? AND meeting_id = ?', pollId, w.next)).toBe(1);
      expectError(await T.call(awa, MM.proposeMinutesApproval, { meetingId, atMeetingId: w.next }), 409, 'errors.meetingMinutes.approvalOpen');
      // Members vote on the text they read: it does not change meanwhile.
      expectError(await T.call(awa, MM.saveMinutes, { meetingId, body: 'Another text.' }), 409, 'errors.meetingMinutes.underVote');

      voteAndClose(w, pollId, [w.musa, w.ada, w.kofi], [w.ebi]);
      expect(await job(w)).toEqual({ approved: 1, filed: 1 });
      expect(await job(w)).toEqual({ approved: 0, filed: 0 });
      expect(count(w, "SELECT COUNT(*) AS n FROM notifications WHERE title = 'meetingMinutes.notice.approved.title'")).toBe(7);
      const approved = (await T.call(musa, MM.minutes, { meetingId })).data;
      expect(approved).toMatchObject({ status: 'approved', version: 1, pdfPending: false, approval: { yes: 3, no: 1, status: 'closed', atMeeting: { id: w.next } } });
      const doc = sql(w).prepare('SELECT d.id, d.title, d.visibility, f.name AS folder FROM documents d JOIN document_folders f ON f.id = d.folder_id WHERE d.id = ?').get(approved.documentId);
      expect(doc).toEqual({ id: approved.documentId, title: 'Minutes of March meeting', visibility: 'members', folder: 'Minutes' });

      expectError(await T.call(awa, MM.saveMinutes, { meetingId, body: 'Draft, corrected.' }), 400, 'errors.meetingMinutes.reasonRequired');
      const changed = await T.call(awa, MM.saveMinutes, { meetingId, body: 'Draft, corrected.', reason: 'Ebi’s name was misspelt' });
      expect(changed.data).toMatchObject({ status: 'approved', version: 2, reason: 'Ebi’s name was misspelt' });
      // The approved text stays as it was, in its version; the document has the new version's PDF.
      expect(sql(w).prepare('SELECT version, body, reason FROM meeting_minutes_versions WHERE meeting_id = ? ORDER BY version').all(meetingId)).toEqual([
        { version: 1, body: 'Draft.', reason: null },
        { version: 2, body: 'Draft, corrected.', reason: 'Ebi’s name was misspelt' },
      ]);
      expect(count(w, 'SELECT COUNT(*) AS n FROM document_versions WHERE document_id = ?', approved.documentId)).toBe(2);
      // The filed PDF is the new version's, in its writer's language, saying it changed after approval and why.
      const filed = sql(w).prepare('SELECT upload_name FROM document_versions WHERE document_id = ? ORDER BY version DESC LIMIT 1').pluck().get(approved.documentId) as string;
      const text = await pdfText(new Uint8Array(readFileSync(privatePath(w.t.env, filed))));
      expect(text).toContain('Approved on');
      expect(text).toContain('version 2');
      expect(text).toContain('Changed after approval, with this reason: Ebi’s name was misspelt');
      expect(text).toContain('Draft, corrected.');
      expect(count(w, "SELECT COUNT(*) AS n FROM finance_audit WHERE action IN ('meetings.minutes.approved', 'meetings.minutes.amended') AND subject = ?", `meeting:${meetingId}`)).toBe(2);
    });

    it('a vote with no majority approves nothing, and the minutes can go to the vote again', async () => {
      const w = await meetingWorld();
      const awa = await as(w.t, w.awa);
      const pollId = await toTheVote(w, awa);
      voteAndClose(w, pollId, [w.musa], [w.ada]);
      expect(await job(w)).toEqual({ approved: 0, filed: 0 });
      expect((await T.call(awa, MM.minutes, { meetingId: w.today })).data.status).toBe('shared');
      expect((await T.call(awa, MM.saveMinutes, { meetingId: w.today, body: 'Amended after the vote.' })).data).toMatchObject({ status: 'shared', version: 2 });
      expect((await T.call(awa, MM.proposeMinutesApproval, { meetingId: w.today, atMeetingId: w.next })).status).toBe(T.okStatus(MM.proposeMinutesApproval));
    });

    it('refuses who may not write: a plain member neither saves nor shares; an outsider reads nothing', async () => {
      const w = await meetingWorld();
      const [musa, zed, awa] = await Promise.all([as(w.t, w.musa), as(w.t, w.zed), as(w.t, w.awa)]);
      expectError(await T.call(musa, MM.saveMinutes, { meetingId: w.today, body: 'Mine.' }), 403, 'errors.denied.meetingsRecord');
      expectError(await T.call(musa, MM.shareMinutes, { meetingId: w.today }), 403, 'errors.denied.meetingsRecord');
      expect((await T.call(zed, MM.minutes, { meetingId: w.today })).status).toBe(403);
      expectError(await T.call(awa, MM.saveMinutes, { meetingId: w.today, body: '   ' }), 400, 'meetingMinutes.validation.body');
      expect(count(w, 'SELECT COUNT(*) AS n FROM meeting_minutes')).toBe(0);
    });
  });
}

describe('the minutes’ PDF', () => {
  it('is the minutes in English or French, for whoever may read them', async () => {
    const w = await meetingWorld();
    const [awa, musa] = await Promise.all([as(w.t, w.awa), as(w.t, w.musa)]);
    const base = `/api/meetings/${w.today}/minutes.pdf`;
    await REST.call(awa, MM.saveMinutes, { meetingId: w.today, body: '**1. Rapport du trésorier**\n\nLa caisse tient : 250 000 FCFA.\n\n- Fête annuelle à la salle' });
    expect((await download(w, musa, `${base}?lang=fr`)).status).toBe(404);
    await REST.call(awa, MM.shareMinutes, { meetingId: w.today });
    const fr = await download(w, musa, `${base}?lang=fr`);
    expect(fr.type).toBe('application/pdf');
    const frText = await pdfText(fr.bytes);
    expect(frText).toContain('Procès-verbal de March meeting');
    expect(frText).toContain('Pas encore approuvé · version 1');
    expect(frText).toContain('1. Rapport du trésorier');
    expect(frText).toContain('• Fête annuelle à la salle');
    const en = await pdfText((await download(w, musa, `${base}?lang=en`)).bytes);
    expect(en).toContain('Minutes of March meeting');
    expect(en).toContain('Place: Chez Tabe, Bonapriso');
    expect((await download(w, musa, `${base}?lang=de`)).status).toBe(400);
  });
});
