CREATE TABLE `pending_file_moves` (
	`name` text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX `payments_proof_idx` ON `payments` (`proof_url`);--> statement-breakpoint
CREATE INDEX `circle_contributions_proof_idx` ON `circle_contributions` (`proof_url`);--> statement-breakpoint
CREATE INDEX `circle_payouts_proof_idx` ON `circle_payouts` (`proof_url`);--> statement-breakpoint
-- Payment proofs, expense receipts and savings-circle proofs leave the public /uploads/ path: the
-- files every such row names (and every upload of kind 'proof', attached or not) are listed for
-- the server to move into UPLOADS_DIR/private at its next start (src/server/uploads/private-moves.ts),
-- and the rows name them by their authorised route, /api/proofs/<name>, from now on.
INSERT OR IGNORE INTO `pending_file_moves` (`name`)
  SELECT substr(`proof_url`, 10) FROM `payments` WHERE `proof_url` LIKE '/uploads/%'
  UNION SELECT substr(j.`value`, 10) FROM `expenses` e, json_each(e.`receipts`) j WHERE j.`value` LIKE '/uploads/%'
  UNION SELECT substr(`proof_url`, 10) FROM `circle_contributions` WHERE `proof_url` LIKE '/uploads/%'
  UNION SELECT substr(`proof_url`, 10) FROM `circle_payouts` WHERE `proof_url` LIKE '/uploads/%'
  UNION SELECT `name` FROM `uploads` WHERE `purpose` = 'proof';--> statement-breakpoint
UPDATE `payments` SET `proof_url` = '/api/proofs/' || substr(`proof_url`, 10) WHERE `proof_url` LIKE '/uploads/%';--> statement-breakpoint
UPDATE `circle_contributions` SET `proof_url` = '/api/proofs/' || substr(`proof_url`, 10) WHERE `proof_url` LIKE '/uploads/%';--> statement-breakpoint
UPDATE `circle_payouts` SET `proof_url` = '/api/proofs/' || substr(`proof_url`, 10) WHERE `proof_url` LIKE '/uploads/%';--> statement-breakpoint
-- Receipts are a JSON array of such URLs: each "/uploads/ starts one of its strings, and nothing else.
UPDATE `expenses` SET `receipts` = replace(`receipts`, '"/uploads/', '"/api/proofs/') WHERE `receipts` LIKE '%"/uploads/%';
