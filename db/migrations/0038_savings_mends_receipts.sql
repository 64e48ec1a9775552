CREATE TABLE `savings_loan_penalties` (
	`loan_id` integer NOT NULL,
	`installment` integer NOT NULL,
	`amount` integer NOT NULL,
	`due_date` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`loan_id`, `installment`),
	FOREIGN KEY (`loan_id`) REFERENCES `savings_loans`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `savings_entries` ADD `reversal_proposed_by` text REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `savings_entries` ADD `reversal_reason` text;--> statement-breakpoint
ALTER TABLE `savings_entries` ADD `reversal_proposed_at` integer;--> statement-breakpoint
ALTER TABLE `savings_entries` ADD `receipt_no` integer;--> statement-breakpoint
ALTER TABLE `savings_entries` ADD `received_at` integer;--> statement-breakpoint
ALTER TABLE `savings_entries` ADD `repayment_id` integer REFERENCES savings_loan_repayments(id);--> statement-breakpoint
CREATE UNIQUE INDEX `savings_entries_receipt_unique` ON `savings_entries` (`group_id`,`receipt_no`);--> statement-breakpoint
ALTER TABLE `savings_groups` ADD `last_receipt_no` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `savings_loan_repayments` ADD `receipt_no` integer;--> statement-breakpoint
ALTER TABLE `savings_loans` ADD `own_hold` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `savings_loans` ADD `reason_code` text;