import { and, eq, sql } from 'drizzle-orm';
import { financeSettings, statementImports, statementLines, statementMappings } from '../../../../db/schema';
import type { DB, DbLike } from '../../../../db/database';
import { STATEMENT_MAX_LINES, type StatementMapping } from '@shared/schemas/collecting';
import type { Currency } from '@shared/money';
import { invalid } from '../../services/errors';
import { recordFinanceAction } from '../../services/finances/audit';
import { accountOf } from '../../services/finances/books';
import { readSheet } from '../imports/sheet';
import { guessMapping, missingColumns, readStatement, type LineProblem } from './statement-read';

type File = { name: string; content: string; encoding: 'text' | 'base64' };

/** The most problems one answer lists: enough to fix a file, short enough to read. */
const PROBLEMS_SHOWN = 20;

const booksCurrency = (db: DbLike, communityId: number) => (db.select({ currency: financeSettings.currency }).from(financeSettings).where(eq(financeSettings.communityId, communityId)).get()?.currency ?? 'XAF') as Currency;

function rememberedMapping(db: DbLike, accountId: number): StatementMapping | null {
  const row = db.select({ columns: statementMappings.columns }).from(statementMappings).where(eq(statementMappings.accountId, accountId)).get();
  return row ? (JSON.parse(row.columns) as StatementMapping) : null;
}

function refuseProblems(problems: LineProblem[]) {
  if (problems.length === 0) return;
  const first = problems[0]!;
  throw invalid(
    'errors.collecting.lineProblems',
    problems.slice(0, PROBLEMS_SHOWN).map((p) => ({ path: ['file', p.line, p.column], message: p.problem === 'date' ? 'errors.collecting.lineDate' : 'errors.collecting.lineAmount' })),
    { count: problems.length, line: first.line, column: first.column, value: first.value },
  );
}

/**
 * What a file holds before anything is written: its headers, the account's remembered mapping (else
 * one guessed from the headers), its first rows, and with a mapping, how many lines it reads, how
 * many this account already has, and the first problems by line.
 */
export async function previewStatement(db: DB, p: { communityId: number; accountId: number; file: File; mapping?: StatementMapping }) {
  accountOf(db, p.communityId, p.accountId);
  const sheet = await readSheet(p.file, STATEMENT_MAX_LINES);
  const remembered = rememberedMapping(db, p.accountId);
  const mapping = p.mapping ?? (remembered && missingColumns(sheet.headers, remembered).length === 0 ? remembered : null);
  const base = { headers: sheet.headers, sample: sheet.rows.slice(0, 5).map((r) => r.cells), rows: sheet.rows.length, mapping: mapping ?? guessMapping(sheet.headers), remembered: !!remembered && mapping === remembered };
  if (!mapping) return { ...base, read: null };
  const missing = missingColumns(sheet.headers, mapping);
  if (missing.length) throw invalid('errors.collecting.columnMissing', [{ path: ['mapping'], message: 'errors.collecting.columnMissing' }], { column: missing[0] });
  const { lines, problems } = readStatement(sheet, mapping, booksCurrency(db, p.communityId));
  const known = countKnown(db, p.accountId, lines.map((l) => l.fingerprint));
  return { ...base, read: { lines: lines.length, incoming: lines.filter((l) => l.amount > 0).length, known, problems: problems.slice(0, PROBLEMS_SHOWN), problemCount: problems.length } };
}

function countKnown(db: DbLike, accountId: number, fingerprints: string[]): number {
  let known = 0;
  // In slices, under SQLite's limit on bound parameters.
  for (let i = 0; i < fingerprints.length; i += 500) {
    const slice = fingerprints.slice(i, i + 500);
    known += db.get<{ n: number }>(sql`SELECT COUNT(*) AS n FROM statement_lines WHERE account_id = ${accountId} AND fingerprint IN (${sql.join(slice.map((f) => sql`${f}`), sql`, `)})`)!.n;
  }
  return known;
}

/**
 * Brings a statement in: every line or none (a file with a problem is refused naming its lines),
 * lines this account already has recognised by their fingerprint and skipped, the mapping
 * remembered for the account's next statement; audited. Nothing moves money here: matching does,
 * through the payments' own confirmation.
 */
export async function importStatement(db: DB, p: { communityId: number; accountId: number; file: File; mapping: StatementMapping; actorId: string; now: number }) {
  accountOf(db, p.communityId, p.accountId);
  const sheet = await readSheet(p.file, STATEMENT_MAX_LINES);
  const missing = missingColumns(sheet.headers, p.mapping);
  if (missing.length) throw invalid('errors.collecting.columnMissing', [{ path: ['mapping'], message: 'errors.collecting.columnMissing' }], { column: missing[0] });
  const { lines, problems } = readStatement(sheet, p.mapping, booksCurrency(db, p.communityId));
  refuseProblems(problems);
  return db.transaction((tx) => {
    const created = tx.insert(statementImports).values({ communityId: p.communityId, accountId: p.accountId, fileName: p.file.name, lines: lines.length, skipped: 0, uploadedBy: p.actorId, createdAt: p.now }).returning({ id: statementImports.id }).get();
    const insert = db.$client.prepare(
      `INSERT INTO statement_lines (import_id, community_id, account_id, fingerprint, line_no, booked_on, amount, reference, counterparty, transaction_id, status)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open') ON CONFLICT (account_id, fingerprint) DO NOTHING`,
    );
    let added = 0;
    for (const l of lines) added += insert.run(created.id, p.communityId, p.accountId, l.fingerprint, l.lineNo, l.bookedOn, l.amount, l.reference, l.counterparty, l.transactionId).changes;
    const skipped = lines.length - added;
    tx.update(statementImports).set({ skipped }).where(eq(statementImports.id, created.id)).run();
    const columns = JSON.stringify(p.mapping);
    tx.insert(statementMappings).values({ accountId: p.accountId, columns, updatedBy: p.actorId, updatedAt: p.now }).onConflictDoUpdate({ target: statementMappings.accountId, set: { columns, updatedBy: p.actorId, updatedAt: p.now } }).run();
    recordFinanceAction(tx, { communityId: p.communityId, actorId: p.actorId, action: 'statement.imported', subject: `statement:${created.id}`, details: { accountId: p.accountId, file: p.file.name, lines: lines.length, added, skipped }, now: p.now });
    return { id: created.id, lines: lines.length, added, skipped };
  });
}

/** The community's statements, newest first. */
export function listStatements(db: DbLike, communityId: number) {
  return db
    .select({
      id: statementImports.id,
      accountId: statementImports.accountId,
      fileName: statementImports.fileName,
      lines: statementImports.lines,
      skipped: statementImports.skipped,
      createdAt: statementImports.createdAt,
      open: sql<number>`(SELECT COUNT(*) FROM statement_lines l WHERE l.import_id = ${statementImports.id} AND l.status = 'open' AND l.amount > 0)`,
    })
    .from(statementImports)
    .where(eq(statementImports.communityId, communityId))
    .orderBy(sql`${statementImports.id} DESC`)
    .limit(100)
    .all()
    .map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
}

export const statementCommunity = (db: DbLike, id: number) => db.select({ communityId: statementImports.communityId }).from(statementImports).where(eq(statementImports.id, id)).get()?.communityId;
export const lineCommunity = (db: DbLike, id: number) => db.select({ communityId: statementLines.communityId }).from(statementLines).where(and(eq(statementLines.id, id))).get()?.communityId;
