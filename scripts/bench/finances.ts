import Database from 'better-sqlite3';
import { openDatabase } from '../../db/database';
import { progress } from './generate';

/*
 * The bench community's books: `entries` ledger entries (payments in, a few expenses out) spread
 * over the last two years, with the account balance and the monthly totals that the app keeps in
 * step. Written with raw statements (the services would take far longer at a million rows), then
 * checked the way `npm run finances:verify` checks. Added once; later runs find it done.
 */
export function ensureBooks(path: string, communityId: number, creatorId: string, entries: number): void {
  // Opening through the app's helper applies any migration the cached database lacks.
  openDatabase(path).$client.close();
  const sqlite = new Database(path);
  try {
    const have = sqlite.prepare('SELECT count(*) FROM ledger_entries WHERE community_id = ?').pluck().get(communityId) as number;
    if (have >= entries) return;
    console.log(`Adding ${entries.toLocaleString('en-US')} ledger entries to the bench community's books…`);
    const now = Date.now();
    const ids = sqlite.transaction(() => {
      sqlite.prepare('INSERT OR IGNORE INTO finance_settings (community_id, currency, transparency, last_receipt_no, created_at) VALUES (?, ?, ?, 0, ?)').run(communityId, 'XAF', 'summary', now);
      const category = (builtIn: string, kind: string) =>
        (sqlite.prepare('SELECT id FROM finance_categories WHERE community_id = ? AND built_in = ?').pluck().get(communityId, builtIn) as number | undefined) ??
        Number(sqlite.prepare('INSERT INTO finance_categories (community_id, kind, built_in, created_at) VALUES (?, ?, ?, ?)').run(communityId, kind, builtIn, now).lastInsertRowid);
      const dues = category('dues', 'income');
      const venue = category('venue', 'expense');
      const account =
        (sqlite.prepare('SELECT id FROM finance_accounts WHERE community_id = ? ORDER BY id LIMIT 1').pluck().get(communityId) as number | undefined) ??
        Number(sqlite.prepare('INSERT INTO finance_accounts (community_id, name, kind, holder_id, balance, created_at) VALUES (?, ?, ?, ?, 0, ?)').run(communityId, 'Cash box', 'cash', creatorId, now).lastInsertRowid);
      return { dues, venue, account };
    })();
    const insert = sqlite.prepare(
      `INSERT INTO ledger_entries (community_id, account_id, category_id, amount, kind, member_id, description, created_by, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const span = 2 * 365 * 86_400_000;
    const report = progress('ledger entries', entries);
    const batch = 50_000;
    for (let start = have; start < entries; start += batch) {
      sqlite.transaction(() => {
        for (let i = start; i < Math.min(entries, start + batch); i += 1) {
          // Every tenth entry spends a little less than the nine before it brought in: the balance stays positive.
          const out = i % 10 === 9;
          const at = now - span + Math.floor((i * span) / entries);
          insert.run(communityId, ids.account, out ? ids.venue : ids.dues, out ? -5000 : 1000, out ? 'expense' : 'payment', creatorId, out ? 'Hall rent' : 'dues', creatorId, at);
        }
      })();
      report(Math.min(entries, start + batch));
    }
    // The maintained figures, from the entries (what the app would have kept in step).
    sqlite.transaction(() => {
      sqlite.prepare('UPDATE finance_accounts SET balance = (SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE account_id = finance_accounts.id) WHERE id = ?').run(ids.account);
      sqlite.prepare('DELETE FROM finance_monthly WHERE community_id = ?').run(communityId);
      sqlite
        .prepare(
          `INSERT INTO finance_monthly (community_id, month, category_id, money_in, money_out)
           SELECT community_id, strftime('%Y-%m', created_at / 1000, 'unixepoch'), category_id,
             sum(CASE WHEN amount > 0 THEN amount ELSE 0 END), sum(CASE WHEN amount < 0 THEN -amount ELSE 0 END)
           FROM ledger_entries WHERE community_id = ? GROUP BY 1, 2, 3`,
        )
        .run(communityId);
    })();
  } finally {
    sqlite.close();
  }
}
