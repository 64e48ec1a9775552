import type { DB } from '../../../db/database';
import type { UploadRow } from '../../../db/schema';
import { proofUrlOf } from '@shared/proofs';
import { notFound } from './errors';
import { prepared } from './prepared';

/*
 * Who may open a proof of payment or a receipt (GET /api/proofs/:name), in one query scoped by
 * the reader: the account that uploaded it (to see what it is about to send), and whoever the row
 * naming it concerns —
 * - a community payment's proof: the payer, and the community's finance officers;
 * - an expense's receipt: its author, and the community's finance officers;
 * - a circle contribution's proof: the contributor, the circle's organiser, the community's finance officers;
 * - a circle payout's proof: its beneficiary, the circle's organiser, the community's finance officers;
 * - a welfare case's supporting document: whoever opened the case, and the community's welfare officers;
 * - a welfare benefit's proof of payment: its beneficiary, and the community's welfare officers;
 * - a savings group entry's proof: its member, and the group's active officers;
 * - a savings loan repayment's proof: the loan's borrower, and the group's active officers (who decide it).
 * Finance officers are the roles the permission table gives the capabilities named by the
 * operation (`officerRoles`). Everyone else, a member of the same community included, is told the
 * proof does not exist (404), so a name reveals nothing.
 */

export const PROOF_NOT_FOUND = 'errors.upload.proofNotFound';

type ProofFile = Pick<UploadRow, 'name' | 'contentType' | 'originalName'>;

const READABLE = `
  WITH officer AS (SELECT community_id FROM memberships WHERE user_id = @viewer AND role IN (SELECT value FROM json_each(@roles))),
    welfare_officer AS (SELECT community_id FROM memberships WHERE user_id = @viewer AND role IN (SELECT value FROM json_each(@welfareRoles)))
  SELECT 1 WHERE
    EXISTS (SELECT 1 FROM uploads WHERE name = @name AND purpose = 'proof' AND owner_id = @viewer)
    OR EXISTS (SELECT 1 FROM payments x WHERE x.proof_url = @url
      AND (x.member_id = @viewer OR x.community_id IN (SELECT community_id FROM officer)))
    OR EXISTS (SELECT 1 FROM expenses x WHERE instr(x.receipts, @quoted) > 0
      AND (x.author_id = @viewer OR x.community_id IN (SELECT community_id FROM officer)))
    OR EXISTS (SELECT 1 FROM circle_contributions x JOIN circles c ON c.id = x.circle_id WHERE x.proof_url = @url
      AND (x.user_id = @viewer OR c.organiser_id = @viewer OR c.community_id IN (SELECT community_id FROM officer)))
    OR EXISTS (SELECT 1 FROM circle_payouts x JOIN circles c ON c.id = x.circle_id WHERE x.proof_url = @url
      AND (x.beneficiary_id = @viewer OR c.organiser_id = @viewer OR c.community_id IN (SELECT community_id FROM officer)))
    OR EXISTS (SELECT 1 FROM welfare_case_documents d JOIN welfare_cases x ON x.id = d.case_id WHERE d.url = @url
      AND (x.opened_by = @viewer OR x.community_id IN (SELECT community_id FROM welfare_officer)))
    OR EXISTS (SELECT 1 FROM welfare_cases x WHERE x.benefit_proof_url = @url
      AND (x.beneficiary_id = @viewer OR x.community_id IN (SELECT community_id FROM welfare_officer)))
    OR EXISTS (SELECT 1 FROM savings_entries x WHERE x.proof_url = @url
      AND (x.member_id = @viewer OR EXISTS (SELECT 1 FROM savings_group_members o WHERE o.group_id = x.group_id AND o.user_id = @viewer
        AND o.status = 'active' AND o.role IN ('chair', 'treasurer', 'secretary'))))
    OR EXISTS (SELECT 1 FROM savings_loan_repayments x JOIN savings_loans l ON l.id = x.loan_id WHERE x.proof_url = @url
      AND (l.borrower_id = @viewer OR EXISTS (SELECT 1 FROM savings_group_members o WHERE o.group_id = l.group_id AND o.user_id = @viewer
        AND o.status = 'active' AND o.role IN ('chair', 'treasurer', 'secretary'))))`;

/** The proof named `name` if `viewerId` may read it, else 404 alike for unknown and forbidden. Images may be shown inline; a PDF is a download. */
export function readableProof(db: DB, p: { name: string; viewerId: string; officerRoles: readonly string[]; welfareRoles: readonly string[] }): { upload: ProofFile; inline: boolean } {
  const url = proofUrlOf(p.name);
  const allowed = prepared(db, 'proofs.readable', (d) => d.$client.prepare(READABLE)).get({ name: p.name, viewer: p.viewerId, roles: JSON.stringify(p.officerRoles), welfareRoles: JSON.stringify(p.welfareRoles), url, quoted: `"${url}"` });
  if (!allowed) throw notFound(PROOF_NOT_FOUND);
  const row = prepared(db, 'proofs.file', (d) => d.$client.prepare('SELECT content_type AS contentType, original_name AS originalName FROM uploads WHERE name = ?')).get(p.name) as Pick<UploadRow, 'contentType' | 'originalName'> | undefined;
  // Proofs from before the registry have no row: their name says what they are.
  const contentType = row?.contentType ?? (p.name.endsWith('.pdf') ? 'application/pdf' : 'image/webp');
  return { upload: { name: p.name, contentType, originalName: row?.originalName ?? p.name }, inline: contentType.startsWith('image/') };
}
