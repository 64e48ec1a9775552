CREATE TABLE `expense_authors` (
	`expense_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`expense_id`, `user_id`),
	FOREIGN KEY (`expense_id`) REFERENCES `expenses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Every expense's submitter is one of its authors.
INSERT OR IGNORE INTO `expense_authors` (`expense_id`, `user_id`, `created_at`)
SELECT `id`, `author_id`, `created_at` FROM `expenses`;
--> statement-breakpoint
-- And so is everyone who changed it before authors were kept: the audit trail names them.
INSERT OR IGNORE INTO `expense_authors` (`expense_id`, `user_id`, `created_at`)
SELECT e.`id`, a.`actor_id`, min(a.`created_at`) FROM `finance_audit` a
JOIN `expenses` e ON e.`id` = CAST(substr(a.`subject`, 9) AS INTEGER) AND e.`community_id` = a.`community_id`
JOIN `users` u ON u.`id` = a.`actor_id`
WHERE a.`action` = 'expense.changed' AND a.`subject` LIKE 'expense:%'
GROUP BY e.`id`, a.`actor_id`;
--> statement-breakpoint
-- An approval an author gave to an expense not yet paid does not count: it is withdrawn...
DELETE FROM `expense_approvals` WHERE EXISTS (
	SELECT 1 FROM `expense_authors` x JOIN `expenses` e ON e.`id` = x.`expense_id`
	WHERE x.`expense_id` = `expense_approvals`.`expense_id` AND x.`user_id` = `expense_approvals`.`approver_id` AND e.`status` IN ('pending', 'approved')
);
--> statement-breakpoint
-- ...and an approved expense left with too few approvals waits for them again.
UPDATE `expenses` SET `status` = 'pending'
WHERE `status` = 'approved' AND (SELECT count(*) FROM `expense_approvals` a WHERE a.`expense_id` = `expenses`.`id`) < `approvals_needed`;
