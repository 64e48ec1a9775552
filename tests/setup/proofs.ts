import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { uploads } from '../../db/schema';
import type { TestApp } from './app';

/*
 * Proofs of payment and receipts as the app stores them (a registered upload of kind 'proof' in
 * UPLOADS_DIR/private, named by /api/proofs/<name>), attached directly to rows the fixtures made:
 * for tests about who may read them, not about uploading.
 */

/** A stored proof owned by `ownerId`: its URL. The bytes are a tiny WebP header or a PDF header: enough to be served. */
export function storedProof(t: TestApp, ownerId: string, ext: 'webp' | 'pdf' = 'webp'): string {
  const name = `${randomBytes(12).toString('hex')}.${ext}`;
  const dir = join(t.env.UPLOADS_DIR, 'private');
  mkdirSync(dir, { recursive: true });
  const bytes = ext === 'pdf' ? Buffer.from('%PDF-1.7\n%%EOF\n') : Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ', 'latin1');
  writeFileSync(join(dir, name), bytes);
  t.db
    .insert(uploads)
    .values({ name, ownerId, purpose: 'proof', contentType: ext === 'pdf' ? 'application/pdf' : 'image/webp', bytes: bytes.length, originalName: `proof.${ext}`, attachedAt: t.clock.now(), createdAt: t.clock.now() })
    .run();
  return `/api/proofs/${name}`;
}

export type ProofFixture = { paymentProof: string; expenseReceipt: string; contributionProof: string; payoutProof: string };

/**
 * One proof of each kind in a community of the fixtures: on the books' pending payment and
 * pending expense (both the member's), the circle's pending contribution (the contributor's) and
 * its payout (the organiser's).
 */
export function attachProofs(t: TestApp, p: { payment: number; paymentBy: string; expense: number; expenseBy: string; contribution: number; contributionBy: string; payout: number; payoutBy: string }): ProofFixture {
  const sql = t.db.$client;
  const paymentProof = storedProof(t, p.paymentBy);
  sql.prepare('UPDATE payments SET proof_url = ? WHERE id = ?').run(paymentProof, p.payment);
  const expenseReceipt = storedProof(t, p.expenseBy, 'pdf');
  sql.prepare('UPDATE expenses SET receipts = ? WHERE id = ?').run(JSON.stringify([expenseReceipt]), p.expense);
  const contributionProof = storedProof(t, p.contributionBy);
  sql.prepare('UPDATE circle_contributions SET proof_url = ? WHERE id = ?').run(contributionProof, p.contribution);
  const payoutProof = storedProof(t, p.payoutBy, 'pdf');
  sql.prepare('UPDATE circle_payouts SET proof_url = ? WHERE id = ?').run(payoutProof, p.payout);
  return { paymentProof, expenseReceipt, contributionProof, payoutProof };
}
