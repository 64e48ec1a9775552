import type { TestApp } from './app';

/** Ids the authorization matrix's statement cells name: far above anything its world makes. */
export const STATEMENT = { id: 900_001, openLine: 900_001, outgoingLine: 900_002 };

/**
 * A statement of the community's first account with an open incoming line of 2,500 (the amount of
 * the world's pending payment) and an open outgoing one, written straight into the cell's database.
 */
export function seedStatement(app: TestApp, p: { communityId: number; accountId: number }) {
  const db = app.db.$client;
  db.prepare('INSERT INTO statement_imports (id, community_id, account_id, file_name, lines, skipped, created_at) VALUES (?, ?, ?, ?, 2, 0, ?)').run(STATEMENT.id, p.communityId, p.accountId, 'statement.csv', app.clock.now());
  const line = db.prepare(
    "INSERT INTO statement_lines (id, import_id, community_id, account_id, fingerprint, line_no, booked_on, amount, reference, counterparty, status) VALUES (?, ?, ?, ?, ?, ?, '2026-03-12', ?, 'dues', 'MEMBER', 'open')",
  );
  line.run(STATEMENT.openLine, STATEMENT.id, p.communityId, p.accountId, 'fp-in', 2, 2500);
  line.run(STATEMENT.outgoingLine, STATEMENT.id, p.communityId, p.accountId, 'fp-out', 3, -800);
}
