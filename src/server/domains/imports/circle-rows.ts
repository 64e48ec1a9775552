import { and, eq, inArray } from 'drizzle-orm';
import { memberships, users } from '../../../../db/schema';
import type { DbLike } from '../../../../db/database';
import { emailField } from '@shared/schemas/auth';
import { parseImportAmount, parseImportDate, parseWholeNumber, parseYesNo, type ImportLanguage } from '@shared/imports';
import type { Currency } from '@shared/money';
import { MAX_HANDS } from '@shared/njangi/rules';
import { dateInZone, dueDates } from '@shared/njangi/schedule';
import { conflict, invalid } from '../../services/errors';
import type { CircleRow as Circle } from '../../services/njangi/circles';
import { columnsOf, type Problem } from './members';
import type { Sheet } from './sheet';

/*
 * A savings circle already running, read from its organiser's spreadsheet: one row per hand, with
 * its payout position, its member's email, how many rounds it has paid and whether it has
 * received the pot. The rows are read once (preview and submit) and checked against the circle
 * as it is whenever they are used (preview, submit, and again when a finance officer confirms),
 * so a member who left or a circle that started meanwhile is caught before anything is written.
 */

export type CircleImportRow = {
  line: number;
  position: number | null;
  email: string | null;
  memberId: string | null;
  member: string | null;
  roundsPaid: number | null;
  received: boolean | null;
  /** What the row says the hand paid in all (optional column), in minor units: checked against rounds × contribution. */
  amountPaid: number | null;
  problems: Problem[];
};

/** Only a recruiting circle with a fixed order can be filled from a sheet: a draw or an auction decides its own order. */
export function importableCircle(circle: Circle) {
  if (circle.status !== 'recruiting') throw conflict('imports.errors.circleNotRecruiting');
  if (circle.payoutMethod !== 'fixed') throw conflict('imports.errors.circleNotFixed');
}

/** The real first due date as the file's language writes it, on or before today in the circle's zone. */
export function firstDueOf(circle: Circle, text: string, language: ImportLanguage, now: number): string {
  const issue = (message: string, params?: Record<string, unknown>) => invalid(message, [{ path: ['firstDueDate'], message }], params);
  const day = parseImportDate(text, language);
  if (!day) throw issue('imports.errors.badFirstDue', { value: text, format: language === 'fr' ? 'JJ/MM/AAAA' : 'MM/DD/YYYY' });
  if (day > dateInZone(now, circle.timeZone)) throw issue('imports.errors.firstDueFuture', { value: text });
  return day;
}

/** How many of the circle's rounds are due by today (in its zone), when it has `hands` hands from `firstDue`. */
export function roundsDueBy(circle: Pick<Circle, 'frequency' | 'timeZone'>, firstDue: string, hands: number, now: number) {
  const today = dateInZone(now, circle.timeZone);
  return dueDates(firstDue, circle.frequency, hands).filter((d) => d <= today).length;
}

/** Each cell read into its value, with the problems of the cell alone (nothing about the circle yet). */
export function readCircleRows(sheet: Sheet, language: ImportLanguage, currency: Currency): CircleImportRow[] {
  const cell = columnsOf('circle', sheet, language);
  return sheet.rows.map(({ line, cells }) => {
    const problems: Problem[] = [];
    const rawPosition = cell(cells, 'position');
    const position = rawPosition ? parseWholeNumber(rawPosition, MAX_HANDS) : null;
    if (!rawPosition) problems.push({ key: 'imports.problems.noPosition' });
    else if (!position) problems.push({ key: 'imports.problems.badPosition', params: { value: rawPosition } });

    const rawEmail = cell(cells, 'member');
    const email = emailField.safeParse(rawEmail);
    if (!rawEmail) problems.push({ key: 'imports.problems.noEmail' });
    else if (!email.success) problems.push({ key: 'imports.problems.badEmail', params: { value: rawEmail } });

    const rawPaid = cell(cells, 'roundsPaid');
    const roundsPaid = rawPaid ? parseWholeNumber(rawPaid, MAX_HANDS) : null;
    if (!rawPaid) problems.push({ key: 'imports.problems.noRoundsPaid' });
    else if (roundsPaid === null) problems.push({ key: 'imports.problems.badRoundsPaid', params: { value: rawPaid } });

    const rawReceived = cell(cells, 'received');
    const received = parseYesNo(rawReceived);
    if (received === null) problems.push({ key: 'imports.problems.badReceived', params: { value: rawReceived } });

    // "0" is a whole amount too (a hand that has paid nothing yet); parseImportAmount takes only positive ones.
    const rawAmount = cell(cells, 'amountPaid');
    const amountPaid = !rawAmount ? null : /^0+([.,]0+)?$/.test(rawAmount.trim()) ? 0 : parseImportAmount(rawAmount, currency);
    if (rawAmount && amountPaid === null) problems.push({ key: 'imports.problems.badAmount', params: { value: rawAmount, currency } });

    return { line, position, email: rawEmail && email.success ? email.data : null, memberId: null, member: null, roundsPaid, received, amountPaid, problems };
  });
}

/**
 * The rows checked against the circle as it is now (rows are copied, problems added): every
 * email a member of the community, no member with more hands than the circle allows, positions
 * 1..hands each once, rounds paid no more than the rounds due by today, and the hands marked as
 * having received forming the first positions (rounds are paid out in order), no further than
 * the rounds due. Returns the rows and what the circle would look like.
 */
export function checkCircleRows(db: DbLike, p: { circle: Circle; rows: CircleImportRow[]; firstDue: string; now: number }) {
  const circle = p.circle;
  const hands = p.rows.length;
  if (hands < 2 || hands > MAX_HANDS) throw invalid('imports.errors.circleSize', undefined, { count: hands, min: 2, max: MAX_HANDS });
  const roundsDue = roundsDueBy(circle, p.firstDue, hands, p.now);
  const rows = p.rows.map((r) => ({ ...r, problems: r.problems.filter((x) => !x.key.startsWith('imports.problems.circle.')), memberId: null as string | null, member: null as string | null }));
  const add = (r: CircleImportRow, key: string, params?: Record<string, unknown>) => r.problems.push({ key: `imports.problems.circle.${key}`, params });

  // Members of the community now, by email (500 at a time: SQLite's variable limit).
  const emails = [...new Set(rows.flatMap((r) => (r.email ? [r.email] : [])))];
  const members = new Map<string, { id: string; name: string }>();
  for (let i = 0; i < emails.length; i += 500) {
    for (const m of db
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.communityId, circle.communityId)))
      .where(inArray(users.email, emails.slice(i, i + 500)))
      .all())
      members.set(m.email, { id: m.id, name: `${m.firstName} ${m.lastName}` });
  }

  const handsOf = new Map<string, number>();
  const positions = new Map<number, number>();
  for (const r of rows) {
    if (r.email) {
      const m = members.get(r.email);
      if (!m) add(r, 'unknownMember', { value: r.email });
      else {
        r.memberId = m.id;
        r.member = m.name;
        const n = (handsOf.get(m.id) ?? 0) + 1;
        handsOf.set(m.id, n);
        if (n > circle.maxHandsPerMember) add(r, 'tooManyHands', { max: circle.maxHandsPerMember });
      }
    }
    if (r.position !== null) {
      const first = positions.get(r.position);
      if (r.position > hands) add(r, 'positionBeyond', { value: r.position, hands });
      else if (first) add(r, 'duplicatePosition', { value: r.position, line: first });
      else positions.set(r.position, r.line);
    }
    if (r.roundsPaid !== null && r.roundsPaid > roundsDue) add(r, 'paidBeyondDue', { value: r.roundsPaid, due: roundsDue });
    if (r.amountPaid !== null && r.roundsPaid !== null && r.amountPaid !== r.roundsPaid * circle.contribution) {
      add(r, 'amountMismatch', { rounds: r.roundsPaid, expected: r.roundsPaid * circle.contribution, currency: circle.currency });
    }
  }
  const missingPositions = Array.from({ length: hands }, (_, i) => i + 1).filter((n) => !positions.has(n));

  // Rounds are paid out in order: the hands that received are positions 1..k, and k rounds are due at least.
  const receivedPositions = rows.filter((r) => r.received && r.position !== null).map((r) => r.position!);
  let paidOut = 0;
  while (receivedPositions.includes(paidOut + 1)) paidOut += 1;
  for (const r of rows) {
    if (!r.received || r.position === null) continue;
    if (r.position > paidOut) add(r, 'receivedOutOfOrder', { value: r.position, first: paidOut + 1 });
    else if (r.position > roundsDue) add(r, 'receivedBeyondDue', { value: r.position, due: roundsDue });
  }
  paidOut = Math.min(paidOut, roundsDue);
  // A round paid out with nothing paid into it is a mistake in the sheet, not a pot of zero.
  for (const r of rows) {
    if (r.received && r.position !== null && r.position <= paidOut && !rows.some((x) => (x.roundsPaid ?? 0) >= r.position!)) add(r, 'receivedNothingPaid', { value: r.position });
  }

  const contributions = rows.reduce((s, r) => s + (r.roundsPaid ?? 0), 0);
  return {
    rows,
    summary: {
      hands,
      firstDueDate: p.firstDue,
      roundsDue,
      paidOut,
      missingPositions,
      contributions,
      totalPaid: contributions * circle.contribution,
      currency: circle.currency,
      contribution: circle.contribution,
      frequency: circle.frequency,
    },
  };
}

export const hasProblems = (checked: { rows: CircleImportRow[]; summary: { missingPositions: number[] } }) => checked.rows.some((r) => r.problems.length) || checked.summary.missingPositions.length > 0;
