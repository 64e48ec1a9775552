CREATE INDEX `ledger_entries_member_idx` ON `ledger_entries` (`community_id`,`member_id`,`created_at`);--> statement-breakpoint
-- Payments whose entry was reversed before payments could read 'reversed': they read it now, with the reversal's description as their reason.
UPDATE `payments` SET `status` = 'reversed', `reason` = (
	SELECT r.`description` FROM `ledger_entries` e JOIN `ledger_entries` r ON r.`reverses_id` = e.`id`
	WHERE e.`payment_id` = `payments`.`id` AND e.`kind` = 'payment'
)
WHERE `status` = 'confirmed' AND `id` IN (
	SELECT e.`payment_id` FROM `ledger_entries` e JOIN `ledger_entries` r ON r.`reverses_id` = e.`id`
	WHERE e.`kind` = 'payment' AND e.`payment_id` IS NOT NULL
);
