import type { DbLike } from '../../../../db/database';
import { toDecimal, type Currency } from '@shared/money';
import type { LedgerViewer } from './entry-privacy';
import { entriesBetween } from './ledger';

/** A CSV field: quoted when it holds a comma, a quote or a line break; a leading =,+,-,@ is defused for spreadsheets. */
function field(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The ledger between two instants (inclusive) as CSV, oldest first, amounts in major units with the
 * currency; another member's payment reads `aMember` when the viewer may not see names (entry-privacy.ts).
 */
export function ledgerCsv(
  db: DbLike,
  p: { communityId: number; viewer: LedgerViewer; aMember: string; currency: Currency; from: number; to: number; categoryName: (builtIn: string | null, name: string | null) => string },
): string {
  const lines = [['id', 'date', 'account', 'category', 'kind', 'amount', 'currency', 'member', 'description', 'reverses', 'reversed_by'].join(',')];
  for (const r of entriesBetween(db, p)) {
    lines.push(
      [
        r.id,
        new Date(r.createdAt).toISOString(),
        r.accountName,
        p.categoryName(r.categoryBuiltIn, r.categoryName),
        r.kind,
        toDecimal(r.amount, p.currency),
        p.currency,
        r.memberHidden ? p.aMember : r.member,
        r.description,
        r.reversesId,
        // A reversed entry (a reversed payment's, say) names the entry that reversed it.
        r.reversedBy,
      ]
        .map(field)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
