import type { DB } from '../../../../db/database';

type Row = Record<string, unknown>;
const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());

/** Payments and circle contributions, each amount in minor units with its currency. */
export function moneyRecords(db: DB, userId: string) {
  const rows = db.$client
    .prepare(
      `SELECT 'payment' AS kind, p.id, c.name AS community, NULL AS circle, p.purpose, p.amount, COALESCE(fs.currency, '') AS currency, p.method, p.reference, p.status, p.receipt_no AS receiptNo, p.created_at AS createdAt
         FROM payments p JOIN communities c ON c.id = p.community_id LEFT JOIN finance_settings fs ON fs.community_id = p.community_id WHERE p.member_id = @user
       UNION ALL
       SELECT 'contribution', k.id, c.name, ci.name, 'circle', k.amount, ci.currency, k.method, k.reference, k.status, k.receipt_no, k.created_at
         FROM circle_contributions k JOIN circles ci ON ci.id = k.circle_id JOIN communities c ON c.id = ci.community_id WHERE k.user_id = @user
       ORDER BY 12, 2`,
    )
    .all({ user: userId }) as Row[];
  return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt as number) }));
}

const CSV_COLUMNS = ['kind', 'id', 'community', 'circle', 'purpose', 'amount', 'currency', 'method', 'reference', 'status', 'receiptNo', 'createdAt'] as const;

/** One cell: quoted when needed, and a leading = + - @ defused so a spreadsheet never runs it as a formula. */
function cell(value: unknown): string {
  let text = value == null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The money records as CSV (amounts in minor units, as stored: exact). */
export function moneyRecordsCsv(db: DB, userId: string): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of moneyRecords(db, userId)) lines.push(CSV_COLUMNS.map((c) => cell((r as Row)[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
