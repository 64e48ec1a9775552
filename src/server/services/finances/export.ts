import type { DbLike } from '../../../../db/database';
import { sql } from 'drizzle-orm';
import type { Language } from '@shared/i18n/languages';
import type { Currency } from '@shared/money';
import { dateInZone, endOfDateInZone, startOfDateInZone } from '@shared/njangi/schedule';
import { translate, translator } from '../../i18n';
import type { Cell, Export } from '../../exports/table';
import type { LedgerViewer } from './entry-privacy';

/*
 * The ledger of a date range for the CSV and XLSX exports, one row per entry, oldest first: its
 * date and local time in the community's zone, account and category (built-in ones in the
 * requester's language), what kind of movement, the member, a description in words (a payment's
 * purpose and reference, an expense's own words, a reversal naming the entry it corrects), the
 * amount and the running balance of the books (all accounts, from the first entry, so a range
 * that starts later opens with the balance carried into it), and the entry that reversed it. Another
 * member's payment reads "a member" for a viewer who may not see names (entry-privacy.ts), without
 * its reference or its reversal's reason, as on screen.
 */

type Row = {
  id: number;
  createdAt: number;
  amount: number;
  kind: 'payment' | 'expense' | 'reversal';
  description: string;
  reversesId: number | null;
  reversedBy: number | null;
  paymentId: number | null;
  memberId: string | null;
  account: string;
  categoryBuiltIn: string | null;
  categoryName: string | null;
  memberFirst: string | null;
  memberLast: string | null;
  purpose: 'dues' | 'donation' | 'levy' | 'fine' | null;
  reference: string | null;
};

const PURPOSE_CATEGORY = { dues: 'dues', donation: 'donation' } as const;
const localTime = (instant: number, timeZone: string) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);

/** The range's bounds as instants: `from` and `to` are whole days in the community's zone. */
export function ledgerRange(p: { from?: string; to?: string; timeZone: string; now: number }) {
  return { from: p.from ? startOfDateInZone(p.from, p.timeZone) : 0, to: p.to ? endOfDateInZone(p.to, p.timeZone) : p.now };
}

export function ledgerExport(
  db: DbLike,
  p: { communityId: number; currency: Currency; timeZone: string; from?: string; to?: string; now: number; language: Language; viewer: LedgerViewer },
): Export {
  const t = translator(p.language);
  const range = ledgerRange(p);
  const opening =
    db.get<{ total: number }>(sql`SELECT coalesce(sum(amount), 0) AS total FROM ledger_entries WHERE community_id = ${p.communityId} AND created_at < ${range.from}`)?.total ?? 0;
  const rows = db.all<Row>(sql`
    SELECT e.id, e.created_at AS createdAt, e.amount, e.kind, e.description, e.reverses_id AS reversesId,
      (SELECT r.id FROM ledger_entries r WHERE r.reverses_id = e.id) AS reversedBy, e.payment_id AS paymentId, e.member_id AS memberId,
      a.name AS account, c.built_in AS categoryBuiltIn, c.name AS categoryName,
      u.first_name AS memberFirst, u.last_name AS memberLast, pay.purpose, pay.reference
    FROM ledger_entries e
    JOIN finance_accounts a ON a.id = e.account_id
    JOIN finance_categories c ON c.id = e.category_id
    LEFT JOIN users u ON u.id = e.member_id
    LEFT JOIN payments pay ON pay.id = e.payment_id
    WHERE e.community_id = ${p.communityId} AND e.created_at >= ${range.from} AND e.created_at <= ${range.to}
    ORDER BY e.id`);
  const category = (r: Row) => (r.categoryBuiltIn ? translate(p.language, `finances.categories.${r.categoryBuiltIn}`) : (r.categoryName ?? ''));
  // Another member's payment, for a viewer who may not see names: no name, no reference, no reason.
  const hidden = (r: Row) => r.paymentId !== null && !p.viewer.seesNames && r.memberId !== p.viewer.id;
  const describe = (r: Row) => {
    if (r.kind === 'reversal') return hidden(r) ? t('finances.export.reversalOfUnnamed', { id: r.reversesId }) : t('finances.export.reversalOf', { id: r.reversesId, reason: r.description });
    if (r.kind === 'payment' && r.purpose) {
      const what = r.purpose === 'levy' || r.purpose === 'fine' ? t(`finances.purpose.${r.purpose}`) : t(`finances.categories.${PURPOSE_CATEGORY[r.purpose]}`);
      return r.reference && !hidden(r) ? t('finances.export.paymentWithReference', { purpose: what, reference: r.reference }) : what;
    }
    return r.description;
  };
  const kind = { payment: t('finances.ledger.kindPayment'), expense: t('finances.ledger.kindExpense'), reversal: t('finances.ledger.kindReversal') };
  let balance = opening;
  const columns = [
    { header: t('finances.export.entry'), kind: 'integer' as const, width: 8 },
    { header: t('finances.export.date'), kind: 'date' as const },
    { header: t('finances.export.time'), kind: 'text' as const, width: 8 },
    { header: t('finances.export.account'), kind: 'text' as const },
    { header: t('finances.export.category'), kind: 'text' as const },
    { header: t('finances.export.kind'), kind: 'text' as const, width: 12 },
    { header: t('finances.export.member'), kind: 'text' as const },
    { header: t('finances.export.description'), kind: 'text' as const, width: 40 },
    { header: t('finances.export.amount', { currency: p.currency }), kind: 'money' as const, total: true },
    { header: t('finances.export.balance', { currency: p.currency }), kind: 'money' as const },
    { header: t('finances.export.reverses'), kind: 'integer' as const, width: 10 },
    { header: t('finances.export.reversedBy'), kind: 'integer' as const, width: 10 },
  ];
  return {
    filename: `ledger-${p.communityId}-${p.from ?? 'start'}-${p.to ?? dateInZone(p.now, p.timeZone)}`,
    tables: [
      {
        title: t('finances.export.sheet'),
        currency: p.currency,
        totalsLabel: t('finances.export.total'),
        columns,
        rows: rows.map((r): Cell[] => {
          balance += r.amount;
          const member = hidden(r) ? t('finances.ledger.aMember') : r.memberFirst === null ? null : `${r.memberFirst} ${r.memberLast}`.trim();
          return [r.id, dateInZone(r.createdAt, p.timeZone), localTime(r.createdAt, p.timeZone), r.account, category(r), kind[r.kind], member, describe(r), r.amount, balance, r.reversesId, r.reversedBy];
        }),
      },
    ],
  };
}
