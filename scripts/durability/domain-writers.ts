// The durability writers of the newer domains, in the same style as writers.ts: each writer sends
// one request at a time and the ledger keeps what was acknowledged (or, for a value a writer may
// overwrite, the set of values it may hold). Every write is identified by a unique text it
// carries (a payment's reference, an RSVP's note, a message's body, a document's title), so the
// checks after a restart find it without the answer's body.
//   - payments: declared by a member then confirmed into the cash box by the home's creator (a
//     payment row, a ledger entry, the balance, the monthly totals and an audit record in one
//     transaction), or recorded as cash by the creator for a member (pending: another officer
//     confirms what one recorded);
//   - circle contributions: recorded by the organiser for its own hands (which then wait for a
//     finance officer: nobody confirms their own money), declared by the others for their hand;
//   - RSVPs and votes: answers the writer changes again and again;
//   - chat messages in each home's #general (group-committed by the server);
//   - documents: a small text file uploaded as multipart.
import type { Op, WriteContext, Writer } from './writers';
import { writeFor } from './http';
import { addPossible } from './possible';
import type { Home } from './setup';

/** `${circle}|${round}|${hand}` */
export type ContributionKey = string;

export type DomainLedger = {
  /** Acknowledged payments: unique reference -> the states it may be in ('pending' until its confirmation is acknowledged). */
  payments: Map<string, Set<'pending' | 'confirmed'>>;
  /** Home community -> acknowledged payments waiting for its creator's confirmation (each tried once). */
  toConfirm: Map<number, { id: number; reference: string }[]>;
  /** Acknowledged contributions: `${circle}|${round}|${hand}` -> the status it was written with. */
  contributions: Map<ContributionKey, 'pending' | 'confirmed'>;
  /** `${userId}|${eventId}` -> the RSVP notes the answer may carry (null: no answer). */
  rsvps: Map<string, Set<string | null>>;
  /** `${userId}|${pollId}` -> the ballots (choices as stored: a JSON array) the vote may be (null: none). */
  votes: Map<string, Set<string | null>>;
  /** Acknowledged chat messages: unique body -> conversation. */
  messages: Map<string, number>;
  /** Acknowledged documents: unique title -> the community and the file's text. */
  documents: Map<string, { communityId: number; content: string }>;
};

export const emptyDomainLedger = (): DomainLedger => ({
  payments: new Map(),
  toConfirm: new Map(),
  contributions: new Map(),
  rsvps: new Map(),
  votes: new Map(),
  messages: new Map(),
  documents: new Map(),
});

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;
const homeOf = (ctx: WriteContext, w: Writer) => ctx.homes.find((h) => h.communityId === w.home)!;
const label = (ctx: WriteContext, w: Writer, what: string) => `${what} r${ctx.round} w${w.index} #${(w.seq += 1)}`;

/**
 * A payment the writer declares in another home (as a member there). It joins that home's queue,
 * from which the home's creator confirms it (no one confirms their own payment).
 */
const declarePayment: Op = async (w, ctx) => {
  const home = pick(ctx.homes.filter((h) => h.communityId !== w.home));
  const reference = label(ctx, w, 'Pay');
  w.inFlight = { kind: 'row', what: 'payment', sql: 'SELECT 1 FROM payments WHERE reference = ?', params: [reference] };
  const body = { amount: 1000 + Math.floor(Math.random() * 9000), purpose: 'dues', method: 'mobile_money', provider: 'MTN MoMo', reference };
  const declared = (await writeFor(ctx, w, 'POST', `/api/communities/${home.communityId}/finances/payments`, body)) as { id: number } | null;
  if (!declared) return;
  ctx.ledger.domains.payments.set(reference, new Set(['pending']));
  ctx.ledger.domains.toConfirm.get(home.communityId)!.push({ id: declared.id, reference });
};

/** The home's creator confirms the oldest payment waiting in its home into the cash box. */
const confirmPayment: Op = async (w, ctx) => {
  const waiting = ctx.ledger.domains.toConfirm.get(w.home)!.shift();
  if (!waiting) return;
  ctx.ledger.domains.payments.get(waiting.reference)!.add('confirmed');
  w.inFlight = { kind: 'row', what: 'confirmation', sql: "SELECT 1 FROM payments WHERE reference = ? AND status = 'confirmed'", params: [waiting.reference] };
  const home = homeOf(ctx, w);
  // An answer either way settles it: confirmed when acknowledged, still pending when refused (nothing committed).
  const confirmed = await writeFor(ctx, w, 'POST', `/api/finances/payments/${waiting.id}/confirm`, { accountId: home.account });
  ctx.ledger.domains.payments.set(waiting.reference, new Set([confirmed ? 'confirmed' : 'pending']));
};

/** Cash taken at a meeting, recorded by the home's creator for another writer (tRPC only): it waits for another officer. */
const recordPayment: Op = async (w, ctx) => {
  const home = homeOf(ctx, w);
  const reference = label(ctx, w, 'Cash');
  const memberId = pick(Object.keys(home.handOf));
  w.inFlight = { kind: 'row', what: 'payment', sql: 'SELECT 1 FROM payments WHERE reference = ?', params: [reference] };
  const body = { communityId: home.communityId, memberId, accountId: home.account, amount: 2500, purpose: 'donation', method: 'cash', reference };
  if (await writeFor(ctx, w, 'POST', '/trpc/finances.recordPayment', body)) ctx.ledger.domains.payments.set(reference, new Set(['pending']));
};

/** The organiser records cash for the next of its own (round, hand) slots (tRPC only): it waits for a finance officer. */
const recordContribution: Op = async (w, ctx) => {
  const home = homeOf(ctx, w);
  const slot = w.circle.recorded;
  if (slot >= home.rounds.length * home.organiserHands.length) return; // every slot used: nothing left to record
  w.circle.recorded += 1;
  const round = home.rounds[Math.floor(slot / home.organiserHands.length)]!;
  const hand = home.organiserHands[slot % home.organiserHands.length]!;
  const key: ContributionKey = `${home.circle}|${round}|${hand}`;
  w.inFlight = { kind: 'row', what: 'contribution', sql: 'SELECT 1 FROM circle_contributions WHERE circle_id = ? AND round_id = ? AND hand_id = ?', params: [home.circle, round, hand] };
  const body = { id: home.circle, roundId: round, handId: hand, method: 'cash', reference: label(ctx, w, 'Hand') };
  if (await writeFor(ctx, w, 'POST', '/trpc/njangi.recordContribution', body)) ctx.ledger.domains.contributions.set(key, 'pending');
};

/** "I paid": the writer declares its hand's contribution for the next round of another home's circle. */
const declareContribution: Op = async (w, ctx) => {
  const home = pick(ctx.homes.filter((h) => h.communityId !== w.home));
  const next = w.circle.declared.get(home.circle) ?? 0;
  if (next >= home.rounds.length) return;
  w.circle.declared.set(home.circle, next + 1);
  const round = home.rounds[next]!;
  const hand = home.handOf[w.userId]!;
  const key: ContributionKey = `${home.circle}|${round}|${hand}`;
  w.inFlight = { kind: 'row', what: 'contribution', sql: 'SELECT 1 FROM circle_contributions WHERE circle_id = ? AND round_id = ? AND hand_id = ?', params: [home.circle, round, hand] };
  const body = { roundId: round, handId: hand, method: 'mobile_money', reference: label(ctx, w, 'MoMo') };
  if (await writeFor(ctx, w, 'POST', `/api/circles/${home.circle}/contributions`, body)) ctx.ledger.domains.contributions.set(key, 'pending');
};

/** A new answer (and a note naming this write) to the event of a home the writer is in. */
const rsvp: Op = async (w, ctx) => {
  const home = pick(ctx.homes);
  const note = label(ctx, w, 'Note');
  const key = `${w.userId}|${home.event}`;
  addPossible(ctx.ledger.domains.rsvps, key, note);
  w.inFlight = { kind: 'row', what: 'rsvp', sql: 'SELECT 1 FROM event_rsvps WHERE event_id = ? AND user_id = ? AND note = ?', params: [home.event, w.userId, note] };
  const body = { status: pick(['going', 'maybe', 'not_going']), note };
  if (await writeFor(ctx, w, 'POST', `/api/events/${home.event}/rsvp`, body)) ctx.ledger.domains.rsvps.set(key, new Set([note]));
};

/** A vote (or a changed one) in the poll of a home. */
const vote: Op = async (w, ctx) => {
  const home = pick(ctx.homes);
  const choice = pick(home.pollOptions);
  const key = `${w.userId}|${home.poll}`;
  const stored = JSON.stringify([choice]);
  addPossible(ctx.ledger.domains.votes, key, stored);
  w.inFlight = { kind: 'row', what: 'vote', sql: 'SELECT 1 FROM poll_ballots WHERE poll_id = ? AND voter_key = ? AND choices = ?', params: [home.poll, w.userId, stored] };
  if (await writeFor(ctx, w, 'POST', `/api/polls/${home.poll}/vote`, { choices: [choice] })) ctx.ledger.domains.votes.set(key, new Set([stored]));
};

/** A message in a home's #general; its body carries the writer's sequence number (the order check reads it). */
const chat: Op = async (w, ctx) => {
  const home = pick(ctx.homes);
  const body = label(ctx, w, 'Chat');
  w.inFlight = { kind: 'row', what: 'message', sql: 'SELECT 1 FROM messages WHERE conversation_id = ? AND body = ?', params: [home.general, body] };
  if (await writeFor(ctx, w, 'POST', `/api/conversations/${home.general}/messages`, { body })) ctx.ledger.domains.messages.set(body, home.general);
};

/** A small text file for the home's documents (multipart, as the browser sends it). */
const uploadDocument: Op = async (w, ctx) => {
  const title = label(ctx, w, 'Minutes');
  const content = `${title}\nKept through kill -9.\n`;
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/plain' }), 'minutes.txt');
  form.append('title', title);
  w.inFlight = { kind: 'row', what: 'document', sql: 'SELECT 1 FROM documents WHERE title = ?', params: [title] };
  if (await writeFor(ctx, w, 'POST', `/api/communities/${w.home}/documents`, form)) ctx.ledger.domains.documents.set(title, { communityId: w.home, content });
};

export const DOMAIN_OPS: [Op, number][] = [
  [declarePayment, 6],
  [confirmPayment, 5],
  [recordPayment, 6],
  [recordContribution, 6],
  [declareContribution, 5],
  [rsvp, 8],
  [vote, 8],
  [chat, 10],
  [uploadDocument, 4],
];

/** Every writer's RSVP and vote keys, with the seeded state (no answer, no ballot) as their baseline. */
export function domainBaseline(ledger: DomainLedger, writers: Writer[], homes: Home[]) {
  for (const h of homes) ledger.toConfirm.set(h.communityId, []);
  for (const w of writers) {
    for (const h of homes) {
      ledger.rsvps.set(`${w.userId}|${h.event}`, new Set([null]));
      ledger.votes.set(`${w.userId}|${h.poll}`, new Set([null]));
    }
  }
}
